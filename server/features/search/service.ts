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

export function createSearchService(destinations: DestinationService) {
  // A search before the first visit to the grid fills the catalogue first.
  const catalogue = () => destinations.listOrPopulate();

  return {
    async search(query: SearchQuery): Promise<SearchResponse> {
      const results = rankDestinations(await catalogue(), {
        to: query.to,
        needs: query.accessibilityNeeds,
      });
      return {
        results,
        count: results.length,
        nights: nightsOf(query),
        summary: describe(query, results.length),
      };
    },

    async quickSearch(query: QuickSearchQuery): Promise<QuickSearchResponse> {
      const list = await catalogue();
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
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
