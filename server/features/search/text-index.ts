import MiniSearch, { type SearchResult } from 'minisearch';
import { ACCESSIBILITY_FEATURE_LABELS } from '../../../contracts/accessibility.js';
import type { Destination } from '../../../contracts/destinations.js';
import { searchKey } from '../../../contracts/text.js';
import { COUNTRY_ALIASES } from './country-aliases.js';

// The To text matched against each place's whole text through MiniSearch (decision 028): typo
// tolerance scaled to the word's length, the last word also as the start of a word, and every
// word required. MiniSearch finds the matches; the score below weighs them by the field they were
// found in, so equal matches tie and the needs, the safety level and the name settle the order.

const STOP_WORDS = new Set(['a', 'an', 'and', 'at', 'in', 'near', 'of', 'on', 'the', 'to']);

/** "the", "of", "near": words that name nothing by themselves. */
export const isStopWord = (word: string): boolean => STOP_WORDS.has(word);

/** Words of a query past this many are not looked up: no place matches thirty words at once. */
export const MAX_QUERY_TERMS = 8;

/** A word that can be the start of a longer one ("lou" for "Louise") is at least this long. */
const MIN_PREFIX_LENGTH = 2;

/**
 * How many letters a word may have wrong: none up to 4 letters ("park", "bath", "uk" stay exact),
 * one up to 7 ("Yosemte", "Louvere"), two from 8 ("Yosemitee", "Grindavick").
 */
export function allowedEdits(term: string): number {
  if (term.length <= 4) return 0;
  return term.length <= 7 ? 1 : 2;
}

/**
 * The singular of an English plural, on both sides of the index, so "museums" finds "Museum",
 * "places" finds "Place" and "glasses" finds "glass"; "Paris", "bus" and "access" stay as written.
 */
export function singular(term: string): string {
  if (term.length <= 3 || !term.endsWith('s')) return term;
  if (/(ss|us|is)$/.test(term)) return term;
  if (/(sses|xes|zes|ches|shes)$/.test(term)) return term.slice(0, -2);
  return term.slice(0, -1);
}

/** Words longer than this are not tried with two letters swapped (a bound on the lookups). */
const MAX_SWAPPED_LENGTH = 16;

/** The word with each pair of neighbouring letters swapped: "sydeny" -> "ysdeny", ..., "sydney". */
function swaps(term: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i + 1 < term.length; i++) {
    if (term[i] === term[i + 1]) continue;
    out.add(`${term.slice(0, i)}${term[i + 1]}${term[i]}${term.slice(i + 2)}`);
  }
  return [...out];
}

/** Folded (case, accents, punctuation), stop words left out, plurals made singular. */
export function searchTerms(text: string): string[] {
  return searchKey(text)
    .split(' ')
    .filter((t) => t.length > 0 && !STOP_WORDS.has(t))
    .map(singular);
}

/** The fields of a place's text, with how much a word found in each counts. */
const FIELD_WEIGHTS = {
  name: 10,
  location: 6,
  country: 5,
  category: 5,
  features: 3,
  description: 2,
} as const;
type FieldName = keyof typeof FIELD_WEIGHTS;
const FIELDS = Object.keys(FIELD_WEIGHTS) as FieldName[];

/** A word typed in full counts most; the start of a word, then a word with a typo, count less. */
const EXACT = 1;
const PREFIX = 0.75;
const FUZZY = 0.5;

function fieldText(d: Destination, field: FieldName): string {
  switch (field) {
    case 'country':
      // Its name, its ISO code and the other names travellers type ("uk", "america", "eire").
      return [d.country, d.countryCode, ...(COUNTRY_ALIASES[d.countryCode] ?? [])].join(' ');
    case 'features':
      return d.accessibilityFeatures.map((f) => ACCESSIBILITY_FEATURE_LABELS[f]).join(' ');
    default:
      return d[field];
  }
}

/** One catalogue's index: built once per list of places, searched for every query. */
export interface TextIndex {
  /** The places of the To text, each with its score; a place missing some word is left out. */
  scores(query: string): Map<Destination, number>;
}

