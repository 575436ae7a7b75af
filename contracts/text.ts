// Text keys for matching what travellers type against names (countries, places, destinations).
// Pure and free of data, so the server (search, the assistant, emergency numbers) and the browser
// (the emergency numbers' filter, the planner's countries) fold text the same way.

/**
 * Accents and other diacritics dropped, case kept: "Türkiye" -> "Turkiye", "Côte" -> "Cote".
 * Decomposes first (NFD), so a precomposed "é" loses its accent as a separate "e" + "´" does.
 */
export const withoutAccents = (text: string): string =>
  text.normalize('NFD').replace(/\p{Diacritic}/gu, '');

/**
 * Lower case, accents dropped, every run of anything but letters and digits one space, trimmed:
 * "Montréal," and "montreal" are equal, "Côte d'Ivoire" -> "cote d ivoire".
 */
export function searchKey(text: string): string {
  return withoutAccents(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
