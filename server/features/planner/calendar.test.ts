import fc from 'fast-check';
import { foldLines } from 'ical-generator';
import { describe, expect, it } from 'vitest';
import type { PlannerItem, Trip } from '../../../contracts/planner.js';
import { foldContentLines, tripCalendar, writeCalendar } from './calendar.js';

/**
 * Text of every width UTF-8 has (ASCII, two-, three- and four-octet characters), lone surrogates,
 * and the characters iCalendar escapes.
 */
const text = (maxLength: number) =>
  fc.string({
    unit: fc.oneof(
      fc.constantFrom('a', ' ', ';', ',', '\\', '\n', '\r\n', 'é', 'Ω', '€', '中', '😀', '🦽'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      fc.constantFrom('\ud800', '\udc00'),
    ),
    maxLength,
  });

const trip: Trip = {
  id: '2f0c7d8e-0000-4000-8000-000000000001',
  title: 'Lisboa e Sintra',
  destination: 'Lisbon, Portugal',
  startDate: '2027-04-10',
  endDate: '2027-04-20',
  status: 'planning',
} as Trip;

const item = (i: number, name: string, description: string): PlannerItem =>
  ({
    id: `2f0c7d8e-0000-4000-8000-${String(i).padStart(12, '0')}`,
    plannerId: trip.id,
    itemType: (['hotel', 'activity', 'car', 'flight'] as const)[i % 4],
    itemName: name,
    itemDescription: description,
    scheduledDate: `2027-04-${String(10 + (i % 10)).padStart(2, '0')}`,
    scheduledTime: (['morning', 'afternoon', 'evening', ''] as const)[i % 4],
    price: '12.50',
    isBooked: i % 2 === 0,
    priority: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    version: 1,
  }) as PlannerItem;

describe('the calendar writer (issue 25: a capped trip written fast)', () => {
  it("folds any text exactly as ical-generator's foldLines does", () => {
    fc.assert(
      fc.property(text(600), (line) => {
        expect(foldContentLines(line)).toBe(foldLines(line));
      }),
      { numRuns: 2000 },
    );
    for (const line of ['', 'x'.repeat(74), 'x'.repeat(75), 'é'.repeat(37), 'é'.repeat(38)]) {
      expect(foldContentLines(line)).toBe(foldLines(line));
    }
  });

  it('writes a trip exactly as ical-generator writes it', () => {
    fc.assert(
      fc.property(
        text(80),
        text(80),
        fc.array(fc.tuple(text(120), text(600)), { maxLength: 12 }),
        (title, destination, entries) => {
          const calendar = tripCalendar(
            { ...trip, title: title || 'Trip', destination },
            entries.map(([name, description], i) => item(i, name || 'Item', description)),
            { now: new Date('2026-11-26T12:00:00Z'), url: 'https://example.org/a.ics' },
          );
          expect(writeCalendar(calendar)).toBe(calendar.toString());
        },
      ),
      { numRuns: 300 },
    );
  });
});
