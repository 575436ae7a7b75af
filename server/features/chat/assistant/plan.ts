import {
  ACCESSIBILITY_FEATURE_LABELS,
  type AccessibilityNeed,
} from '../../../../contracts/accessibility.js';
import type { Advisory } from '../../../../contracts/advisories.js';
import { SERIOUS_ADVISORY_LEVEL } from '../../../../contracts/advisory-levels.js';
import { cartPriceOf } from '../../../../contracts/cart.js';
import type { ProposedItem, TripPlanProposal } from '../../../../contracts/chat.js';
import { PLAN_MAX_ITEMS } from '../../../../contracts/chat.js';
import { addDays } from '../../../../contracts/dates.values.js';
import type { Destination } from '../../../../contracts/destinations.js';
import { QUICK_ADD, type PlannerItem, type Trip } from '../../../../contracts/planner.js';
import { meetsNeed, normalize, rankDestinations } from '../../search/rank.js';
import { placesFor, type NamedPlaces, type Places } from './places.js';
import type { EmergencyBook } from './types.js';

// A plan on request ("plan 4 days in Lisbon for a wheelchair user"): a draft of items over the
// days, from what the site knows about the place, with its gaps said plainly. It is a proposal:
// nothing is written until the visitor applies it (server/features/chat/service.ts).

const PLAN_MAX_DAYS = 14;
const PLAN_DEFAULT_DAYS = 3;

export interface PlanRequest {
  /** Where, as the traveller said it: a destination, town, country or region. */
  place: string;
  days: number;
  /** The first day, YYYY-MM-DD; default the matching trip's start, else tomorrow. */
  startDate?: string;
  needs?: AccessibilityNeed[];
  /** For a veteran: places that let veterans in free are priced free. */
  veteran?: boolean;
  /** A World War II veteran: some places are free for them only. */
  ww2?: boolean;
  /** The trip the visitor has open: the plan goes there when it is about the same place. */
  plannerId?: string;
}

export type PlanDraft = Omit<TripPlanProposal, 'status' | 'appliedPlannerId' | 'itemIds'>;

export type PlanOutcome =
  | { kind: 'plan'; proposal: PlanDraft }
  | { kind: 'unknown-place'; place: string }
  /** The trip already has everything the plan would add. */
  | { kind: 'nothing-new'; tripTitle: string };

export interface PlanSources {
  destinations(): Promise<Destination[]>;
  trips(): Promise<Trip[]>;
  /** A trip's items between two days, to leave out what the trip already has. */
  items(plannerId: string, range: { from: string; to: string }): Promise<PlannerItem[]>;
  emergency: EmergencyBook;
  advisories: readonly Advisory[];
  now?: Date;
}

const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/** What to ask a hotel for, by need. */
const ROOM_ASKS: Record<AccessibilityNeed, string> = {
  'Mobility Support':
    'an accessible room with a roll-in shower and a step-free route from the entrance',
  'Visual Support':
    'a room near the lifts, a walk-through of the room on arrival and large-print or audio information',
  'Hearing Support': 'a room with visual or vibrating alarms and a doorbell light',
  Neurodiversity:
    'a quiet room away from lifts and the street, and the quietest times for breakfast',
};

const money = (n: number) => n.toFixed(2);

