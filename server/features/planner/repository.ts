import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { formatCents, toCents } from '../../../contracts/money.js';
import {
  ITEM_TYPES,
  SCHEDULED_TIMES,
  TIME_SLOT_ORDER,
  TRIP_STATUSES,
  type PlannerItem,
  type Trip,
} from '../../../contracts/planner.js';
import { fromFlag, toFlag, type Db } from '../../db/database.js';
import { prepareQuery } from '../../db/prepared.js';
import { oneOf } from '../../lib/one-of.js';
import type { PlannerItemTable, TripPlannerTable } from './table.js';

function toTrip(row: Selectable<TripPlannerTable>): Trip {
  return {
    id: row.id,
    title: row.title,
    destination: row.destination,
    startDate: row.startDate,
    endDate: row.endDate,
    status: oneOf(TRIP_STATUSES, row.status, 'planning'),
    createdAt: row.createdAt,
    // PostgreSQL may hand integers back as strings; Number() reads both.
    version: Number(row.version),
  };
}

/** The columns an item is answered with; updatedAt is the database's own. */
const ITEM_COLUMNS = [
  'id',
  'plannerId',
  'itemType',
  'itemName',
  'itemDescription',
  'scheduledDate',
  'scheduledTime',
  'priceCents',
  'isBooked',
  'priority',
  'createdAt',
  'version',
] as const;
type PlannerItemRow = Pick<Selectable<PlannerItemTable>, (typeof ITEM_COLUMNS)[number]>;

function toPlannerItem(row: PlannerItemRow): PlannerItem {
  return {
    id: row.id,
    plannerId: row.plannerId,
    itemType: oneOf(ITEM_TYPES, row.itemType, 'activity'),
    itemName: row.itemName,
    itemDescription: row.itemDescription,
    scheduledDate: row.scheduledDate,
    scheduledTime: oneOf(SCHEDULED_TIMES, row.scheduledTime, ''),
    // PostgreSQL may hand integers back as strings; Number() reads both.
    price: formatCents(Number(row.priceCents)),
    isBooked: fromFlag(row.isBooked),
    priority: Number(row.priority),
    createdAt: row.createdAt,
    version: Number(row.version),
  };
}

/** Which state of a trip's items a listing shows (TripPlannerTable.itemsVersion). */
export interface TripItemsVersion {
  tripId: string;
  /** Tells a trip from a later one with the same id, whose version starts again at 0. */
  createdAt: string;
  itemsVersion: number;
}

/** An item to add: its version is the database's (1). */
export type NewPlannerItem = Omit<PlannerItem, 'version'>;

/** The fields of an item that can change after it is added. */
export type PlannerItemChanges = Partial<
  Omit<PlannerItem, 'id' | 'plannerId' | 'createdAt' | 'version'>
>;

/** The fields of a trip that can change after it is made. */
export type TripChanges = Pick<
  Updateable<TripPlannerTable>,
  'title' | 'destination' | 'startDate' | 'endDate' | 'status'
>;

function toItemColumns(changes: PlannerItemChanges): Updateable<PlannerItemTable> {
  const { price, isBooked, ...rest } = changes;
  return {
    ...rest,
    ...(price === undefined ? {} : { priceCents: toCents(price) }),
    ...(isBooked === undefined ? {} : { isBooked: toFlag(isBooked) }),
  };
}

/**
 * Whether a change names any field: an empty PATCH answers the row as it is, and does not raise
 * its version (another device's copy of it stays current).
 */
const namesAField = (changes: object) => Object.keys(changes).length > 0;

/**
 * A day's items in the planner's order: morning, afternoon, evening, night, then all-day or no slot.
 * Literals, not parameters, so PostgreSQL compares the ranks as integers.
 */
const slotRanks = TIME_SLOT_ORDER.filter((slot) => slot !== 'allday').map(
  (slot, rank) => sql`when ${sql.lit(slot)} then ${sql.lit(rank)}`,
);
const timeSlotRank = sql<number>`case ${sql.ref('plannerItems.scheduledTime')} ${sql.join(slotRanks, sql` `)} else ${sql.lit(slotRanks.length)} end`;

