import ical, { escape, type ICalCalendar } from 'ical-generator';
import {
  ITEM_TYPE_LABELS,
  TIME_SLOT_INFO,
  timeSlotOf,
  type PlannerItem,
  type Trip,
} from '../../../contracts/planner.js';
import { withoutAccents } from '../../../contracts/text.js';

/** The domain part of every UID: stable, so a calendar application updates events in place. */
export const UID_DOMAIN = 'accessible-journeys';
const PRODUCT_ID = { company: 'Accessible Journeys', product: 'Trip planner', language: 'EN' };
const HOUR_MS = 60 * 60 * 1000;
/** How often a calendar application is asked to fetch a subscription again. */
const SUBSCRIPTION_REFRESH_SECONDS = 60 * 60;
const DAY_MS = 24 * HOUR_MS;

/** A YYYY-MM-DD day as midnight UTC; ical-generator writes dates and floating times in UTC fields. */
function dayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date));
}

/** When an item happens: its day (all day) or its time slot's hours, as floating local times. */
export function itemTimes(
  item: Pick<PlannerItem, 'scheduledDate' | 'scheduledTime'>,
): { allDay: true; start: Date; end: Date } | { allDay: false; start: Date; end: Date } {
  const day = dayStart(item.scheduledDate);
  const { fromHour, toHour } = TIME_SLOT_INFO[timeSlotOf(item.scheduledTime)];
  if (fromHour === null || toHour === null) {
    return { allDay: true, start: day, end: new Date(day.getTime() + DAY_MS) };
  }
  // Evening ends at 24:00, which iCalendar writes as the next day at 00:00.
  return {
    allDay: false,
    start: new Date(day.getTime() + fromHour * HOUR_MS),
    end: new Date(day.getTime() + toHour * HOUR_MS),
  };
}

/** The event's description: the item's own text, its price and whether it is booked. */
export function itemDescription(item: PlannerItem): string {
  const lines = [
    ...(item.itemDescription ? [item.itemDescription] : []),
    `Price: $${item.price}`,
    `Booked: ${item.isBooked ? 'yes' : 'not yet'}`,
  ];
  return lines.join('\n');
}

export interface TripCalendarOptions {
  /** DTSTAMP of every event: when this copy of the calendar was made. */
  now: Date;
  /** The address the calendar can be fetched from again, if any (a subscription). */
  url?: string;
}

/**
 * The trip as an iCalendar file (RFC 5545): the trip itself as an all-day event over its dates when
 * both are set, and one event per dated item. ical-generator escapes the text; lines are folded as
 * it folds them (writeCalendar).
 */
export function buildTripCalendar(
  trip: Trip,
  items: readonly PlannerItem[],
  options: TripCalendarOptions,
): string {
  return writeCalendar(tripCalendar(trip, items, options));
}

/** The trip's calendar as ical-generator holds it (buildTripCalendar writes it). */
export function tripCalendar(
  trip: Trip,
  items: readonly PlannerItem[],
  options: TripCalendarOptions,
): ICalCalendar {
  const calendar = ical({
    prodId: PRODUCT_ID,
    // ical-generator writes the name as it is given; it is TEXT, so it is escaped here.
    name: escape(trip.title, false),
    // A subscription says where to fetch it again and how often (REFRESH-INTERVAL, X-PUBLISHED-TTL).
    ...(options.url ? { url: options.url, ttl: SUBSCRIPTION_REFRESH_SECONDS } : {}),
  });

  if (trip.startDate && trip.endDate) {
    calendar.createEvent({
      id: `${trip.id}@${UID_DOMAIN}`,
      stamp: options.now,
      allDay: true,
      start: dayStart(trip.startDate),
      end: new Date(dayStart(trip.endDate).getTime() + DAY_MS),
      summary: trip.title,
      location: trip.destination,
      description: `Trip to ${trip.destination}`,
    });
  }

  for (const item of items) {
    if (!item.scheduledDate) continue;
    const times = itemTimes(item);
    calendar.createEvent({
      id: `${item.id}@${UID_DOMAIN}`,
      stamp: options.now,
      created: new Date(item.createdAt),
      allDay: times.allDay,
      floating: !times.allDay,
      start: times.start,
      end: times.end,
      summary: `${ITEM_TYPE_LABELS[item.itemType]}: ${item.itemName}`,
      description: itemDescription(item),
    });
  }

  return calendar;
}

/**
 * Where ical-generator folds a line (RFC 5545 §3.1): after 74 octets of UTF-8, then after every 74
 * more following the continuation's space, never inside a character.
 */
const FOLD_OCTETS = 74;

/** One content line folded as ical-generator's foldLines folds it. */
function foldLine(line: string): string {
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    // A high surrogate and the unit after it are one four-octet character.
    const pair = code >= 0xd800 && code <= 0xdbff;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
    octets += size;
    if (octets > FOLD_OCTETS) {
      parts.push(line.slice(start, i));
      start = i;
      octets = size;
    }
    if (pair) i++;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}

/** Content lines (CRLF-separated) folded as ical-generator's foldLines folds them. */
export function foldContentLines(text: string): string {
  return text.split('\r\n').map(foldLine).join('\r\n');
}

/**
 * The calendar's text, exactly as `calendar.toString()` writes it, in a fraction of the time:
 * ical-generator folds lines a character at a time into a new string each, and a trip at its item
 * cap (thousands of long descriptions) made that most of a second, mostly collecting garbage. The
 * calendar's own lines are written by ical-generator as they are; its events' lines are folded
 * here, one event at a time.
 */
export function writeCalendar(calendar: ICalCalendar): string {
  const events = calendar.events();
  calendar.clear();
  const shell = calendar.toString();
  calendar.events(events);
  const end = 'END:VCALENDAR';
  if (!shell.endsWith(end)) throw new Error('ical-generator wrote a calendar that does not end');
  return (
    shell.slice(0, -end.length) +
    events.map((event) => foldContentLines(event.toString())).join('') +
    end
  );
}

/**
 * A Content-Disposition value for the trip's file: a plain ASCII `filename` for old clients and the
 * exact title in `filename*` (RFC 5987, UTF-8).
 */
export function calendarFileDisposition(title: string): string {
  const safe =
    // Compatibility forms first (ligatures, full-width letters), so that they keep their letters.
    withoutAccents(title.normalize('NFKD'))
      .replace(/[^\w .-]+/g, '_')
      .replace(/[\s_]*_[\s_]*/g, '_')
      .replace(/^[\s._]+|[\s._]+$/g, '')
      .slice(0, 100) || 'trip';
  const encoded = encodeURIComponent(`${title}.ics`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${safe}.ics"; filename*=UTF-8''${encoded}`;
}