export async function draftPlan(request: PlanRequest, sources: PlanSources): Promise<PlanOutcome> {
  const catalogue = await sources.destinations();
  const places = placesFor(catalogue, sources.advisories, sources.emergency.list());
  const named = places.find(normalize(request.place).split(' ').filter(Boolean), request.place);
  const needs = [...new Set(request.needs ?? [])];

  const where = planPlace(request.place, named, catalogue, places);
  if (!where) return { kind: 'unknown-place', place: request.place };
  const { label, destination, scope, countryCodes } = where;
  const days = Math.min(Math.max(Math.round(request.days) || PLAN_DEFAULT_DAYS, 1), PLAN_MAX_DAYS);
  const target = planTarget(request.plannerId, await sources.trips(), {
    label,
    countryCodes,
    places,
  });
  const today = isoOf(sources.now ?? new Date());
  const startDate =
    request.startDate ??
    (target?.startDate && target.startDate >= today ? target.startDate : addDays(today, 1));
  const endDate = addDays(startDate, days - 1);

  // A place free for this veteran stays in the plan even where it documents nothing for a need:
  // the gaps say so (a blind World War II veteran and the WWII Museum).
  const freeForVeteran = (d: Destination) =>
    request.veteran === true &&
    /veterans (are admitted )?free/i.test(`${d.priceBasis} ${d.description}`) &&
    (request.ww2 === true || !/world war ii veterans/i.test(`${d.priceBasis} ${d.description}`));
  const ranked = rankDestinations(scope, { needs });
  const suitable = [...ranked, ...scope.filter((d) => !ranked.includes(d) && freeForVeteran(d))];
  const leftOut = scope.filter((d) => !suitable.includes(d));
  const { items, openDays } = planItems({
    request,
    label,
    days,
    startDate,
    endDate,
    needs,
    suitable,
  });
  const gaps = planGaps(
    { label, needs, scope, suitable, ranked, leftOut, openDays, items, countryCodes },
    sources.advisories,
  );

  // Into a trip that already has a flight, a hotel or a visit on a day: that item is left out.
  const planned = target
    ? await leftOutTaken(target, items, gaps, { sources, catalogue, places, startDate, endDate })
    : items;
  if (planned.length === 0) return { kind: 'nothing-new', tripTitle: target!.title };

  return {
    kind: 'plan',
    proposal: {
      kind: 'plan',
      ...(target ? { plannerId: target.id } : {}),
      tripTitle: target?.title ?? `${days} day${days === 1 ? '' : 's'} in ${label}`,
      destination: target?.destination || destination,
      startDate,
      endDate,
      items: planned.slice(0, PLAN_MAX_ITEMS),
      gaps,
    },
  };
}

/** The place planned: a destination, a town, a country or a region, and the catalogue's places there. */
function planPlace(
  place: string,
  named: NamedPlaces,
  catalogue: Destination[],
  places: Places,
):
  { label: string; destination: string; scope: Destination[]; countryCodes: string[] } | undefined {
  let label: string;
  let destination: string;
  let scope: Destination[];
  let countryCodes: string[];
  const city = named.cities[0];
  if (named.destinations.length > 0) {
    const first = named.destinations[0]!;
    // "Lake Buena Vista, near Orlando, Florida": the town travellers know.
    label = (/\bnear ([^,]+)/.exec(first.location)?.[1] ?? first.location.split(',')[0]!).trim();
    destination = `${label}, ${first.country}`;
    scope = catalogue.filter((d) => named.destinations.includes(d) || d.location.includes(label));
    countryCodes = [first.countryCode];
  } else if (city) {
    const country = places.country(city.code);
    label = city.name;
    destination = country ? `${city.name}, ${country.name}` : city.name;
    const inCity = catalogue.filter((d) => normalize(d.location).includes(normalize(city.name)));
    scope = inCity.length > 0 ? inCity : catalogue.filter((d) => d.countryCode === city.code);
    countryCodes = [city.code];
  } else if (named.countries.length > 0) {
    const country = named.countries[0]!;
    label = country.name;
    destination = country.name;
    scope = catalogue.filter((d) => d.countryCode === country.code);
    countryCodes = [country.code];
  } else if (named.regions.length > 0) {
    const region = named.regions[0]!;
    label = region.name;
    destination = region.name;
    scope = catalogue.filter((d) => region.codes.includes(d.countryCode));
    countryCodes = [...new Set(scope.map((d) => d.countryCode))];
  } else {
    return undefined;
  }
  return { label, destination, scope, countryCodes };
}

/** The visitor's trip the plan goes into: the open one when it is about the same place, or one named so. */
function planTarget(
  plannerId: string | undefined,
  trips: Trip[],
  { label, countryCodes, places }: { label: string; countryCodes: string[]; places: Places },
): Trip | undefined {
  const mentions = (trip: Trip) =>
    normalize(`${trip.title} ${trip.destination}`).includes(normalize(label));
  // The open trip takes the plan when it is in the same country ("Bayeux, Normandy" for the
  // Normandy American Cemetery in Colleville-sur-Mer).
  const sameCountry = (trip: Trip) => {
    const text = `${trip.title} ${trip.destination}`;
    const there = places.find(normalize(text).split(' ').filter(Boolean), text);
    return [
      ...there.countries.map((c) => c.code),
      ...there.cities.map((c) => c.code),
      ...there.destinations.map((d) => d.countryCode),
    ].some((code) => countryCodes.includes(code));
  };
  return (
    trips.find((t) => t.id === plannerId && (mentions(t) || sameCountry(t))) ?? trips.find(mentions)
  );
}

