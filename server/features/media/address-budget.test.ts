import { describe, expect, it } from 'vitest';
import { addressKey, createAddressBudget } from './address-budget.js';

describe('createAddressBudget', () => {
  it("counts each address's bytes for an hour, and says when it may ask again", () => {
    let clock = 0;
    const budget = createAddressBudget({ bytes: 100, now: () => clock });
    expect(budget.take('203.0.113.7', 60)).toBe(0);
    expect(budget.take('203.0.113.7', 40)).toBe(0);
    clock = 10 * 60 * 1000;
    // Full: refused, the 50 minutes left given in seconds, and nothing counted.
    expect(budget.take('203.0.113.7', 1)).toBe(50 * 60);
    // Another address has its own hour.
    expect(budget.take('198.51.100.2', 100)).toBe(0);
    // A new hour, a new budget.
    clock = 60 * 60 * 1000;
    expect(budget.take('203.0.113.7', 100)).toBe(0);
  });

  it('refuses one request larger than the whole budget, and never says 0 seconds', () => {
    let clock = 0;
    const budget = createAddressBudget({ bytes: 100, windowMs: 1000, now: () => clock });
    expect(budget.take('a', 101)).toBe(1);
    expect(budget.take('a', 100)).toBe(0);
    clock = 999.5;
    expect(budget.take('a', 1)).toBe(1);
  });

  it('forgets the least recently used addresses past its size', () => {
    const budget = createAddressBudget({ bytes: 10, maxAddresses: 2, now: () => 0 });
    expect(budget.take('a', 10)).toBe(0);
    expect(budget.take('b', 10)).toBe(0);
    expect(budget.take('a', 1)).toBeGreaterThan(0);
    // 'c' pushes out the address used least recently, 'a' (a refused take is no use), whose
    // hour is forgotten; 'c' itself is remembered, and full.
    expect(budget.take('c', 10)).toBe(0);
    expect(budget.take('a', 10)).toBe(0);
    expect(budget.take('c', 1)).toBeGreaterThan(0);
  });

  it('counts an IPv6 client by its /64 network, however it writes the address', () => {
    const budget = createAddressBudget({ bytes: 10, now: () => 0 });
    expect(budget.take('2001:db8:1:2::1', 10)).toBe(0);
    expect(budget.take('2001:0db8:0001:0002:ffff:0:0:9', 1)).toBeGreaterThan(0);
    expect(budget.take('2001:db8:1:3::1', 10)).toBe(0);
  });
});

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
