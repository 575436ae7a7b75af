import { randomUUID } from 'node:crypto';
import {
  type CreateTripShare,
  type SharedTrip,
  type Trip,
  type TripShare,
} from '../../../contracts/planner.js';
import { formatUtcDay } from '../../../contracts/dates.values.js';
import { sharedTripPath } from '../../../contracts/routes.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { createBuildCache } from '../../build-cache.js';
import { fromFlag, toFlag } from '../../db/database.js';
import { EncodedBody } from '../../encoded-body.js';
import { Gone, NotFound } from '../../errors.js';
import {
  contactPageUrl,
  escapeHtml,
  linkFallback,
  mailButton,
  mailHtml,
  noReplyFooter,
  sharedBy,
} from '../../lib/mail-layout.js';
import { hashToken, newToken, TOKEN_PATTERN } from '../../lib/tokens.js';
import type { PlannerRepository } from './repository.js';
import type { PlannerService } from './service.js';
import type { TripShareRepository, TripShareRow } from './share-repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const longDate = (iso: string) => formatUtcDay(new Date(iso));

/**
 * The e-mail that hands an itinerary link to someone: plain text and HTML. The sharer's name, when
 * given, says who sent it; without one the words stay neutral.
 */
export function tripShareMail(input: {
  link: string;
  trip: Pick<Trip, 'title' | 'destination' | 'startDate' | 'endDate'>;
  expiresAt: string | null;
  message?: string;
  senderName?: string;
  contactUrl: string;
}): { subject: string; text: string; html: string } {
  const { trip } = input;
  const dates =
    trip.startDate && trip.endDate
      ? `${longDate(trip.startDate)} to ${longDate(trip.endDate)}`
      : trip.startDate
        ? `from ${longDate(trip.startDate)}`
        : null;
  const summary = `${trip.title} (${trip.destination}${dates ? `, ${dates}` : ''})`;
  const validity = input.expiresAt
    ? `The link works until ${longDate(input.expiresAt)}.`
    : 'The link works until the trip owner turns it off.';
  const sender = sharedBy(input.senderName);
  const footer = noReplyFooter(input.contactUrl);
  const opening = `${sender.who} shared a trip with you on Accessible Journeys:`;
  const text = [
    opening,
    summary,
    ...(input.message ? ['', input.message] : []),
    '',
    'See it here (no account needed):',
    input.link,
    '',
    validity,
    '',
    ...sender.note.flatMap((line) => [line, '']),
    ...footer.text,
  ].join('\n');
  const html = mailHtml([
    `<p>${escapeHtml(opening)}<br><strong>${escapeHtml(summary)}</strong></p>`,
    input.message ? `<p>${escapeHtml(input.message)}</p>` : '',
    `<p>${mailButton(input.link, 'See the itinerary')}</p>`,
    `<p>${escapeHtml(validity)} ${linkFallback(input.link)}</p>`,
    ...sender.note.map((line) => `<p>${escapeHtml(line)}</p>`),
    footer.html,
  ]);
  return {
    subject: input.senderName
      ? `${input.senderName} shared a trip with you: ${trip.title}`
      : `A trip itinerary shared with you: ${trip.title}`,
    text,
    html,
  };
}

export interface TripShareServiceDeps {
  planner: PlannerService;
  plannerRepository: PlannerRepository;
  repository: TripShareRepository;
  mailer: Mailer;
  appUrl: string;
}

export const ITINERARIES_KEPT = 32;
const ITINERARY_CACHE_BYTES = 32 * 1024 * 1024;

