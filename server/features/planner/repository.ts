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
import type { PlannerItemTable, TripPlannerTable } from './table.js';

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

function toTrip(row: Selectable<TripPlannerTable>): Trip {
  return {
    id: row.id,
    title: row.title,
    destination: row.destination,
    startDate: row.startDate,
    endDate: row.endDate,
    status: oneOf(TRIP_STATUSES, row.status, 'planning'),
    createdAt: row.createdAt,
  };
}

function toPlannerItem(row: Selectable<PlannerItemTable>): PlannerItem {
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
  };
}

/** The fields of an item that can change after it is added. */
export type PlannerItemChanges = Partial<Omit<PlannerItem, 'id' | 'plannerId' | 'createdAt'>>;

function toItemColumns(changes: PlannerItemChanges): Updateable<PlannerItemTable> {
  const { price, isBooked, ...rest } = changes;
  return {
    ...rest,
    ...(price === undefined ? {} : { priceCents: toCents(price) }),
    ...(isBooked === undefined ? {} : { isBooked: toFlag(isBooked) }),
  };
}

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
  /** The ids of this visitor's trips, for scoping item queries. */
  const tripsOf = (visitorId: string) =>
    db.selectFrom('tripPlanners').select('id').where('visitorId', '=', visitorId);

  return {
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

    async insertTrip(row: Insertable<TripPlannerTable>): Promise<Trip> {
      const stored = await db
        .insertInto('tripPlanners')
        .values(row)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toTrip(stored);
    },

    /**
     * Marks this visitor's trip as changed and answers it as it is now, or undefined. Inside a
     * transaction the update also locks the trip's row (PostgreSQL; SQLite runs one writer at a
     * time), so adding an item and deleting the trip cannot interleave.
     */
    async touchTrip(id: string, visitorId: string, now: string): Promise<Trip | undefined> {
      const row = await db
        .updateTable('tripPlanners')
        .set({ updatedAt: now })
        .where('id', '=', id)
        .where('visitorId', '=', visitorId)
        .returningAll()
        .executeTakeFirst();
      return row ? toTrip(row) : undefined;
    },

    async updateTrip(id: string, changes: Updateable<TripPlannerTable>): Promise<Trip> {
      const row = await db
        .updateTable('tripPlanners')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toTrip(row);
    },

    /** Deletes a trip and its items; call it inside a transaction so both go or neither. */
    async deleteTrip(id: string): Promise<void> {
      await db.deleteFrom('plannerItems').where('plannerId', '=', id).execute();
      await db.deleteFrom('tripPlanners').where('id', '=', id).execute();
    },

    /** A trip's items in the planner's order, optionally only those between two days (inclusive). */
    async listItems(
      plannerId: string,
      range: { from?: string; to?: string },
    ): Promise<PlannerItem[]> {
      let query = db.selectFrom('plannerItems').selectAll().where('plannerId', '=', plannerId);
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

    async insertItem(item: PlannerItem): Promise<PlannerItem> {
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
        .returningAll()
        .executeTakeFirstOrThrow();
      return toPlannerItem(stored);
    },

    /** Changes an item of one of this visitor's trips; undefined when there is no such item. */
    async updateItem(
      id: string,
      visitorId: string,
      changes: PlannerItemChanges,
      now: string,
    ): Promise<PlannerItem | undefined> {
      const row = await db
        .updateTable('plannerItems')
        .set({ ...toItemColumns(changes), updatedAt: now })
        .where('id', '=', id)
        .where('plannerId', 'in', tripsOf(visitorId))
        .returningAll()
        .executeTakeFirst();
      return row ? toPlannerItem(row) : undefined;
    },

    /** Deletes an item of one of this visitor's trips; false when there is no such item. */
    async deleteItem(id: string, visitorId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('plannerItems')
        .where('id', '=', id)
        .where('plannerId', 'in', tripsOf(visitorId))
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type PlannerQueries = ReturnType<typeof plannerQueries>;

export function createPlannerRepository(db: Db) {
  return {
    ...plannerQueries(db),
    /** Runs `work` in one transaction: it commits when `work` resolves and rolls back when it throws. */
    transaction<T>(work: (queries: PlannerQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(plannerQueries(trx)));
    },
  };
}
export type PlannerRepository = ReturnType<typeof createPlannerRepository>;
