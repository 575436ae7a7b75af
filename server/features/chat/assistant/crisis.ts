import { distance } from 'fastest-levenshtein';
import type { EmergencyContact } from '../../../../contracts/emergency.js';
import type { HelpLines } from '../../../../contracts/help-lines.js';
import { withoutAccents } from '../../../../contracts/text.js';

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
// - The everyday ways of saying it count, of oneself or of someone else ("everyone would be better
//   off without me", "honestly whats the point", "i cant keep doing this", "i just want it all to
//   end", "nothing matters anymore", "he has a gun and is saying goodbye", "vets in a bad way",
//   "ptsd is really bad tonight"), but only where the words that follow keep them about a person:
//   "whats the point of travel insurance", "the hotel was in a bad way", "i cant keep doing
//   stairs", "i want the trip to end in paris", "saying goodbye to my family at the airport", "who
//   can i talk to about a wheelchair", "my husband has ptsd, which places are quiet", "is the gun
//   museum free" and "better off without a car?" are not crises.
//
// Typos of the distinctive words ("sucidal", "suicde", "crisys") are caught by edit distance
// (fastest-levenshtein); the phrases are matched on a normalized text (lower case, apostrophes
// dropped: "I'm" -> "im", "don't" -> "dont", "my self" -> "myself"), where a typo one letter from a
// word the phrases rely on ("anymor", "evryone", "withot") and texting shorthand ("wat", "w/o",
// "every1", "tonite") are read as that word.

/** Texting shorthand and common misspellings, read as the word the phrases below rely on. */
const SHORTHAND: Readonly<Record<string, string>> = {
  wat: 'what',
  wut: 'what',
  wht: 'what',
  whta: 'what',
  wats: 'whats',
  whts: 'whats',
  wuts: 'whats',
  whatz: 'whats',
  wots: 'whats',
  cnt: 'cant',
  carnt: 'cant',
  cany: 'cant',
  dnt: 'dont',
  nemore: 'anymore',
  anymo: 'anymore',
  tonite: 'tonight',
  '2nite': 'tonight',
  every1: 'everyone',
  evry1: 'everyone',
  some1: 'someone',
  any1: 'anyone',
  no1: 'noone',
  b: 'be',
  wud: 'would',
  wld: 'would',
  ppl: 'people',
  nuthin: 'nothing',
  nothin: 'nothing',
  gbye: 'goodbye',
};
/** Words the phrases rely on whose one-letter typos ("anymor", "evryone", "withot") read as them. */
const TYPO_TARGETS = [
  'anymore',
  'without',
  'everyone',
  'everybody',
  'better',
  'matters',
  'nothing',
  'goodbye',
  'struggling',
  'anything',
  'everything',
  'honestly',
  'tonight',
  'someone',
  'somebody',
];
/** Real words one edit from a word above. */
const NOT_TYPOS_OF_TARGETS = new Set(['bitter', 'butter', 'batter', 'setter', 'letter', 'matter']);
function fixTypo(token: string): string {
  const short = SHORTHAND[token];
  if (short) return short;
  if (token.length < 6 || NOT_TYPOS_OF_TARGETS.has(token) || TYPO_TARGETS.includes(token)) {
    return token;
  }
  return (
    TYPO_TARGETS.find(
      (word) =>
        word[0] === token[0] &&
        Math.abs(word.length - token.length) <= 1 &&
        distance(token, word) <= 1,
    ) ?? token
  );
}

