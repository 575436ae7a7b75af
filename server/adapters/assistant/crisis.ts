import { distance } from 'fastest-levenshtein';
import type { EmergencyContact } from '../../../contracts/emergency.js';
import type { HelpLines } from '../../../contracts/help-lines.js';

// A mental-health crisis comes before anything else the assistant does: a veteran who writes
// "I'm not ok" or "crisis line" abroad gets the Veterans Crisis Line first, never a list of
// places. Recall matters more than precision here: a travel question taken for a crisis gets a
// calm, short answer with the local emergency number and the help lines (and may ask again); a
// crisis taken for a travel question gets theme parks. So:
//
// - "crisis" counts wherever it appears: "the crisis in Haiti" gets the help lines first. That is
//   accepted, because "I'm in crisis" and "crisis line" must never be missed.
// - "hurt myself" counts even when it is an injury ("I hurt myself on the hike"): the answer starts
//   with the local emergency number, which is what an injured traveller needs too.
// - "ok" or "okay" alone, "is it ok to bring my scooter", "that's not ok", "I'm not ok with long
//   flights", "I can't go on rollercoasters", "I can't cope with crowds" (a travel need the
//   neuro-friendly answer serves) and a price of $988 are not crises.
//
// Typos of the distinctive words ("sucidal", "suicde", "crisys") are caught by edit distance
// (fastest-levenshtein); the phrases are matched on a normalized text (lower case, apostrophes
// dropped: "I'm" -> "im", "don't" -> "dont", "my self" -> "myself").

/** Lower case, apostrophes dropped, every other non-letter or digit a space, spaces collapsed. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/['\u2018\u2019\u02bc\u00b4`]/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bmy self\b/g, 'myself')
    .replace(/\bself harm/g, 'selfharm')
    .trim();
}

/** The message cut at sentence and clause marks, each clause normalized. */
const clausesOf = (message: string) =>
  message
    .split(/[.!?;,:\n\u2026]+|\s[-\u2013\u2014]\s/)
    .map(normalize)
    .filter(Boolean);

/** Distinctive words and how many edits a typo of them may have. */
const FUZZY_WORDS: readonly { word: string; edits: number }[] = [
  { word: 'suicide', edits: 2 },
  { word: 'suicidal', edits: 2 },
  { word: 'suicidial', edits: 1 },
  { word: 'crisis', edits: 1 },
  { word: 'selfharm', edits: 1 },
  { word: 'selfharming', edits: 2 },
];
/** Real words one or two edits from those above. */
const NOT_TYPOS = new Set(['crisps', 'cries']);

const isFuzzyWord = (token: string) =>
  token.length >= 5 &&
  !NOT_TYPOS.has(token) &&
  FUZZY_WORDS.some(
    ({ word, edits }) => token[0] === word[0] && distance(token, word) <= Math.min(edits, 2),
  );

const I_AM = String.raw`(?:i\s?m|i\s+am|iam|am|i\s+feel|feeling)`;
const OK = String.raw`(?:ok|okay|okey|okk|o\s?k|alright|all\s+right)`;
/** What follows "I'm not ok" in a travel preference: "I'm not ok with long flights". */
const NOT_ABOUT_A_PLAN = String.raw`(?!\s+(?:with|about|to|if|that|for|going|flying|travel+ing|driving|taking|leaving|booking|paying|sharing|using|being|sitting|staying|walking)\b)`;
/** The end of a clause, or a word that keeps the phrase about the person, not a plan. */
const ABOUT_ME_NOW = String.raw`(?=\s*$|\s+(?:anymore|any\s+more|like\s+this|right\s+now|now|today|tonight|lately|at\s+the\s+moment|at\s+all|honestly|really|mentally|please|help|i|and|im|with\s+(?:life|this|it|anything|everything|myself)\b))`;

