import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { delMany, entries, setMany } from 'idb-keyval';
import type { PlannerItem, Trip } from '../../../contracts/planner';
import { IF_MATCH_HEADER, versionTag } from '../../../contracts/preconditions.values';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { ITEMS_KEY_RANGE, plannerKeys, type DayRange } from './keys';
import { canStoreChanges, CHANGES_CHANNEL, changeStore, queueInUse } from './change-store';
import {
  addChange,
  byKey,
  isLocalId,
  itemFieldsOf,
  LOCAL_ID_PREFIX,
  targetOf,
  tripOf,
  withChange,
  type PendingChange,
} from './pending-changes';

/*
 * The queue of the traveller's changes made without a network (issue 29, docs/decisions/033): kept
 * in IndexedDB (idb-keyval) so a reload or a closed tab loses none, sent in the order they were
 * made once the network is back, one at a time, each on the version the traveller saw (If-Match);
 * a change the server finds made on an older version is held back for the traveller to choose
 * (PendingChangesNotice). Tabs share the queue: a Web Lock lets one tab at a time change or send
 * it, and a BroadcastChannel tells the others to read it again.
 */

const LOCK = 'accessible-journeys-pending-changes';
/**
 * A send that hangs (a very weak signal) is given up after this and tried again later: the lock it
 * holds keeps the traveller's next change waiting meanwhile.
 */
const SEND_TIMEOUT_MS = 15_000;
/** A failed send is tried again after this, doubling up to the most. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MOST_MS = 60_000;

// Loaded, this page can queue changes: every page's notice of them is shown from now on.
queueInUse();

let waiting: readonly PendingChange[] = [];
let loaded: Promise<void> | undefined;
const listeners = new Set<() => void>();
let channel: BroadcastChannel | undefined;
/** Ids the server gave items made on this device, for a change made before the list knew them. */
const serverIds = new Map<string, string>();

async function readStore(): Promise<void> {
  if (!canStoreChanges()) return;
  const stored = await entries<IDBValidKey, PendingChange>(changeStore());
  waiting = stored.map(([, change]) => change).sort(byKey);
  for (const listener of listeners) listener();
}

/** The waiting changes as last read; read from the device once first. */
export function loadPendingChanges(): Promise<void> {
  loaded ??= readStore().catch(() => {});
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANGES_CHANNEL);
    channel.onmessage = () => void readStore().catch(() => {});
  }
  return loaded;
}

export const pendingChanges = () => waiting;

/**
 * Signed out (or the account deleted): the changes still waiting are the last traveller's, to
 * neither show nor send as the next one. Signing in keeps them: the visitor's trips move to the
 * account with the same ids.
 */
export async function forgetPendingChanges(): Promise<void> {
  await loadPendingChanges();
  await withLock(async () => {
    await readStore().catch(() => {});
    await save([]);
  }).catch(() => {});
}
export const hasPendingChanges = () => waiting.length > 0;

export function subscribePendingChanges(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs `work` while no other tab (nor this one) changes or sends the queue. */
function withLock<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(LOCK, work) as Promise<T>;
  }
  const run = lastInTab.then(work, work);
  lastInTab = run.catch(() => {});
  return run;
}
let lastInTab: Promise<unknown> = Promise.resolve();

/** Replaces the queue with `next` (under the lock), on the device and in every tab. */
async function save(next: readonly PendingChange[]): Promise<void> {
  const keys = new Set(next.map((change) => change.key));
  const gone = waiting.filter((change) => !keys.has(change.key)).map((change) => change.key);
  if (canStoreChanges()) {
    await setMany(
      next.map((change) => [change.key, change]),
      changeStore(),
    );
    if (gone.length > 0) await delMany(gone, changeStore());
  }
  waiting = [...next].sort(byKey);
  for (const listener of listeners) listener();
  channel?.postMessage('changed');
}

