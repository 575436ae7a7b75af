import { describe, expect, it } from 'vitest';
import { bookingTypeLabel, formatDateTime, payBookingPath } from './describe';

describe('payBookingPath', () => {
  it('opens the payment demo on the booking, with the id encoded', () => {
    expect(payBookingPath('8c1f2b4e-0d3a-4a57-9a4e-2f1d8b7c6e5a')).toBe(
      '/payment-demo?booking=8c1f2b4e-0d3a-4a57-9a4e-2f1d8b7c6e5a',
    );
    expect(payBookingPath('a b&c')).toBe('/payment-demo?booking=a%20b%26c');
  });
});

describe('bookingTypeLabel', () => {
  it('names the known kinds and shows others as stored', () => {
    expect(bookingTypeLabel('car_rental')).toBe('Car rental');
    expect(bookingTypeLabel('flight')).toBe('Flight');
    expect(bookingTypeLabel('cruise')).toBe('cruise');
    // Not fooled by the object's own inherited names.
    expect(bookingTypeLabel('toString')).toBe('toString');
  });
});

describe('formatDateTime', () => {
  // ICU versions differ on the space before AM/PM (U+202F or U+0020).
  const plain = (text: string) => text.replace(/\s/g, ' ');

  it('formats a timestamp with date and time in the given language and zone', () => {
    expect(plain(formatDateTime('2025-12-03T14:05:00.000Z', 'en-GB', 'UTC'))).toBe(
      '3 December 2025 at 14:05',
    );
    expect(plain(formatDateTime('2025-12-03T14:05:00.000Z', 'en-US', 'America/Denver'))).toBe(
      'December 3, 2025 at 7:05 AM',
    );
  });

  it('shows text that is not a date as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