/** Phrases read on one normalized clause. */
const PHRASES: readonly RegExp[] = [
  /\bsuicid/,
  /\bvcl\b/,
  /\bk+i+l+(?:ing|ed)?\s*myself\b/,
  /\bunalive\b/,
  /\bend(?:ing)?\s+it\s+all\b/,
  // Someone speaking for a veteran they love: "he's talking about ending his life".
  /\bend(?:s|ing)?\s+(?:my|it|his|her|their)\s+(?:own\s+)?lifes?\b/,
  /\btak(?:e|es|ing)\s+(?:my|his|her|their)\s+(?:own\s+)?lifes?\b/,
  /\bk+i+l+(?:ing|ed|s)?\s*(?:himself|herself|themselves|themself)\b/,
  /\b(?:ptsd|flashback|panic)\s+(?:episode|attack|crisis)\b/,
  /\b(?:wants?|wanted|wanna|going|gonna|ready)\s+(?:to\s+)?(?:die|be\s+dead)\b/,
  // Distress without the usual words: "im struggling", "it's bringing stuff back up".
  new RegExp(String.raw`\b${I_AM}\s+(?:really\s+|so\s+|just\s+)?struggling\b${ABOUT_ME_NOW}`),
  /\bbringing\s+(?:stuff|things|it\s+all|everything|memories|it)\s+back(?:\s+up)?\b/,
  /\b(?:flashbacks|nightmares)\b.*\b(?:again|bad|can\s*t|every\s+night)\b/,
  /\bwish\s+i\s+(?:was|were)\s+dead\b/,
  /\bbetter\s+off\s+dead\b/,
  /\bno\s+(?:reason|point)\s+(?:to|in)\s+(?:live|living|going\s+on)\b/,
  /\b(?:dont|do\s+not|dnt|doesnt)\s+(?:want|wanna)\s+(?:to\s+)?(?:be\s+here|live|be\s+alive|exist|wake\s+up)\b/,
  /\bselfharm/,
  // Said of someone else, or without the usual words.
  /\b(?:in|at)\s+(?:a\s+)?(?:really\s+|very\s+|such\s+a\s+|pretty\s+|so\s+)?(?:dark|bad|terrible|awful|low)\s+place\b/,
  /\bnot\s+in\s+a\s+good\s+(?:place|way|headspace)\b/,
  /\b(?:wants?|wanted|wanna|going|gonna|plans?|planning|thinking\s+(?:of|about)|talk(?:s|ing|ed)?\s+(?:about|of)|said\s+he\s+wants?|said\s+she\s+wants?)\s+(?:to\s+)?end(?:ing)?\s+it\b/,
  /\b(?:see|sees|seeing)\s+(?:the|any)\s+point\s+(?:any\s*more|in\s+(?:living|going\s+on|life|anything))\b/,
  /\b(?:doesnt|dont|does\s+not|do\s+not|cant|cannot)\s+see\s+(?:the|any)\s+point\b/,
  /\b(?:talk(?:s|ing|ed)?|think(?:s|ing)?|speak(?:s|ing)?)\s+(?:about|of)\s+end(?:ing)?\s+it\b/,
  /\bveterans?\s+(?:crisis\s+)?(?:line|hotline|helpline)\b/,
  /\b(?:ptsd|mental\s+health)\b.*\b(?:episode|attack|crisis|breakdown)\b/,
  new RegExp(
    String.raw`\bnot\s+doing\s+(?:great|so\s+great|too\s+good|so\s+good)\b${ABOUT_ME_NOW}`,
  ),
  /\b(?:hurt|hurting|harm|harming|cut|cutting)\s+myself\b/,
  new RegExp(
    String.raw`\b${I_AM}\s+(?:really\s+|just\s+|so\s+|very\s+)?not\s+(?:doing\s+|feeling\s+)?(?:really\s+|very\s+)?${OK}\b${NOT_ABOUT_A_PLAN}`,
  ),
  new RegExp(
    String.raw`\b(?:dont|do\s+not|not)\s+feel(?:ing)?\s+(?:ok|okay|alright)\b${NOT_ABOUT_A_PLAN}`,
  ),
  new RegExp(String.raw`\bnot\s+doing\s+(?:ok|okay|alright|well|good)\b${ABOUT_ME_NOW}`),
  new RegExp(
    String.raw`\b(?:cant|can\s+not|cannot|cnt)\s+(?:cope|go\s+on|take\s+(?:it|this)|do\s+this)\b${ABOUT_ME_NOW}`,
  ),
  /\b(?:need|want)\s+(?:someone|somebody|some\s+one|anyone|anybody)\s+to\s+talk\s+to\b/,
  /\b(?:no\s+one|noone|nobody)\s+to\s+talk\s+to\b/,
  new RegExp(
    String.raw`\bhaving\s+(?:a|such\s+a)\s+(?:really\s+|very\s+|pretty\s+|so\s+)?(?:bad|hard|rough|terrible|awful|horrible|dark)\s+(?:time|day|night|week)\b${ABOUT_ME_NOW}`,
  ),
  /\bhaving\s+(?:a\s+)?(?:panic\s+attack|breakdown|mental\s+breakdown|flashbacks?)\b/,
  /\bmental\s+health\s+(?:crisis|emergency)\b/,
];

/** Long phrases whose typos are caught too, a window of the clause at a time. */
const LONG_PHRASES: readonly string[] = [
  'dont want to be here anymore',
  'dont want to live anymore',
  'i want to kill myself',
];
const windowsOf = (tokens: readonly string[], size: number) =>
  tokens.length < size
    ? []
    : Array.from({ length: tokens.length - size + 1 }, (_, i) =>
        tokens.slice(i, i + size).join(' '),
      );
