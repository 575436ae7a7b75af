import { continents, countries as isoCountries } from 'countries-list';
import worldCountries from 'world-countries/countries.json' with { type: 'json' };
import type { Advisory } from '../../../../contracts/advisories.js';
import type { Destination } from '../../../../contracts/destinations.js';
import type { EmergencyContact } from '../../../../contracts/emergency.js';
import { withoutAccents } from '../../../../contracts/text.js';
import { CITIES } from '../../../catalogue/cities.js';
import { COUNTRY_ALIASES, normalize } from '../../search/rank.js';
import { learnNames } from './language.js';

// Every place a traveller may name, read from the site's data (destinations, advisories,
// emergency contacts), every country of ISO 3166 with its capital and continent (countries-list),
// and the cities of server/catalogue/cities.ts. A place named answers with the site's facts about
// its country; the gazetteer itself adds none.

export interface Country {
  code: string;
  /** As the site spells it where it has data ("Myanmar", "Türkiye"), else the ISO short name. */
  name: string;
  region: string;
  advisory?: Advisory;
  emergency?: EmergencyContact;
}

export interface NamedPlaces {
  destinations: Destination[];
  countries: Country[];
  /** Regions named ("Europe", "the Caribbean"), with their countries. */
  regions: { name: string; codes: string[] }[];
  /** Towns named, with their country: "Lisbon" is Portugal. */
  cities: { name: string; code: string }[];
}

export interface Places {
  find(words: readonly string[], raw: string): NamedPlaces;
  country(code: string): Country | undefined;
  /** Countries the site has an advisory for. */
  advisories: readonly Advisory[];
}

/** How travellers name the catalogue's destinations besides their name's own words. */
const DESTINATION_ALIASES: Record<string, string[]> = {
  'walt-disney-world': ['disney', 'disney world', 'disneyworld', 'wdw', 'magic kingdom', 'epcot'],
  'national-air-and-space-museum': [
    'air and space',
    'air space museum',
    'smithsonian',
    'air and space museum',
  ],
  'national-wwii-museum': [
    'wwii museum',
    'ww2 museum',
    'world war ii museum',
    'world war 2 museum',
    'world war two museum',
    // "WW2" alone names the museum only when nothing else is asked (understand.ts).
    'wwii',
    'ww2',
  ],
  'pearl-harbor-national-memorial': [
    'pearl harbor',
    'pearl harbour',
    'uss arizona',
    'arizona memorial',
  ],
  'grand-canyon-south-rim': ['grand canyon', 'south rim'],
  'milford-sound': ['milford sound', 'milford', 'piopiotahi', 'fiordland'],
  'the-langham-london': ['langham', 'the langham'],
  'sesame-place-philadelphia': ['sesame place', 'sesame street', 'sesame'],
  'morgans-wonderland': ['morgans wonderland', 'morgan s wonderland', 'morgan wonderland'],
  'blue-lagoon': ['blue lagoon'],
  'sydney-opera-house': ['opera house', 'sydney opera house', 'sydney opera'],
  'louvre-museum': ['louvre', 'the louvre', 'mona lisa'],
  'normandy-american-cemetery': [
    'normandy american cemetery',
    'american cemetery',
    'omaha beach',
    'normandy cemetery',
    'd day cemetery',
  ],
  'gardens-by-the-bay': ['gardens by the bay', 'cloud forest', 'flower dome'],
  'virgin-voyages': ['virgin voyages', 'virgin cruise', 'virgin cruises'],
  'timberline-lodge': ['timberline', 'mount hood', 'mt hood'],
  'ashford-castle': ['ashford castle', 'ashford'],
  'banff-national-park': ['banff', 'lake louise', 'banff gondola'],
  'yosemite-national-park': ['yosemite'],
  'acadia-national-park': ['acadia', 'mount desert island'],
};

/** Names that are also everyday words, or several towns': only as written with a capital. */
const CAPITALISED_ONLY = new Set([
  'chad',
  'jersey',
  'guinea',
  'georgia',
  'victoria',
  'male',
  'kingston',
  'hamilton',
  'plymouth',
  'sucre',
  'nice',
  'split',
  'bath',
  'reading',
  'mobile',
  'rio',
  'cabo',
  'sesame',
  'ashford',
  'milford',
]);

