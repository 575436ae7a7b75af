import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { clear, createStore, delMany, entries, set } from 'idb-keyval';

/*
 * The visitor's reads kept on the device (IndexedDB, through idb-keyval) so that their trips,
 * bookings and receipts, and the shared itineraries they opened, show without a network
 * (issue 29; docs/decisions/031). Each successful read of those features is saved as it arrives,
 * with the time it was read; a page started offline gets them back before it first renders.
 */

/** The features whose reads are kept: what a traveller needs on the road. */
const SAVED_FEATURES = new Set(['planner', 'planner-share', 'bookings', 'advisories']);
/** Older saves are not shown: a month-old plan may mislead more than it helps. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Bounds what one device keeps (each trip's month views and days are reads of their own). */
const MAX_SAVED_READS = 300;

interface SavedRead {
  key: QueryKey;
  data: unknown;
  savedAt: number;
}

let store: ReturnType<typeof createStore> | undefined;
const savedReads = () => (store ??= createStore('accessible-journeys', 'saved-reads'));

/** Whether a read is one of those kept on the device. */
export const isSavedRead = (key: QueryKey) => SAVED_FEATURES.has(String(key[0]));

/** The saved reads still worth showing, newest first; the rest are deleted. */
async function keptReads(): Promise<SavedRead[]> {
  const saved = await entries<IDBValidKey, SavedRead>(savedReads());
  const now = Date.now();
  const newestFirst = saved.sort(([, a], [, b]) => b.savedAt - a.savedAt);
  const kept = newestFirst.filter(
    ([, read], index) =>
      index < MAX_SAVED_READS && isSavedRead(read.key) && now - read.savedAt < MAX_AGE_MS,
  );
  const dropped = newestFirst.filter((entry) => !kept.includes(entry)).map(([key]) => key);
  if (dropped.length > 0) await delMany(dropped, savedReads());
  return kept.map(([, read]) => read);
}

/** Once the page has settled, old and surplus saves are deleted. */
const PRUNE_AFTER_MS = 10_000;

/**
 * Saves each successful read of the kept features as it arrives, and puts them back whenever the
 * site goes offline. Returns the unsubscribe.
 * Failures (private browsing without IndexedDB, a full disk) leave the site working online.
 */
export function keepReadsSaved(queryClient: QueryClient): () => void {
  if (typeof indexedDB === 'undefined') return () => {};
  const prune = setTimeout(() => void keptReads().catch(() => {}), PRUNE_AFTER_MS);
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const { queryKey, state } = event.query;
    if (!isSavedRead(queryKey) || state.data === undefined) return;
    const read: SavedRead = { key: queryKey, data: state.data, savedAt: state.dataUpdatedAt };
    set(JSON.stringify(queryKey), read, savedReads()).catch(() => {});
  });
  // Offline after the page started (the network dropped, or stopped answering): a page opened
  // from here on shows what was saved too.
  const stopWatching = onlineManager.subscribe((online) => {
    if (!online) void restoreSavedReads(queryClient);
  });
  return () => {
    clearTimeout(prune);
    unsubscribe();
    stopWatching();
  };
}

/**
 * Puts the saved reads back into the cache, each with the time it was read, and marks them stale
 * so that they are read again as soon as the network returns. Only without a network: online,
 * every page reads afresh.
 */
export async function restoreSavedReads(queryClient: QueryClient): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  let fresh: SavedRead[];
  try {
    fresh = await keptReads();
  } catch {
    return;
  }
  for (const read of fresh) {
    // A page the server rendered brings its own answers: those are what its HTML shows.
    if (queryClient.getQueryData(read.key) !== undefined) continue;
    queryClient.setQueryData(read.key, read.data, { updatedAt: read.savedAt });
  }
  await queryClient.invalidateQueries({ predicate: (query) => isSavedRead(query.queryKey) });
}

/** The browser is someone else now (signed in or out): the last one's saved reads go. */
export async function forgetSavedReads(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await clear(savedReads()).catch(() => {});
}

/**
 * TanStack Query assumes it starts online; a page opened without a network starts offline, so its
 * reads wait (showing what was saved) instead of failing. Returns whether it started online.
 */
export function startOnlineState(): boolean {
  const online = navigator.onLine;
  onlineManager.setOnline(online);
  return online;
}
