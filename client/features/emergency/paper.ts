import type { SafetyKitPaper } from '../../../contracts/emergency';
import { onFirstUse } from '../../lib/intl';

/** Where Letter paper is the norm; A4 everywhere else. */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PH']);

/** The region of a language tag when it names one ("en-US" -> "US", "es-419" -> "419"). */
const REGION_SUBTAG = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2}|\d{3})(?:-|$)/i;

/**
 * The paper of a language tag's region. The region is read from the tag itself when it has one
 * (most browsers' do), since Intl.Locale's `maximize` loads the likely-subtags data: tens of
 * milliseconds on a phone.
 */
export function paperFor(languageTag: string): SafetyKitPaper {
  try {
    const region =
      REGION_SUBTAG.exec(languageTag)?.[1]?.toUpperCase() ??
      new Intl.Locale(languageTag).maximize().region;
    return LETTER_REGIONS.has(region ?? '') ? 'letter' : 'a4';
  } catch {
    return 'a4';
  }
}

/** The reader's paper, read once: React asks for it on every render. */
export const defaultPaper = onFirstUse(() => paperFor(navigator.language));
