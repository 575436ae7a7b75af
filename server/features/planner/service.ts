import { hash, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  ITEMS_PER_TRIP_MAX,
  QUICK_ADD,
  TOO_MANY_ITEMS,
  TOO_MANY_TRIPS,
  TRIPS_PER_VISITOR_MAX,
  TRIP_END_BEFORE_START,
  createPlannerItemSchema,
  createTripSchema,
  dateRangeSchema,
  updatePlannerItemSchema,
  updateTripSchema,
  type CreatePlannerItemInput,
  type CreateTripInput,
  type DateRange,
  type PlannerItem,
  type Trip,
  type UpdatePlannerItemInput,
  type UpdateTripInput,
} from '../../../contracts/planner.js';
import { CHANGED_ELSEWHERE } from '../../../contracts/preconditions.values.js';
import { createBuildCache } from '../../build-cache.js';
import { EncodedBody } from '../../encoded-body.js';
import { AppError, BadRequest, Conflict, NotFound, PreconditionFailed } from '../../errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { NewPlannerItem, PlannerQueries, PlannerRepository } from './repository.js';

const tripNotFound = () => new NotFound('Trip not found');
const itemNotFound = () => new NotFound('Planner item not found');
/** A change made against a version the trip or item no longer has: 412 with it as it is now. */
const changedElsewhere = <T extends Trip | PlannerItem>(current: T) =>
  new PreconditionFailed(CHANGED_ELSEWHERE, current);
/** Adding an item to a trip that is not the visitor's: a 404 that names the field. */
const unknownPlannerId = () =>
  new AppError(404, 'Trip not found', [
    { path: 'plannerId', message: 'Trip not found: plannerId is not one of your trips' },
  ]);

/**
 * The same schemas the routes declare, applied again here: the assistant calls the service directly,
 * and the rules must hold for every caller. Parsing an already parsed value changes nothing.
 */
function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  throw new BadRequest(errors[0]?.message ?? 'Invalid input', errors);
}

let lastStamp = 0;
/**
 * Now, as ISO 8601 UTC, never repeating within this process: items added within one millisecond
 * still list in the order they were added.
 */
function timestamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}

/** Listings kept serialised per process: a month of a large trip is hundreds of KB of JSON. */
export const LISTING_CACHE_ENTRIES = 64;
const LISTING_CACHE_BYTES = 32 * 1024 * 1024;

/** A trip's items as answered over HTTP: the validator first, the JSON body only when it is needed. */
export interface ItemListing {
  /** A weak entity tag: the same for as long as the trip's items and the range stay the same. */
  etag: string;
  /** The items (plannerItemListSchema) as JSON. */
  body(): Promise<EncodedBody>;
}

/** Drops the keys whose value is undefined (absent from a partial update). */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A new trip's row from its checked input: always `planning`, whatever status was sent. */
const newTripRow = (
  id: string,
  visitorId: string,
  trip: z.output<typeof createTripSchema>,
  now: string,
) => ({
  id,
  visitorId,
  title: trip.title,
  destination: trip.destination,
  startDate: trip.startDate ?? null,
  endDate: trip.endDate ?? null,
  status: 'planning' as const,
  createdAt: now,
  updatedAt: now,
});

/**
 * A new item's description, unless it is only its type's Quick Add hint: a page loaded before the
 * hints stopped being sent (or an assistant card made then) still sends one, and a stored hint
 * would reach everyone the trip is shared with as if the owner had written it.
 */
const ownDescription = (item: z.output<typeof createPlannerItemSchema>): string | null =>
  item.itemDescription === QUICK_ADD[item.itemType].hint ? null : (item.itemDescription ?? null);

/** A new planner item from its checked input: never booked. */
const newItem = (
  item: z.output<typeof createPlannerItemSchema>,
  createdAt: string,
): NewPlannerItem => ({
  id: randomUUID(),
  plannerId: item.plannerId,
  itemType: item.itemType,
  itemName: item.itemName,
  itemDescription: ownDescription(item),
  scheduledDate: item.scheduledDate,
  scheduledTime: item.scheduledTime,
  price: item.price,
  isBooked: false,
  priority: item.priority,
  createdAt,
});

/**
 * The trip planner: a visitor's trips and their day-by-day items. Every method takes the visitor
 * first and only ever sees that visitor's records; another visitor's trip or item is not found.
 * The reads also take null, a visitor with no stored session (reads never store one): they have
 * no trips.
 */
/**
 * Refuses a trip past the visitor's cap. Two creations racing each other may both pass, so a
 * visitor can go one or two over; the cap bounds storage, it is not a count to the unit.
 */
async function assertRoomForTrip(queries: PlannerQueries, visitorId: string): Promise<void> {
  if ((await queries.countTrips(visitorId)) >= TRIPS_PER_VISITOR_MAX) {
    throw new Conflict(TOO_MANY_TRIPS);
  }
}