/** Acronyms count only in capitals: "us" is a word, "US" the country. */
const ACRONYMS = new Set(['us', 'usa', 'uk', 'uae', 'drc', 'nyc', 'wdw', 'car', 'dc']);

const MIDDLE_EAST = new Set('AE BH CY EG IL IQ IR JO KW LB OM PS QA SA SY TR YE'.split(' '));
const CARIBBEAN = new Set(
  'AG AI AW BB BL BQ BS CU CW DM DO GD GP HT JM KN KY LC MF MQ MS PR SX TC TT VC VG VI'.split(' '),
);
const CENTRAL_AMERICA = new Set('BZ CR GT HN NI PA SV'.split(' '));
const SOUTHEAST_ASIA = new Set('BN ID KH LA MM MY PH SG TH TL VN'.split(' '));
const NORDIC = new Set('DK FI IS NO SE'.split(' '));

/** Region names as travellers write them, with the regions (or a test on a country) they mean. */
const REGION_WORDS: [phrase: string, name: string, member: (c: Country) => boolean][] = [
  ['europe', 'Europe', (c) => c.region === 'Europe'],
  ['european', 'Europe', (c) => c.region === 'Europe'],
  ['southeast asia', 'Southeast Asia', (c) => SOUTHEAST_ASIA.has(c.code)],
  ['south east asia', 'Southeast Asia', (c) => SOUTHEAST_ASIA.has(c.code)],
  ['asia', 'Asia', (c) => c.region === 'Asia'],
  ['asian', 'Asia', (c) => c.region === 'Asia'],
  ['africa', 'Africa', (c) => c.region === 'Africa'],
  ['african', 'Africa', (c) => c.region === 'Africa'],
  ['middle east', 'the Middle East', (c) => c.region === 'Middle East'],
  ['caribbean', 'the Caribbean', (c) => c.region === 'Caribbean'],
  ['central america', 'Central America', (c) => c.region === 'Central America'],
  ['south america', 'South America', (c) => c.region === 'South America'],
  [
    'latin america',
    'Latin America',
    (c) => ['South America', 'Central America'].includes(c.region) || c.code === 'MX',
  ],
  ['north america', 'North America', (c) => c.region === 'North America'],
  ['oceania', 'Oceania', (c) => c.region === 'Oceania'],
  ['australasia', 'Australasia', (c) => ['AU', 'NZ'].includes(c.code)],
  ['south pacific', 'the South Pacific', (c) => c.region === 'Oceania'],
  ['pacific', 'the Pacific', (c) => c.region === 'Oceania'],
  ['scandinavia', 'Scandinavia', (c) => NORDIC.has(c.code)],
  ['nordic', 'the Nordic countries', (c) => NORDIC.has(c.code)],
  ['nordics', 'the Nordic countries', (c) => NORDIC.has(c.code)],
  ['abroad', 'outside the United States', (c) => c.code !== 'US'],
  ['overseas', 'outside the United States', (c) => c.code !== 'US'],
  ['outside the us', 'outside the United States', (c) => c.code !== 'US'],
  ['outside the usa', 'outside the United States', (c) => c.code !== 'US'],
  ['outside the united states', 'outside the United States', (c) => c.code !== 'US'],
  ['outside the states', 'outside the United States', (c) => c.code !== 'US'],
  ['outside america', 'outside the United States', (c) => c.code !== 'US'],
  ['not in america', 'outside the United States', (c) => c.code !== 'US'],
  ['not in the us', 'outside the United States', (c) => c.code !== 'US'],
  ['except the us', 'outside the United States', (c) => c.code !== 'US'],
  ['international', 'outside the United States', (c) => c.code !== 'US'],
];

function regionOf(code: string, continent: string | undefined): string {
  if (MIDDLE_EAST.has(code)) return 'Middle East';
  if (CARIBBEAN.has(code)) return 'Caribbean';
  if (CENTRAL_AMERICA.has(code)) return 'Central America';
  const name = continent ? continents[continent as keyof typeof continents] : undefined;
  return name ?? 'Other';
}

type Ref =
  | { kind: 'destination'; destination: Destination }
  | { kind: 'country'; code: string }
  /** "the greek islands", "italian places": a country's adjective, read as the country. */
  | { kind: 'demonym'; code: string }
  | { kind: 'city'; name: string; code: string }
  | { kind: 'region'; index: number };

const LONGEST_PHRASE = 5;

