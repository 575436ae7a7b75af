import { NEED_FEATURES, type AccessibilityNeed } from '../../../contracts/accessibility.js';
import type { Destination } from '../../../contracts/destinations.js';
import { searchKey as normalize } from '../../../contracts/text.js';

// Pure search rules: no I/O, so every rule is tested directly and the service stays small.

const STOP_WORDS = new Set(['a', 'an', 'and', 'at', 'in', 'near', 'of', 'on', 'the', 'to']);

/** Other names travellers type for countries (search and the assistant share them). */
export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  US: ['usa', 'us', 'america', 'united states of america', 'states', 'the states'],
  GB: ['uk', 'britain', 'great britain', 'england', 'scotland', 'wales', 'london'],
  NZ: ['aotearoa'],
  IE: ['eire'],
  MM: ['burma'],
  AE: ['uae', 'emirates', 'dubai'],
  KR: ['korea', 'south korea'],
  KP: ['north korea'],
  CD: ['drc', 'congo'],
  TT: ['trinidad', 'tobago'],
  BA: ['bosnia', 'herzegovina'],
  CZ: ['czechia', 'czech republic'],
  CI: ['ivory coast'],
  KN: ['st kitts', 'saint kitts', 'nevis'],
  VC: ['st vincent', 'saint vincent'],
  LC: ['st lucia', 'saint lucia'],
  AG: ['antigua', 'barbuda'],
  TL: ['east timor'],
  MK: ['macedonia'],
  CV: ['cape verde'],
};

/**
 * Lower case, accents dropped, punctuation as spaces: "Montréal," and "montreal" are equal. The
 * shared search key of contracts/text.ts, under the name the ranking and the assistant use.
 */
export { normalize };

export function tokenize(text: string): string[] {
  return normalize(text)
    .split(' ')
    .filter((t) => t.length > 0 && !STOP_WORDS.has(t));
}

/** The token and its singular, so "museums" finds "Museum" and "parks" finds "Park". */
function variants(token: string): string[] {
  const out = [token];
  if (token.length > 4 && token.endsWith('es')) out.push(token.slice(0, -2));
  if (token.length > 3 && token.endsWith('s')) out.push(token.slice(0, -1));
  return out;
}

/** A text as matching sees it: normalised, and its words. */
interface Field {
  text: string;
  words: string[];
}

interface IndexedDestination {
  name: Field;
  location: Field;
  country: Field;
  category: Field;
}

function fieldOf(text: string): Field {
  const normalized = normalize(text);
  return { text: normalized, words: normalized.split(' ') };
}

/**
 * Each destination's fields normalised once: the catalogue's objects live as long as the cached
 * catalogue, so every search after the first only compares strings.
 */
const indexes = new WeakMap<Destination, IndexedDestination>();

function indexed(d: Destination): IndexedDestination {
  let index = indexes.get(d);
  if (!index) {
    index = {
      name: fieldOf(d.name),
      location: fieldOf(d.location),
      country: fieldOf(d.country),
      category: fieldOf(d.category),
    };
    indexes.set(d, index);
  }
  return index;
}

function fieldScore(token: string, field: Field, prefixWeight: number, partWeight: number) {
  let best = 0;
  for (const v of variants(token)) {
    if (field.words.some((w) => w.startsWith(v))) best = Math.max(best, prefixWeight);
    else if (field.text.includes(v)) best = Math.max(best, partWeight);
  }
  return best;
}

function countryScore(token: string, d: Destination, country: Field): number {
  const aliases = COUNTRY_ALIASES[d.countryCode] ?? [];
  if (token === d.countryCode.toLowerCase() || aliases.includes(token)) return 5;
  return fieldScore(token, country, 5, 3);
}

/**
 * How well the To text matches a destination, or 0 when some word of it matches nothing.
 * Every word must match the name, location, country or category; names weigh most.
 */
export function textScore(query: string, d: Destination): number {
  const tokens = tokenize(query);
  if (tokens.length === 0) return 1;
  const index = indexed(d);
  let score = 0;
  for (const token of tokens) {
    const best = Math.max(
      fieldScore(token, index.name, 10, 6),
      fieldScore(token, index.location, 6, 4),
      countryScore(token, d, index.country),
      fieldScore(token, index.category, 5, 3),
    );
    if (best === 0) return 0;
    score += best;
  }
  const phrase = normalize(query);
  if (index.name.text === phrase) score += 30;
  else if (index.name.text.includes(phrase)) score += 15;
  // Whole words that match the country or one of its names ("united kingdom", "new zealand").
  const aliases = COUNTRY_ALIASES[d.countryCode] ?? [];
  if (index.country.text === phrase || aliases.includes(phrase)) score += 10;
  return score;
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
  for (const d of list) {
    const text = textScore(options.to ?? '', d);
    if (text === 0) continue;
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
  const tokens = new Set(tokenize(from));
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
