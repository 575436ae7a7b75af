import type { EmergencyContact, SafetyKitPaper } from '../../../contracts/emergency.js';
import { BadRequest } from '../../errors.js';
import type { AdvisoryService } from '../advisories/service.js';
import { createWorkerPool } from '../../workers/pool.js';
import type { SafetyKitOptions } from './safety-kit.js';
import type { EmergencyService } from './service.js';
import type { PlaceName } from '../../../contracts/countries.js';
import { createTripCountryMatcher } from '../../../contracts/countries.js';

/** The kit of a visitor with no trip country: the specification's fallback list. */
export const FALLBACK_COUNTRY_CODES = ['US', 'CA', 'MX'] as const;

export interface SafetyKitDeps {
  emergency: EmergencyService;
  advisories: AdvisoryService;
  /** The destinations of the visitor's trips. */
  tripDestinations: (visitorId: string) => Promise<string[]>;
  /** Places that name no country by themselves (the destination catalogue's towns and sights). */
  places: readonly PlaceName[];
  now?: () => Date;
}

export interface SafetyKitRequest {
  /** Upper-case ISO codes the visitor chose; absent means the countries of their trips. */
  countries?: readonly string[];
  paper: SafetyKitPaper;
  /** Absent for a visitor who has no session yet, and so no trips. */
  visitorId?: string;
}

/**
 * Kits being written or waiting for a thread, per process, beyond which the next request is told to
 * come back in a few seconds: a person waits for one kit, a flood is refused at once.
 */
export const KITS_QUEUED_MAX = 8;
export const KITS_BUSY_MESSAGE =
  'Many safety kits are being made right now; try again in a few seconds';

export function createSafetyKitService(deps: SafetyKitDeps) {
  // A fifty-country kit is a large part of a second of CPU: written off the event loop.
  const writer = createWorkerPool<SafetyKitOptions, Uint8Array>({
    module: new URL('./safety-kit-worker.js', import.meta.url),
    name: 'safety-kit',
    maxQueue: KITS_QUEUED_MAX,
    busyMessage: KITS_BUSY_MESSAGE,
    timeoutMs: 30_000,
    heapMb: 128,
  });
  const contacts = deps.emergency.list();
  const byCode = new Map(contacts.map((contact) => [contact.countryCode, contact]));
  const matchTrips = createTripCountryMatcher(deps.emergency.countryNames(), deps.places);
  const pick = (codes: readonly string[]) => codes.map((code) => byCode.get(code)!);

  async function choose(request: SafetyKitRequest): Promise<{
    contacts: EmergencyContact[];
    basis: SafetyKitOptions['basis'];
  }> {
    if (request.countries) {
      const unknown = request.countries.filter((code) => !byCode.has(code));
      if (unknown.length > 0) {
        const message =
          unknown.length === 1
            ? `Unknown country code: ${unknown[0]}`
            : `Unknown country codes: ${unknown.join(', ')}`;
        throw new BadRequest(message, [{ path: 'countries', message }]);
      }
      return { contacts: pick(request.countries), basis: 'chosen' };
    }
    const destinations = request.visitorId ? await deps.tripDestinations(request.visitorId) : [];
    const codes = matchTrips(destinations).filter((code) => byCode.has(code));
    return codes.length > 0
      ? { contacts: pick(codes), basis: 'trips' }
      : { contacts: pick(FALLBACK_COUNTRY_CODES), basis: 'fallback' };
  }

  return {
    /** The kit as PDF bytes, and whether it was made from the visitor's own trips. */
    async create(request: SafetyKitRequest): Promise<{ pdf: Buffer; fromTrips: boolean }> {
      const { contacts: chosen, basis } = await choose(request);
      const bytes = await writer.run({
        countries: chosen.map((contact) => ({
          contact,
          advisory: deps.advisories.forCountry(contact.countryCode),
        })),
        basis,
        paper: request.paper,
        generatedAt: deps.now?.() ?? new Date(),
      });
      const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return { pdf, fromTrips: basis !== 'chosen' };
    },
    close: () => writer.close(),
  };
}
export type SafetyKitService = ReturnType<typeof createSafetyKitService>;