/** The plan's items: a flight there, a hotel each night, a place a day, and a flight home. */
function planItems(plan: {
  request: PlanRequest;
  label: string;
  days: number;
  startDate: string;
  endDate: string;
  needs: AccessibilityNeed[];
  suitable: Destination[];
}): { items: ProposedItem[]; openDays: number[] } {
  const { request, label, days, startDate, endDate, needs, suitable } = plan;
  const items: ProposedItem[] = [];
  const flight = QUICK_ADD.flight;
  const hotel = QUICK_ADD.hotel;
  const nights = Math.max(days - 1, 1);

  items.push({
    itemType: 'flight',
    itemName: `Flight to ${label}`,
    itemDescription: '',
    scheduledDate: startDate,
    scheduledTime: 'morning',
    price: flight.price,
  });
  // One hotel item a night, so each day of the plan shows where the traveller sleeps.
  for (let night = 0; night < nights; night++) {
    items.push({
      itemType: 'hotel',
      itemName: `Hotel in ${label}, night ${night + 1} of ${nights}`,
      itemDescription:
        needs.length > 0 ? `Ask for ${needs.map((n) => ROOM_ASKS[n]).join('; and ')}.` : '',
      scheduledDate: addDays(startDate, night),
      scheduledTime: 'night',
      price: hotel.price,
    });
  }
  const openDays: number[] = [];
  for (let day = 0; day < days; day++) {
    const place = suitable[day];
    if (!place) {
      openDays.push(day + 1);
      continue;
    }
    items.push(visitItem(place, day, { request, startDate, needs }));
  }
  if (days > 1) {
    items.push({
      itemType: 'flight',
      itemName: `Flight home from ${label}`,
      itemDescription: '',
      scheduledDate: endDate,
      scheduledTime: 'evening',
      price: flight.price,
    });
  }
  return { items, openDays };
}

/** One day's visit to a catalogue place, at its own price (free for this traveller where it says so). */
function visitItem(
  place: Destination,
  day: number,
  {
    request,
    startDate,
    needs,
  }: { request: PlanRequest; startDate: string; needs: AccessibilityNeed[] },
): ProposedItem {
  // Free for a disabled visitor (and often a companion) where the place says so and a need is asked.
  const notes = `${place.priceBasis} ${place.description}`;
  const freeForDisabled =
    needs.length > 0 &&
    /free (for|to) (disabled|guests with special needs)|admission is free for guests with special needs/i.test(
      notes,
    );
  const freeForVeteranHere =
    request.veteran === true &&
    /veterans (are admitted )?free/i.test(notes) &&
    (request.ww2 === true || !/world war ii veterans/i.test(notes));
  const freeForThem = freeForDisabled || freeForVeteranHere;
  const own = freeForThem ? 0 : cartPriceOf(place.price);
  const priced = place.currency === 'USD' || own === 0;
  return {
    itemType: 'activity',
    itemName: `Visit ${place.name}`,
    itemDescription: `${place.location}, ${place.country}. Documented: ${
      place.accessibilityFeatures
        .map((f) => ACCESSIBILITY_FEATURE_LABELS[f].toLowerCase())
        .join(', ') || 'no accessibility features'
    }. Its own price: ${freeForThem ? (freeForVeteranHere ? 'free for a veteran, as its notes say: ' : 'free for a disabled visitor, as its notes say: ') : own === 0 ? '' : `${place.currency} ${own} `}${place.priceBasis}.${priced ? '' : ` Entered as ${money(own)}: the planner adds prices up as US dollars, so change it to what you pay in dollars.`}`,
    scheduledDate: addDays(startDate, day),
    scheduledTime: day === 0 ? 'afternoon' : 'morning',
    price: money(own),
  };
}

