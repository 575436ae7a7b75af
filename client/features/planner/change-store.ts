import { createStore, keys } from 'idb-keyval';
import { whenIdle } from '../../lib/intl';

/*
 * Where the changes made offline wait (change-queue.ts), and what every page's frame needs to know
 * of them without loading the queue: whether any wait. The queue's code (the planner's, with its
 * contracts) and its notice then load only where there is something to show or send, not in the
 * start-up of every page.
 */

/** Tabs tell each other of a change to the queue on this channel (change-queue.ts). */
export const CHANGES_CHANNEL = 'accessible-journeys-pending-changes';

let store: ReturnType<typeof createStore> | undefined;
export const changeStore = () => (store ??= createStore('accessible-journeys-changes', 'pending'));
export const canStoreChanges = () => typeof indexedDB !== 'undefined';

async function anyWaiting(): Promise<boolean> {
  if (!canStoreChanges()) return false;
  try {
    return (await keys(changeStore())).length > 0;
  } catch {
    // A browser that refuses IndexedDB (some private modes) has no queue to show.
    return false;
  }
}

let queueLoaded = false;
const queueListeners = new Set<() => void>();

/** Called once by the queue's module as it loads: its page may queue changes from now on. */
export function queueInUse(): void {
  queueLoaded = true;
  for (const listener of queueListeners) listener();
}

/**
 * Calls `show` once the queue matters on this page: changes wait on the device (looked for once
 * the page is idle), the page has loaded the queue, or another tab has changed it. Returns a
 * function that stops looking.
 */
export function whenChangesMatter(show: () => void): () => void {
  if (queueLoaded) {
    show();
    return () => {};
  }
  let live = true;
  const once = () => {
    if (live) show();
  };
  queueListeners.add(once);
  const channel =
    typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANGES_CHANNEL);
  if (channel) channel.onmessage = once;
  const cancelIdle = whenIdle(() => {
    void anyWaiting().then((waiting) => waiting && once());
  });
  return () => {
    live = false;
    queueListeners.delete(once);
    channel?.close();
    cancelIdle();
  };
}