/** Changes the queue under the lock, starting from what the device holds (another tab may have written). */
async function update(change: (queue: readonly PendingChange[]) => readonly PendingChange[]) {
  await loadPendingChanges();
  await withLock(async () => {
    await readStore().catch(() => {});
    await save(change(waiting));
  });
}

let counter = 0;
/** Keys sort in the order changes are made, across reloads (the time first) and within one tick. */
const nextKey = () =>
  `${Date.now().toString().padStart(15, '0')}-${(counter++).toString().padStart(6, '0')}-${crypto.randomUUID()}`;

type NewChange = PendingChange extends infer C
  ? C extends PendingChange
    ? Omit<C, 'key' | 'id' | 'queuedAt'> & { id?: string }
    : never
  : never;

/**
 * Keeps a change to send later, and shows it at once in every list of the trip's items. An item
 * the server has given an id since the list was read is changed under that id.
 */
export async function queueChange(queryClient: QueryClient, made: NewChange): Promise<void> {
  const change = {
    ...made,
    id: made.id ?? crypto.randomUUID(),
    key: nextKey(),
    queuedAt: Date.now(),
  } as PendingChange;
  if (change.kind !== 'updateTrip') {
    const known = serverIds.get(change.item.id);
    if (known) change.item = { ...change.item, id: known };
  }
  await update((queue) => addChange(queue, change));
  showChange(queryClient, change);
  void sendPendingChanges(queryClient);
}

