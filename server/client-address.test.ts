import { describe, expect, it } from 'vitest';
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
});