const hasLongPhraseTypo = (clause: string) => {
  const tokens = clause.split(' ');
  return LONG_PHRASES.some((phrase) => {
    const size = phrase.split(' ').length;
    return [size - 1, size, size + 1].some((n) =>
      windowsOf(tokens, n).some(
        // "I don't want to be there anymore" is about a place, one letter away.
        (w) => !/\bthere\b/.test(w) && distance(w, phrase) <= 2,
      ),
    );
  });
};

/** "988", unless it is an amount: "$988", "988 dollars", "988.50", "988 km". */
const asks988 = (clause: string, message: string) =>
  /\b988\b/.test(clause) &&
  !/(?:[$\u20ac\u00a3]\s*988|988\s*(?:[.,]\d|(?:usd|eur|gbp|cad|dollars?|bucks|euros?|pounds?|km|miles?|ft|feet)\b))/i.test(
    message,
  );

/**
 * Does the message speak of a mental-health crisis, or ask for the crisis line? See the top of
 * this file for what counts and what, on purpose, does not.
 */
export function isCrisis(message: string): boolean {
  const text = message.slice(0, 4000);
  // PTSD and an episode in different sentences: "he has PTSD ... if he has a bad episode".
  const whole = normalize(text);
  if (
    /\bptsd\b/.test(whole) &&
    /\b(episode|flashbacks?|breakdown|meltdown|panic attack)\b/.test(whole)
  ) {
    return true;
  }
  return clausesOf(text).some(
    (clause) =>
      clause.split(' ').some(isFuzzyWord) ||
      asks988(clause, text) ||
      PHRASES.some((pattern) => pattern.test(clause)) ||
      hasLongPhraseTypo(clause),
  );
}

/** "Japan", "the United States", "the Netherlands": a country's name after "in" or "from". */
export const countryInSentence = (country: string) =>
  /^(?:united |bahamas$|maldives$|netherlands$|philippines$|gambia$)|(?:islands|republic)$/i.test(
    country,
  )
    ? `the ${country}`
    : country;

/** "In Japan, dial 110 (ambulance 119)", or undefined when the contact has no number. */
function localLine(local: EmergencyContact): string | undefined {
  const others = (
    [
      ['police', local.police],
      ['ambulance', local.ambulance],
      ['fire', local.fire],
    ] as const
  )
    .filter(([, n]) => n && n !== local.emergencyNumber)
    .map(([name, n]) => `${name} ${n}`);
  if (local.emergencyNumber) {
    return `In ${countryInSentence(local.country)}, dial ${local.emergencyNumber}${others.length > 0 ? ` (${others.join(', ')})` : ''}.`;
  }
  return others.length > 0
    ? `In ${countryInSentence(local.country)}, call ${others.join(', ')}.`
    : undefined;
}

/**
 * The answer to a crisis, line by line, the first thing the traveller reads: the local emergency
 * number when in danger now, the Veterans Crisis Line (phone, text, chat, from abroad, deaf
 * access), Overseas Citizens Services for U.S. citizens abroad and STEP. Every number and link
 * comes from `lines` and `local`; links are bare https URLs, which the chat renders as links.
 */
export function crisisAnswer(lines: HelpLines, local?: EmergencyContact): string[] {
  const vcl = lines.veteransCrisisLine;
  const ocs = lines.overseasCitizensServices;
  const step = lines.smartTravelerEnrollmentProgram;
  const here = local ? localLine(local) : undefined;
  // In the United States or its territories (no Overseas Citizens Services line there), the lines
  // for abroad are left out.
  const atHome = local !== undefined && local.consularNumber === undefined;
  const ocsNumbers = local?.consularNumber
    ? `${local.consularNumber} from ${countryInSentence(local.country)}`
    : `${ocs.fromOverseas} from abroad, ${ocs.fromUsOrCanada} from the U.S. or Canada`;
  return [
    "I'm sorry you're going through this. You don't have to face it alone, and help is there right now.",
    here
      ? `If you are in danger right now: ${here}`
      : `If you are in danger right now, call the local emergency number where you are${local ? `; we have no confirmed number for ${countryInSentence(local.country)}` : ''}.`,
    `${vcl.name} (${vcl.availability}): in the U.S., dial ${vcl.call.dial} then press ${vcl.call.thenPress}, or text ${vcl.text}. Chat: ${vcl.chatUrl}`,
    ...(atHome ? [] : [vcl.overseasNote]),
    `Deaf or hard of hearing: ${vcl.deafAccess}`,
    ...(atHome
      ? []
      : [
          `U.S. citizens abroad can also call Overseas Citizens Services: ${ocsNumbers} (${ocs.url}).`,
          `Travelling abroad? Enroll your trip in STEP so the nearest U.S. embassy can reach you: ${step.url}`,
        ]),
  ];
}
