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
 * How well a country matches, 0 for not at all. The ISO code typed exactly ranks first ("pt"), then
 * names and other names that start with the query ("po"), then a later word ("zealand"), then
 * anywhere in a name, so two keystrokes put the country near the top.
 */
function score(entry: SearchableContact, query: string): number {
  if (entry.code === query) return 5;
  if (entry.name.startsWith(query)) return 4;
  if (entry.aliases.some((alias) => alias.startsWith(query))) return 3;
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
