import type { EmergencyContact } from '../../../contracts/emergency';
import { withoutAccents } from '../../../contracts/text';

/** Lower case, without accents or surrounding spaces: "Türkiye " and "turkiye" are the same. */
export function normalise(text: string): string {
  return withoutAccents(text).toLowerCase().trim();
}

/** A contact with its searchable names prepared once, so each keystroke only compares strings. */
export interface SearchableContact {
  contact: EmergencyContact;
  code: string;
  name: string;
  aliases: string[];
}

/**
 * Languages whose names of countries are searched too, so a traveller finds a country by the name
 * they know it by: its own ("Deutschland", "日本", "Polska") or their language's ("Alemania",
 * "Allemagne"). The most spoken languages, and those of the catalogue's countries; the names come
 * from the browser's own data (Intl.DisplayNames), not from a list kept here.
 */
const NAME_LANGUAGES = [
  'ar',
  'bn',
  'cs',
  'da',
  'de',
  'el',
  'es',
  'fi',
  'fr',
  'he',
  'hi',
  'hr',
  'hu',
  'id',
  'is',
  'it',
  'ja',
  'ko',
  'ms',
  'nb',
  'nl',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'sv',
  'sw',
  'th',
  'tr',
  'uk',
  'vi',
  'zh',
];

/**
 * One region-name reader per language, made on the first search: making one costs far more than
 * asking it (made for each country, a hundred countries in 33 languages were 3,300 of them: 0.8 s
 * of the page's load at Lighthouse's 4× CPU slowdown), and a page only read never needs them.
 */
let regionNames: Intl.DisplayNames[] | undefined;
function regionNamesByLanguage(): Intl.DisplayNames[] {
  if (regionNames) return regionNames;
  regionNames = [];
  if (typeof Intl.DisplayNames !== 'function') return regionNames;
  for (const language of NAME_LANGUAGES) {
    try {
      regionNames.push(new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }));
    } catch {
      // A runtime without this language's data: the other names still serve.
    }
  }
  return regionNames;
}

/**
 * A country's names in NAME_LANGUAGES other than its name and aliases (none without Intl),
 * worked out on the first search that needs them and kept: they are matched whole or by their
 * start only (they are many).
 */
const otherNamesByEntry = new WeakMap<SearchableContact, string[]>();
function otherNames(entry: SearchableContact): string[] {
  let names = otherNamesByEntry.get(entry);
  if (!names) {
    const found = new Set<string>();
    for (const reader of regionNamesByLanguage()) {
      const name = reader.of(entry.contact.countryCode);
      if (name) found.add(normalise(name));
    }
    names = [...found].filter((other) => other !== entry.name && !entry.aliases.includes(other));
    otherNamesByEntry.set(entry, names);
  }
  return names;
}

export function toSearchable(contacts: readonly EmergencyContact[]): SearchableContact[] {
  return contacts.map((contact) => ({
    contact,
    code: contact.countryCode.toLowerCase(),
    name: normalise(contact.country),
    aliases: (contact.aliases ?? []).map(normalise),
  }));
}

const startsAWord = (text: string, query: string) =>
  text.split(/[\s,-]+/).some((word) => word.startsWith(query));

/**
 * How well a country matches, 0 for not at all. A whole name or other name typed exactly ranks
 * first ("uk" is the United Kingdom before Ukraine, "deutschland" Germany), then the ISO code
 * ("pt"), then names and other names that start with the query ("po"), then a later word
 * ("zealand"), then anywhere in a name, so two keystrokes put the country near the top.
 */
function score(entry: SearchableContact, query: string): number {
  const others = otherNames(entry);
  if ([entry.name, ...entry.aliases, ...others].includes(query)) return 6;
  if (entry.code === query) return 5;
  if (entry.name.startsWith(query)) return 4;
  if ([...entry.aliases, ...others].some((alias) => alias.startsWith(query))) return 3;
  if ([entry.name, ...entry.aliases].some((text) => startsAWord(text, query))) return 2;
  if ([entry.name, ...entry.aliases].some((text) => text.includes(query))) return 1;
  return 0;
}

/** The countries matching `query`, best first, keeping the list's order among equals. */
export function searchContacts(entries: readonly SearchableContact[], query: string) {
  const wanted = normalise(query);
  if (!wanted) return entries.map((entry) => entry.contact);
  return entries
    .map((entry) => ({ entry, score: score(entry, wanted) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score)
    .map(({ entry }) => entry.contact);
}
