import { randomUUID } from 'node:crypto';
import type { CalendarSubscription } from '../../../contracts/planner.js';
import { createBuildCache } from '../../build-cache.js';
import { EncodedBody } from '../../encoded-body.js';
import { NotFound } from '../../errors.js';
import { hashToken, newToken, TOKEN_PATTERN } from '../../lib/tokens.js';
import { isUuid } from '../../lib/uuid.js';
import { createWorkerPool } from '../../workers/pool.js';
import { calendarFileDisposition } from './calendar.js';
import type { CalendarTask } from './calendar-worker.js';
import type { CalendarRepository } from './calendar-repository.js';
import type { PlannerRepository } from './repository.js';

/**
 * Calendars kept per process by trip version: a subscribed calendar application asks for the same
 * file again and again, and a trip at its item cap with long descriptions is megabytes to write
 * (in a worker thread, so the event loop is free meanwhile).
 */
const CALENDARS_KEPT = 32;
const CALENDAR_CACHE_BYTES = 32 * 1024 * 1024;
/** Calendars being written or waiting for a thread, per process, beyond which the next is refused. */
export const CALENDARS_QUEUED_MAX = 8;
export const CALENDARS_BUSY_MESSAGE =
  'Many calendars are being made right now; try again in a few seconds';

/** The path of a trip's private calendar address. */
export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;

export interface CalendarFile {
  body: EncodedBody;
  disposition: string;
}

export interface CalendarServiceDeps {
  plannerRepository: PlannerRepository;
  repository: CalendarRepository;
  appUrl: string;
}

/** A trip as an iCalendar file, downloaded by its visitor or followed through a private address. */
export function createCalendarService(deps: CalendarServiceDeps) {
  const { repository } = deps;
  const tripNotFound = () => new NotFound('Trip not found');

  const calendars = createBuildCache<CalendarFile>({
    max: CALENDARS_KEPT,
    maxBytes: CALENDAR_CACHE_BYTES,
    sizeOf: (file) => file.body.byteLength,
  });
  const writer = createWorkerPool<CalendarTask, Uint8Array>({
    module: new URL('./calendar-worker.js', import.meta.url),
    name: 'calendar',
    maxQueue: CALENDARS_QUEUED_MAX,
    busyMessage: CALENDARS_BUSY_MESSAGE,
    timeoutMs: 30_000,
    heapMb: 256,
  });

  /**
   * The trip's file, written again only when the trip or its items changed: every change raises
   * the trip's items version, which is read before the trip and its items, so a file is never
   * older than the version it is kept under. The events' DTSTAMP is when that file was written,
   * as RFC 5545 means it.
   */
  async function calendarOf(tripId: string, visitorId: string, url?: string) {
    const version = isUuid(tripId)
      ? await deps.plannerRepository.findItemsVersion(tripId, visitorId)
      : undefined;
    if (!version) throw tripNotFound();
    const key = [tripId, version.createdAt, version.itemsVersion, url ?? ''].join(' ');
    return calendars.get(key, async () => {
      const trip = await deps.plannerRepository.findTrip(tripId, visitorId);
      if (!trip) throw tripNotFound();
      const items = await deps.plannerRepository.listItems(trip.id, {});
      const bytes = await writer.run({ trip, items, options: { now: new Date(), url } });
      return {
        body: new EncodedBody(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
        disposition: calendarFileDisposition(trip.title),
      };
    });
  }

  return {
    /** The visitor's own trip; another visitor's or an unknown trip is a 404 (null: no session). */
    async download(visitorId: string | null, tripId: string): Promise<CalendarFile> {
      if (visitorId === null) throw tripNotFound();
      return calendarOf(tripId, visitorId);
    },

    /** A new private address for the trip; the trip's previous one stops working. */
    async subscribe(visitorId: string, tripId: string): Promise<CalendarSubscription> {
      if (!isUuid(tripId)) throw tripNotFound();
      const token = newToken();
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
      if (!isUuid(tripId)) throw tripNotFound();
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
      if (!open) throw notFound();
      return calendarOf(
        open.plannerId,
        open.visitorId,
        `${deps.appUrl}${calendarFeedPath(token)}`,
      ).catch((error: unknown) => {
        throw error instanceof NotFound ? notFound() : error;
      });
    },

    close: () => writer.close(),
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
