/**
 * An Intl formatter made on its first use rather than when its module loads. The first Intl
 * object a page makes sets up the browser's locale data, about 25 ms of main thread on a
 * mid-range phone: made at load, it lengthens the start-up task of every page that imports it,
 * whether or not that page formats anything before the reader acts.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl.DateTimeFormat for these options, made once and kept: making one costs far more than
 * using it, and `toLocaleDateString(locale, options)` makes a new one on every call (a month's
 * calendar names 42 days).
 */
export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, options]);
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}
