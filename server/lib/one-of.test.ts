import { describe, expect, it } from 'vitest';
import { oneOf } from './one-of.js';

describe('oneOf', () => {
  const STATUSES = ['planning', 'booked', 'completed'] as const;

  it('keeps a known value and gives the fallback for any other, case included', () => {
    expect(oneOf(STATUSES, 'booked', 'planning')).toBe('booked');
    expect(oneOf(STATUSES, 'Booked', 'planning')).toBe('planning');
    expect(oneOf(STATUSES, '', 'completed')).toBe('completed');
  });
});
