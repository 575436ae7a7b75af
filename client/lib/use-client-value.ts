import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * A value only the browser knows (a browser feature, stored preferences), read so that a page
 * hydrated from pre-rendered HTML first renders `serverValue`, as the HTML was rendered, and then
 * the browser's value, without a hydration mismatch. Rendered without pre-rendered HTML, it is the
 * browser's value at once. `read` must return the same value on every call.
 */
export function useClientValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(neverChanges, read, () => serverValue);
}
