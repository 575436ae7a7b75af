import { formatCents, toCents } from '../../../contracts/money.values';
import { TIME_SLOT_ORDER, timeSlotOf, type ScheduledTime } from '../../../contracts/planner.values';
import type {
  CreatePlannerItemInput,
  PlannerItem,
  Trip,
  UpdatePlannerItemInput,
  UpdateTripInput,
} from '../../../contracts/planner';
import type { DayRange } from './keys';

/*
 * The traveller's changes to their trips made without a network (issue 29, docs/decisions/033):
 * what each one is, how a new one folds into those already waiting, and how the waiting ones show
 * on the server’s answers. Pure: the queue (change-queue.ts) stores them and sends them.
 */

/** Why a change is held back until the traveller chooses. */
export type ChangeProblem =
  /** Changed on another device since the traveller saw it: `current` is how it is now. */
  | { type: 'changed'; current: PlannerItem | Trip }
  /** Deleted on another device (or no longer the visitor's). */
  | { type: 'gone' }
  /** The server refused it (a rule it checks that the form could not). */
  | { type: 'refused'; message: string };

interface ChangeBase {
  /** The store's key: the order the changes were made in. */
  key: string;
  /** Unique; a new item's Idempotency-Key, so a create sent twice makes one item. */
  id: string;
  queuedAt: number;
  problem?: ChangeProblem;
}

export type PendingChange =
  | (ChangeBase & {
      kind: 'createItem';
      item: PlannerItem;
      input: CreatePlannerItemInput;
      /**
       * Sent at least once without an answer: the server may hold the item already. The create
       * is then sent again as it was (its Idempotency-Key names that body) and never folded with
       * later changes, which follow it as changes of their own.
       */
      attempted?: boolean;
    })
  /** `item`: the item as the traveller saw it (its version is the one the change is made on). */
  | (ChangeBase & { kind: 'updateItem'; item: PlannerItem; changes: UpdatePlannerItemInput })
  | (ChangeBase & { kind: 'deleteItem'; item: PlannerItem })
  | (ChangeBase & { kind: 'updateTrip'; trip: Trip; changes: UpdateTripInput });

export type ChangeKind = PendingChange['kind'];

/** An item made on the device has this id until the server gives it its own. */
export const LOCAL_ID_PREFIX = 'local-';
export const isLocalId = (id: string) => id.startsWith(LOCAL_ID_PREFIX);

/** What a change is about: an item's or a trip's id. */
export const targetOf = (change: PendingChange) =>
  change.kind === 'updateTrip' ? change.trip.id : change.item.id;

/** The trip a change belongs to. */
export const tripOf = (change: PendingChange) =>
  change.kind === 'updateTrip' ? change.trip.id : change.item.plannerId;

/** The name the traveller knows it by. */
export const nameOf = (change: PendingChange) =>
  change.kind === 'updateTrip' ? change.trip.title : change.item.itemName;

/** Defined fields only: a field left out is not changed. */
const defined = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

/** A decimal amount as the server answers it: "12.5" and 12.5 are "12.50". */
export const priceText = (price: string | number) => formatCents(toCents(String(price).trim()));

/**
 * The item's fields a change sets, as the server would store them (a price "12.5" is "12.50", a
 * blank description none). The form checked them with the contract before the change was made;
 * the server checks them again when it is sent.
 */
export function itemFieldsOf(changes: UpdatePlannerItemInput): Partial<PlannerItem> {
  const { itemName, itemDescription, price, ...rest } = changes;
  return defined({
    ...rest,
    itemName: itemName?.trim(),
    itemDescription: itemDescription === undefined ? undefined : itemDescription?.trim() || null,
    price: price === undefined ? undefined : priceText(price),
  }) as Partial<PlannerItem>;
}

export function tripFieldsOf(changes: UpdateTripInput): Partial<Trip> {
  const { title, destination, startDate, endDate, status } = changes;
  return defined({
    title: title?.trim(),
    destination: destination?.trim(),
    startDate: startDate === undefined ? undefined : startDate || null,
    endDate: endDate === undefined ? undefined : endDate || null,
    status,
  }) as Partial<Trip>;
}

/** The item as it is once the change is made; null once it is deleted. */
export function itemAfter(change: PendingChange): PlannerItem | null {
  switch (change.kind) {
    case 'createItem':
      return change.item;
    case 'updateItem':
      return { ...change.item, ...itemFieldsOf(change.changes) };
    case 'deleteItem':
      return null;
    case 'updateTrip':
      return null;
  }
}

/**
 * A new change added to those waiting. Changes to one item or trip fold into one, so that what
 * is sent is what the traveller ended with, made on the version they last saw:
 * - an item made on the device and changed again is sent made as it now is, and one deleted again
 *   is never sent;
 * - two changes to one item or trip are one change with both;
 * - an item changed, then deleted, is deleted (on the version first seen).
 * A change held back for the traveller's choice is left as it is: a later one waits behind it.
 */
