import { describe, expect, it } from 'vitest';
import { amountSchema, currencySchema, formatCents, toCents } from './money.js';

describe('amounts', () => {
  it.each([
    ['420', '420.00'],
    [687.5, '687.50'],
    ['1450.5', '1450.50'],
    ['0.07', '0.07'],
    [' 12.30 ', '12.30'],
  ])('reads %j as %s', (input, expected) => {
    expect(amountSchema.parse(input)).toBe(expected);
  });

  it.each(['-1', '1.005', 'abc', '', '1e3', 1.005, -3, Number.NaN])('refuses %j', (input) => {
    expect(amountSchema.safeParse(input).success).toBe(false);
  });

  it('converts to and from whole cents', () => {
    expect(toCents('687.5')).toBe(68750);
    expect(formatCents(68750)).toBe('687.50');
    expect(formatCents(5)).toBe('0.05');
  });
});

describe('currencies', () => {
  it('accepts ISO 4217 codes in any case and refuses others', () => {
    expect(currencySchema.parse('usd')).toBe('USD');
    expect(currencySchema.safeParse('XYZ').success).toBe(false);
    expect(currencySchema.safeParse('US').success).toBe(false);
  });
});
