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