export function addChange(waiting: readonly PendingChange[], change: PendingChange) {
  const target = targetOf(change);
  const open = waiting.filter((each) => targetOf(each) === target && !each.problem);
  const others = waiting.filter((each) => !open.includes(each));
  const created = open.find((each) => each.kind === 'createItem' && !each.attempted);
  const sentCreate = open.filter((each) => each.kind === 'createItem' && each.attempted);
  const updated = open.find((each) => each.kind === 'updateItem' || each.kind === 'updateTrip');

  if (change.kind === 'deleteItem') {
    if (created) return others;
    const seen = updated?.kind === 'updateItem' ? updated.item : change.item;
    return [...others, ...sentCreate, { ...change, item: seen }].sort(byKey);
  }
  if (change.kind === 'updateItem' && created?.kind === 'createItem') {
    // A new item is never booked (the server ignores isBooked on a create): booking it is a
    // change of its own, sent after the create.
    const { isBooked, ...fields } = change.changes;
    const item = { ...created.item, ...itemFieldsOf(fields) };
    const merged = { ...created, item, input: { ...created.input, ...fields } };
    const rest = open.filter((each) => each !== created);
    if (isBooked === undefined) return [...others, merged, ...rest].sort(byKey);
    const booking = rest.find((each) => each.kind === 'updateItem');
    const booked: PendingChange = booking
      ? { ...booking, item, changes: { isBooked } }
      : { ...change, item, changes: { isBooked } };
    return [...others, merged, booked].sort(byKey);
  }
  if (change.kind === 'updateItem' && updated?.kind === 'updateItem') {
    const merged = { ...updated, changes: { ...updated.changes, ...change.changes } };
    return [...others, merged].sort(byKey);
  }
  if (change.kind === 'updateTrip' && updated?.kind === 'updateTrip') {
    const merged = { ...updated, changes: { ...updated.changes, ...change.changes } };
    return [...others, merged].sort(byKey);
  }
  return [...waiting, change];
}

/** The order the changes were made in (their store keys sort so). */
export const byKey = (a: PendingChange, b: PendingChange) =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

const inRange = (item: PlannerItem, range: DayRange | undefined) =>
  !range || (item.scheduledDate >= range.from && item.scheduledDate <= range.to);

const slotRank = (item: PlannerItem) => {
  const rank = TIME_SLOT_ORDER.indexOf(item.scheduledTime as (typeof TIME_SLOT_ORDER)[number]);
  return item.scheduledTime === 'allday' || rank < 0 ? TIME_SLOT_ORDER.length : rank;
};

/** The planner's order, as the server sorts (server/features/planner/repository.ts). */
export function comparePlannerItems(a: PlannerItem, b: PlannerItem): number {
  return (
    a.scheduledDate.localeCompare(b.scheduledDate) ||
    slotRank(a) - slotRank(b) ||
    b.priority - a.priority ||
    a.createdAt.localeCompare(b.createdAt) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * One trip's items (between two days, when given) with a change made on them. Making a change
 * twice gives what making it once gives: the same change may reach a list twice (the saved copy of
 * a read already showing it).
 */
export function withChange(
  items: readonly PlannerItem[],
  change: PendingChange,
  plannerId: string,
  range?: DayRange,
): PlannerItem[] {
  if (change.kind === 'updateTrip' || change.item.plannerId !== plannerId) return [...items];
  const id = change.item.id;
  const after = itemAfter(change);
  const others = items.filter((item) => item.id !== id);
  if (!after || !inRange(after, range)) return others;
  // An item changed on the device keeps the fields the server gave it since (its version).
  const shown = items.find((item) => item.id === id);
  return [...others, shown ? { ...shown, ...after, version: shown.version } : after].sort(
    comparePlannerItems,
  );
}

/** The server's items with every waiting change made on them. */
export const withChanges = (
  items: readonly PlannerItem[],
  changes: readonly PendingChange[],
  plannerId: string,
  range?: DayRange,
) =>
  changes.reduce<PlannerItem[]>(
    (list, change) => withChange(list, change, plannerId, range),
    [...items],
  );

/** The trips with every waiting trip change made on them. */
export function tripsWithChanges(trips: readonly Trip[], changes: readonly PendingChange[]) {
  return trips.map((trip) =>
    changes.reduce(
      (shown, change) =>
        change.kind === 'updateTrip' && change.trip.id === trip.id
          ? { ...shown, ...tripFieldsOf(change.changes) }
          : shown,
      trip,
    ),
  );
}

/**
 * The fields a held-back change sets, each as the traveller made it and as it is now on the
 * server, for the traveller to compare: only fields that differ.
 */
export function differences(
  change: PendingChange,
  current: PlannerItem | Trip,
): { field: string; mine: unknown; theirs: unknown }[] {
  let mine: Record<string, unknown>;
  if (change.kind === 'updateTrip') mine = tripFieldsOf(change.changes);
  else if (change.kind === 'updateItem') mine = itemFieldsOf(change.changes);
  else return [];
  const now = current as unknown as Record<string, unknown>;
  // No time slot and "All day" are one on the planner (the form sends the second for the first).
  const same = (field: string, a: unknown, b: unknown) =>
    field === 'scheduledTime'
      ? timeSlotOf(a as ScheduledTime) === timeSlotOf(b as ScheduledTime)
      : a === b;
  return Object.entries(mine)
    .filter(([field, value]) => !same(field, value, now[field]))
    .map(([field, value]) => ({ field, mine: value, theirs: now[field] }));
}
