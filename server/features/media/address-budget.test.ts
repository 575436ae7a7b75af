import { describe, expect, it } from 'vitest';
import { createAddressBudget } from './address-budget.js';

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
});