/** Adjectives travellers use that the demonym data writes otherwise ("Icelander"). */
const DEMONYM_ALIASES: Readonly<Record<string, readonly string[]>> = {
  IS: ['icelandic'],
  NZ: ['kiwi'],
  GB: ['scottish', 'welsh'],
  KR: ['korean'],
  NL: ['holland'],
};

/** Words after an adjective that make it a person's nationality or a language, not a place. */
const PERSON_AFTER =
  /^(citizens?|nationals?|passports?|passport holders?|residents?|veterans?|vets?|army|military|navy|forces|soldiers?|servicem[ae]n|guys?|m[ae]n|wom[ae]n|people|person|tourists?|travell?ers?|visitors?|embassy|consulate|dollars?|pounds?|licen[cs]e|id|husband|wife|partner|family|friends?|mum|mom|dad|parents?|grand\w+|language|sign|speakers?|speaking|accent|food|cuisine|restaurants?)$/;
/**
 * Words before it that say who someone is ("I'm British", "as an American", "we are Dutch") or
 * a language ("do they speak Spanish", "a menu in French").
 */
const PERSON_BEFORE =
  /^(im|i m|i am|we re|we are|were|hes|he s|shes|she s|an|fellow|as a|as an|both|speak|speaks|spoke|speaking|understand|fluent|in|into)$/;

function saysWhoSomeoneIs(words: readonly string[], start: number, size: number): boolean {
  const after = words[start + size] ?? '';
  if (PERSON_AFTER.test(after) || PERSON_AFTER.test(`${after} ${words[start + size + 1] ?? ''}`))
    return true;
  const before1 = words[start - 1] ?? '';
  const before2 = words.slice(Math.max(0, start - 2), start).join(' ');
  return PERSON_BEFORE.test(before1) || PERSON_BEFORE.test(before2);
}

function createPlaces(
  destinations: readonly Destination[],
  advisories: readonly Advisory[],
  emergency: readonly EmergencyContact[],
): Places {
  const byCode = countriesByCode(advisories, emergency);
  const phrases = phraseIndex(byCode, destinations);
  learnNames(
    [...phrases.keys()].flatMap((phrase) => phrase.split(' ')).filter((w) => !ACRONYMS.has(w)),
  );
  return {
    advisories,
    country: (code) => byCode.get(code),
    find: (words, raw) => findPlaces(words, raw, { phrases, byCode }),
  };
}

/** Every country by its code: ISO's names, the emergency book's, and the advisories'. */
function countriesByCode(
  advisories: readonly Advisory[],
  emergency: readonly EmergencyContact[],
): Map<string, Country> {
  const byCode = new Map<string, Country>();
  for (const [code, data] of Object.entries(isoCountries)) {
    byCode.set(code, { code, name: data.name, region: regionOf(code, data.continent) });
  }
  for (const contact of emergency) {
    const known = byCode.get(contact.countryCode);
    byCode.set(contact.countryCode, {
      code: contact.countryCode,
      name: contact.country,
      region: contact.region,
      ...(known?.advisory ? { advisory: known.advisory } : {}),
      emergency: contact,
    });
  }
  for (const advisory of advisories) {
    const known = byCode.get(advisory.countryCode);
    byCode.set(advisory.countryCode, {
      ...(known ?? { code: advisory.countryCode, region: 'Other' }),
      name: advisory.country,
      advisory,
    });
  }
  return byCode;
}

/**
 * The phrases that name a place, normalised: countries (names, aliases, capitals, demonyms),
 * towns, regions and the catalogue's destinations.
 */