/** Every query of the planner, against the database or one transaction. */
function plannerQueries(db: Db) {
  // Every read of a trip's items asks for its version first (service.ts, itemListing).
  const itemsVersionOf = prepareQuery(db, (p: { id: string; visitorId: string }) =>
    db
      .selectFrom('tripPlanners')
      .select(['id', 'createdAt', 'itemsVersion'])
      .where('id', '=', p.id)
      .where('visitorId', '=', p.visitorId),
  );
  /**
   * Raises the items version of the visitor's trip holding this item, and answers the trip's id, or
   * undefined when there is no such item. Inside a transaction it also locks the trip's row, before
   * the item's, in the same order as adding an item.
   */
  const touchTripOfItem = async (itemId: string, visitorId: string) =>
    (
      await db
        .updateTable('tripPlanners')
        .set((eb) => ({ itemsVersion: eb('itemsVersion', '+', 1) }))
        .where(
          'id',
          'in',
          db.selectFrom('plannerItems').select('plannerId').where('id', '=', itemId),
        )
        .where('visitorId', '=', visitorId)
        .returning('id')
        .executeTakeFirst()
    )?.id;

  return {
    async countTrips(visitorId: string): Promise<number> {
      const row = await db
        .selectFrom('tripPlanners')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('visitorId', '=', visitorId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async countItems(tripId: string): Promise<number> {
      const row = await db
        .selectFrom('plannerItems')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('plannerId', '=', tripId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The visitor's trips, newest first. */
    async listTrips(visitorId: string): Promise<Trip[]> {
      const rows = await db
        .selectFrom('tripPlanners')
        .selectAll()
        .where('visitorId', '=', visitorId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toTrip);
    },

    /** A trip of this visitor, or undefined (also for another visitor's trip). */
    async findTrip(id: string, visitorId: string): Promise<Trip | undefined> {
      const row = await db
        .selectFrom('tripPlanners')
        .selectAll()
        .where('id', '=', id)
        .where('visitorId', '=', visitorId)
        .executeTakeFirst();
      return row ? toTrip(row) : undefined;
    },

    /**
     * The version of this visitor's trip's items, or undefined (also for another visitor's trip):
     * one read of the trip's row by its primary key.
     */
    async findItemsVersion(id: string, visitorId: string): Promise<TripItemsVersion | undefined> {
      const [row] = await itemsVersionOf({ id, visitorId });
      return (
        row && { tripId: row.id, createdAt: row.createdAt, itemsVersion: Number(row.itemsVersion) }
      );
    },

    async insertTrip(row: Insertable<TripPlannerTable>): Promise<Trip> {
      const stored = await db
        .insertInto('tripPlanners')
        .values(row)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toTrip(stored);
    },

    /**
     * Marks this visitor's trip as changed (raising its items version) and answers it as it is
     * now, or undefined. Every change to a trip or its items goes through it. Inside a
     * transaction the update also locks the trip's row (PostgreSQL; SQLite runs one writer at a
     * time), so adding an item and deleting the trip cannot interleave.
     */
    async touchTrip(id: string, visitorId: string, now: string): Promise<Trip | undefined> {
      const row = await db
        .updateTable('tripPlanners')
        .set((eb) => ({ updatedAt: now, itemsVersion: eb('itemsVersion', '+', 1) }))
        .where('id', '=', id)
        .where('visitorId', '=', visitorId)
        .returningAll()
        .executeTakeFirst();
      return row ? toTrip(row) : undefined;
    },

    /**
     * Changes a trip's own fields and raises its version (not for an empty change, which changes
     * nothing); with `version`, only while the trip still has it (undefined otherwise: one UPDATE,
     * so of two changes made against one version, one is made). Call it after touchTrip, in its
     * transaction.
     */
    async updateTrip(
      id: string,
      changes: TripChanges,
      now: string,
      version?: number,
    ): Promise<Trip | undefined> {
      let query = db
        .updateTable('tripPlanners')
        .set((eb) => ({
          ...changes,
          updatedAt: now,
          ...(namesAField(changes) ? { version: eb('version', '+', 1) } : {}),
        }))
        .where('id', '=', id);
      if (version !== undefined) query = query.where('version', '=', version);
      const row = await query.returningAll().executeTakeFirst();
      return row ? toTrip(row) : undefined;
    },

    /**
     * Deletes a trip and its items (with `version`, only while the trip still has it), and says
     * whether the trip was deleted; call it inside a transaction so both go or neither, and roll
     * it back when it answers false.
     */
    async deleteTrip(id: string, version?: number): Promise<boolean> {
      await db.deleteFrom('plannerItems').where('plannerId', '=', id).execute();
      let query = db.deleteFrom('tripPlanners').where('id', '=', id);
      if (version !== undefined) query = query.where('version', '=', version);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** A trip's items in the planner's order, optionally only those between two days (inclusive). */
    async listItems(
      plannerId: string,
      range: { from?: string; to?: string },
    ): Promise<PlannerItem[]> {
      let query = db
        .selectFrom('plannerItems')
        .select(ITEM_COLUMNS)
        .where('plannerId', '=', plannerId);
      if (range.from) query = query.where('scheduledDate', '>=', range.from);
      if (range.to) query = query.where('scheduledDate', '<=', range.to);
      const rows = await query
        .orderBy('scheduledDate')
        .orderBy(timeSlotRank)
        .orderBy('priority', 'desc')
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      return rows.map(toPlannerItem);
    },

    /** Adds an item; call it inside a transaction, after touchTrip has locked the trip. */
    async insertItem(item: NewPlannerItem): Promise<PlannerItem> {
      const { id, plannerId, createdAt, ...fields } = item;
      const stored = await db
        .insertInto('plannerItems')
        .values({
          id,
          plannerId,
          itemType: fields.itemType,
          itemName: fields.itemName,
          itemDescription: fields.itemDescription,
          scheduledDate: fields.scheduledDate,
          scheduledTime: fields.scheduledTime,
          priceCents: toCents(fields.price),
          isBooked: toFlag(fields.isBooked),
          priority: fields.priority,
          createdAt,
          updatedAt: createdAt,
        })
        .returning(ITEM_COLUMNS)
        .executeTakeFirstOrThrow();
      return toPlannerItem(stored);
    },

    /** An item of one of this visitor's trips as it is now, or undefined. */
    async findItem(id: string, visitorId: string): Promise<PlannerItem | undefined> {
      const row = await db
        .selectFrom('plannerItems')
        .select(ITEM_COLUMNS)
        .where('id', '=', id)
        .where(
          'plannerId',
          'in',
          db.selectFrom('tripPlanners').select('id').where('visitorId', '=', visitorId),
        )
        .executeTakeFirst();
      return row ? toPlannerItem(row) : undefined;
    },

    /**
     * Changes an item of one of this visitor's trips, raises its version and the trip's items
     * version; undefined when there is no such item, or (with `version`) when the item no longer
     * has that version: one UPDATE, so of two changes made against one version, one is made.
     * Call it inside a transaction, so the item and its trip's items version change together,
     * and roll it back when it answers undefined.
     */
    async updateItem(
      id: string,
      visitorId: string,
      changes: PlannerItemChanges,
      now: string,
      version?: number,
    ): Promise<PlannerItem | undefined> {
      const tripId = await touchTripOfItem(id, visitorId);
      if (!tripId) return undefined;
      let query = db
        .updateTable('plannerItems')
        .set((eb) => ({
          ...toItemColumns(changes),
          updatedAt: now,
          ...(namesAField(changes) ? { version: eb('version', '+', 1) } : {}),
        }))
        .where('id', '=', id)
        .where('plannerId', '=', tripId);
      if (version !== undefined) query = query.where('version', '=', version);
      const row = await query.returning(ITEM_COLUMNS).executeTakeFirst();
      return row ? toPlannerItem(row) : undefined;
    },

    /**
     * Deletes an item of one of this visitor's trips and raises the trip's items version; false
     * when there is no such item, or (with `version`) when the item no longer has that version.
     * Call it inside a transaction, and roll it back when it answers false.
     */
    async deleteItem(id: string, visitorId: string, version?: number): Promise<boolean> {
      const tripId = await touchTripOfItem(id, visitorId);
      if (!tripId) return false;
      let query = db
        .deleteFrom('plannerItems')
        .where('id', '=', id)
        .where('plannerId', '=', tripId);
      if (version !== undefined) query = query.where('version', '=', version);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type PlannerQueries = ReturnType<typeof plannerQueries>;

export function createPlannerRepository(db: Db) {
  /** Runs `work` in one transaction: it commits when `work` resolves and rolls back when it throws. */
  const transaction = <T>(work: (queries: PlannerQueries) => Promise<T>): Promise<T> =>
    db.transaction().execute((trx) => work(plannerQueries(trx)));
  return { ...plannerQueries(db), transaction };
}
export type PlannerRepository = ReturnType<typeof createPlannerRepository>;
