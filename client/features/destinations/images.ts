import type { Destination } from '../../../contracts/destinations';

/**
 * Spec §2: a known real photo is chosen by a word in the destination's name, then the
 * destination's own imageUrl, then a placeholder (no stock photos). The six words the spec names are
 * listed; a photo is attached to a word only once a licensed original has been added under
 * client/public/images/destinations/ (see the README there), so no card ever points at a missing file.
 */
export const KNOWN_IMAGE_WORDS = [
  'Virgin Voyages',
  'Timberline',
  'Banff',
  'Ashford',
  'Milford',
  'Langham',
] as const;
export type KnownImageWord = (typeof KNOWN_IMAGE_WORDS)[number];

export const KNOWN_IMAGES: Partial<Record<KnownImageWord, string>> = {};

export function destinationImageSrc(
  destination: Pick<Destination, 'name' | 'imageUrl'>,
  known: Partial<Record<KnownImageWord, string>> = KNOWN_IMAGES,
): string | null {
  const name = destination.name.toLowerCase();
  const word = KNOWN_IMAGE_WORDS.find((w) => name.includes(w.toLowerCase()));
  const knownSrc = word ? known[word] : undefined;
  return knownSrc ?? destination.imageUrl ?? null;
}