function phraseIndex(
  byCode: Map<string, Country>,
  destinations: readonly Destination[],
): Map<string, Ref[]> {
  const phrases = new Map<string, Ref[]>();
  const add = (phrase: string, ref: Ref) => {
    const key = normalize(phrase);
    if (!key) return;
    const list = phrases.get(key) ?? [];
    list.push(ref);
    phrases.set(key, list);
  };
  for (const country of byCode.values()) {
    const iso = isoCountries[country.code as keyof typeof isoCountries];
    const names = [
      country.name,
      iso?.name,
      ...(country.emergency?.aliases ?? []),
      ...(COUNTRY_ALIASES[country.code] ?? []),
    ];
    for (const name of names)
      if (name && name !== 'America') add(name, { kind: 'country', code: country.code });
    if (iso?.capital) {
      for (const capital of iso.capital.split(',')) {
        add(capital.trim(), { kind: 'city', name: capital.trim(), code: country.code });
      }
    }
  }
  for (const country of worldCountries) {
    if (!byCode.has(country.cca2)) continue;
    const english = country.demonyms['eng'];
    for (const word of new Set([english?.m, english?.f, ...(DEMONYM_ALIASES[country.cca2] ?? [])]))
      if (word) add(word, { kind: 'demonym', code: country.cca2 });
  }
  for (const [city, code] of CITIES) add(city, { kind: 'city', name: city, code });
  // "in the us": lower case, but after "the" it is the country.
  add('the us', { kind: 'country', code: 'US' });
  REGION_WORDS.forEach(([phrase], index) => add(phrase, { kind: 'region', index }));
  for (const d of destinations) {
    const name = normalize(d.name);
    add(name, { kind: 'destination', destination: d });
    add(name.replace(/^the /, ''), { kind: 'destination', destination: d });
    for (const alias of DESTINATION_ALIASES[d.id] ?? [])
      add(alias, { kind: 'destination', destination: d });
  }
  return phrases;
}

/** The places a message's words name, the longest phrase first. */
function findPlaces(
  words: readonly string[],
  raw: string,
  { phrases, byCode }: { phrases: Map<string, Ref[]>; byCode: Map<string, Country> },
): NamedPlaces {
  // The words as written, with their case: some names count only capitalised or in capitals.
  const written = new Set(
    withoutAccents(raw)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
  const capitalised = (word: string) =>
    [...written].some((w) => w.toLowerCase() === word && w[0] !== w[0]!.toLowerCase());
  const upper = (word: string) => written.has(word.toUpperCase());
  const found: NamedPlaces = { destinations: [], countries: [], regions: [], cities: [] };
  const used = new Array<boolean>(words.length).fill(false);
  for (let size = LONGEST_PHRASE; size >= 1; size--) {
    for (let start = 0; start + size <= words.length; start++) {
      if (used.slice(start, start + size).some(Boolean)) continue;
      const phrase = words.slice(start, start + size).join(' ');
      const refs = phrases.get(phrase);
      if (!refs) continue;
      if (
        size === 1 &&
        ACRONYMS.has(phrase) &&
        !upper(phrase) &&
        phrase !== 'usa' &&
        phrase !== 'uk' &&
        // "3 days in dc": a place after "in", "to", whatever its case.
        !(
          phrase === 'dc' &&
          /^(in|to|around|visit|visiting|near|of|from)$/.test(words[start - 1] ?? '')
        )
      )
        continue;
      if (size === 1 && CAPITALISED_ONLY.has(phrase) && !capitalised(phrase)) continue;
      for (let i = start; i < start + size; i++) used[i] = true;
      for (const ref of refs) {
        if (ref.kind === 'destination') {
          if (!found.destinations.includes(ref.destination))
            found.destinations.push(ref.destination);
        } else if (ref.kind === 'country' || ref.kind === 'demonym') {
          // "as an American veteran", "I'm British", "a Canadian passport": who someone is,
          // not where they are going.
          if (ref.kind === 'demonym' && saysWhoSomeoneIs(words, start, size)) continue;
          const country = byCode.get(ref.code)!;
          if (!found.countries.includes(country)) found.countries.push(country);
        } else if (ref.kind === 'city') {
          if (!found.cities.some((c) => c.name === ref.name)) found.cities.push(ref);
        } else {
          const [, name, member] = REGION_WORDS[ref.index]!;
          if (!found.regions.some((r) => r.name === name)) {
            found.regions.push({
              name,
              codes: [...byCode.values()].filter(member).map((c) => c.code),
            });
          }
        }
      }
    }
  }
  // A destination's own name wins over the town or country words inside it.
  return found;
}

const built = new WeakMap<
  readonly Destination[],
  { places: Places; advisories: readonly Advisory[] }
>();

/**
 * The gazetteer for a catalogue, built once per catalogue list (the destination service hands out
 * the same cached list until the catalogue changes) and rebuilt when the advisories change.
 */
export function placesFor(
  destinations: readonly Destination[],
  advisories: readonly Advisory[],
  emergency: readonly EmergencyContact[],
): Places {
  const known = built.get(destinations);
  if (known && known.advisories === advisories) return known.places;
  const places = createPlaces(destinations, advisories, emergency);
  built.set(destinations, { places, advisories });
  return places;
}
