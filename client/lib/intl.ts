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
