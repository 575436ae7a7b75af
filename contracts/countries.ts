// Which countries trips go to, from each trip's free-text destination. Pure and free of data, so
// the server (the safety kit) and the browser (the planner's overview) use the same rules.

import { searchKey } from './text.js';

/** A country and every name it goes by: its own, then aliases ("United Kingdom", "UK", "England"). */
export interface CountryNames {
  countryCode: string;
  names: readonly string[];
}

/** A place that names no country by itself: a city, region or attraction ("Banff", "Louvre Museum"). */
export interface PlaceName {
  name: string;
  countryCode: string;
}

interface Phrase {
  countryCode: string;
  /** A country's own name or alias, rather than a place in it. */
  country: boolean;
  /** Acronyms ("UK", "USA") count only in capitals, as written: "us" or "uk" in a sentence are not countries. */
  acronym: boolean;
  pattern: RegExp;
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function phrase(name: string, countryCode: string, country: boolean): Phrase | undefined {
  const acronym = /^[A-Z]{2,5}$/.test(name);
  const text = acronym ? name : searchKey(name);
  if (!text) return undefined;
  return {
    countryCode,
    country,
    acronym,
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escape(text)}(?![\\p{L}\\p{N}])`, 'gu'),
  };
}

interface Hit {
  countryCode: string;
  country: boolean;
  start: number;
  end: number;
}

function hitsIn(destination: string, phrases: readonly Phrase[]): Hit[] {
  const text = searchKey(destination);
  const hits: Hit[] = [];
  for (const { countryCode, country, acronym, pattern } of phrases) {
    for (const match of (acronym ? destination : text).matchAll(pattern)) {
      // Acronym positions are in the raw text, so they never hide a longer name.
      const start = acronym ? -1 : match.index;
      hits.push({ countryCode, country, start, end: acronym ? -1 : start + match[0].length });
    }
  }
  // A name inside a longer one does not count: "South Sudan" is not also Sudan, and "New South
  // Wales" (a place) is not Wales.
  const inside = (a: Hit, b: Hit) =>
    a !== b &&
    a.start >= 0 &&
    b.start <= a.start &&
    a.end <= b.end &&
    b.end - b.start > a.end - a.start;
  return hits
    .filter((hit) => !hits.some((other) => inside(hit, other)))
    .sort((a, b) => a.start - b.start);
}

/**
 * The matcher for a catalogue: give it the destinations of a visitor's trips and it returns the
 * ISO codes of their countries, without repeats, in the order the trips name them. A country name
 * or alias counts as a whole word, ignoring case and accents ("Lisbon, Portugal", "TÜRKIYE");
 * a destination that names no country is looked up among the known places ("Banff" -> CA).
 * "America" alone is left out: "South America" is not the United States.
 */
export function createTripCountryMatcher(
  countries: readonly CountryNames[],
  places: readonly PlaceName[] = [],
) {
  const phrases = [
    ...countries.flatMap(({ countryCode, names }) =>
      names
        .filter((name) => name !== 'America')
        .flatMap((name) => phrase(name, countryCode, true) ?? []),
    ),
    ...places.flatMap(({ name, countryCode }) => phrase(name, countryCode, false) ?? []),
  ];

  return (destinations: readonly string[]): string[] => {
    const codes = new Set<string>();
    for (const destination of destinations) {
      const hits = hitsIn(destination, phrases);
      const named = hits.filter((hit) => hit.country);
      for (const hit of named.length > 0 ? named : hits) codes.add(hit.countryCode);
    }
    return [...codes];
  };
}

/**
 * The places of a destination catalogue worth matching: each name and each comma-separated part
 * of its location, without notes in brackets or "near" ("Miami, Florida (home port)" -> "Miami",
 * "Florida"; "near Orlando" -> "Orlando").
 */
export function placeNames(
  destinations: readonly { name: string; location: string; countryCode: string }[],
): PlaceName[] {
  return destinations.flatMap(({ name, location, countryCode }) =>
    [name, ...location.split(',')]
      .map((part) =>
        part
          .replace(/\([^)]*\)/g, '')
          .trim()
          .replace(/^near\s+/i, ''),
      )
      .filter((part) => part.length > 2)
      .map((part) => ({ name: part, countryCode })),
  );
}
