import type { Destination } from '../../../contracts/destinations.js';
import {
  COUNTRY_LANDMASS,
  DEPARTURE_CITIES,
  DESTINATION_PLACES,
  ROAD_LINKS,
  type DepartureCity,
  type Landmass,
  type Place,
} from '../../catalogue/geography.js';
import { departureCountry, normalize } from './rank.js';

// Distances for the Road Trip and Flights Only shortcuts (spec §2). Pure: the data comes from
// server/catalogue/geography.ts, or from a test.

/**
 * A day's drive: about 800 km of road, some 9 hours at an average of 90 km/h, a long but usual
 * day at the wheel. A road trip goes to places within it; farther is a flight (or several days).
 */
export const DAY_DRIVE_KM = 800;

/**
 * Roads are not straight: across road networks the road distance is on average about 1.2 to 1.4
 * times the great-circle one, so the straight line times 1.3 is the estimate (Calgary to Banff:
 * 106 km straight, 138 km estimated, 128 km by the Trans-Canada Highway).
 */
export const ROAD_DETOUR_FACTOR = 1.3;

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in kilometres (the haversine formula). */
export function haversineKm(
  a: Pick<Place, 'latitude' | 'longitude'>,
  b: Pick<Place, 'latitude' | 'longitude'>,
): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a car can drive from one landmass to the other (the same, or a fixed link). */
export function byRoad(from: Landmass, to: Landmass): boolean {
  return (
    from === to || ROAD_LINKS.some(([a, b]) => (a === from && b === to) || (a === to && b === from))
  );
}

/** The estimated road distance in kilometres, or null when no road joins the two. */
export function drivingKm(from: Place, to: Place): number | null {
  return byRoad(from.landmass, to.landmass) ? haversineKm(from, to) * ROAD_DETOUR_FACTOR : null;
}

/** Where the data knows a catalogue destination to be (undefined for a place it does not know). */
export const placeOf = (d: Destination): Place | undefined => DESTINATION_PLACES[d.id];

/** Where a departure is, as far as the From text says it. */
export type Departure =
  /** A city (or a catalogue place's town): distances can be measured from it. */
  | { kind: 'city'; name: string; countryCode: string; place: Place }
  /** Only a country: the land it is on, not where in it. */
  | {
      kind: 'country';
      code: string;
      name: string;
      landmass: Landmass | undefined;
      /** The text names a town too, one we cannot place ("Paris, Texas"). */
      unknownTown?: boolean;
    };

/** No city name is longer than this many words ("Salt Lake City", "Rio de Janeiro"). */
const MAX_CITY_WORDS = 4;

/** Each city name folded, the longer names first so "Portland, Maine" wins over "Portland". */
const CITY_BY_NAME = new Map<string, DepartureCity>(
  DEPARTURE_CITIES.flatMap((c) => c.names.map((n) => [normalize(n), c] as const)),
);

function cityPlace(c: DepartureCity): Place {
  const landmass = c.landmass ?? COUNTRY_LANDMASS[c.countryCode];
  if (!landmass) throw new Error(`No landmass for ${c.names[0]}`);
  return { latitude: c.latitude, longitude: c.longitude, landmass };
}

/** "Banff" for "Banff, Alberta"; "Miami" for "Miami, Florida (home port)". */
const townName = (d: Destination) =>
  (d.location.replace(/\(.*?\)/g, '').split(',')[0] ?? '').trim();

/** A catalogue place by its name or its town ("Banff", "Grindavik", "New Orleans"). */
function catalogueTown(text: string, list: readonly Destination[]): Destination | undefined {
  return list.find((d) => {
    const town = normalize(townName(d));
    return placeOf(d) && (normalize(d.name) === text || (town.length > 2 && town === text));
  });
}

/**
 * The departure the From text names: the longest run of its first words that is a known city or
 * a catalogue place's town ("Calgary, Alberta" is Calgary), unless the words after it name
 * another country ("Paris, Texas" is not Paris); else the country it names; else undefined.
 */
export function resolveDeparture(
  from: string | undefined,
  list: readonly Destination[],
): Departure | undefined {
  const words = normalize(from ?? '')
    .split(' ')
    .filter(Boolean);
  if (words.length === 0) return undefined;
  let conflict: Departure | undefined;
  for (let n = Math.min(words.length, MAX_CITY_WORDS); n > 0; n--) {
    const known = CITY_BY_NAME.get(words.slice(0, n).join(' '));
    const town = known ? undefined : catalogueTown(words.slice(0, n).join(' '), list);
    const countryCode = known?.countryCode ?? town?.countryCode;
    if (!countryCode) continue;
    const rest = words.slice(n).join(' ');
    const restCountry = rest ? departureCountry(rest, list) : undefined;
    if (restCountry && restCountry.code !== countryCode) {
      // "Paris, Texas": a town of the country named after it, which we cannot place.
      conflict ??= { ...countryDeparture(restCountry), unknownTown: true };
      continue;
    }
    return known
      ? { kind: 'city', name: known.names[0]!, countryCode, place: cityPlace(known) }
      : { kind: 'city', name: townName(town!), countryCode, place: placeOf(town!)! };
  }
  if (conflict) return conflict;
  const country = departureCountry(from ?? '', list);
  return country ? countryDeparture(country) : undefined;
}

const countryDeparture = (country: {
  code: string;
  name: string;
}): Extract<Departure, { kind: 'country' }> => ({
  kind: 'country',
  ...country,
  landmass: COUNTRY_LANDMASS[country.code],
});
