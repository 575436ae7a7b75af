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
import { departureCountry, normalize, rankDestinations } from './rank.js';

/** Spec §9: the default country. A departure we cannot place is taken to be in it. */
const HOME_COUNTRY = { code: 'US', name: 'United States' };

/** Places a car cannot reach from the mainland, whatever their country. */
const NOT_BY_ROAD = new Set(['pearl-harbor-national-memorial']);

const STAY_WORDS = /\b(hotel|lodge|resort|inn|castle|cabin|chalet)\b/;
const CAMPING_WORDS = /\b(national park|campground|camping|wilderness)\b/;

interface QuickRule {
  /** What the shortcut finds, in words; `{home}` is the departure country. */
  describe: string;
  /** null excludes the destination; a number is added to its rank. */
  boost(d: Destination, home: { code: string; name: string }): number | null;
}

/**
 * The No Frills Shortcuts (spec §2). The catalogue holds places, not fares, so each shortcut
 * narrows the places to the ones that kind of trip suits, and says so in the summary.
 */
const QUICK_RULES: Record<QuickSearchType, QuickRule> = {
  flights: {
    describe: 'places you would fly to from {home}',
    boost: (d, home) =>
      d.category === 'Cruise'
        ? null
        : d.countryCode !== home.code || NOT_BY_ROAD.has(d.id)
          ? 0
          : null,
  },
  hotels: {
    describe: 'places to stay',
    boost: (d) =>
      STAY_WORDS.test(normalize(`${d.category} ${d.name}`)) || d.category === 'Cruise' ? 0 : null,
  },
  roadtrip: {
    describe: 'places within driving distance in {home}',
    boost: (d, home) =>
      d.countryCode === home.code && !NOT_BY_ROAD.has(d.id) && d.category !== 'Cruise' ? 0 : null,
  },
  camping: {
    describe: 'national parks and wild places with campgrounds',
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
  const home = (query.from && departureCountry(query.from, list)) || HOME_COUNTRY;
  const results = rankDestinations(list, {
    to: query.to,
    needs: query.accessibilityNeeds,
    boost: (d) => rule.boost(d, home),
  });
  const homeName = home.name.startsWith('United ') ? `the ${home.name}` : home.name;
  const what = rule.describe.replace('{home}', homeName);
  return {
    type: query.type,
    results,
    count: results.length,
    nights: nightsOf(query),
    summary: `${what[0]!.toUpperCase()}${what.slice(1)}: ${describe(query, results.length)}`,
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
