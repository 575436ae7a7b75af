import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { CalendarSubscription, Trip } from '../../../contracts/planner.js';
import { NotFound } from '../../errors.js';
import { buildTripCalendar, calendarFileDisposition } from './calendar.js';
import type { CalendarRepository } from './calendar-repository.js';
import type { PlannerRepository } from './repository.js';
import type { PlannerService } from './service.js';

/** 32 random bytes: an address nobody guesses. Only its hash is stored. */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[\w-]{20,100}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The path of a trip's private calendar address. */
export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;

export interface CalendarFile {
  body: string;
  disposition: string;
}

export interface CalendarServiceDeps {
  planner: PlannerService;
  plannerRepository: PlannerRepository;
  repository: CalendarRepository;
  appUrl: string;
}

/** A trip as an iCalendar file, downloaded by its visitor or followed through a private address. */
export function createCalendarService(deps: CalendarServiceDeps) {
  const { repository } = deps;
  const tripNotFound = () => new NotFound('Trip not found');

  async function calendarOf(trip: Trip, url?: string): Promise<CalendarFile> {
    const items = await deps.plannerRepository.listItems(trip.id, {});
    return {
      body: buildTripCalendar(trip, items, { now: new Date(), url }),
      disposition: calendarFileDisposition(trip.title),
    };
  }

  return {
    /** The visitor's own trip; another visitor's or an unknown trip is a 404 (null: no session). */
    async download(visitorId: string | null, tripId: string): Promise<CalendarFile> {
      return calendarOf(await deps.planner.getTrip(visitorId, tripId));
    },

    /** A new private address for the trip; the trip's previous one stops working. */
    async subscribe(visitorId: string, tripId: string): Promise<CalendarSubscription> {
      if (!UUID.test(tripId)) throw tripNotFound();
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const createdAt = new Date().toISOString();
      const id = randomUUID();
      await repository.transaction(async (queries) => {
        if (!(await queries.lockTrip(tripId, visitorId))) throw tripNotFound();
        await queries.revokeOpen(tripId, visitorId, createdAt);
        await queries.insert({
          id,
          plannerId: tripId,
          visitorId,
          tokenHash: hashToken(token),
          createdAt,
          revokedAt: null,
        });
      });
      const url = `${deps.appUrl}${calendarFeedPath(token)}`;
      return { id, url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt };
    },

    /** Closes the trip's private address (nothing to close is fine); an unknown trip is a 404. */
    async unsubscribe(visitorId: string, tripId: string): Promise<void> {
      if (!UUID.test(tripId)) throw tripNotFound();
      await repository.transaction(async (queries) => {
        if (!(await queries.lockTrip(tripId, visitorId))) throw tripNotFound();
        await queries.revokeOpen(tripId, visitorId, new Date().toISOString());
      });
    },

    /** The trip of an open private address, as it is now; unknown or revoked is a 404. */
    async feed(token: string): Promise<CalendarFile> {
      const notFound = () => new NotFound('This calendar address does not exist or was revoked');
      if (!TOKEN_PATTERN.test(token)) throw notFound();
      const open = await repository.findOpenByTokenHash(hashToken(token));
      const trip = open && (await deps.plannerRepository.findTrip(open.plannerId, open.visitorId));
      if (!trip) throw notFound();
      return calendarOf(trip, `${deps.appUrl}${calendarFeedPath(token)}`);
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
