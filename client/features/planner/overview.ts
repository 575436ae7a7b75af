import { createTripCountryMatcher, placeNames } from '../../../contracts/countries';
import { daysBetween } from '../../../contracts/dates.values';
import { toCents } from '../../../contracts/money.values';
import { ITEM_TYPE_LABELS, ITEM_TYPE_PLURALS, ITEM_TYPES } from '../../../contracts/planner.values';
import type { ItemType, PlannerItem, Trip } from '../../../contracts/planner';
import { onFirstUse } from '../../lib/intl';

// ---- money and counts -------------------------------------------------------------------------

const usd = onFirstUse(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
);

/** "$1,050.00" for whole cents. Planner prices carry no currency; the site prices in US dollars. */
export const formatCentsUsd = (cents: number): string => usd().format(cents / 100);

/** "$350.00" for a wire price ("350.00"). */
export const formatPriceUsd = (price: string): string => formatCentsUsd(toCents(price));

export interface Totals {
  items: number;
  booked: number;
  /** Everything planned, booked or not. */
  plannedCents: number;
  bookedCents: number;
}

type PricedItem = Pick<PlannerItem, 'price' | 'isBooked'>;

export function totalsOf(items: readonly PricedItem[]): Totals {
  const totals: Totals = { items: 0, booked: 0, plannedCents: 0, bookedCents: 0 };
  for (const item of items) {
    const cents = toCents(item.price);
    totals.items += 1;
    totals.plannedCents += cents;
    if (item.isBooked) {
      totals.booked += 1;
      totals.bookedCents += cents;
    }
  }
  return totals;
}

/** The totals of each item type, in ITEM_TYPES order (types without items included, as zeros). */
export function totalsByType(
  items: readonly (PricedItem & Pick<PlannerItem, 'itemType'>)[],
): { itemType: ItemType; totals: Totals }[] {
  return ITEM_TYPES.map((itemType) => ({
    itemType,
    totals: totalsOf(items.filter((item) => item.itemType === itemType)),
  }));
}

/** "flights", "activities": the word for several items of a type, lower case. */
export const pluralOf = (itemType: ItemType): string => ITEM_TYPE_PLURALS[itemType].toLowerCase();

/** "1 flight", "3 activities". */
export function countOf(itemType: ItemType, count: number): string {
  return `${count} ${count === 1 ? ITEM_TYPE_LABELS[itemType].toLowerCase() : pluralOf(itemType)}`;
}

// ---- days -------------------------------------------------------------------------------------

export type TripDays =
  /** Both dates set: the days from start to end, both included. */
  | { kind: 'dates'; days: number }
  /** A date is missing: the distinct days something is planned on. */
  | { kind: 'planned'; days: number };

export function tripDays(
  trip: Pick<Trip, 'startDate' | 'endDate'>,
  items: readonly Pick<PlannerItem, 'scheduledDate'>[],
): TripDays {
  if (trip.startDate && trip.endDate) {
    return { kind: 'dates', days: daysBetween(trip.startDate, trip.endDate) + 1 };
  }
  return { kind: 'planned', days: new Set(items.map((item) => item.scheduledDate)).size };
}

// ---- which country a destination is in --------------------------------------------------------

export interface CountryRef {
  country: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** Other names it goes by ("UK", "Turkey"): the emergency contacts carry them. */
  aliases?: readonly string[];
}

/** A catalogue destination: its name and location point at its country. */
export interface PlaceRef {
  name: string;
  location: string;
  countryCode: string;
}

/**
 * The country a trip's destination text is in, or null when it cannot be told: the rules the safety
 * kit uses too (contracts/countries.ts). A country's name or alias as whole words wins, in any case
 * and with or without accents; otherwise a catalogue destination's name or location ("Banff").
 */
export function matchCountry(
  destination: string,
  countries: readonly CountryRef[],
  places: readonly PlaceRef[] = [],
): Omit<CountryRef, 'aliases'> | null {
  const byCode = new Map<string, { country: string; names: Set<string> }>();
  for (const { country, countryCode, aliases = [] } of countries) {
    const entry = byCode.get(countryCode) ?? { country, names: new Set([country]) };
    for (const alias of aliases) entry.names.add(alias);
    byCode.set(countryCode, entry);
  }
  const match = createTripCountryMatcher(
    [...byCode].map(([countryCode, { names }]) => ({ countryCode, names: [...names] })),
    placeNames(places.filter((place) => byCode.has(place.countryCode))),
  );
  const [code] = match([destination]);
  const found = code ? byCode.get(code) : undefined;
  return code && found ? { country: found.country, countryCode: code } : null;
}