/** Read-only itinerary links to a trip: unguessable, revocable, optionally expiring, e-mailable. */
export function createTripShareService(deps: TripShareServiceDeps) {
  const { repository } = deps;
  // Itineraries kept serialised per link and trip version: a trip at its item cap is megabytes of
  // JSON, and a public link (or the server rendering its page) asks for the same one again and again.
  const itineraries = createBuildCache<EncodedBody>({
    max: ITINERARIES_KEPT,
    maxBytes: ITINERARY_CACHE_BYTES,
    sizeOf: (body) => body.byteLength,
  });

  function toShare(row: TripShareRow, shareUrl: string): TripShare {
    return {
      id: row.id,
      shareUrl,
      hidePrices: fromFlag(row.hidePrices),
      email: row.email,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      revokedAt: row.revokedAt,
    };
  }

  return {
    /** A new link to the visitor's trip (another visitor's trip is a 404), e-mailed when asked. */
    async create(visitorId: string, tripId: string, input: CreateTripShare): Promise<TripShare> {
      const trip = await deps.planner.getTrip(visitorId, tripId);
      const token = newToken();
      const now = new Date();
      const row: TripShareRow = {
        id: randomUUID(),
        plannerId: trip.id,
        visitorId,
        tokenHash: hashToken(token),
        hidePrices: toFlag(input.hidePrices),
        email: input.email ?? null,
        createdAt: now.toISOString(),
        expiresAt:
          input.expiresInDays === null
            ? null
            : new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
        revokedAt: null,
      };
      const shareUrl = `${deps.appUrl}${sharedTripPath(token)}`;
      await repository.insert(row);
      if (input.email) {
        try {
          await deps.mailer.send({
            to: input.email,
            ...tripShareMail({
              link: shareUrl,
              trip,
              expiresAt: row.expiresAt,
              message: input.message,
              senderName: input.senderName,
              contactUrl: contactPageUrl(deps.appUrl),
            }),
          });
        } catch (error) {
          // Not queued: the link was never handed to anyone, so it does not stay open.
          await repository.revoke(trip.id, visitorId, row.id, new Date().toISOString());
          throw error;
        }
      }
      return toShare(row, shareUrl);
    },

    /** The trip's links. The token is not stored, so a listed link shows no address. */
    async list(visitorId: string | null, tripId: string): Promise<TripShare[]> {
      const trip = await deps.planner.getTrip(visitorId, tripId);
      // getTrip throws without a visitor, so there is one here; the check narrows the type.
      const rows = visitorId ? await repository.list(trip.id, visitorId) : [];
      return rows.map((row) => toShare(row, ''));
    },

    async revoke(visitorId: string, tripId: string, shareId: string): Promise<void> {
      const trip = await deps.planner.getTrip(visitorId, tripId);
      const row = await repository.revoke(trip.id, visitorId, shareId, new Date().toISOString());
      if (!row) throw new NotFound('Itinerary link not found');
    },

    /**
     * The public itinerary of a link as JSON (sharedTripSchema), made once per trip version:
     * unknown or revoked is a 404, expired is a 410. Every change to the trip or its items raises
     * its items version, read before the trip and its items, so a kept answer is never older than
     * the version it is kept under.
     */
    async page(token: string): Promise<EncodedBody> {
      const notFound = () => new NotFound('This itinerary link does not exist or was revoked');
      if (!TOKEN_PATTERN.test(token)) throw notFound();
      const row = await repository.findByTokenHash(hashToken(token));
      if (!row || row.revokedAt) throw notFound();
      if (row.expiresAt && Date.parse(row.expiresAt) <= Date.now()) {
        throw new Gone('This itinerary link has expired');
      }
      const version = await deps.plannerRepository.findItemsVersion(row.plannerId, row.visitorId);
      if (!version) throw notFound();
      const key = [row.id, version.createdAt, version.itemsVersion].join(' ');
      return itineraries.get(key, async () => {
        const trip = await deps.plannerRepository.findTrip(row.plannerId, row.visitorId);
        if (!trip) throw notFound();
        const hidePrices = fromFlag(row.hidePrices);
        const items = await deps.plannerRepository.listItems(trip.id, {});
        // The repository's own rows, mapped to the contract's types: the route sends them without
        // validating them again against the response schema.
        const itinerary: SharedTrip = {
          trip: {
            title: trip.title,
            destination: trip.destination,
            startDate: trip.startDate,
            endDate: trip.endDate,
            status: trip.status,
          },
          items: items.map((item) => ({
            itemType: item.itemType,
            itemName: item.itemName,
            itemDescription: item.itemDescription,
            scheduledDate: item.scheduledDate,
            scheduledTime: item.scheduledTime,
            isBooked: item.isBooked,
            ...(hidePrices ? {} : { price: item.price }),
          })),
          hidePrices,
          expiresAt: row.expiresAt,
        };
        return new EncodedBody(Buffer.from(JSON.stringify(itinerary)));
      });
    },
  };
}
export type TripShareService = ReturnType<typeof createTripShareService>;
