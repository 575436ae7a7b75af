import { describe, expect, it } from 'vitest';
import { bookingTypeLabel, payBookingPath } from './describe';

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
