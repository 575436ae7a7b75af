import { NEED_FEATURES, type AccessibilityNeed } from '../../../contracts/accessibility.js';
import type { Destination } from '../../../contracts/destinations.js';
import { searchKey as normalize } from '../../../contracts/text.js';
import { COUNTRY_ALIASES } from './country-aliases.js';
import { buildTextIndex, isStopWord, searchTerms, type TextIndex } from './text-index.js';

// Pure search rules: no I/O, so every rule is tested directly and the service stays small.

export { COUNTRY_ALIASES };

/**
 * Lower case, accents dropped, punctuation as spaces: "Montréal," and "montreal" are equal. The
 * shared search key of contracts/text.ts, under the name the ranking and the assistant use.
 */
export { normalize };

/** The words of a text as the search looks them up (stop words out, plurals singular). */
export const tokenize = searchTerms;

/**
 * Each catalogue's text index, built the first time a list is searched by text: the catalogue's
 * list lives as long as the cached catalogue, so the index is built once per catalogue load. A
 * place remembers its index too, so a part of the catalogue (the assistant's filtered pools) is
 * searched through the whole catalogue's index rather than a new one.
 */
const indexOfList = new WeakMap<readonly Destination[], TextIndex>();
const indexOfPlace = new WeakMap<Destination, TextIndex>();

function textIndexOf(list: readonly Destination[]): TextIndex {
  let index = indexOfList.get(list);
  if (index) return index;
  const first = list[0] && indexOfPlace.get(list[0]);
  if (first && list.every((d) => indexOfPlace.get(d) === first)) {
    index = first;
  } else {
    index = buildTextIndex(list);
    for (const d of list) indexOfPlace.set(d, index);
  }
  indexOfList.set(list, index);
  return index;
}

/**
 * How well the To text matches each place of the list: a place is missing when some word of the
 * text matches nothing in its whole text (name, location, country and its other names, category,
 * accessibility features, description). An empty text matches every place equally.
 */
export function textScores(list: readonly Destination[], query: string): Map<Destination, number> {
  if (searchTerms(query).length === 0) return new Map(list.map((d) => [d, 1]));
  const scores = textIndexOf(list).scores(query);
  // A part of a catalogue is searched through the catalogue's index: keep only its own places.
  const own = new Map<Destination, number>();
  for (const d of list) {
    const score = scores.get(d);
    if (score !== undefined) own.set(d, score);
  }
  return own;
}

/**
 * ARCHITECTURE.md §5: Mobility Support -> isAccessible (or documented step-free access);
 * Neurodiversity -> isNeuroFriendly (or a documented neurodiversity feature); Visual and Hearing
 * Support -> at least one feature of that group.
 */
export function meetsNeed(d: Destination, need: AccessibilityNeed): boolean {
  const hasGroupFeature = d.accessibilityFeatures.some((f) => NEED_FEATURES[need].includes(f));
  switch (need) {
    case 'Mobility Support':
      return d.isAccessible || d.accessibilityFeatures.includes('step_free_access');
    case 'Neurodiversity':
      return d.isNeuroFriendly || hasGroupFeature;
    default:
      return hasGroupFeature;
  }
}

/** Documented features that serve the asked needs: more of them ranks a place higher. */
export function needFeatureCount(d: Destination, needs: readonly AccessibilityNeed[]): number {
  return d.accessibilityFeatures.filter((f) => needs.some((n) => NEED_FEATURES[n].includes(f)))
    .length;
}

export interface RankOptions {
  to?: string;
  needs?: readonly AccessibilityNeed[];
  /** Extra points per destination, e.g. a shortcut's preference; may exclude by returning null. */
  boost?: (d: Destination) => number | null;
}

/**
 * Filters by text and needs, then ranks: text relevance, then how many documented features serve
 * the needs, then the safer country, then all documented features, then the name.
 */
export function rankDestinations(
  list: readonly Destination[],
  options: RankOptions,
): Destination[] {
  const needs = [...new Set(options.needs ?? [])];
  const scored: { d: Destination; text: number; boost: number; needFeatures: number }[] = [];
  const texts = textScores(list, options.to ?? '');
  for (const d of list) {
    const text = texts.get(d);
    if (text === undefined) continue;
    if (!needs.every((need) => meetsNeed(d, need))) continue;
    const boost = options.boost ? options.boost(d) : 0;
    if (boost === null) continue;
    scored.push({ d, text, boost, needFeatures: needFeatureCount(d, needs) });
  }
  scored.sort(
    (a, b) =>
      b.text + b.boost - (a.text + a.boost) ||
      b.needFeatures - a.needFeatures ||
      a.d.safetyLevel - b.d.safetyLevel ||
      b.d.accessibilityFeatures.length - a.d.accessibilityFeatures.length ||
      a.d.name.localeCompare(b.d.name, 'en'),
  );
  return scored.map((s) => s.d);
}

/**
 * The country a departure text names, if any: a country of the catalogue (or one of its other
 * names), or a town of a catalogue location ("London", "Paris", "Orlando").
 */
export function departureCountry(
  from: string,
  list: readonly Destination[],
): { code: string; name: string } | undefined {
  const phrase = normalize(from);
  if (!phrase) return undefined;
  const tokens = new Set(phrase.split(' ').filter((t) => !isStopWord(t)));
  for (const d of list) {
    const names = [
      normalize(d.country),
      d.countryCode.toLowerCase(),
      ...(COUNTRY_ALIASES[d.countryCode] ?? []),
    ];
    if (names.some((n) => phrase === n || (n.includes(' ') ? phrase.includes(n) : tokens.has(n)))) {
      return { code: d.countryCode, name: d.country };
    }
  }
  for (const d of list) {
    const placeWords = d.location.split(',').map((part) => normalize(part));
    if (placeWords.some((p) => p.length > 2 && (phrase === p || phrase.startsWith(`${p} `)))) {
      return { code: d.countryCode, name: d.country };
    }
  }
  return undefined;
}
