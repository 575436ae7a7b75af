import { describe, expect, it } from 'vitest';
import { groupItinerary, type ScheduledTime } from './planner.js';

const item = (scheduledDate: string, scheduledTime: ScheduledTime, name: string) => ({
  scheduledDate,
  scheduledTime,
  name,
});

describe('groupItinerary', () => {
  it('groups by day in date order, then by slot in the planner order; no slot is All Day', () => {
    const days = groupItinerary([
      item('2027-03-04', 'evening', 'dinner'),
      item('2027-03-03', '', 'hotel'),
      item('2027-03-03', 'allday', 'pass'),
      item('2027-03-03', 'night', 'red-eye'),
      item('2027-03-03', 'morning', 'flight'),
      item('2027-03-03', 'morning', 'taxi'),
    ]);
    expect(
      days.map((d) => [d.date, d.slots.map((s) => [s.slot, s.items.map((i) => i.name)])]),
    ).toEqual([
      [
        '2027-03-03',
        [
          ['morning', ['flight', 'taxi']],
          ['night', ['red-eye']],
          ['allday', ['hotel', 'pass']],
        ],
      ],
      ['2027-03-04', [['evening', ['dinner']]]],
    ]);
  });

  it('answers no days for no items', () => {
    expect(groupItinerary([])).toEqual([]);
  });
});