export function buildTextIndex(list: readonly Destination[]): TextIndex {
  const byId = new Map(list.map((d) => [d.id, d]));
  const vocabulary = new Set<string>();
  const wholeText = new Map(
    list.map((d) => [d, FIELDS.map((f) => ` ${searchKey(fieldText(d, f))} `)]),
  );
  const index = new MiniSearch<Destination>({
    idField: 'id',
    fields: FIELDS,
    extractField: (d, field) => (field === 'id' ? d.id : fieldText(d, field as FieldName)),
    tokenize: (text) => searchTerms(text),
    processTerm: (term) => {
      vocabulary.add(term);
      return term;
    },
    // Terms arrive processed (searchTerms), so the search does not process them again.
    searchOptions: { tokenize: (text) => [text], processTerm: (term) => term },
  });
  index.addAll(list);

  /** The places a word matches, each with its best weighted match. */
  function termScores(term: string, isLast: boolean, strict: boolean): Map<string, number> {
    // The last word may be the start of a longer word, unless it is a whole word of the catalogue
    // already: "park" is "Park", not "parking" too.
    const prefix = isLast && term.length >= MIN_PREFIX_LENGTH && !vocabulary.has(term);
    const scores = new Map<string, number>();
    const add = (found: SearchResult[], typo: boolean) => {
      for (const result of found) {
        let best = scores.get(String(result.id)) ?? 0;
        for (const [matched, fields] of Object.entries(result.match)) {
          const kind =
            typo || matched !== term ? (matched.startsWith(term) ? PREFIX : FUZZY) : EXACT;
          for (const field of fields) {
            best = Math.max(best, FIELD_WEIGHTS[field as FieldName] * kind);
          }
        }
        scores.set(String(result.id), best);
      }
    };
    // A word of the catalogue is first taken as meant: "ireland" is not a typo of "iceland".
    const edits = strict && vocabulary.has(term) ? 0 : allowedEdits(term);
    add(index.search(term, { prefix, fuzzy: edits }), false);
    // Two letters swapped ("Sydeny") are one slip of the fingers, but two edits to MiniSearch,
    // which counts letters changed, added or dropped: each swap is looked up as written.
    if (edits > 0 && term.length <= MAX_SWAPPED_LENGTH) {
      for (const swapped of swaps(term)) add(index.search(swapped, { prefix }), true);
    }
    return scores;
  }

  /** The ids matching every word, with the sum of their words' scores. */
  function matching(terms: readonly string[], strict: boolean): Map<string, number> {
    let total: Map<string, number> | undefined;
    terms.forEach((term, i) => {
      if (total?.size === 0) return;
      const found = termScores(term, i === terms.length - 1, strict);
      const next = new Map<string, number>();
      // Every word must match somewhere in the place's text.
      for (const [id, score] of found) {
        if (!total || total.has(id)) next.set(id, (total?.get(id) ?? 0) + score);
      }
      total = next;
    });
    return total ?? new Map();
  }

  return {
    scores(query) {
      const terms = [...new Set(searchTerms(query))].slice(0, MAX_QUERY_TERMS);
      const out = new Map<Destination, number>();
      if (terms.length === 0) return out;
      let found = matching(terms, true);
      // Nothing with the catalogue's words as typed: they may be typos too ("Pearl Harbour",
      // where "harbour" is Sydney's and "Harbor" Pearl Harbor's).
      if (found.size === 0 && terms.some((t) => vocabulary.has(t) && allowedEdits(t) > 0)) {
        found = matching(terms, false);
      }
      const phrase = searchKey(query);
      for (const [id, score] of found) {
        const d = byId.get(id)!;
        out.set(d, score + phraseBonus(phrase, d, wholeText.get(d)!));
      }
      return out;
    },
  };
}

/**
 * The words as typed, together: the name itself first, then a name holding them ("air and space
 * museum"), the country by one of its names ("united kingdom"), then the words side by side in
 * another field, weighed by the field ("Fiordland National Park" in a location counts more than
 * "National Park Service" in a description).
 */
function phraseBonus(phrase: string, d: Destination, fields: readonly string[]): number {
  const name = searchKey(d.name);
  if (name === phrase) return 30;
  if (name.includes(phrase)) return 15;
  const aliases = COUNTRY_ALIASES[d.countryCode] ?? [];
  if (searchKey(d.country) === phrase || aliases.includes(phrase)) return 10;
  if (!phrase.includes(' ')) return 0;
  let best = 0;
  FIELDS.forEach((field, i) => {
    if (fields[i]!.includes(` ${phrase} `)) best = Math.max(best, FIELD_WEIGHTS[field]);
  });
  return best;
}