/** Lower case, apostrophes dropped, every other non-letter or digit a space, spaces collapsed. */
function normalize(text: string): string {
  return withoutAccents(
    text
      .toLowerCase()
      .replace(/['\u2018\u2019\u02bc\u00b4`]/g, '')
      .normalize('NFKD'),
  )
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bmy self\b/g, 'myself')
    .replace(/\bself harm/g, 'selfharm')
    .replace(/\bw o\b/g, 'without')
    .trim()
    .split(' ')
    .map(fixTypo)
    .join(' ');
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
const ABOUT_ME_NOW = String.raw`(?=\s*$|\s+(?:anymore|any\s+more|no\s+more|like\s+this|right\s+now|rn|atm|now|today|tonight|lately|at\s+the\s+moment|at\s+all|honestly|really|mentally|please|help|i|and|im|tbh|tho|though|idk|already|anyway|anyways|forever|for\s+good|sometimes|lol|so\s+(?:much|bad)|badly|big\s+time|every\s+day|in\s+(?:life|general|silence)|to\s+(?:cope|breathe|keep\s+going|stay\s+alive))\b|\s+with\s+(?:life|this|it|anything|everything|myself)(?:\s+(?:all|any\s*more|right\s+now|now|tonight|today|lately))*(?=\s*$|\s+(?:i|im|and|but|honestly|tbh)\b))`;
const CANT = String.raw`(?:cant|can\s+t|can\s+not|cannot)`;
/** Someone the message may speak of: "i", "he", "my brother", "vets". */
const PERSON = String.raw`(?:i|he|she|they|you|we|someone|somebody|anyone|vets?|veterans?|friend|buddy|mate|husband|wife|partner|dad|father|mom|mum|mother|brother|sister|son|daughter|uncle|aunt|grandpa|granddad|grandad|cousin|boyfriend|girlfriend|fiance|fiancee)`;
/** "is", "has been", "feels", after PERSON; "im", "hes", "theyre" on their own. */
const PERSON_IS = String.raw`(?:im|ive\s+been|hes|shes|theyre|youre|vets|veterans|someone|somebody|anyone|people|(?!is\b)${PERSON}s|${PERSON}(?:\s+from\s+(?:the|my|his|her|our)\s+\w+)?\s+(?:m|am|s|is|re|are|was|were|been|has\s+been|have\s+been|ve\s+been|s\s+been|feel|feels|feeling|seem|seems|sound|sounds|get|gets|got|getting))`;
const PTSD = String.raw`(?:ptsd|p\s+t\s+s\s+d|pstd|ptds|flashbacks?|nightmares?|night\s+terrors?)`;
/** PTSD as something felt, not a service dog or a room: "ptsd service dog", "ptsd friendly". */
const PTSD_FELT = String.raw`${PTSD}(?!\s+(?:service\s+|assistance\s+|support\s+)?dogs?\b|\s+friendly\b|\s+awareness\b)`;
/** What follows a PTSD word when it is about now: "ptsd is really bad tonight". */
const PTSD_NOW = String.raw`(?=\s*$|\s+(?:tonight|right\s+now|now|today|this\s+(?:week|morning|evening|afternoon)|lately|again|at\s+the\s+moment|tbh|(?:and\s+)?(?:i\s+)?cant|(?:and\s+)?(?:i\s+)?(?:need|want)\s+(?:help|to\s+talk|someone|somebody)|who|help|please)\b)`;
/** A clause that begins with nothing but filler before the phrase: "honestly whats the point". */
const CLAUSE_START = String.raw`(?:^|\b(?:says|said|saying|asks|asked|asking|keeps\s+(?:saying|asking)|keep\s+(?:thinking|asking\s+myself)|thinking|wondering|feel\s+like|feels\s+like)\s+)(?:(?:honestly|tbh|so|but|and|like|just|really|i\s+mean|idk|i\s+dunno|sometimes|lately|anyway|man|ugh|god|seriously|sorry|i\s+think|then|because|cause|cuz|coz|well|yeah|ok|okay|its\s+like|im\s+like)\s+)*`;
/** The end of "whats the point": the clause's end, or filler. */
const POINT_END = String.raw`(?=\s*$|\s+(?:anymore|any\s+more|anyway|anyways|honestly|tbh|really|even|then|now|though|tho|idk|lol|man|i|im)\b|\s+of\s+(?:it|this)\s*$)`;
/** A person's being gone: "if i was gone", "if he wasnt here". */
const GONE = String.raw`(?:(?:was|were)\s+(?:gone|dead|not\s+(?:here|around|alive)|never\s+born|out\s+of\s+the\s+picture)|(?:wasnt|werent|was\s+not|were\s+not)\s+(?:here|around|alive|in\s+the\s+picture)|died|disappeared|never\s+existed|didnt\s+exist|never\s+came\s+back|just\s+vanished|killed\s+(?:myself|himself|herself)|ended\s+it)`;
/** Those who would be "better off". */
const OTHERS = String.raw`(?:every\s*one|everybody|every\s+body|the\s+world|world|(?:my|his|her|their)\s+(?:family|kids|wife|husband|partner|friends|son|daughter|parents|children|mom|mum|dad)|people|family)`;
/** What follows "saying goodbye" when it is not a goodbye at an airport. */
const GOODBYE_END = String.raw`(?=\s*$|\s+(?:what|and|like|forever|for\s+good|which|as\s+if|help|please|now|right\s+now|tonight|i|im|idk|tbh|to\s+(?:everyone|everybody|us|me|all\s+of\s+us|people|the\s+world|life)(?:\s*$|\s+(?:what|and|like|forever|for\s+good|help|i|im|please)\b))\b)`;

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
  new RegExp(
    String.raw`\b${I_AM}\s+(?:(?:really|so|just|actually|honestly|seriously)\s+)?struggling\b${ABOUT_ME_NOW}`,
  ),
  /\bbringing\s+(?:stuff|things|it\s+all|everything|memories|it)\s+back(?:\s+up)?\b/,
  /\b(?:flashbacks|nightmares)\b.*\b(?:again|bad|can\s*t|every\s+night)\b/,
  /\bwish\s+i\s+(?:was|were)\s+dead\b/,
  // "it would be easier if I just didn't wake up", "not safe with myself tonight".
  /\b(?:easier|better)\s+if\s+(?:i|he|she)\s+(?:just\s+)?(?:didnt|did\s+not|never|wouldnt|couldnt)\s+(?:wake\s+up|woke\s+up|exist|come\s+back)\b/,
  /\b(?:easier|better)\s+if\s+(?:i|he|she)\s+(?:just\s+)?(?:wasnt|werent|was\s+not|were\s+not|wasn\s+t)\s+(?:here|around|alive)\b/,
  new RegExp(
    String.raw`\bnothing\s+(?:feels|seems|is)\s+(?:really\s+)?worth\s+(?:it|living\s+for|anything)\b${ABOUT_ME_NOW}`,
  ),
  /\b(?:not|dont\s+feel|do\s+not\s+feel|never\s+feel)\s+safe\s+(?:with|around|by)\s+(?:myself|himself|herself)\b/,
  // "not sure I'll still be around by then", "I won't be here much longer".
  /\bnot\s+sure\s+(?:i\s*ll|i\s+will|ill|he\s*ll|she\s*ll)\s+(?:still\s+)?be\s+(?:around|here|alive)\b/,
  /\b(?:i|he|she)\s+(?:wont|will\s+not)\s+be\s+(?:around|here|alive)\s+(?:much\s+longer|for\s+long|by\s+then|anymore)\b/,
  // "i dont think ill still be here by christmas", "i wont be around by march anyway": not
  // expecting to be alive at a time ahead ("we wont be here by 5pm" names an hour, not a season).
  new RegExp(
    String.raw`\b(?:(?:i|he|she)\s+(?:wont|will\s+not)|(?:dont|doesnt|do\s+not|does\s+not)\s+think\s+(?:i\s*ll|ill|i\s+will|i\s+would|id|hell|he\s+will|shell|she\s+will))\s+(?:still\s+|even\s+)?be\s+(?:around|here|alive)\s+(?:by|to\s+(?:see|need|use|enjoy)|when|next|anyway|anyways|much\s+longer|any\s*more|for\s+(?:long|much\s+longer|christmas|thanksgiving|new\s+year|(?:my|his|her)\s+birthday)|in\s+(?:a|the)\s+(?:year|month|few))\b(?!\s+(?:\d|noon|lunch|dinner|breakfast|check\s*in|check\s*out|the\s+(?:hotel|airport|time\s+(?:you|the|we))))`,
  ),
  // "keep thinking about jumping off something", "wants to jump in front of a train".
  /\b(?:think|thinks|thinking|thought|urge|urges|want|wants|wanted|wanna|going\s+to|gonna|about\s+to)\s+(?:about\s+|of\s+|to\s+)?jump(?:ing)?\s+(?:off|from|in\s+front\s+of)\s+(?:something|somewhere|anything|a\s+(?:bridge|building|roof|cliff|balcony|train|car|bus)|the\s+(?:bridge|building|roof|cliff|balcony|train|tracks|platform|edge)|my\s+balcony|his\s+balcony|her\s+balcony|traffic)\b/,
  // A goodbye in other words, of someone else: "texted me and said sorry for everything".
  new RegExp(
    String.raw`\b${PERSON}\b.*\b(?:said|says|saying|texted|texting|sent|messaged|wrote|told\s+(?:me|us))\s+(?:me\s+|us\s+)?(?:a\s+\w+\s+)?(?:(?:and|that)\s+)?(?:(?:hes|shes|im|he\s+is|she\s+is)\s+)?(?:said\s+)?sorry\s+for\s+everything\b`,
  ),
  // "he wishes he wasn't around anymore", "she doesn't want to be around".
  /\bwish(?:es|ed)?\s+(?:i|he|she|they)\s+(?:was|were)(?:nt|\s+not)\s+(?:around|here|alive|born)\b/,
  /\b(?:dont|doesnt|do\s+not|does\s+not)\s+want\s+to\s+be\s+around\s+(?:any\s*more|now)\b/,
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
    String.raw`\b${I_AM}\s+(?:(?:really|just|so|very|actually|honestly|genuinely|truly|kinda|definitely|def|probably|seriously)\s+)?not\s+(?:doing\s+|feeling\s+)?(?:really\s+|very\s+)?${OK}\b${NOT_ABOUT_A_PLAN}`,
  ),
  new RegExp(
    String.raw`\b(?:dont|do\s+not|not)\s+feel(?:ing)?\s+(?:ok|okay|alright)\b${NOT_ABOUT_A_PLAN}`,
  ),
  new RegExp(String.raw`\bnot\s+doing\s+(?:ok|okay|alright|well|good)\b${ABOUT_ME_NOW}`),
  new RegExp(
    String.raw`\b(?:cant|can\s+not|cannot|cnt)\s+(?:cope|go\s+on|take\s+(?:it|this)|do\s+this)\b${ABOUT_ME_NOW}`,
  ),
  /\b(?:need|want)\s+(?:someone|somebody|some\s+one|anyone|anybody)\s+to\s+talk\s+to\b/,
  /\b(?:i|we)\s+(?:think\s+)?(?:i\s+|we\s+)?(?:really\s+)?need\s+to\s+talk\s+to\s+(?:someone|somebody|some\s+one|anyone|a\s+person)\b(?!\s+(?:about|at|from|for)\b)/,
  /\b(?:everything|life|it\s+all|all\s+of\s+it)\s+(?:feels|seems|is)\s+(?:so\s+|really\s+|completely\s+)?(?:pointless|hopeless|meaningless)\b/,
  // A line for veterans who are struggling: the Veterans Crisis Line, asked for in other words.
  /\b(?:line|number|hotline|helpline|someone)\s+(?:for|that)\s+(?:vets|veterans)\b.*\bstruggl/,
  /\b(?:vets|veterans)\s+who\s+(?:are|re)\s+struggling\b/,
  /\b(?:no\s+one|noone|nobody)\s+to\s+talk\s+to\b/,
  /\b(?:(?:dont|do\s+not|dunno)\s+know\s+(?:who|where)|(?:no\s+one|noone|nobody|nowhere|no\s+where))\s+(?:else\s+)?to\s+turn(?:\s+to)?\b(?!\s+(?:for|about|with|at|regarding|in)\b)/,
  new RegExp(
    String.raw`\bhaving\s+(?:a|such\s+a)\s+(?:really\s+|real\s+|very\s+|pretty\s+|so\s+)?(?:bad|hard|rough|terrible|awful|horrible|dark)\s+(?:time|day|night|week)\b${ABOUT_ME_NOW}`,
  ),
  /\bhaving\s+(?:a\s+)?(?:panic\s+attack|breakdown|mental\s+breakdown|flashbacks?)\b/,
  /\bmental\s+health\s+(?:crisis|emergency)\b/,
  // "everyone would be better off without me", "theyd be better off if i was gone", of anyone.
  /\bbet+e?r\s+off\s+(?:without|witout|wihtout|withot|w\s+out)\s+(?:me|him|her|myself)\b/,
  new RegExp(String.raw`\bbet+e?r\s+off\s+(?:if|when|once)\s+(?:i|im|he|hes|she|shes)\s+${GONE}`),
  new RegExp(
    String.raw`\b${OTHERS}\s+(?:would|will|d|might|could)?\s*(?:be\s+|been\s+)?(?:so\s+|much\s+|a\s+lot\s+|way\s+)?bet+e?r\s+off(?=\s*$|\s+(?:anyway|anyways|tbh|honestly|really|tho|though|i|im|and)\b|\s+if\s+(?:i|he|she)\s+${GONE})`,
  ),
  /\bbet+e?r\s+place\s+without\s+(?:me|him|her)\b/,
  // "honestly whats the point", "whats the point of anything", "theres no point anymore".
  new RegExp(
    String.raw`${CLAUSE_START}(?:whats|what\s+is|what)\s+(?:even\s+)?(?:the\s+)?point\s*(?:even\s*)?${POINT_END}`,
  ),
  new RegExp(
    String.raw`\b(?:whats|what\s+is|what)\s+(?:even\s+)?the\s+point\s+(?:of|in)\s+(?:anything|living|life|it\s+all|any\s+of\s+(?:it|this)|going\s+on|trying|me|even\s+trying|being\s+(?:here|alive)|carrying\s+on|waking\s+up|existing|all\s+(?:this|of\s+this)|getting\s+up|(?:it|this|doing\s+this)\s+any\s*more)\b${ABOUT_ME_NOW}`,
  ),
  new RegExp(
    String.raw`\b(?:(?:theres|there\s+is|there\s+s|is\s+there|is)\s+(?:just\s+)?)?(?:no|any)\s+point\s+(?:any\s*more|no\s+more|in\s+(?:anything|trying|any\s+of\s+(?:it|this)|me|it\s+any\s*more)|to\s+(?:anything|any\s+of\s+(?:it|this)|life))\b${ABOUT_ME_NOW}`,
  ),
  // "i cant keep doing this", "cant take much more", "cant do it anymore", "cant carry on".
  new RegExp(
    String.raw`\b${CANT}\s+(?:keep\s+(?:doing\s+(?:this|it)|going(?:\s+on)?|living(?:\s+like\s+this)?|fighting|pretending|holding\s+on|on)|do\s+(?:this|it|life)\s+(?:any\s*more|no\s+more)|do\s+life|go\s+on\s+(?:living|like\s+this)|carry\s+on|take\s+(?:much\s+more|any\s*more|no\s+more)(?:\s+of\s+(?:this|it))?|take\s+it\s+any\s*more|handle\s+(?:this|it|life|anything|everything)|live\s+(?:like\s+this|with\s+(?:this|myself|it))|face\s+(?:another\s+day|tomorrow|anything|anyone|life)|stand\s+(?:(?:it|this)\s+any\s*more|being\s+alive|myself|living))\b${ABOUT_ME_NOW}`,
  ),
  new RegExp(
    String.raw`\b(?:dont|do\s+not|doesnt|does\s+not)\s+(?:want|wanna)\s+(?:to\s+)?(?:go\s+on|keep\s+going|carry\s+on|do\s+this|keep\s+living)\b${ABOUT_ME_NOW}`,
  ),
  new RegExp(
    String.raw`\b(?:tired|sick|sick\s+and\s+tired)\s+of\s+(?:living|life|being\s+alive|being\s+here|fighting|it\s+all|everything|existing|waking\s+up)\b${ABOUT_ME_NOW}`,
  ),
  /\b(?:done|finished)\s+with\s+(?:life|living|it\s+all|everything|this\s+life|being\s+alive)\b/,
  /\b(?:lost|no|losing)\s+(?:the\s+|my\s+|his\s+|her\s+|any\s+)?will\s+to\s+live\b/,
  new RegExp(
    String.raw`\b(?:given|giving|give|gave)\s+up\s+on\s+(?:life|living|everything|myself|himself|herself)\b${ABOUT_ME_NOW}`,
  ),
  new RegExp(
    String.raw`\b(?:want|wants|wanna|ready|going|gonna|about)\s+(?:to\s+)?give\s+up${ABOUT_ME_NOW}`,
  ),
  new RegExp(
    String.raw`\b(?:see|sees|seeing)\s+no\s+way\s+out\b|\b${CANT}\s+see\s+(?:a|any)\s+way\s+out\b|\bno\s+way\s+out${ABOUT_ME_NOW}`,
  ),
  // "i just want it all to end", "want it to stop", "wish it would all end".
  new RegExp(
    String.raw`\b(?:want|wants|wanted|wanna|need|needs|wish|wishing)\s+(?:for\s+)?(?:it\s+all|all\s+of\s+(?:it|this)|everything|this|it|the\s+pain|the\s+hurt|the\s+(?:thoughts|voices|nightmares|flashbacks|noise\s+in\s+my\s+head)|my\s+life|life|this\s+life)\s+(?:to|would|could)\s+(?:all\s+)?(?:just\s+)?(?:end|stop|be\s+over|go\s+away|finish)\b${ABOUT_ME_NOW}`,
  ),
  new RegExp(
    String.raw`\b(?:want|wants|wanna|wish\s+i\s+could|wish\s+he\s+could|wish\s+she\s+could)\s+(?:to\s+)?(?:just\s+)?(?:disappear|vanish|not\s+exist|stop\s+existing|be\s+gone|not\s+be\s+(?:here|alive|around)|sleep\s+forever)\b${ABOUT_ME_NOW}`,
  ),
  /\b(?:sleep|go\s+to\s+sleep|fall\s+asleep)\s+and\s+(?:not|never)\s+wake\s+up\b(?!\s+(?:early|late|before|in\s+time|on\s+time))/,
  /\bwish\s+(?:i|he|she)\s+(?:was|were|had|had\s+been)\s+never\s+born\b|\bwish\s+(?:i|he|she)\s+(?:wasnt|werent|was\s+not)\s+(?:here|alive|around)\b/,
  // "none of this matters", "nothing matters anymore", "i dont matter".
  new RegExp(
    String.raw`\b(?:none\s+of\s+(?:this|it)|nothing)\s+(?:really\s+|even\s+|truly\s+)?(?:matters|mattered|matter)\b(?:\s+to\s+(?:me|him|her))?${ABOUT_ME_NOW}`,
  ),
  new RegExp(
    String.raw`\b(?:i|my\s+life|his\s+life|her\s+life)\s+(?:dont|doesnt|do\s+not|does\s+not)\s+(?:really\s+|even\s+)?matter\b(?:\s+to\s+(?:anyone|anybody|no\s+one|noone|nobody))?${ABOUT_ME_NOW}`,
  ),
  /\b(?:no\s+one|noone|nobody)\s+(?:would|will|d)\s+(?:even\s+)?(?:miss|notice)\s+(?:me|him|her)\b/,
  new RegExp(
    String.raw`\b(?:no\s+one|noone|nobody)\s+(?:would|will|d)\s+(?:even\s+)?(?:care|notice)\s+if\s+(?:i|he|she)\s+${GONE}`,
  ),
  /\b(?:im|i\s+am|feel\s+like|feeling\s+like|hes|shes)\s+(?:such\s+|just\s+)?(?:a\s+)?(?:such\s+a\s+)?burden\s+(?:to|on)\s+(?:everyone|everybody|my\s+family|them|my\s+kids|my\s+wife|my\s+husband|people)\b/,
  new RegExp(String.raw`\b(?:im|i\s+am|im\s+just|im\s+such)\s+(?:a\s+)?burden${ABOUT_ME_NOW}`),
  new RegExp(
    String.raw`\b${I_AM}\s+(?:so\s+|really\s+|completely\s+|totally\s+|just\s+)?(?:hopeless|worthless|empty|numb|dead\s+inside)\b${ABOUT_ME_NOW}`,
  ),
  // "he has a gun and is saying goodbye", "giving away his things".
  new RegExp(
    String.raw`\b(?:is|s|keeps|kept|been|started|was|hes|shes|theyre)\s+(?:just\s+|already\s+|now\s+)?(?:saying|texting|messaging|sending)\s+(?:(?:me|us|everyone|everybody|people)\s+)?(?:goodbye|goodbyes|good\s+bye|bye\s+forever)\b${GOODBYE_END}`,
  ),
  new RegExp(
    String.raw`\b(?:texted|sent|messaged|called|rang|wrote)\s+(?:me|us)\s+(?:to\s+say\s+)?(?:goodbye|good\s+bye|bye\s+forever)\b${GOODBYE_END}`,
  ),
  /\b(?:goodbye|farewell|suicide)\s+(?:note|letter)\b/,
  /\b(?:giving|gave|given|give|gives)\s+away\s+(?:all\s+)?(?:of\s+)?(?:my|his|her|their)\s+(?:stuff|things|belongings|possessions|guns?|dog|cat|pets?|medals|tools)\b(?!\s+(?:before|because|since|to\s+(?:charity|goodwill)))/,
  /\b(?:giving|gave|given|give|gives)\s+(?:all\s+)?(?:of\s+)?(?:my|his|her|their)\s+(?:stuff|things|belongings|possessions|guns?|medals|tools)\s+away\b(?!\s+(?:before|because|since|to\s+(?:charity|goodwill)))/,
  /\b(?:took|taken|swallowed|swallow|downed|had)\s+(?:a\s+(?:whole\s+)?bunch\s+of|all\s+(?:of\s+)?(?:my|his|her|the|their)|too\s+many|a\s+lot\s+of|lots\s+of|loads\s+of|a\s+load\s+of|a\s+whole\s+(?:bottle|packet|box)\s+of|a\s+handful\s+of|(?:the\s+)?(?:whole|entire)\s+(?:bottle|packet|box)\s+of)\s+(?:(?:her|his|my|their|sleeping|pain|the)\s+)?(?:pills|meds|medication|tablets|painkillers|sleeping\s+pills)\b/,
  /\boverdos(?:e|ed|ing)\b|\b(?:stockpil(?:e|ed|ing)|sav(?:e|ed|ing)\s+up|hoard(?:ed|ing)?|collect(?:ed|ing)|squirrel(?:l?ed|l?ing)\s+away)\s+(?:(?:my|his|her|their|all\s+(?:my|his|her))\s+)?(?:pills|meds|medication|tablets|painkillers|sleeping\s+pills)\b/,
  // "i dont think i can keep going anymore", "not planning on being around to use it".
  new RegExp(
    String.raw`\b(?:dont|do\s+not|doesnt|does\s+not)\s+think\s+(?:i|he|she)\s+can\s+(?:keep\s+going|go\s+on|carry\s+on|do\s+this|cope|take\s+(?:it|this|much\s+more)|keep\s+doing\s+this)\b${ABOUT_ME_NOW}`,
  ),
  /\b(?:not|no\s+longer|never)\s+(?:planning|plan|going|expecting|intending)\s+(?:on|to)\s+(?:being|be|still\s+be)\s+(?:around|here|alive)(?=\s*$|\s+(?:to\s+(?:use|see|need|enjoy|come\s+back)|by|much\s+longer|for\s+(?:long|much\s+longer|it)|any\s*more|after\s+(?:that|this|it)|anyway)\b)/,
  // "hes been texting me goodbye type stuff tonite".
  /\b(?:texting|texted|sending|sent|messaging|saying|writing|wrote)\s+(?:me\s+|us\s+)?(?:goodbye|good\s+bye|farewell)(?:\s+type|\s+kind\s+of|\s+ish|-ish)?\s+(?:stuff|things|messages|texts|notes)\b/,
  // "I'm scared of what I might do to myself tonight".
  /\b(?:scared|afraid|frightened|terrified|worried)\s+(?:of|about)\s+what\s+(?:i|he|she|they)\s+(?:might|could|will|would|may|am\s+going\s+to|is\s+going\s+to)\s+do\s+(?:to\s+)?(?:myself|himself|herself|themselves)\b/,
  // "ive been putting my tablets aside for weeks".
  /\b(?:putting|put|setting|set|keeping|kept|stashing|stashed|hiding|hid)\s+(?:(?:my|his|her|all\s+(?:my|his|her))\s+)?(?:pills|meds|medication|tablets|painkillers|sleeping\s+pills)\s+(?:aside|away|back|by)\b/,
  // "he's going to hurt himself", "she said she'd hurt herself".
  /\b(?:going\s+to|gonna|wants?\s+to|will|ll|d|would|threaten(?:s|ed|ing)?\s+to|talk(?:s|ed|ing)?\s+about|said\s+(?:he|she|they)\s*(?:d|would|will|ll))\s+(?:hurt|harm|kill|cut)\s+(?:himself|herself|themselves|themself)\b/,
  // "i think tonight is the night", "tonight's the night i end it".
  /\b(?:tonight|today)\s+(?:is|s)\s+the\s+(?:night|day)\b(?!\s+(?:we|of\s+the|for\s+the)\b)/,
  /\b(?:shoot|shot|hang|hanged|hung|drown|poison|stab|slit)(?:ing|s|ed)?\s+(?:myself|himself|herself|themselves|themself|(?:my|his|her)\s+wrists?)\b(?!\s+in\s+the\s+foot)/,
  // "someone in a bad way", "if theyre in a bad way": a person's, not a hotel's.
  new RegExp(
    String.raw`\b${PERSON_IS}\s+(?:(?:really|still|just|also|kind\s+of|kinda|pretty|so|been)\s+)*in\s+(?:a\s+)?(?:really\s+|very\s+|pretty\s+|so\s+)?(?:bad|dark|rough|low|terrible|awful|horrible)\s+(?:way|headspace|head\s+space|state|mental\s+state)\b(?!\s+(?:with|financially|money|for\s+(?:money|cash|time)|budget))`,
  ),
  // "been a really dark week", "having dark thoughts".
  new RegExp(
    String.raw`\b(?:been|had|having)\s+(?:a\s+|such\s+a\s+)?(?:really\s+|very\s+|pretty\s+|so\s+)?dark\s+(?:few\s+)?(?:days?|weeks?|months?|nights?|time|while|year|stretch)\b${ABOUT_ME_NOW}`,
  ),
  /\b(?:dark|bad|intrusive|scary|suicidal)\s+thoughts\b/,
  // "ptsd is really bad tonight", "nightmares have been awful lately", "keep reliving it".
  new RegExp(
    String.raw`\b${PTSD_FELT}\s+(?:(?:is|s|are|re|has\s+been|have\s+been|been|got|gotten|getting)\s+(?:(?:really|so|very|pretty|super|real|extra|just|been)\s+)*(?:bad|worse|rough|awful|terrible|horrible|hard|intense|out\s+of\s+control)|(?:acting\s+up|flaring(?:\s+up)?|kicking\s+in|playing\s+up|hitting(?:\s+me)?)(?:\s+(?:really\s+|so\s+)?(?:bad|hard))?)${PTSD_NOW}`,
  ),
  new RegExp(
    String.raw`\b${PTSD_FELT}\s+(?:(?:really|so|very|pretty|super|real|extra)\s+)+(?:bad|rough|awful|terrible|horrible|intense)${PTSD_NOW}`,
  ),
  /\b(?:keep|keeps|cant\s+stop|constantly)\s+(?:thinking\s+about|reliving|remembering|dreaming\s+about|seeing)\s+(?:stuff|things|everything|what\s+happened|what\s+i\s+(?:saw|did))\s+(?:from|in|during|over\s+in|that\s+happened\s+in)\s+(?:deployment|deployments|the\s+war|war|combat|iraq|afghanistan|vietnam|korea|kuwait|the\s+service|service|my\s+tours?|tours?|the\s+desert|the\s+military|the\s+army|the\s+marines|the\s+navy|theatre|theater)\b/,
  /\b(?:keep|keeps|cant\s+stop)\s+reliving\s+(?:it|that|everything|what\s+happened|the\s+\w+|those)\b/,
  // "whats the number vets can text", "help line for veterans".
  new RegExp(
    String.raw`\b(?:number|numbers|line|hotline|helpline|help\s+line|text\s+line|textline|someone|somewhere|anyone|who|where)\s+(?:that\s+|for\s+|can\s+|could\s+|do\s+|should\s+)?(?:a\s+)?(?:vets?|veterans?|ex\s+military|former\s+military|servicemen|service\s+members?|soldiers?|military\s+(?:people|members|folks))\s+(?:can|could|should|are\s+supposed\s+to|to|would|might)?\s*(?:call|text|ring|phone|talk\s+to|reach|contact|dial|message)(?:\s+or\s+(?:call|text|ring|phone|message|chat))?(?=\s*$|\s+(?:if|when|at\s+night|anytime|any\s+time|24|right\s+now|tonight|who\s+(?:are|is|re)|struggling|for\s+(?:help|support|someone|mental|crisis)|to\s+(?:talk|get\s+help)|from\s+(?:abroad|overseas)|overseas|abroad|in\s+(?:a\s+)?(?:bad|crisis|trouble|distress))\b)`,
  ),
  /\b(?:crisis|help|support|hot|text)\s*line\s+for\s+(?:vets?|veterans?)(?=\s*$|\s+(?:from|abroad|overseas|in|please|number|phone|text|who|when|if|at\s+night)\b)/,
  // "is there a line i can reach if things get dark again": a line asked for against a bad time.
  /\b(?:line|number|hotline|helpline|someone|somebody|anyone|anybody|who|somewhere)\b.*\b(?:if|when|for\s+when|in\s+case)\s+(?:things|it|stuff|life|everything|my\s+head|the\s+ptsd)\s+(?:get|gets|got|goes|go|turn|turns)\s+(?:really\s+|too\s+|that\s+|very\s+)?(?:dark|bad|too\s+much|hard|rough|overwhelming|south|ugly)(?=\s*$|\s+(?:again|any\s*more|for\s+(?:me|him|her)|at\s+night|tonight|later|and|i|im)\b)/,
  /\bwho\s+(?:can|do|should|could)\s+(?:vets?|veterans?)\s+(?:call|text|talk\s+to|reach\s+out\s+to|turn\s+to)(?=\s*$|\s+(?:if|when|at\s+night|anytime|any\s+time|right\s+now|tonight|for\s+(?:help|support)|from\s+(?:abroad|overseas)|overseas|abroad)\b)/,
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
 * A gun at hand (not a gun museum, range or licence): "he has a gun", "took out his pistol",
 * "talking about his gun again", "sent me a pic of his pistol".
 */
const HAS_A_GUN =
  /\b(?:(?:has|have|got|gotten|bought|buying|holding|cleaning|took\s+out|takes\s+out|pulled\s+out|loaded|loading|keeps|grabbed)\s+(?:a|his|her|their|my|the|a\s+loaded)?|(?:talk(?:s|ing|ed)?|going\s+on)\s+about\s+(?:a|his|her|their|the)|(?:pic|pics|picture|photo|selfie|video)\s+(?:of|with)\s+(?:a|his|her|their|the)|(?:with|holding)\s+(?:a|his|her|their|the|a\s+loaded))\s*(?:guns?|pistol|handgun|revolver|rifle|shotgun|firearm|weapon)\b(?!\s+(?:museum|shop|store|range|show|license|licence|permit|club|laws?|control|safe|case|amnesty|tour|exhibit|collection|allowed))/;
/** Worry about someone, read on the whole message: "what do i do", "he isnt answering". */
const WORRY =
  /\b(?:goodbye|talk(?:s|ing|ed)?\s+(?:about|of)\s+(?:it|ending|dying|death|not\s+being|being\s+gone|doing\s+it|killing|shooting|using\s+it|himself|herself|goodbye|leaving\s+us|the\s+end)|says\s+(?:he|she)|said\s+(?:he|she)|saying\s+(?:he|she|that|things)|threaten\w*|scared|terrified|worried\s+about\s+(?:him|her|them)|panicking|freaking\s+out|not\s+(?:answering|picking\s+up)|(?:isnt|wont|doesnt)\s+(?:answer|answering|pick\s+up|picking\s+up)|cant\s+reach|locked\s+(?:himself|herself)|drunk|drinking|hurt\s+(?:himself|herself|themselves|someone|me|us)|end\s+it|what\s+(?:do|should|can)\s+(?:i|we)\s+do(?=\s*$|\s+(?:now|right\s+now|please|help|i|im)\b)|(?:dont|do\s+not)\s+know\s+what\s+to\s+do|sorry\s+for\s+everything|(?:saying|says|said)\s+(?:hes|shes|he\s+is|she\s+is|im)\s+(?:done|finished)|tonight)/;
/** Asking for someone to talk to, unless about a thing ("who can i talk to about a wheelchair"). */
const WHO_TO_TALK_TO =
  /\b(?:who\s+(?:can|could|do|should|would)\s+(?:i|we|he|she)\s+(?:talk|speak|reach\s+out)\s+to|(?:dont|do\s+not|dunno)\s+know\s+who\s+(?:else\s+)?to\s+(?:talk|speak|turn)\s+to|(?:need|want|needs|wants)\s+to\s+(?:talk|speak)\s+to\s+(?:someone|somebody|anyone|anybody|a\s+person|a\s+human|a\s+real\s+person)|is\s+there\s+(?:someone|somebody|anyone|anybody)\s+(?:i|he|she|we)\s+(?:can|could)\s+(?:talk|speak)\s+to|someone\s+to\s+talk\s+to)\b(?!\s+about\s+(?!(?:it|this|that|what|how|my\s+(?:feelings|thoughts|head|ptsd|mental|mind)|stuff|things|everything|all\s+this)\b))/;
/** Distress words that make "who can i talk to" a crisis, read on the whole message. */
const DISTRESS = new RegExp(
  String.raw`\b(?:${PTSD_FELT}|depressed|depression|hopeless|lonely|struggling|(?:im|i\s+am|so|really|very|just)\s+(?:scared|terrified|frightened)(?!\s+(?:of|about|on|in|to|that|at|when|for|by)\b)|dark\s+(?:days?|weeks?|nights?|time|thoughts|place)|(?:rough|hard|tough|bad)\s+(?:time|patch)\s+(?:lately|recently|right\s+now|at\s+the\s+moment)|(?:having|going\s+through|been\s+having|been|had)\s+(?:a\s+)?(?:really\s+|very\s+|so\s+|pretty\s+)?(?:rough|hard|bad|tough|dark)\s+(?:time|patch|night|week|day|few\s+(?:days|weeks))(?!\s+(?:at|with|finding|getting|in|on|booking|for|of)\b)|spiral(?:l?ing)?|falling\s+apart|breaking\s+down|losing\s+it|desperate|numb|worthless|cant\s+stop\s+crying|deployment|combat|mental\s+health|grieving|in\s+a\s+(?:bad|dark)\s+(?:way|place))\b`,
);
/** A PTSD word anywhere in the message. */
const PTSD_WORD = new RegExp(String.raw`\b${PTSD_FELT}`);
/** Words that make a PTSD word a crisis, read on the whole message: "cant sleep", "who can i talk to". */
const PTSD_NEEDS_HELP =
  /\b(?:cant\s+sleep(?!\s+(?:on|in|with|during|through|at|because|if|when|without|on\s+planes?))|keep\s+thinking\s+about|keeps?\s+(?:coming|flooding)\s+back|reliving|triggered(?!\s+by)|spiral(?:l?ing)?|losing\s+it|falling\s+apart|panicking|shaking|cant\s+stop\s+(?:crying|shaking|thinking)|(?:need|needs)\s+help(?=\s*$|\s+(?:now|right\s+now|tonight|please|asap|urgently)\b))/;

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
  // Read on the whole message, whatever the sentence: a gun and worry, PTSD and a need now,
  // "who can i talk to" and distress.
  if (HAS_A_GUN.test(whole) && WORRY.test(whole)) return true;
  if (PTSD_WORD.test(whole) && PTSD_NEEDS_HELP.test(whole)) return true;
  if (WHO_TO_TALK_TO.test(whole) && DISTRESS.test(whole)) return true;
  return clausesOf(text).some(
    (clause) =>
      clause.split(' ').some(isFuzzyWord) ||
      asks988(clause, text) ||
      PHRASES.some((pattern) => pattern.test(clause)) ||
      hasLongPhraseTypo(clause),
  );
}

