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
  /** Its names in other languages: matched whole or by their start only (they are many). */
  otherNames: string[];
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

/** A country's names in NAME_LANGUAGES, where the runtime knows them (none where it has no Intl). */
function namesInLanguages(code: string): string[] {
  if (typeof Intl.DisplayNames !== 'function') return [];
  const names = new Set<string>();
  for (const language of NAME_LANGUAGES) {
    try {
      const name = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code);
      if (name) names.add(normalise(name));
    } catch {
      // A runtime without this language's data: the other names still serve.
    }
  }
  return [...names];
}

export function toSearchable(contacts: readonly EmergencyContact[]): SearchableContact[] {
  return contacts.map((contact) => {
    const name = normalise(contact.country);
    const aliases = (contact.aliases ?? []).map(normalise);
    const otherNames = namesInLanguages(contact.countryCode).filter(
      (other) => other !== name && !aliases.includes(other),
    );
    return { contact, code: contact.countryCode.toLowerCase(), name, aliases, otherNames };
  });
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
  if ([entry.name, ...entry.aliases, ...entry.otherNames].includes(query)) return 6;
  if (entry.code === query) return 5;
  if (entry.name.startsWith(query)) return 4;
  if ([...entry.aliases, ...entry.otherNames].some((alias) => alias.startsWith(query))) return 3;
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
