import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDayHeading } from '../../lib/dates';
import {
  addMonths,
  dayAccessibleName,
  formatMonthTitle,
  isWithinTrip,
  itemsByDate,
  monthGrid,
  monthOf,
  moreLabel,
  moveDate,
  tabStopDate,
  todayIso,
  tripFirstDay,
  visibleRange,
} from './calendar-grid';

describe('months', () => {
  it('takes the month of a day', () => {
    expect(monthOf('2027-03-02')).toBe('2027-03');
  });

  it('adds and subtracts months across year boundaries', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2027-03', 0)).toBe('2027-03');
    expect(addMonths('2027-03', 25)).toBe('2029-04');
    expect(addMonths('2027-03', -27)).toBe('2024-12');
  });
});

describe('monthGrid', () => {
  it('fills whole weeks, Sunday first, with the neighbouring months at the ends', () => {
    // March 2027 starts on a Monday and ends on a Wednesday.
    const weeks = monthGrid('2027-03');
    expect(weeks).toHaveLength(5);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]).toEqual([
      '2027-02-28',
      '2027-03-01',
      '2027-03-02',
      '2027-03-03',
      '2027-03-04',
      '2027-03-05',
      '2027-03-06',
    ]);
    expect(weeks[4]!.slice(3)).toEqual(['2027-03-31', '2027-04-01', '2027-04-02', '2027-04-03']);
  });

  it('needs only four weeks for a 28-day February that starts on a Sunday', () => {
    const weeks = monthGrid('2026-02');
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]).toBe('2026-02-01');
    expect(weeks[3]![6]).toBe('2026-02-28');
  });

  it('needs six weeks for a 31-day month that starts on a Saturday', () => {
    const weeks = monthGrid('2026-08');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]![6]).toBe('2026-08-01');
    expect(weeks[0]![0]).toBe('2026-07-26');
    expect(weeks[5]).toContain('2026-08-31');
  });

  it('includes 29 February in a leap year and crosses the year boundary', () => {
    expect(monthGrid('2028-02').flat()).toContain('2028-02-29');
    expect(monthGrid('2027-02').flat()).not.toContain('2027-02-29');
    expect(monthGrid('2027-01')[0]![0]).toBe('2026-12-27');
    expect(monthGrid('2026-12').at(-1)!.at(-1)).toBe('2027-01-02');
  });

  it('gives the first and last day shown as the visible range', () => {
    expect(visibleRange('2027-03')).toEqual({ from: '2027-02-28', to: '2027-04-03' });
    expect(visibleRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('does not shift a day in a time zone far from UTC', () => {
    vi.stubEnv('TZ', 'Pacific/Kiritimati');
    try {
      expect(monthGrid('2027-03')[0]![1]).toBe('2027-03-01');
      expect(moveDate('2027-03-28', 'ArrowRight')).toBe('2027-03-29');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('moveDate', () => {
  it('moves by a day and a week', () => {
    expect(moveDate('2027-03-01', 'ArrowLeft')).toBe('2027-02-28');
    expect(moveDate('2027-12-31', 'ArrowRight')).toBe('2028-01-01');
    expect(moveDate('2027-03-03', 'ArrowUp')).toBe('2027-02-24');
    expect(moveDate('2028-02-26', 'ArrowDown')).toBe('2028-03-04');
  });

  it('goes to the start and end of the week', () => {
    // 2027-03-03 is a Wednesday.
    expect(moveDate('2027-03-03', 'Home')).toBe('2027-02-28');
    expect(moveDate('2027-03-03', 'End')).toBe('2027-03-06');
    expect(moveDate('2027-02-28', 'Home')).toBe('2027-02-28');
    expect(moveDate('2027-03-06', 'End')).toBe('2027-03-06');
  });

  it('moves a month, keeping to the last day of a shorter month', () => {
    expect(moveDate('2027-01-31', 'PageDown')).toBe('2027-02-28');
    expect(moveDate('2028-01-31', 'PageDown')).toBe('2028-02-29');
    expect(moveDate('2027-03-31', 'PageUp')).toBe('2027-02-28');
    expect(moveDate('2027-12-15', 'PageDown')).toBe('2028-01-15');
    expect(moveDate('2027-01-15', 'PageUp')).toBe('2026-12-15');
  });

  it('ignores other keys', () => {
    expect(moveDate('2027-03-03', 'Enter')).toBeNull();
    expect(moveDate('2027-03-03', 'a')).toBeNull();
  });
});

describe('labels', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes today from the local calendar, not UTC', () => {
    expect(todayIso(new Date(2027, 2, 2, 23, 59))).toBe('2027-03-02');
    expect(todayIso(new Date(2027, 0, 1, 0, 1))).toBe('2027-01-01');
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2028, 1, 29, 12));
    expect(todayIso()).toBe('2028-02-29');
  });

  it('names months and days', () => {
    expect(formatMonthTitle('2027-03')).toBe('March 2027');
    expect(formatMonthTitle('2026-12')).toBe('December 2026');
    expect(formatDayHeading('2027-03-02')).toBe('Tuesday 2 March 2027');
    expect(formatDayHeading('2028-02-29')).toBe('Tuesday 29 February 2028');
  });

  it('describes a day with its items and marks', () => {
    const marks = { today: false, inTrip: false };
    expect(dayAccessibleName('2027-03-02', [], marks)).toBe('Tuesday 2 March 2027, no items');
    expect(dayAccessibleName('2027-03-02', ['Flight'], marks)).toBe(
      'Tuesday 2 March 2027, 1 item: Flight',
    );
    expect(dayAccessibleName('2027-03-02', ['Flight', 'Hotel stay'], marks)).toBe(
      'Tuesday 2 March 2027, 2 items: Flight and Hotel stay',
    );
    expect(
      dayAccessibleName('2027-03-02', ['Flight', 'Hotel stay', 'Car rental'], {
        today: true,
        inTrip: true,
      }),
    ).toBe('Tuesday 2 March 2027, 3 items: Flight, Hotel stay and 1 more, today, in the trip');
  });

  it('says nothing about items it does not know', () => {
    expect(dayAccessibleName('2027-03-02', null, { today: true, inTrip: false })).toBe(
      'Tuesday 2 March 2027, today',
    );
  });

  it('counts the items a cell cannot name', () => {
    expect(moreLabel(0)).toBeNull();
    expect(moreLabel(2)).toBeNull();
    expect(moreLabel(3)).toBe('+1 more');
    expect(moreLabel(12)).toBe('+10 more');
  });
});

describe('trips and items', () => {
  it('marks the days of a trip, both ends included', () => {
    const trip = { startDate: '2027-03-02', endDate: '2027-03-05' };
    expect(isWithinTrip('2027-03-01', trip)).toBe(false);
    expect(isWithinTrip('2027-03-02', trip)).toBe(true);
    expect(isWithinTrip('2027-03-05', trip)).toBe(true);
    expect(isWithinTrip('2027-03-06', trip)).toBe(false);
  });

  it('marks only the known day of a trip with one date, and none without dates', () => {
    expect(isWithinTrip('2027-03-02', { startDate: '2027-03-02', endDate: null })).toBe(true);
    expect(isWithinTrip('2027-03-03', { startDate: '2027-03-02', endDate: null })).toBe(false);
    expect(isWithinTrip('2027-03-05', { startDate: null, endDate: '2027-03-05' })).toBe(true);
    expect(isWithinTrip('2027-03-05', { startDate: null, endDate: null })).toBe(false);
  });

  it('groups items by day in the order given', () => {
    const items = [
      { scheduledDate: '2027-03-02', itemName: 'B' },
      { scheduledDate: '2027-03-01', itemName: 'X' },
      { scheduledDate: '2027-03-02', itemName: 'A' },
    ];
    const days = itemsByDate(items);
    expect(days.get('2027-03-02')!.map((item) => item.itemName)).toEqual(['B', 'A']);
    expect(days.get('2027-03-01')!.map((item) => item.itemName)).toEqual(['X']);
    expect(days.get('2027-03-03')).toBeUndefined();
  });
});

describe('tabStopDate', () => {
  const today = '2027-03-10';
  const none = { active: null, selected: null, tripStart: null, today };

  it('prefers the day moved to, then the selected day, then today, then the 1st', () => {
    expect(tabStopDate('2027-03', { ...none, active: '2027-03-20', selected: '2027-03-15' })).toBe(
      '2027-03-20',
    );
    expect(tabStopDate('2027-03', { ...none, selected: '2027-03-15' })).toBe('2027-03-15');
    expect(tabStopDate('2027-03', none)).toBe(today);
    expect(tabStopDate('2027-05', { ...none, selected: '2027-03-15' })).toBe('2027-05-01');
  });

  it("starts on the trip's first day when it is in the month, before today or the 1st", () => {
    expect(tabStopDate('2027-05', { ...none, tripStart: '2027-05-14' })).toBe('2027-05-14');
    expect(tabStopDate('2027-03', { ...none, tripStart: '2027-03-22' })).toBe('2027-03-22');
    // A selected day still comes first.
    expect(
      tabStopDate('2027-05', { ...none, selected: '2027-05-20', tripStart: '2027-05-14' }),
    ).toBe('2027-05-20');
    // Not a start in another month, even one the grid shows at its edge.
    expect(tabStopDate('2027-05', { ...none, tripStart: '2027-04-28' })).toBe('2027-05-01');
    expect(tabStopDate('2027-03', { ...none, tripStart: '2027-04-02' })).toBe(today);
  });

  it('uses a selected day of a neighbouring month the grid shows, but not a stale key move', () => {
    expect(tabStopDate('2027-03', { ...none, selected: '2027-02-28' })).toBe('2027-02-28');
    expect(tabStopDate('2027-04', { ...none, active: '2027-03-31' })).toBe('2027-04-01');
  });
});

describe('tripFirstDay', () => {
  it('is the start, or the end when only that is set', () => {
    expect(tripFirstDay({ startDate: '2027-05-14', endDate: '2027-05-20' })).toBe('2027-05-14');
    expect(tripFirstDay({ startDate: null, endDate: '2027-05-20' })).toBe('2027-05-20');
    expect(tripFirstDay({ startDate: null, endDate: null })).toBeNull();
  });
});