/** The line asked for by name: "the veterans crisis line", "988", "a helpline for vets". */
const THE_LINE =
  /\b(?:veterans?\s+)?crisis\s*lines?\b|\bvcl\b|\b988\b|\b(?:help|hot|text)\s*lines?\b|\bline\s+for\s+(?:vets?|veterans?)\b/gi;

/**
 * A question about the crisis line itself ("can I reach the veterans crisis line from Germany?",
 * "what's the 988 number for vets"), with no distress said beside it: answered plainly, the line
 * first, without consoling someone who did not say they were struggling.
 */
export function asksOnlyForTheLine(message: string): boolean {
  const text = message.slice(0, 4000);
  return (
    text.search(THE_LINE) >= 0 &&
    /\b(what|whats|how|can|could|does|do|is|which|where|number|reach|work|works|from)\b/i.test(
      text,
    ) &&
    !isCrisis(text.replace(THE_LINE, ' '))
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
 * number when in danger now, then the lines: for a veteran (or someone speaking of one) the
 * Veterans Crisis Line first, for anyone else the 988 Suicide & Crisis Lifeline first, with the
 * other beside it; how to reach them from abroad and without a voice call; Overseas Citizens
 * Services for U.S. citizens abroad. Every number and link comes from `lines` and `local`; links
 * are bare https URLs, which the chat renders as links.
 */
export function crisisAnswer(
  lines: HelpLines,
  local?: EmergencyContact,
  { plain = false, veteran = true }: { plain?: boolean; veteran?: boolean } = {},
): string[] {
  const vcl = lines.veteransCrisisLine;
  const lifeline = lines.crisisLifeline;
  const ocs = lines.overseasCitizensServices;
  const here = local ? localLine(local) : undefined;
  // In the United States or its territories (no Overseas Citizens Services line there), the lines
  // for abroad are left out.
  const atHome = local !== undefined && local.consularNumber === undefined;
  const ocsNumbers = local?.consularNumber
    ? `${local.consularNumber} from ${countryInSentence(local.country)}`
    : `${ocs.fromOverseas} from abroad, ${ocs.fromUsOrCanada} from the U.S. or Canada`;
  const line = `${vcl.name} (${vcl.availability}): in the U.S., dial ${vcl.call.dial} then press ${vcl.call.thenPress}, or text ${vcl.text}. Chat: ${vcl.chatUrl}`;
  const forAnyone = `${lifeline.name} (${lifeline.availability}, for ${lifeline.audience}): call or text ${lifeline.call}. Chat: ${lifeline.chatUrl}`;
  const ifServed = `If you or they served: ${vcl.name}, dial ${vcl.call.dial} then press ${vcl.call.thenPress}, or text ${vcl.text}. Chat: ${vcl.chatUrl}`;
  const abroad = atHome ? [] : [vcl.overseasNote];
  const ocsLine = atHome
    ? []
    : [
        `U.S. citizens abroad can also call Overseas Citizens Services: ${ocsNumbers} (${ocs.url}).`,
      ];
  if (plain) {
    // The line asked about: from abroad, how to reach it from there first.
    return [
      ...(atHome || !local ? [line] : [`${vcl.overseasNote} Chat: ${vcl.chatUrl}`, line]),
      ...(atHome || local ? [] : [vcl.overseasNote]),
      `Deaf or hard of hearing: ${vcl.deafAccess}`,
      here
        ? `In danger right now: ${here}`
        : 'In danger right now, call the local emergency number where you are.',
      ...ocsLine,
    ];
  }
  return [
    "I'm sorry you're going through this. You don't have to face it alone, and help is there right now.",
    here
      ? `If you are in danger right now: ${here}`
      : `If you are in danger right now, call the local emergency number where you are${local ? `; we have no confirmed number for ${countryInSentence(local.country)}` : ''}.`,
    ...(veteran ? [line] : [forAnyone, ifServed]),
    ...abroad,
    `Deaf or hard of hearing: ${veteran ? vcl.deafAccess : `text ${lifeline.text} or use the chat; for veterans, ${vcl.deafAccess.charAt(0).toLowerCase()}${vcl.deafAccess.slice(1)}`}`,
    ...ocsLine,
  ];
}