/** Refuses items past the trip's cap; call after touchTrip, which locks the trip's row. */
async function assertRoomForItems(
  queries: PlannerQueries,
  tripId: string,
  adding: number,
): Promise<void> {
  if ((await queries.countItems(tripId)) + adding > ITEMS_PER_TRIP_MAX) {
    throw new Conflict(TOO_MANY_ITEMS);
  }
}

/**
 * Why an item was not changed or deleted: it is not there (or not the visitor's), 404; or, asked
 * for one version, it has another now, 412 with the item as it is.
 */
async function notChanged(
  queries: PlannerQueries,
  visitorId: string,
  itemId: string,
  ifVersion: number | undefined,
): Promise<AppError> {
  const current = ifVersion === undefined ? undefined : await queries.findItem(itemId, visitorId);
  return current ? changedElsewhere(current) : itemNotFound();
}

/** Listings' entity tags kept (each a key of about 100 characters and a 37-character tag). */
const ETAGS_KEPT = 10_000;

export function createPlannerService(repository: PlannerRepository) {
  // Serialised listings by trip version and range, sized by their JSON: a gzipped copy kept
  // beside one is several times smaller.
  const listings = createBuildCache<EncodedBody>({
    max: LISTING_CACHE_ENTRIES,
    maxBytes: LISTING_CACHE_BYTES,
    sizeOf: (body) => body.byteLength,
  });
  // The entity tags of listings asked for lately: every read of a month answers with one, and
  // hashing its key again each time cost more than the lookup.
  const etags = new Map<string, string>();
  const etagOf = (key: string) => {
    let etag = etags.get(key);
    if (etag === undefined) {
      etag = `W/"${hash('sha256', key, 'base64url').slice(0, 32)}"`;
      if (etags.size >= ETAGS_KEPT) etags.clear();
      etags.set(key, etag);
    }
    return etag;
  };

  return {
    /** The visitor's trips, newest first (the planner selects the first one). */
    listTrips: async (visitorId: string | null): Promise<Trip[]> =>
      visitorId ? repository.listTrips(visitorId) : [],

    async getTrip(visitorId: string | null, tripId: string): Promise<Trip> {
      const trip =
        visitorId && isUuid(tripId) ? await repository.findTrip(tripId, visitorId) : undefined;
      if (!trip) throw tripNotFound();
      return trip;
    },

    /** A new trip is always `planning`, whatever status the caller sends. */
    async createTrip(visitorId: string, input: CreateTripInput): Promise<Trip> {
      const trip = validate(createTripSchema, input);
      const now = timestamp();
      return repository.transaction(async (queries) => {
        await assertRoomForTrip(queries, visitorId);
        return queries.insertTrip(newTripRow(randomUUID(), visitorId, trip, now));
      });
    },

    /**
     * Changes the given fields; the dates are checked against the trip's other date as stored.
     * With `ifVersion` (the If-Match of decision 032), only while the trip still has that version:
     * otherwise a 412 with the trip as it is now, and nothing is written.
     */
    async updateTrip(
      visitorId: string,
      tripId: string,
      input: UpdateTripInput,
      ifVersion?: number,
    ): Promise<Trip> {
      const changes = validate(updateTripSchema, input);
      if (!isUuid(tripId)) throw tripNotFound();
      const now = timestamp();
      // Every error below is thrown inside the transaction: it rolls back, so nothing is written.
      return repository.transaction(async (queries) => {
        const current = await queries.touchTrip(tripId, visitorId, now);
        if (!current) throw tripNotFound();
        // Before the dates: checked against a trip that has moved on, they would mislead.
        if (ifVersion !== undefined && current.version !== ifVersion) {
          throw changedElsewhere(current);
        }
        const startDate = changes.startDate === undefined ? current.startDate : changes.startDate;
        const endDate = changes.endDate === undefined ? current.endDate : changes.endDate;
        if (startDate && endDate && endDate < startDate) {
          throw new BadRequest(TRIP_END_BEFORE_START, [
            { path: 'endDate', message: TRIP_END_BEFORE_START },
          ]);
        }
        // touchTrip holds the trip's row (PostgreSQL; SQLite runs one writer at a time), so the
        // version checked above still stands; the update checks it again all the same.
        const updated = await queries.updateTrip(tripId, defined(changes), now, ifVersion);
        if (!updated) throw changedElsewhere(current);
        return updated;
      });
    },

    /**
     * Deletes the trip and all its items, together; with `ifVersion`, only while the trip still
     * has that version (a 412 with the trip as it is now otherwise).
     */
    async deleteTrip(visitorId: string, tripId: string, ifVersion?: number): Promise<void> {
      if (!isUuid(tripId)) throw tripNotFound();
      await repository.transaction(async (queries) => {
        const current = await queries.touchTrip(tripId, visitorId, timestamp());
        if (!current) throw tripNotFound();
        if (ifVersion !== undefined && current.version !== ifVersion) {
          throw changedElsewhere(current);
        }
        if (!(await queries.deleteTrip(tripId, ifVersion))) throw changedElsewhere(current);
      });
    },

    /**
     * A trip's items by day, then time slot (morning, afternoon, evening, night, all day), then
     * priority (highest first), then the order they were added. `range` keeps the days from `from`
     * to `to`, both included, for example one month of the calendar.
     */
    async listItems(
      visitorId: string,
      plannerId: string,
      range: DateRange = {},
    ): Promise<PlannerItem[]> {
      const days = validate(dateRangeSchema, range);
      const trip = isUuid(plannerId) ? await repository.findTrip(plannerId, visitorId) : undefined;
      if (!trip) throw tripNotFound();
      return repository.listItems(trip.id, days);
    },

    /**
     * listItems for the API, cheap when repeated: the visitor's trip and its items version are read
     * on every call (another visitor's trip is not found, cached or not), and the body is served
     * from this process's cache while that version stands. Every write raises the version in its
     * own transaction, so this holds across server processes. The version is read before the
     * items, so a body is never older than the version it is kept under.
     */
    async itemListing(
      visitorId: string | null,
      plannerId: string,
      range: DateRange = {},
    ): Promise<ItemListing> {
      const days = validate(dateRangeSchema, range);
      const trip =
        visitorId && isUuid(plannerId)
          ? await repository.findItemsVersion(plannerId, visitorId)
          : undefined;
      if (!trip) throw tripNotFound();
      const key = [trip.tripId, trip.createdAt, trip.itemsVersion, days.from, days.to].join(' ');
      return {
        etag: etagOf(key),
        body: () =>
          listings.get(
            key,
            async () =>
              // The repository's own rows, mapped to the contract's types: the route sends them
              // without validating them again against the response schema.
              new EncodedBody(
                Buffer.from(JSON.stringify(await repository.listItems(trip.tripId, days))),
              ),
          ),
      };
    },

    /** Adds an item to one of the visitor's trips; a new item is never booked. */
    async createItem(visitorId: string, input: CreatePlannerItemInput): Promise<PlannerItem> {
      const item = validate(createPlannerItemSchema, input);
      if (!isUuid(item.plannerId)) throw unknownPlannerId();
      const now = timestamp();
      return repository.transaction(async (queries) => {
        if (!(await queries.touchTrip(item.plannerId, visitorId, now))) throw unknownPlannerId();
        await assertRoomForItems(queries, item.plannerId, 1);
        return queries.insertItem(newItem(item, now));
      });
    },

    /**
     * Adds several items together (a plan the visitor accepted from the assistant), to one of the
     * visitor's trips or to a new trip made with them: all of it is written, or none.
     */
    async addPlan(
      visitorId: string,
      target: { plannerId: string } | { newTrip: CreateTripInput },
      inputs: readonly Omit<CreatePlannerItemInput, 'plannerId'>[],
    ): Promise<{ trip: Trip; items: PlannerItem[] }> {
      const newTrip = 'newTrip' in target ? validate(createTripSchema, target.newTrip) : undefined;
      const plannerId = 'plannerId' in target ? target.plannerId : randomUUID();
      if (!isUuid(plannerId)) throw unknownPlannerId();
      const items = inputs.map((input) =>
        validate(createPlannerItemSchema, { ...input, plannerId }),
      );
      const now = timestamp();
      return repository.transaction(async (queries) => {
        if (newTrip) {
          await assertRoomForTrip(queries, visitorId);
          await queries.insertTrip(newTripRow(plannerId, visitorId, newTrip, now));
        }
        const trip = await queries.touchTrip(plannerId, visitorId, now);
        if (!trip) throw unknownPlannerId();
        await assertRoomForItems(queries, plannerId, items.length);
        const added: PlannerItem[] = [];
        for (const item of items) {
          added.push(await queries.insertItem(newItem(item, now)));
        }
        return { trip, items: added };
      });
    },

    /**
     * Changes the given fields of an item; an item stays in its trip. With `ifVersion`, only
     * while the item still has that version: otherwise a 412 with the item as it is now.
     */
    async updateItem(
      visitorId: string,
      itemId: string,
      input: UpdatePlannerItemInput,
      ifVersion?: number,
    ): Promise<PlannerItem> {
      const changes = validate(updatePlannerItemSchema, input);
      if (!isUuid(itemId)) throw itemNotFound();
      const now = timestamp();
      // The item and its trip's items version change together, or (thrown) not at all.
      return repository.transaction(async (queries) => {
        const item = await queries.updateItem(itemId, visitorId, defined(changes), now, ifVersion);
        if (item) return item;
        throw await notChanged(queries, visitorId, itemId, ifVersion);
      });
    },

    /** Deletes an item; with `ifVersion`, only while it still has that version (a 412 otherwise). */
    async deleteItem(visitorId: string, itemId: string, ifVersion?: number): Promise<void> {
      if (!isUuid(itemId)) throw itemNotFound();
      await repository.transaction(async (queries) => {
        if (await queries.deleteItem(itemId, visitorId, ifVersion)) return;
        throw await notChanged(queries, visitorId, itemId, ifVersion);
      });
    },
  };
}
export type PlannerService = ReturnType<typeof createPlannerService>;
