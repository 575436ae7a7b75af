import { onFirstUse, whenIdle } from '../../lib/intl';

/** A number as a tel: URL: digits and a leading plus only ("+1-202-501-4444" -> "tel:+12025014444"). */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

const dayFormat = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' }),
);
const dayAndTime = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }),
);

/** Makes the date formatters before they are needed, while the contacts load (lib/intl.ts). */
export function prepareDateFormats(): () => void {
  return whenIdle(() => {
    dayFormat();
    dayAndTime();
  });
}

/** A YYYY-MM-DD date as the reader writes dates ("21 November 2026"), read as a calendar day. */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return dayFormat().format(new Date(year!, month! - 1, day!));
}

export function formatDayAndTime(date: Date): string {
  return dayAndTime().format(date);
}

/** "1 country", "3 countries". */
export function countries(count: number): string {
  return `${count} ${count === 1 ? 'country' : 'countries'}`;
}