/** What the plan could not fill in or leaves to the traveller, and serious advisories. */
function planGaps(
  plan: {
    label: string;
    needs: AccessibilityNeed[];
    scope: Destination[];
    suitable: Destination[];
    ranked: Destination[];
    leftOut: Destination[];
    openDays: number[];
    items: ProposedItem[];
    countryCodes: string[];
  },
  advisories: readonly Advisory[],
): string[] {
  const { label, needs, scope, suitable, ranked, leftOut, openDays, items, countryCodes } = plan;
  const gaps: string[] = [];
  const flight = QUICK_ADD.flight;
  const hotel = QUICK_ADD.hotel;
  const needWords = needs.length > 0 ? ` that documents ${needs.join(' and ')}` : '';
  if (scope.length === 0) {
    gaps.push(
      `Our catalogue has no destination in ${label} yet, so the days are open: ask the local tourist office for places${needWords ? ` with the access you need` : ''}.`,
    );
  } else if (openDays.length > 0) {
    gaps.push(
      `${openDays.length === 1 ? `Day ${openDays[0]} is` : `Days ${openDays.join(', ')} are`} open: our catalogue has ${suitable.length === 0 ? 'no' : 'no more'} destination in ${label}${needWords}.`,
    );
  }
  for (const d of leftOut) {
    const missing = needs.filter((n) => !meetsNeed(d, n));
    gaps.push(`${d.name} is left out: it documents nothing for ${missing.join(' or ')}.`);
  }
  for (const d of suitable.filter((place) => !ranked.includes(place))) {
    const missing = needs.filter((n) => !meetsNeed(d, n));
    gaps.push(
      `${d.name} is in for its free entry for veterans, but documents nothing for ${missing.join(' or ')}: ask them before you go.`,
    );
  }
  // A place priced in another currency is entered at its own amount: said here too.
  for (const item of items) {
    const place = suitable.find((d) => item.itemName === `Visit ${d.name}`);
    if (place && place.currency !== 'USD' && Number(item.price) > 0) {
      gaps.push(
        `${place.name} costs ${place.currency} ${cartPriceOf(place.price)} ${place.priceBasis}; it is entered as ${item.price}, since the planner adds prices up as US dollars: change it to what you pay in dollars.`,
      );
    }
  }
  gaps.push(
    `Flights and the hotel carry the planner's usual prices ($${Number(flight.price)} a flight, $${Number(hotel.price)} a night) because no travel is sold here: change them once you have real prices.`,
  );
  for (const code of countryCodes) {
    const advisory = advisories.find((a) => a.countryCode === code);
    if (advisory && advisory.level >= SERIOUS_ADVISORY_LEVEL) {
      gaps.push(
        `Warning: ${advisory.country} is at Level ${advisory.level} of the State Department's advisories.`,
      );
    }
  }
  return gaps;
}

/**
 * The items a trip does not have yet: one on a day it already has a flight, a hotel or that visit
 * on, or a place it visits on any day, is left out, and said so first among the gaps.
 */
async function leftOutTaken(
  target: Trip,
  items: ProposedItem[],
  gaps: string[],
  {
    sources,
    catalogue,
    places,
    startDate,
    endDate,
  }: {
    sources: PlanSources;
    catalogue: Destination[];
    places: Places;
    startDate: string;
    endDate: string;
  },
): Promise<ProposedItem[]> {
  const existing = await sources.items(target.id, { from: startDate, to: endDate });
  // A place the trip already visits on any day ("Air and Space Museum" on day 2) is not added again.
  const visits = (e: PlannerItem, item: ProposedItem) => {
    const place = catalogue.find((d) => item.itemName === `Visit ${d.name}`);
    return (
      place !== undefined &&
      places
        .find(normalize(e.itemName).split(' ').filter(Boolean), e.itemName)
        .destinations.includes(place)
    );
  };
  const taken = (item: ProposedItem) =>
    existing.find(
      (e) =>
        (e.scheduledDate === item.scheduledDate &&
          e.itemType === item.itemType &&
          (item.itemType !== 'activity' || e.itemName === item.itemName)) ||
        (item.itemType === 'activity' && visits(e, item)),
    );
  const dropped = items.filter((item) => taken(item));
  if (dropped.length > 0) {
    gaps.unshift(
      `Already on your trip, so left out: ${dropped.map((item) => `${item.itemName} (you have ${taken(item)!.itemName} on ${item.scheduledDate})`).join('; ')}.`,
    );
  }
  return items.filter((item) => !taken(item));
}
