import { describe, expect, it } from 'vitest';
import ipaddr from 'ipaddr.js';
import { addressKey } from './client-address.js';

describe('addressKey', () => {
  it('keeps IPv4 addresses, also IPv4-mapped ones, and takes /64 networks of IPv6 ones', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::1')).toBe('::/64');
    expect(addressKey('2001:DB8::')).toBe('2001:db8::/64');
    expect(addressKey('2001:db8:a:b:c:d:e:f')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:db8:a:b::e:f')).toBe('2001:db8:a:b::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64');
    expect(addressKey('1:2::4:5:6:1.2.3.4')).toBe('1:2:0:4::/64');
  });

  it('answers an IPv4 address as ipaddr.js writes it, whatever form it came in', () => {
    const octets = [0, 1, 9, 10, 99, 100, 199, 200, 249, 250, 255];
    for (const a of octets) {
      for (const b of octets) {
        const address = `${a}.${b}.${255 - b}.${a}`;
        expect(addressKey(address)).toBe(ipaddr.process(address).toString());
      }
    }
    // Not canonical: left to ipaddr.js, which reads or refuses them.
    for (const odd of ['010.0.0.1', '256.1.1.1', '1.2.3', '1.2.3.4.5', '1.2.3.04', ' 1.2.3.4']) {
      expect(addressKey(odd)).toBe(ipaddr.isValid(odd) ? ipaddr.process(odd).toString() : odd);
    }
  });
});
