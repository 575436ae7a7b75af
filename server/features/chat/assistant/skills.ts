import type { AccessibilityNeed } from '../../../../contracts/accessibility.js';
import type { Advisory } from '../../../../contracts/advisories.js';
import { cartPriceOf } from '../../../../contracts/cart.js';
import type { Destination } from '../../../../contracts/destinations.js';
import type { EmergencyContact } from '../../../../contracts/emergency.js';
import { formatCents, toCents } from '../../../../contracts/money.js';
import {
  ITEM_TYPE_LABELS,
  QUICK_ADD,
  type ItemType,
  type PlannerItem,
  type ScheduledTime,
  type Trip,
} from '../../../../contracts/planner.js';
import { COUNTRY_ALIASES, normalize, rankDestinations } from '../../search/rank.js';
import type { TripItemProposal, TripPlanProposal } from '../../../../contracts/chat.js';
import { draftPlan, type PlanOutcome, type PlanRequest } from './plan.js';
import type { AssistantKnowledge } from './types.js';

// The assistant's skills: grounded lookups over the site's data, one visitor at a time. The
// built-in assistant phrases their results itself; a model calls them as tools. Either way every
// fact in an answer comes from here.

export interface DestinationQuery {
  needs?: readonly AccessibilityNeed[];
  /** Country codes to keep; empty or absent means anywhere. */
  countryCodes?: readonly string[];
  /** Destinations to keep (by id); takes precedence over countries. */
  destinationIds?: readonly string[];
  /** Free words matched against name, place and category ("museum"). */
  words?: string;
  maxPrice?: number;
  currency?: string;
  veteranFriendly?: boolean;
}

export interface TripWithItems {
  trip: Trip;
  items: PlannerItem[];
  /** Sum of the items' prices, in cents. */
  totalCents: number;
  bookedCents: number;
}

/** One item to propose (a plan is drafted in plan.ts). */
export type ProposalDraft = Omit<TripItemProposal, 'status' | 'itemId'>;

export type ProposalOutcome =
  | { kind: 'proposal'; proposal: ProposalDraft; priceIsDefault: boolean; outsideTrip: boolean }
  /** No trip yet: the item as the first of a new trip, which applying the card creates. */
  | {
      kind: 'new-trip';
      proposal: Omit<TripPlanProposal, 'status'>;
      priceIsDefault: boolean;
      priceNote?: string;
    }
  | { kind: 'no-trip' }
  | { kind: 'which-trip'; trips: Trip[] }
  | { kind: 'no-date' };

export interface ProposalRequest {
  itemType: ItemType;
  /** YYYY-MM-DD */
  date?: string;
  scheduledTime?: ScheduledTime;
  /** Where, as the traveller named it: picks the trip and names the item. */
  place?: string;
  itemName?: string;
  price?: string;
  /** The trip the visitor has open: preferred when set. */
  plannerId?: string;
  /** Other names of the place, any of which a trip may mention (its town, region, country). */
  placeNames?: string[];
  /** Said on the card before applying: a price entered in another currency. */
  priceNote?: string;
}

/** "Hotel in Banff", "Flight to Banff". */
const ITEM_NAME_PREFIX: Record<ItemType, string> = {
  flight: 'Flight to',
  hotel: 'Hotel in',
  car: 'Car rental in',
  activity: 'Activity in',
};

const sumCents = (items: readonly PlannerItem[]) =>
  items.reduce((sum, item) => sum + toCents(item.price), 0);

/** Does a trip's title or destination name the place (all its words)? */
export function tripMentions(trip: Trip, place: string): boolean {
  const words = normalize(place)
    .split(' ')
    .filter((w) => w.length > 2);
  const text = normalize(`${trip.title} ${trip.destination}`);
  // Every word of the place: "New York" is not "Paris New Year".
  return words.length > 0 && words.every((w) => new RegExp(`\\b${w}\\b`).test(text));
}

const within = (trip: Trip, date: string) =>
  (trip.startDate === null || trip.startDate <= date) &&
  (trip.endDate === null || date <= trip.endDate);

/**
 * "add a hotel in new orleans on march 3 for 189" before any trip: a new trip for it, made only
 * when the visitor applies the card. Without a place there is nothing to call it.
 */
