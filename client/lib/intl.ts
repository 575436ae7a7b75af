/**
 * An Intl formatter made on its first use rather than when its module loads. The first Intl
 * object a page makes sets up the browser's locale data, a noticeable task on a mid-range phone's
 * main thread: made at load, it lengthens the start-up task of every page that imports it,
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

/**
 * Runs `task` when the main thread is idle (within `timeoutMs` at the latest), or in a task of its
 * own where the browser cannot tell (Safari has no requestIdleCallback). Returns a function that
 * cancels it: usable as an effect, `useEffect(() => whenIdle(task), [])`.
 *
 * For work a page will need once its data arrives, such as making the Intl formatters (the first
 * one sets up the reader's locale data, tens of milliseconds on a phone): done while the data is
 * on its way, it no longer lengthens the render that shows the data.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}
