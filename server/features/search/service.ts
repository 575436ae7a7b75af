import type { AccessibilityNeed } from '../../../contracts/accessibility.js';
import { daysBetween } from '../../../contracts/dates.js';
import type { Destination } from '../../../contracts/destinations.js';
import type {
  QuickSearchQuery,
  QuickSearchResponse,
  QuickSearchType,
  SearchQuery,
  SearchResponse,
} from '../../../contracts/search.js';
import type { DestinationService } from '../destinations/service.js';
import { COUNTRY_LANDMASS, type Landmass, type Place } from '../../catalogue/geography.js';
import { byRoad, DAY_DRIVE_KM, drivingKm, placeOf, resolveDeparture } from './geo.js';
import { normalize, rankDestinations } from './rank.js';

/** Spec §9: the default country. A departure we cannot place is taken to be in it. */
const HOME_COUNTRY = { code: 'US', name: 'United States' };

/**
 * What makes a place a place to stay: its category names a kind of lodging. Only the category:
 * "Walt Disney World Resort" is a theme park, and a cruise's cabins are not a hotel stay.
 */
const STAY_CATEGORY =
  /\b(hotel|motel|hostel|lodge|inn|resort|guest ?house|bed and breakfast|b b|chalet|cabin|cottage|villa|apartment|ryokan)s?\b/;
const CAMPING_WORDS = /\b(national park|campground|camping|wilderness)\b/;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Where a shortcut's trip starts, as far as the From text says. */
interface Trip {
  /** The departure's country: named, the city's, or the default one. */
  home: { code: string; name: string };
  /** The land the departure is on, when known. */
  landmass: Landmass | undefined;
  /** The departure city, when the From text names one: distances are measured from it. */
  city?: { name: string; place: Place };
  /** The From text, when it names no place we know. */
  unplaced?: string;
}

function tripOf(from: string | undefined, list: readonly Destination[]): Trip {
  const departure = resolveDeparture(from, list);
  if (departure?.kind === 'city') {
    const { countryCode, name, place } = departure;
    return {
      home: { code: countryCode, name: regionNames.of(countryCode) ?? countryCode },
      landmass: place.landmass,
      city: { name, place },
    };
  }
  if (departure) {
    const { code, name, landmass, unknownTown } = departure;
    return { home: { code, name }, landmass, ...(unknownTown && from ? { unplaced: from } : {}) };
  }
  return {
    home: HOME_COUNTRY,
    landmass: COUNTRY_LANDMASS[HOME_COUNTRY.code],
    ...(from ? { unplaced: from } : {}),
  };
}

const countryName = ({ name }: { name: string }) =>
  name.startsWith('United ') ? `the ${name}` : name;

/** "London, the United Kingdom" or "the United States". */
const departureName = (trip: Trip) =>
  trip.city ? `${trip.city.name}, ${countryName(trip.home)}` : countryName(trip.home);

interface QuickRule {
  /** What the shortcut finds, in words. */
  describe(trip: Trip): string;
  /** What to do for a better answer, if anything. */
  advice?(trip: Trip): string | undefined;
  /** null excludes the destination; a number is added to its rank. */
  boost(d: Destination, trip: Trip): number | null;
}

/** The places a road trip reaches: within a day's drive of the city, nearest first. */
function roadTripBoost(d: Destination, trip: Trip): number | null {
  const place = placeOf(d);
  if (d.category === 'Cruise' || !place) return null;
  if (trip.city) {
    const km = drivingKm(trip.city.place, place);
    // Nearer first: up to 10 points, as much as a word found in a name.
    return km === null || km > DAY_DRIVE_KM ? null : 10 * (1 - km / DAY_DRIVE_KM);
  }
  // Only a country: its places on the land its people drive on.
  if (d.countryCode !== trip.home.code) return null;
  return !trip.landmass || byRoad(trip.landmass, place.landmass) ? 0 : null;
}

/**
 * The No Frills Shortcuts (spec §2). The catalogue holds places, not fares, so each shortcut
 * narrows the places to the ones that kind of trip suits, and says so in the summary.
 */