function newTripCard(request: ProposalRequest): ProposalOutcome {
  const { date, place } = request;
  const where = place ?? request.placeNames?.[0];
  if (!where) return { kind: 'no-trip' };
  if (!date) return { kind: 'no-date' };
  const defaults = QUICK_ADD[request.itemType];
  return {
    kind: 'new-trip',
    priceIsDefault: request.price === undefined,
    ...(request.priceNote ? { priceNote: request.priceNote } : {}),
    proposal: {
      kind: 'plan',
      tripTitle: `Trip to ${where}`,
      destination: where,
      startDate: date,
      endDate: date,
      items: [
        {
          itemType: request.itemType,
          itemName: request.itemName ?? `${ITEM_NAME_PREFIX[request.itemType]} ${where}`,
          // The Quick Add hint is the owner's prompt, not content: a shared trip would show it.
          itemDescription: request.priceNote ?? '',
          scheduledDate: date,
          scheduledTime: request.scheduledTime ?? '',
          price: request.price ?? defaults.price,
        },
      ],
      gaps: [],
    },
  };
}

/** The trip an item goes into: the open one, the one the place names, the one its day is in. */
function tripFor(request: ProposalRequest, trips: Trip[], date: string): Trip | undefined {
  const { place } = request;
  const open = trips.find((t) => t.id === request.plannerId);
  const names = [...(place ? [place] : []), ...(request.placeNames ?? [])];
  const mentioned = (trip: Trip) => names.some((name) => tripMentions(trip, name));
  let candidates = open ? [open] : place ? trips.filter(mentioned) : [];
  if (candidates.length === 0) candidates = trips.filter((t) => within(t, date));
  if (candidates.length === 0 && trips.length === 1) candidates = trips;
  if (candidates.length > 1) {
    const dated = candidates.filter((t) => within(t, date));
    if (dated.length > 0) candidates = dated;
  }
  return candidates.length === 1 ? candidates[0] : undefined;
}

/** What the card warns of: the day's other items of that kind, another place, a day outside. */
function itemWarnings(
  request: ProposalRequest,
  trip: Trip,
  date: string,
  sameDay: readonly PlannerItem[],
): string[] {
  const { place } = request;
  const names = [...(place ? [place] : []), ...(request.placeNames ?? [])];
  const mentioned = (t: Trip) => names.some((name) => tripMentions(t, name));
  const warnings: string[] = [];
  if (sameDay.length > 0) {
    warnings.push(
      `That day already has ${sameDay.length === 1 ? `${request.itemType === 'activity' ? 'an' : 'a'} ${ITEM_TYPE_LABELS[request.itemType].toLowerCase()}` : `${sameDay.length} ${ITEM_TYPE_LABELS[request.itemType].toLowerCase()} items`}: ${sameDay.map((i) => i.itemName).join(', ')}.`,
    );
  }
  if (place && !mentioned(trip)) {
    warnings.push(
      `${place} is not this trip's destination (${trip.destination || 'none given'}): check it is the trip you mean.`,
    );
  }
  if (!within(trip, date)) warnings.push("That day is outside the trip's dates.");
  if (request.priceNote) warnings.push(request.priceNote);
  return warnings;
}

