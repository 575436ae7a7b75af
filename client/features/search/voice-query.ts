import { ACCESSIBILITY_NEEDS, type AccessibilityNeed } from '../../../contracts/accessibility';

export interface VoiceQuery {
  from?: string;
  to?: string;
  needs: AccessibilityNeed[];
}

/** Words people say for each need ("wheelchair", "deaf", "autism", ...). */
const NEED_WORDS: Record<AccessibilityNeed, RegExp> = {
  'Mobility Support': /\b(mobility|wheelchair|step[- ]free|accessible|walker|scooter)\b/i,
  'Visual Support': /\b(visual|blind|low vision|sight|braille)\b/i,
  'Hearing Support': /\b(hearing|deaf|hard of hearing|hearing loop|captions?)\b/i,
  Neurodiversity: /\b(neurodiver\w*|autis\w*|sensory|quiet|adhd)\b/i,
};

const FILLER =
  /^(?:(?:i(?:'d| would)? (?:like|want) to (?:go|fly|travel)|take me|let'?s go|search(?: for)?|find(?: me)?|fly(?:ing)?|going|travel(?:l?ing)?|a trip|trip)\s+)+/i;
const TRAILING = /\s+(?:with|for|needing|and need|please)\b.*$/i;

const clean = (text: string) =>
  text
    .replace(TRAILING, '')
    .replace(/[.?!,]+$/g, '')
    .trim();

/**
 * Reads a spoken search: "from Denver to Banff" fills both fields, "to Paris" or just "Banff" fills
 * the destination, and need words ("wheelchair", "deaf") tick the matching boxes.
 */
export function parseVoiceQuery(transcript: string): VoiceQuery {
  const text = transcript.trim().replace(/\s+/g, ' ');
  const needs = ACCESSIBILITY_NEEDS.filter((need) => NEED_WORDS[need].test(text));
  const body = text.replace(FILLER, '');

  const fromTo = /\bfrom (.+?) to (.+)$/i.exec(body);
  if (fromTo) return { from: clean(fromTo[1]!), to: clean(fromTo[2]!), needs };
  const toFrom = /\bto (.+?) from (.+)$/i.exec(body);
  if (toFrom) return { from: clean(toFrom[2]!), to: clean(toFrom[1]!), needs };
  const toOnly = /^(?:.*?\b)?to (.+)$/i.exec(body);
  if (toOnly) return { to: clean(toOnly[1]!), needs };
  const fromOnly = /^from (.+)$/i.exec(body);
  if (fromOnly) return { from: clean(fromOnly[1]!), needs };
  const rest = clean(body);
  // A sentence made only of need words ("wheelchair accessible") names no place.
  const place = needs
    .reduce((t, need) => t.replace(new RegExp(NEED_WORDS[need].source, 'gi'), ''), rest)
    .trim();
  return place ? { to: rest, needs } : { needs };
}
