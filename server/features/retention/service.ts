import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { startOfDay } from '../../plugins/session-repository.js';
import type { RetentionRepository } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sessions deleted per statement, and visitors read per query: the sweep loops until done. */
const SWEEP_BATCH = 500;

export interface RetentionRules {
  /** A session whose visitor holds nothing goes after this many days without a visit. */
  emptySessionDays: number;
  /** A session and everything its visitor holds go after this many days without a visit. */
  retentionDays: number;
}

export interface RetentionServiceDeps extends RetentionRules {
  repository: RetentionRepository;
  /** Removes all of a visitor's files and movies with their stored objects (the media services). */
  removeMedia: (visitorId: string) => Promise<number>;
  log: { info(details: object, message: string): void };
}

export interface SweepResult {
  /** Sessions deleted that held nothing. */
  emptySessions: number;
  /** Visitors whose sessions and things were deleted, past the retention. */
  forgottenVisitors: number;
  /** Their photos, videos and movies among those things. */
  removedMedia: number;
}

/**
 * The cut-off of "more than `days` days without a visit": the start of the day `days` days before
 * today's. A visit is recorded to the day (session-repository.ts), so counting whole days never
 * cuts a day short, and a session seen today is never swept today, whatever `days` is.
 */
export function unseenSince(now: Date, days: number): string {
  return new Date(Date.parse(startOfDay(now)) - days * DAY_MS).toISOString();
}

/**
 * How long a visitor's session and things are kept (docs/decisions/011-session-retention.md, the
 * README's "Your data"): a session that holds nothing goes after `emptySessionDays` without a
 * visit; one that holds trips, bookings, chat, photos, movies or links is kept while it is used,
 * and after `retentionDays` without a visit it goes with all of them. An account's things stay
 * while the account exists; its sessions lapse like any (docs/decisions/024).
 */
export function createRetentionService(deps: RetentionServiceDeps) {
  const { repository, log } = deps;

  /**
   * Deletes everything of one visitor no session of whom was seen since `before`. Media first,
   * with the stored objects, through the media services; then the sessions and the other rows in
   * one transaction, which keeps them all should the visitor come back meanwhile (by then their
   * media, already due, is gone). A failure leaves the session in place, so the next sweep
   * carries on where this one stopped.
   */
  async function forget(
    visitorId: string,
    before: string,
  ): Promise<{ forgotten: boolean; removedMedia: number }> {
    // A visitor with another session still in use only loses the sessions they stopped using, and
    // an account's things stay while the account exists, whatever its sessions.
    const keep =
      (await repository.seenSince(visitorId, before)) ||
      (await repository.ownedByAccount(visitorId));
    const removedMedia = keep ? 0 : await deps.removeMedia(visitorId);
    return { forgotten: await repository.forget(visitorId, before), removedMedia };
  }

  return {
    /**
     * Deletes everything of one visitor now, whatever their sessions say (an account being
     * deleted: docs/decisions/024): media with their stored objects first, through the media
     * services, then every session and row of theirs, and whatever `finish` deletes, in one
     * transaction. A failure part-way leaves the rest in place; running it again carries on.
     * Returns how many files and movies went.
     */
    async erase(
      visitorId: string,
      finish: (trx: Transaction<Database>) => Promise<void>,
    ): Promise<number> {
      const removedMedia = await deps.removeMedia(visitorId);
      await repository.erase(visitorId, finish);
      return removedMedia;
    },

    async sweep(now = new Date()): Promise<SweepResult> {
      const result: SweepResult = { emptySessions: 0, forgottenVisitors: 0, removedMedia: 0 };
      const emptyBefore = unseenSince(now, deps.emptySessionDays);
      for (;;) {
        const deleted = await repository.deleteEmptySessions(emptyBefore, SWEEP_BATCH);
        result.emptySessions += deleted;
        if (deleted < SWEEP_BATCH) break;
      }
      const retainedBefore = unseenSince(now, deps.retentionDays);
      for (;;) {
        // Each visitor listed loses every session unseen since the cut-off, so the next batch
        // lists others.
        const visitors = await repository.visitorsUnseenSince(retainedBefore, SWEEP_BATCH);
        for (const visitorId of visitors) {
          const { forgotten, removedMedia } = await forget(visitorId, retainedBefore);
          if (forgotten) result.forgottenVisitors += 1;
          result.removedMedia += removedMedia;
        }
        if (visitors.length < SWEEP_BATCH) break;
      }
      if (result.emptySessions > 0 || result.forgottenVisitors > 0) {
        log.info(
          { ...result, emptySessionDays: deps.emptySessionDays, retentionDays: deps.retentionDays },
          'sessions swept',
        );
      }
      return result;
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