const QUICK_RULES: Record<QuickSearchType, QuickRule> = {
  flights: {
    describe: (trip) => `places you would fly to from ${departureName(trip)}`,
    // Abroad, or where no road goes, or farther than a day's drive from the city.
    boost: (d, trip) => {
      if (d.category === 'Cruise') return null;
      if (d.countryCode !== trip.home.code) return 0;
      const place = placeOf(d);
      if (!place) return null;
      if (trip.landmass && !byRoad(trip.landmass, place.landmass)) return 0;
      const km = trip.city ? drivingKm(trip.city.place, place) : 0;
      return km === null || km > DAY_DRIVE_KM ? 0 : null;
    },
  },
  hotels: {
    describe: () => 'places to stay (hotels, lodges and inns)',
    boost: (d) => (STAY_CATEGORY.test(normalize(d.category)) ? 0 : null),
  },
  roadtrip: {
    describe: (trip) =>
      trip.city
        ? `places within a day's drive (about ${DAY_DRIVE_KM} km by road) of ${trip.city.name}, nearest first`
        : `places reachable by road in ${countryName(trip.home)}`,
    advice: (trip) => {
      if (trip.city) return undefined;
      const ask = "type the city you leave from in From to see the places within a day's drive";
      return trip.unplaced
        ? `We could not place "${trip.unplaced}": ${ask}.`
        : `${ask[0]!.toUpperCase()}${ask.slice(1)}.`;
    },
    boost: roadTripBoost,
  },
  camping: {
    describe: () => 'national parks and wild places with campgrounds',
    boost: (d) => (CAMPING_WORDS.test(normalize(`${d.category} ${d.name}`)) ? 0 : null),
  },
};

function nightsOf(query: SearchQuery): number | null {
  return query.checkinDate && query.checkoutDate
    ? daysBetween(query.checkinDate, query.checkoutDate)
    : null;
}

/** "3 results matching "park" with Mobility Support". */
function describe(query: SearchQuery, count: number): string {
  const parts = [`${count} ${count === 1 ? 'result' : 'results'}`];
  if (query.to) parts.push(`matching "${query.to}"`);
  const needs: readonly AccessibilityNeed[] = query.accessibilityNeeds ?? [];
  if (needs.length > 0) parts.push(`with ${needs.join(', ')}`);
  return parts.join(' ');
}

/** Answers kept per process: enough for the queries travellers repeat (a need, a country). */
const ANSWER_CACHE_ENTRIES = 256;

/**
 * Answers as JSON by query, the least recently used dropped first. An answer depends only on the
 * query and the catalogue, which changes only through populate (a new list): a new list empties it.
 */
function createAnswerCache() {
  let source: readonly Destination[] | undefined;
  const answers = new Map<string, Buffer>();
  return (
    list: readonly Destination[],
    query: object,
    answer: () => SearchResponse | QuickSearchResponse,
  ): Buffer => {
    if (list !== source) {
      answers.clear();
      source = list;
    }
    const key = JSON.stringify(query);
    const hit = answers.get(key);
    if (hit) {
      answers.delete(key);
      answers.set(key, hit);
      return hit;
    }
    const json = Buffer.from(JSON.stringify(answer()));
    answers.set(key, json);
    if (answers.size > ANSWER_CACHE_ENTRIES) answers.delete(answers.keys().next().value!);
    return json;
  };
}

/** The search answer: text and needs, best match first. */
function answerSearch(list: readonly Destination[], query: SearchQuery): SearchResponse {
  const results = rankDestinations(list, {
    to: query.to,
    needs: query.accessibilityNeeds,
  });
  return {
    results,
    count: results.length,
    nights: nightsOf(query),
    summary: describe(query, results.length),
  };
}

/** A No Frills Shortcut's answer: the search, narrowed and ranked by the shortcut's rule. */
function answerQuickSearch(
  list: readonly Destination[],
  query: QuickSearchQuery,
): QuickSearchResponse {
  const rule = QUICK_RULES[query.type];
  const trip = tripOf(query.from, list);
  const results = rankDestinations(list, {
    to: query.to,
    needs: query.accessibilityNeeds,
    boost: (d) => rule.boost(d, trip),
  });
  const what = rule.describe(trip);
  const advice = rule.advice?.(trip);
  return {
    type: query.type,
    results,
    count: results.length,
    nights: nightsOf(query),
    summary: `${what[0]!.toUpperCase()}${what.slice(1)}: ${describe(query, results.length)}${advice ? `. ${advice}` : ''}`,
  };
}

export function createSearchService(destinations: DestinationService) {
  // A search before the first visit to the grid fills the catalogue first.
  const catalogue = () => destinations.listOrPopulate();
  const cached = createAnswerCache();

  return {
    /** The search answer as the JSON the API sends, made once per query (SearchResponse). */
    async search(query: SearchQuery): Promise<Buffer> {
      const list = await catalogue();
      return cached(list, { kind: 'search', ...query }, () => answerSearch(list, query));
    },

    /** A shortcut's answer as JSON, likewise (QuickSearchResponse). */
    async quickSearch(query: QuickSearchQuery): Promise<Buffer> {
      const list = await catalogue();
      return cached(list, { kind: 'quick', ...query }, () => answerQuickSearch(list, query));
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