export function createSkills(knowledge: AssistantKnowledge, visitorId: string) {
  const findAdvisory = (country: string): Advisory | undefined => {
    const wanted = normalize(country);
    return knowledge
      .advisories()
      .find(
        (a) =>
          normalize(a.country) === wanted ||
          a.countryCode.toLowerCase() === wanted ||
          (COUNTRY_ALIASES[a.countryCode] ?? []).includes(wanted),
      );
  };

  return {
    findAdvisory,

    async searchDestinations(query: DestinationQuery): Promise<Destination[]> {
      let pool = await knowledge.destinations();
      if (query.destinationIds && query.destinationIds.length > 0) {
        pool = pool.filter((d) => query.destinationIds!.includes(d.id));
      } else if (query.countryCodes && query.countryCodes.length > 0) {
        pool = pool.filter((d) => query.countryCodes!.includes(d.countryCode));
      }
      if (query.veteranFriendly) pool = pool.filter((d) => d.isVeteranFriendly);
      const { maxPrice } = query;
      if (maxPrice !== undefined) {
        const currency = query.currency ?? 'USD';
        pool = pool.filter(
          // Free is within any budget; other prices are compared in the budget's currency only.
          (d) =>
            (cartPriceOf(d.price) === 0 || d.currency === currency) &&
            cartPriceOf(d.price) <= maxPrice,
        );
      }
      return rankDestinations(pool, { needs: [...(query.needs ?? [])], to: query.words ?? '' });
    },

    /** The Veterans Crisis Line, STEP and Overseas Citizens Services, as GET /api/help-lines has them. */
    helpLines: () => knowledge.helpLines,

    /**
     * One destination of the catalogue by its id or its name as a traveller writes it ("banff",
     * "the louvre", "Disney World"): the best text match, or undefined when nothing matches.
     */
    async findDestination(nameOrId: string): Promise<Destination | undefined> {
      const all = await knowledge.destinations();
      const byId = all.find((d) => d.id === nameOrId);
      if (byId) return byId;
      return rankDestinations(all, { to: nameOrId })[0];
    },

    /** The emergency numbers of a country, by name, alias or ISO code. */
    emergencyNumbers(country: string): EmergencyContact | undefined {
      const { emergency } = knowledge;
      const code = findAdvisory(country)?.countryCode;
      return emergency.byCountry(country) ?? (code ? emergency.byCountry(code) : undefined);
    },

    /** Countries of the emergency data a message names ("... in South Sudan"). */
    emergencyContactsNamedIn: (message: string) => knowledge.emergency.namedIn(message),

    emergencyCountryCount: () => knowledge.emergency.list().length,

    /** The visitor's trips with their items, optionally only those within a date range. */
    async tripItems(
      range: { from?: string; to?: string } = {},
      itemType?: ItemType,
    ): Promise<TripWithItems[]> {
      const trips = await knowledge.trips.listTrips(visitorId);
      // A trip deleted between the two reads is left out rather than failing the answer.
      const settled = await Promise.allSettled(
        trips.map(async (trip) => {
          const all = await knowledge.trips.listItems(visitorId, trip.id, range);
          const items = itemType ? all.filter((item) => item.itemType === itemType) : all;
          return {
            trip,
            items,
            totalCents: sumCents(items),
            bookedCents: sumCents(items.filter((i) => i.isBooked)),
          };
        }),
      );
      return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    },

    /**
     * Works out an item to add to one of the visitor's trips, without adding it: the visitor
     * applies or discards the proposal. The trip is the open one, else the one the place or the
     * day points to, else the only one; the proposal warns when the day already has that kind of
     * item, the place is not the trip's, or the day is outside the trip's dates.
     */
    async proposeItem(request: ProposalRequest): Promise<ProposalOutcome> {
      const trips = await knowledge.trips.listTrips(visitorId);
      const { date, place } = request;
      if (trips.length === 0) return newTripCard(request);
      if (!date) return { kind: 'no-date' };
      const trip = tripFor(request, trips, date);
      if (!trip) return { kind: 'which-trip', trips };
      const defaults = QUICK_ADD[request.itemType];
      const where = place ?? trip.destination;
      const sameDay = (
        await knowledge.trips.listItems(visitorId, trip.id, { from: date, to: date })
      ).filter((item) => item.itemType === request.itemType);
      const warnings = itemWarnings(request, trip, date, sameDay);
      return {
        kind: 'proposal',
        priceIsDefault: request.price === undefined,
        outsideTrip: !within(trip, date),
        proposal: {
          kind: 'item',
          plannerId: trip.id,
          tripTitle: trip.title,
          itemType: request.itemType,
          itemName:
            request.itemName ??
            (where ? `${ITEM_NAME_PREFIX[request.itemType]} ${where}` : defaults.itemName),
          itemDescription: '',
          scheduledDate: date,
          scheduledTime: request.scheduledTime ?? '',
          price: request.price ?? defaults.price,
          ...(warnings.length > 0 ? { warnings } : {}),
        },
      };
    },

    /** A draft of several days at a place, for the visitor to apply or discard (plan.ts). */
    proposePlan: (request: PlanRequest): Promise<PlanOutcome> =>
      draftPlan(request, {
        destinations: () => knowledge.destinations(),
        trips: () => knowledge.trips.listTrips(visitorId),
        items: (plannerId, range) => knowledge.trips.listItems(visitorId, plannerId, range),
        emergency: knowledge.emergency,
        advisories: knowledge.advisories(),
      }),
  };
}
export type Skills = ReturnType<typeof createSkills>;

export const dollars = (cents: number) => `$${formatCents(cents)}`;
