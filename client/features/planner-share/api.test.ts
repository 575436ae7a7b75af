import { describe, expect, it } from 'vitest';
import { formatDayHeading, formatLongDate } from './api';

describe('itinerary dates', () => {
  it('names the day, whatever the time zone', () => {
    expect(formatDayHeading('2027-03-02')).toBe('Tuesday 2 March 2027');
    expect(formatLongDate('2027-03-09T23:30:00.000Z')).toBe('9 March 2027');
  });
});
