import { useClientValue } from './use-client-value';

/** A date formatter of the app's: `iso` in `locale` and `timeZone`, the reader's when not given. */
export type DateFormat = (iso: string, locale?: string, timeZone?: string) => string;

/**
 * A moment as its reader reads it, in their own language and time zone. The server renders some
 * pages with their data (server/plugins/spa.ts) and knows neither: that HTML, and the browser's
 * first render over it, say it in UTC, marked so when the time of day is shown; the reader's own
 * follows at once. Rendered in the browser alone, it is the reader's from the start.
 */
export function useReaderDate(iso: string, format: DateFormat, withTime = false): string {
  const utc = `${format(iso, 'en-GB', 'UTC')}${withTime ? ' UTC' : ''}`;
  return useClientValue(() => format(iso), utc);
}

/** A <time> element showing `iso` as its reader reads it (useReaderDate). */
export function ReaderTime({
  iso,
  format,
  withTime = false,
  className,
}: {
  iso: string;
  format: DateFormat;
  withTime?: boolean;
  className?: string;
}) {
  return (
    <time dateTime={iso} className={className}>
      {useReaderDate(iso, format, withTime)}
    </time>
  );
}