/** Every list of the trip's items in the cache shows the change (or the trip list, the trip's). */
function showChange(queryClient: QueryClient, change: PendingChange) {
  if (change.kind === 'updateTrip') {
    void queryClient.invalidateQueries({ queryKey: plannerKeys.trips, refetchType: 'none' });
    return;
  }
  const plannerId = change.item.plannerId;
  for (const query of queryClient
    .getQueryCache()
    .findAll({ queryKey: plannerKeys.items(plannerId) })) {
    const items = query.state.data as PlannerItem[] | undefined;
    if (!items) continue;
    const range = query.queryKey[ITEMS_KEY_RANGE];
    queryClient.setQueryData(
      query.queryKey,
      withChange(
        items,
        change,
        plannerId,
        typeof range === 'object' ? (range as DayRange) : undefined,
      ),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Sending

type Outcome = 'sent' | 'held' | 'nothing' | 'later';

/**
 * The change's precondition: the version the traveller saw. A read saved before items carried
 * versions has none; that change is made as the traveller sees it, without one.
 */
const ifMatch = (version: number | undefined) => ({
  signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  headers: Number.isInteger(version)
    ? { [IF_MATCH_HEADER]: versionTag(version as number) }
    : undefined,
});
const enc = encodeURIComponent;

/** Sends one change; what the server answered decides what becomes of it. */
async function send(change: PendingChange): Promise<PlannerItem | Trip | void> {
  switch (change.kind) {
    case 'createItem':
      return apiRequest<PlannerItem>('POST', '/api/planner-items', change.input, {
        idempotencyKey: change.id,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    case 'updateItem':
      return apiRequest<PlannerItem>(
        'PATCH',
        `/api/planner-items/${enc(change.item.id)}`,
        change.changes,
        ifMatch(change.item.version),
      );
    case 'deleteItem':
      return apiRequest<void>(
        'DELETE',
        `/api/planner-items/${enc(change.item.id)}`,
        undefined,
        ifMatch(change.item.version),
      );
    case 'updateTrip':
      return apiRequest<Trip>(
        'PATCH',
        `/api/trip-planners/${enc(change.trip.id)}`,
        change.changes,
        ifMatch(change.trip.version),
      );
  }
}

/** What a refusal means for the change: held for the traveller, done, or tried again later. */
function problemOf(
  change: PendingChange,
  error: unknown,
): PendingChange['problem'] | 'done' | 'later' {
  if (!(error instanceof ApiError)) return 'later';
  if (error.status === 412) {
    const current = (error.body as { current?: PlannerItem | Trip } | undefined)?.current;
    return current ? { type: 'changed', current } : { type: 'gone' };
  }
  if (error.status === 404) return change.kind === 'deleteItem' ? 'done' : { type: 'gone' };
  // A 409 with Retry-After: the same create is still being answered. Without: a rule (a full trip).
  if (error.status === 429 || error.status >= 500) return 'later';
  if (error.status === 409 && error.retryAfter !== undefined) return 'later';
  return { type: 'refused', message: errorMessage(error, 'The server did not accept it.') };
}

/** Sends the first change that can go (one to a thing held back waits behind it). */
async function sendNext(queryClient: QueryClient): Promise<Outcome> {
  return withLock(async () => {
    await readStore().catch(() => {});
    const held = new Set(waiting.filter((c) => c.problem).map(targetOf));
    // In the order made; a change behind one held back, or behind its item's create, waits.
    const next = waiting.find(
      (c) =>
        !c.problem &&
        !held.has(targetOf(c)) &&
        (c.kind === 'createItem' || !isLocalId(targetOf(c))),
    );
    if (!next) return 'nothing';
    let answer: PlannerItem | Trip | void;
    try {
      answer = await send(next);
    } catch (error) {
      const problem = problemOf(next, error);
      if (problem === 'later') {
        // The server may have made it: from now on it is sent again only as it was.
        if (next.kind === 'createItem' && !next.attempted) {
          await save(waiting.map((c) => (c === next ? { ...next, attempted: true } : c)));
        }
        return 'later';
      }
      if (problem === 'done') {
        await save(waiting.filter((c) => c !== next));
        return 'sent';
      }
      await save(waiting.map((c) => (c === next ? { ...c, problem } : c)));
      return 'held';
    }
    let rest = waiting.filter((c) => c !== next);
    if (next.kind === 'createItem' && answer) {
      const created = answer as PlannerItem;
      serverIds.set(next.item.id, created.id);
      rest = rest.map((c) =>
        c.kind !== 'updateTrip' && c.item.id === next.item.id
          ? { ...c, item: { ...c.item, id: created.id, version: created.version } }
          : c,
      );
      replaceLocalItem(queryClient, next.item, created);
    }
    if ((next.kind === 'updateItem' || next.kind === 'updateTrip') && answer) {
      // A later change to the same thing (held behind a problem) is made on the version written.
      const { version } = answer as PlannerItem | Trip;
      const target = targetOf(next);
      rest = rest.map((c) => {
        if (targetOf(c) !== target) return c;
        return c.kind === 'updateTrip'
          ? { ...c, trip: { ...c.trip, version } }
          : { ...c, item: { ...c.item, version } };
      });
    }
    await save(rest);
    return 'sent';
  });
}

function replaceLocalItem(queryClient: QueryClient, local: PlannerItem, created: PlannerItem) {
  queryClient.setQueriesData<PlannerItem[]>(
    { queryKey: plannerKeys.items(local.plannerId) },
    (items) =>
      items?.map((item) =>
        item.id === local.id
          ? { ...item, id: created.id, version: created.version, createdAt: created.createdAt }
          : item,
      ),
  );
}

let sending: Promise<void> | undefined;
/** Asked to send while a round was finishing: one more round, so that no change waits unasked. */
let sendAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = RETRY_FIRST_MS;

/**
 * Sends the waiting changes in order while the network is there. Afterwards the trips touched are
 * read again, so every list shows what the server holds. A failure tries again later.
 */
export function sendPendingChanges(queryClient: QueryClient): Promise<void> {
  if (sending) {
    sendAgain = true;
    return sending;
  }
  sendAgain = false;
  sending = (async () => {
    await loadPendingChanges();
    const touched = new Set<string>();
    let outcome: Outcome = 'sent';
    while (onlineManager.isOnline() && outcome !== 'nothing' && outcome !== 'later') {
      const before = new Set(waiting.map(tripOf));
      outcome = await sendNext(queryClient).catch((): Outcome => 'later');
      if (outcome === 'sent' || outcome === 'held') for (const trip of before) touched.add(trip);
    }
    if (outcome === 'later' && onlineManager.isOnline()) {
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void sendPendingChanges(queryClient), retryDelay);
      retryDelay = Math.min(retryDelay * 2, RETRY_MOST_MS);
    } else {
      retryDelay = RETRY_FIRST_MS;
    }
    if (touched.size > 0) {
      void queryClient.invalidateQueries({ queryKey: plannerKeys.trips });
      for (const trip of touched)
        void queryClient.invalidateQueries({ queryKey: plannerKeys.items(trip) });
    }
  })().finally(() => {
    sending = undefined;
    if (sendAgain) void sendPendingChanges(queryClient);
  });
  return sending;
}

/** Sends the waiting changes now and whenever the network returns. Returns the stop. */
export function keepSendingChanges(queryClient: QueryClient): () => void {
  void sendPendingChanges(queryClient);
  const unsubscribe = onlineManager.subscribe((online) => {
    if (online) void sendPendingChanges(queryClient);
  });
  return () => {
    unsubscribe();
    clearTimeout(retryTimer);
  };
}

// ---------------------------------------------------------------------------------------------
// The traveller's choice

export type Choice = 'mine' | 'theirs';

/**
 * The traveller's choice for a change held back:
 * - changed elsewhere: `mine` makes the change again on the version now on the server; `theirs`
 *   drops it (a later change to the same thing is then made on that version);
 * - deleted elsewhere: `mine` adds the item again as the traveller left it; `theirs` lets it go;
 * - refused: it is dropped, and with a new item refused, the changes made to that item after it.
 */
export async function resolveChange(queryClient: QueryClient, key: string, choice: Choice) {
  await update((queue) => {
    const change = queue.find((c) => c.key === key);
    if (!change?.problem) return queue;
    const problem = change.problem;
    const others = queue.filter((c) => c !== change);
    const target = targetOf(change);
    if (problem.type === 'changed') {
      const current = problem.current;
      const rebase = (c: PendingChange): PendingChange =>
        c.kind === 'updateTrip'
          ? { ...c, trip: current as Trip }
          : { ...c, item: { ...(current as PlannerItem) } };
      if (choice === 'mine') {
        const { problem: _held, ...retried } = change;
        return queue.map((c) => (c === change ? rebase(retried as PendingChange) : c));
      }
      return others.map((c) => (targetOf(c) === target ? rebase(c) : c));
    }
    if (problem.type === 'gone' && choice === 'mine' && change.kind === 'updateItem') {
      const again = addedAgain(change);
      return queue.flatMap((c) => (c === change ? again : [c]));
    }
    if (problem.type === 'gone' || change.kind === 'createItem') {
      return others.filter((c) => targetOf(c) !== target);
    }
    return others;
  });
  void queryClient.invalidateQueries({ queryKey: plannerKeys.all });
  void sendPendingChanges(queryClient);
}

/**
 * An item deleted elsewhere, added again as the traveller left it: a create, then (a new item is
 * never booked) marking it booked if it was.
 */
function addedAgain(change: PendingChange & { kind: 'updateItem' }): PendingChange[] {
  const item = {
    ...change.item,
    ...itemFieldsOf(change.changes),
    id: `${LOCAL_ID_PREFIX}${crypto.randomUUID()}`,
  };
  const create: PendingChange = {
    kind: 'createItem',
    key: change.key,
    id: crypto.randomUUID(),
    queuedAt: change.queuedAt,
    item: { ...item, isBooked: false },
    input: {
      plannerId: item.plannerId,
      itemType: item.itemType,
      itemName: item.itemName,
      itemDescription: item.itemDescription,
      scheduledDate: item.scheduledDate,
      scheduledTime: item.scheduledTime,
      price: item.price,
      priority: item.priority,
    },
  };
  if (!item.isBooked) return [create];
  return [
    create,
    {
      kind: 'updateItem',
      key: `${change.key}-booked`,
      id: crypto.randomUUID(),
      queuedAt: change.queuedAt,
      item: create.item,
      changes: { isBooked: true },
    },
  ];
}
