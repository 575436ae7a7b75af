import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { distance } from 'fastest-levenshtein';
import type WinkNLP from 'wink-nlp';
import type { WinkMethods } from 'wink-nlp';
import type Model from 'wink-eng-lite-web-model';
import wordListPath from 'word-list';
import type {
  AccessibilityFeature,
  AccessibilityNeed,
} from '../../../../contracts/accessibility.js';
import { normalize } from '../../search/rank.js';

// Reading a traveller's message with wink-nlp (docs/decisions/005-assistant-language.md):
// tokens, lemmas ("museums" is "museum"), negation, its entities (money, dates, durations,
// numbers) and the site's own vocabulary as custom entities over those tokens, after each word
// that is neither English nor the site's is corrected to the nearest word the site knows
// ("wheelchiar", "acessible", "disny").

/** What a phrase means: a need, one documented feature, a topic, a kind of trip item. */
export type Tag =
  | `need:${AccessibilityNeed}`
  | `feature:${AccessibilityFeature}`
  | `topic:${Topic}`
  | `item:${'flight' | 'hotel' | 'car' | 'activity'}`;

export const TOPICS = [
  'source',
  'step',
  'consular',
  'accessible',
  'greeting',
  'thanks',
  'help',
  'safety',
  'emergency',
  'price',
  'cheapest',
  'dearest',
  'free',
  'veteran',
  'beta',
  'recommend',
  'weather',
  'flightStatus',
  'visa',
  'exchange',
  'booking',
  'hours',
  'trip',
  'total',
  'add',
  'plan',
  'meaning',
  'list',
  'yes',
  'no',
  'describe',
] as const;
export type Topic = (typeof TOPICS)[number];

/**
 * The site's vocabulary as wink-nlp patterns: each bracket is one word and its alternatives,
 * matched on the lower-case word or its lemma. Several words of one need ("power chair",
 * "mobility scooter") read as that need; a feature's own words as that feature (and its need).
 */
const VOCABULARY: { tag: Tag; patterns: string[] }[] = [
  // Mobility
  {
    tag: 'need:Mobility Support',
    patterns: [
      '[wheelchair|wheelchairs|wheelie|wheely]',
      '[power|electric|motorized|motorised|manual] [chair|chairs]',
      '[mobility] [scooter|scooters|aid|aids|issue|issues|problem|problems|impairment|needs|device]',
      '[scooter|scooters|walker|walkers|rollator|rollators|crutches|cane]',
      '[limited|reduced|poor] [mobility]',
      '[mobility]',
      '[step|stair] [free]',
      '[stepfree|stairs|steps|ramp|ramps|elevator|elevators|lift|lifts]',
      '[ca|can] [not|nt] [walk|climb|manage] [far|stairs|steps|long|much|well|at]',
      '[paraplegic|quadriplegic|tetraplegic|amputee|paralyzed|paralysed]',
      '[got|has|have|with] [ms]',
      '[cerebral] [palsy]',
      '[walk|walks|walking] [very|so|really] [slow|slowly]',
      '[walk|walks|walking] [slow|slowly]',
      '[spina] [bifida]',
      '[muscular] [dystrophy]',
      '[multiple] [sclerosis]',
      '[bad|dodgy|weak|replaced] [knee|knees|hip|hips|back|leg|legs]',
      '[get] [around]',
      '[roll|wheel] [around]',
    ],
  },
  {
    tag: 'feature:roll_in_shower',
    patterns: ['[roll|wheel] [in] [shower|showers]', '[rollin] [shower|showers]'],
  },
  {
    tag: 'feature:wheelchair_loan',
    patterns: [
      '[wheelchair|wheelchairs] [loan|loans|hire|rental|rent|lend|lent|to] [borrow]',
      '[wheelchair|wheelchairs] [loan|loans|hire|rental]',
      '[borrow|rent|hire|loan|lend] [a|an] [wheelchair|chair]',
      '[lend|lends|loan|loans] [you|visitors|guests|out] [a|an] [wheelchair|chair]',
      '[lend|lends|loan|loans] [wheelchairs]',
      '[wheelchairs] [to] [borrow]',
      '[loaner] [wheelchair|wheelchairs|chair|chairs]',
    ],
  },
  {
    tag: 'feature:accessible_parking',
    patterns: [
      '[accessible|disabled|handicap|handicapped|blue|disability] [parking|badge|placard|spaces|spot|spots]',
    ],
  },
  {
    tag: 'feature:accessible_transport',
    patterns: [
      '[accessible|wheelchair] [transport|transportation|bus|buses|shuttle|shuttles|transit]',
      '[low] [floor] [bus|buses]',
    ],
  },
  // Visual
  {
    tag: 'need:Visual Support',
    patterns: [
      '[blind|blindness]',
      '[deaf] [blind]',
      '[low|poor|bad|limited|impaired] [vision|sight|eyesight]',
      '[visually|partially] [impaired|sighted]',
      '[sight|vision] [loss|impaired|impairment]',
      '[visual] [impairment|impairments|support|needs|disability]',
      '[macular] [degeneration]',
      '[glaucoma|cataracts]',
      '[ca|can] [not|nt] [see]',
    ],
  },
  { tag: 'feature:braille_signage', patterns: ['[braille]'] },
  {
    tag: 'feature:audio_description',
    patterns: ['[audio] [description|descriptions|described|guide|guides]'],
  },
  {
    tag: 'feature:tactile_guides',
    patterns: ['[tactile|touch] [guide|guides|tour|tours|map|maps|gallery|model|models]'],
  },
  { tag: 'feature:large_print', patterns: ['[large|big] [print|type|text]'] },
  // Hearing
  {
    tag: 'need:Hearing Support',
    patterns: [
      '[deaf|deafness|deafblind|hoh]',
      '[hard] [of] [hearing]',
      '[hearing] [loss|impaired|impairment|aid|aids|difficulties|problems|support|needs]',
      '[ca|can] [not|nt] [hear]',
      '[cochlear] [implant|implants]',
    ],
  },
  {
    tag: 'feature:hearing_loop',
    patterns: ['[hearing|induction|audio] [loop|loops]', '[telecoil]'],
  },
  {
    tag: 'feature:captioned_tours',
    patterns: [
      '[caption|captions|captioned|captioning|subtitle|subtitles|subtitled]',
      '[closed] [caption|captions|captioning]',
    ],
  },
  {
    tag: 'feature:sign_language',
    patterns: [
      '[asl|bsl|auslan|lsf|interpreter|interpreters|signing]',
      '[sign] [language|languages|interpreter|interpreters|interpretation|interpreted]',
    ],
  },
  { tag: 'feature:visual_alarms', patterns: ['[visual|flashing|strobe] [alarm|alarms|alerts]'] },
  // Neurodiversity
  {
    tag: 'need:Neurodiversity',
    patterns: [
      '[autism|autistic|asd|adhd|add|neurodivergent|neurodiverse|neurodiversity|neurotypical]',
      '[neuro] [friendly|divergent|diverse|needs]',
      '[neurofriendly]',
      '[sensory] [friendly|needs|issues|processing|sensitive|sensitivity|overload|issue|stuff|things|support|help]',
      '[ptsd|anxiety|anxious|dementia|alzheimer|alzheimers|overstimulated|overstimulation|meltdown|meltdowns]',
      '[post] [traumatic] [stress]',
      '[overwhelm|overwhelmed|overwhelming]',
      '[noise|crowd] [sensitive|sensitivity]',
      '[crowds|crowded|noisy|loud]',
      '[calm|calming] [place|places|space|spaces|environment]',
      '[quiet|quieter|calm|peaceful|uncrowded]',
      '[on] [the] [spectrum]',
      '[learning|intellectual|cognitive|developmental] [disability|disabilities|delay]',
      '[down] [syndrome]',
    ],
  },
  {
    tag: 'feature:quiet_space',
    patterns: ['[quiet|calm|calming|sensory] [room|rooms|space|spaces|area|areas|zone]'],
  },
  {
    tag: 'feature:sensory_guide',
    patterns: [
      '[sensory] [guide|guides|map|maps|bag|bags|kit|kits]',
      '[social] [story|stories]',
      '[noise] [cancelling|canceling] [headphones]',
    ],
  },
  {
    tag: 'feature:low_sensory_times',
    patterns: [
      '[quiet|relaxed] [hour|hours|time|times|session|sessions|performance|performances]',
      '[low] [sensory] [hour|hours|time|times|session|sessions]',
    ],
  },
  {
    tag: 'feature:service_animals_welcome',
    patterns: [
      '[service|guide|assistance|support] [dog|dogs|animal|animals]',
      '[seeing] [eye] [dog|dogs]',
    ],
  },
  {
    tag: 'feature:veteran_discount',
    patterns: [
      '[military|veteran|veterans|armed] [discount|discounts|pass|rate|price|forces]',
      '[military] [pass]',
    ],
  },
  // Any need
  {
    tag: 'topic:accessible',
    patterns: [
      '[accessible|accessibility|access|disabled|disability|disabilities|handicap|handicapped|ada|inclusive|special]',
      '[special] [needs]',
    ],
  },
  // Kinds of trip item
  {
    tag: 'item:hotel',
    patterns: [
      '[hotel|hotels|motel|hostel|accommodation|accommodations|lodging|inn|bnb|airbnb|lodge|guesthouse]',
      '[place|somewhere|anywhere] [to] [stay|sleep]',
      '[place|somewhere|anywhere] [for] [her|him|them|us|me|mum|mom|dad] [to] [stay|sleep]',
      '[are|am|is] [we|i|she|he|they] [sleeping|staying]',
      '[accomodation|accomodations|acommodation]',
      '[hilton|marriott|hyatt|sheraton|radisson|westin|novotel|ibis|mercure|intercontinental|ritz|travelodge|fairmont|wyndham|doubletree|hampton|sofitel|kempinski|omni]',
      '[holiday|premier] [inn]',
      '[best] [western]',
      '[four] [seasons]',
    ],
  },
  { tag: 'item:flight', patterns: ['[flight|flights|fly|plane|airfare|airline]'] },
  {
    tag: 'item:car',
    patterns: [
      '[car|cars|van|minivan|suv|rental] [rental|hire]',
      '[rental|hire|rent] [a|the] [car|van|minivan|suv]',
      '[rental|hire] [car|van|minivan|suv]',
      '[car|cars|van|minivan|suv]',
    ],
  },
  {
    tag: 'item:activity',
    patterns: [
      '[activity|activities|tour|tours|excursion|excursions|outing|show|museum|visit|sightseeing]',
    ],
  },
  // Topics
  {
    tag: 'topic:greeting',
    patterns: ['[hi|hello|hey|howdy|greetings|hiya|yo]', '[good] [morning|afternoon|evening]'],
  },
  { tag: 'topic:thanks', patterns: ['[thanks|thank|thx|cheers|ty]'] },
  {
    tag: 'topic:help',
    patterns: [
      '[help]',
      '[what] [can] [you] [do]',
      '[who] [are] [you]',
      '[what] [do] [you] [do|know]',
    ],
  },
  {
    tag: 'topic:safety',
    patterns: [
      '[safe|safety|unsafe|dangerous|danger|dangers|risk|risks|risky|advisory|advisories|warning|warnings|crime|security|secure|threat]',
      '[travel] [warning|warnings|advice|alert|alerts]',
      '[state] [department|dept]',
      '[do] [not] [go|travel] [list]',
      '[dont] [go] [list]',
      '[no] [go] [list|zone|zones]',
    ],
  },
  {
    tag: 'topic:emergency',
    patterns: [
      '[emergency|emergencies|ambulance|police|cops|paramedic|paramedics|911|999|112|embassy|consulate|consular]',
      '[fire] [brigade|department|service|services]',
      // "my mother has wandered away from our hotel", "lost his passport": help there, now.
      '[wandered|wandering] [off|away]',
      '[gone|went] [missing]',
      '[missing] [person|child|relative]',
      '[lost|lose|loses|losing|stolen] [his|her|my|our|their|a] [passport|passports]',
      '[passport] [lost|stolen]',
      // "if my dad collapses while we're in lisbon, who do i call": a medical emergency.
      '[collapses|collapsed|collapse|unconscious|overdose|seizure|stroke]',
      '[heart] [attack]',
      '[who|what|which] [do|should|would] [i|we] [call|ring|phone|dial]',
      '[what] [number] [do|should] [i|we] [call|ring|dial]',
    ],
  },
  {
    tag: 'topic:price',
    patterns: [
      '[price|prices|priced|cost|costs|costing|expensive|cheap|cheaper|afford|affordable|fee|fees|budget|admission|pricey|charge]',
      '[how] [much]',
      '[entry|entrance|ticket] [fee|fees|price|prices|cost]',
    ],
  },
  {
    tag: 'topic:cheapest',
    patterns: [
      '[cheapest|cheaper]',
      '[without] [spending|breaking] [a|the] [fortune|bank|lot]',
      '[on] [a] [budget|shoestring]',
      '[not] [too] [expensive|pricey|dear]',
      '[least|less] [expensive|costly|pricey]',
      '[more] [affordable]',
      '[lowest] [price|cost]',
      '[most] [affordable]',
      '[best] [value]',
    ],
  },
  {
    tag: 'topic:dearest',
    patterns: [
      '[priciest|dearest|pricier|dearer]',
      '[most|more] [expensive|costly|pricey]',
      '[highest] [price|cost]',
    ],
  },
  {
    tag: 'topic:free',
    patterns: [
      '[free] [entry|admission|entrance|ticket|tickets|pass|of] [charge]',
      '[free|complimentary|gratis]',
      '[no] [cost|charge|fee]',
      '[without] [paying]',
      '[get|go] [in] [free]',
    ],
  },
  {
    tag: 'topic:veteran',
    patterns: [
      '[veteran|veterans|vet|vets|military|soldier|soldiers|servicemember|servicemen|army|navy|marine|marines|usmc|airman|retired] ',
      '[veteran|veterans|vet|vets|military|soldier|soldiers|servicemember|servicemen|army|navy|marines|usmc]',
      '[service] [member|members|man|woman|men|women]',
      '[armed] [forces]',
      '[air] [force]',
      '[gold] [star]',
      '[ww2|wwii] [vet|vets|veteran|veterans]',
      '[fought|served|deployed] [in|with|overseas|abroad]',
      '[was|served|fought] [in] [ww2|wwii|vietnam|korea|iraq|afghanistan|the]',
    ],
  },
  {
    tag: 'topic:beta',
    patterns: [
      '[beta|tester|testers|testing]',
      '[sign] [up]',
      '[access] [code]',
      '[signup|register|registration|verification|verify]',
    ],
  },
  {
    tag: 'topic:recommend',
    patterns: [
      '[recommend|recommendation|recommendations|suggest|suggestion|suggestions|idea|ideas|options|destinations|destination|places|somewhere|anywhere|attractions|spots]',
      '[where] [can|should|could|to] [i|we|go]',
      '[where] [is|are] [good|best|nice]',
      '[best] [place|places]',
      '[good] [place|places]',
    ],
  },
  {
    tag: 'topic:weather',
    patterns: [
      '[weather|forecast|rain|raining|rainy|snow|snowing|temperature|temperatures|sunny|climate|humid|humidity|hurricane|hurricanes|storm|storms|monsoon]',
      '[how] [hot|cold|warm]',
    ],
  },
  {
    tag: 'topic:flightStatus',
    patterns: [
      '[flight] [status|delayed|delay|delays|cancelled|canceled|tracker]',
      '[delayed|departure|arrival|departures|arrivals] [flight|flights|time|times|board]',
      '[my] [flight] [delayed|late|cancelled|canceled]',
      '[gate] [number|change]',
      '[on] [time]',
      '[is] [my] [flight]',
    ],
  },
  {
    tag: 'topic:step',
    patterns: [
      '[step] [program|programme|enrollment|enrolment|registration]',
      '[smart] [traveler|traveller]',
      '[enroll|enrol|register|registering|enrolling] [my|our|a] [trip|travel|travels]',
      '[embassy] [can|could] [reach|contact|find]',
    ],
  },
  {
    tag: 'topic:consular',
    patterns: [
      '[overseas] [citizens] [services]',
      '[state] [department] [number|line|phone|hotline]',
      '[americans|american|citizens|citizen|us] [in] [trouble]',
      '[lost|stolen|missing] [my|our|a|his|her] [passport|passports]',
      '[lost|stolen|missing] [passport|passports]',
      '[passport] [lost|stolen|missing]',
      '[embassy|consulate] [number|phone|contact]',
      '[arrested|detained|jailed]',
    ],
  },
  {
    tag: 'topic:source',
    patterns: [
      '[source|sources|link|links|website|url|webpage]',
      '[where] [do|does] [you|it|that|this] [get|come]',
      '[come|comes|came] [from]',
      '[where] [do|does|did] [your|the|this|that] [info|information|data|facts]',
      '[where] [is] [that|this] [from]',
      '[how] [do] [you] [know]',
    ],
  },
  {
    tag: 'topic:visa',
    patterns: [
      '[visa|visas|esta|etias|passport|passports]',
      '[entry] [requirement|requirements|rules]',
      '[need] [a] [visa]',
    ],
  },
  {
    tag: 'topic:exchange',
    patterns: [
      '[exchange] [rate|rates]',
      '[currency] [conversion|converter|exchange|rate|rates]',
      '[convert|conversion|converted]',
      '[how] [many] [euros|pounds|yen|dollars|pesos]',
      '[in|to|into] [dollars|euros|pounds|usd|eur|gbp|yen|cad|aud|pesos]',
    ],
  },
  {
    tag: 'topic:booking',
    patterns: [
      '[book|reserve|buy|purchase] [it|them|that|this|tickets|ticket|for] [me|us]',
      '[book|reserve|buy|purchase] [me|us]',
      '[get] [me|us] [tickets|ticket|the|some]',
      '[book|reserve|buy|purchase] [it|them|tickets|ticket|a|the]',
      '[make] [a] [reservation|booking]',
      '[can] [i] [book|buy|reserve]',
      '[can] [you] [book|buy|reserve]',
      '[can] [i|we|you] [just|actually|also] [book|buy|reserve]',
    ],
  },
  {
    tag: 'topic:hours',
    patterns: [
      '[opening|open] [hours|times|today|tomorrow|now]',
      '[will|would] [it|they] [be] [open|closed|shut|shutting|closing]',
      '[be] [shut|closed]',
      '[shut|closed|closure|closures|reopen|reopening]',
      '[wait|waiting|queue|line] [time|times|length|lengths]',
      '[how] [busy|crowded] [is|are] [it|they]',
      '[what] [time] [does|do] [it|they] [open|close]',
      '[is] [it] [open]',
      '[closing] [time]',
    ],
  },
  {
    tag: 'topic:trip',
    patterns: [
      '[my|our|this] [trip|trips|itinerary|itineraries|plan|plans|schedule|calendar|planner|holiday|vacation|journey|travels]',
      '[on] [my|our|this] [trip|itinerary|plan|list]',
      '[spent|spend|spending] [so] [far]',
      '[have] [i|we] [spent]',
      '[i] [have] [planned|booked|scheduled]',
      '[planned|scheduled|booked]',
    ],
  },
  {
    tag: 'topic:total',
    patterns: [
      '[total|totals|altogether|overall|sum]',
      '[add] [up]',
      '[in] [all]',
      '[how] [much] [will|does|is] [it|my|the|this] [trip]',
    ],
  },
  {
    tag: 'topic:add',
    patterns: ['[add|put|schedule|insert|pop|stick|slot|bung]', '[pencil] [in]', '[book] [a|an]'],
  },
  {
    tag: 'topic:plan',
    patterns: [
      '[plan|planning|organise|organize|draft|build|make|create|suggest] [me] [a|an] [trip|itinerary|plan|week|weekend]',
      '[plan|planning|organise|organize|draft|build|make|create] [a|an|my|our] [trip|itinerary|plan|week|weekend|holiday|vacation|visit]',
      '[itinerary] [for]',
      '[day] [by] [day]',
    ],
  },
  {
    tag: 'topic:meaning',
    patterns: [
      '[mean|means|meaning|definition|explain|stand]',
      '[what] [is|are] [a|an] [level]',
      '[what] [does|do] [level]',
    ],
  },
  {
    tag: 'topic:list',
    patterns: ['[which|list|all|every]', '[what] [countries|places|destinations]', '[show] [me]'],
  },
  {
    tag: 'topic:describe',
    patterns: [
      '[tell|describe|info|information|details|about|overview]',
      '[what] [is|s] [it] [like]',
      '[what] [is] [there] [to] [do]',
    ],
  },
];

/** Words a traveller may misspell that the correction may aim at, beyond the vocabulary's own. */
const EXTRA_WORDS = [
  'museum',
  'museums',
  'park',
  'parks',
  'national',
  'theme',
  'cruise',
  'lodge',
  'castle',
  'memorial',
  'cemetery',
  'garden',
  'gardens',
  'accessible',
  'accessibility',
  'advisory',
  'emergency',
  'itinerary',
  'veterans',
  'wheelchair',
  'restaurant',
  'recommend',
  'destination',
  'destinations',
  'cheapest',
  'expensive',
  'neurodivergent',
];

let instance:
  { nlp: WinkMethods; english: Set<string>; known: Set<string>; extra: string[] } | undefined;

const require = createRequire(import.meta.url);

/**
 * Loaded once, by prepareLanguage() soon after the server listens or by the first message, then
 * shared. wink-nlp and its model are required here, not imported with this module: reading the
 * model is a large part of a start, and a start answers its first requests before it.
 */
function engine() {
  if (instance) return instance;
  const winkNLP = require('wink-nlp') as typeof WinkNLP;
  const model = require('wink-eng-lite-web-model') as typeof Model;
  const nlp = winkNLP(model, ['sbd', 'pos', 'ner', 'negation', 'cer']);
  // Each pattern is given to wink-nlp as every sequence of its words it stands for: its matcher
  // misses some sequences written as one pattern with long lists of alternatives. A word must be
  // one token as wink-nlp reads it ("cannot" is two).
  const tokenCounts = new Map<string, boolean>();
  const oneToken = (word: string) => {
    let one = tokenCounts.get(word);
    if (one === undefined) {
      one = nlp.readDoc(word).tokens().length() === 1;
      tokenCounts.set(word, one);
    }
    return one;
  };
  const sequences = (pattern: string): string[] =>
    pattern
      .trim()
      .split(/\s+/)
      .map((slot) =>
        slot
          .replace(/^\[|\]$/g, '')
          .split('|')
          .filter(oneToken),
      )
      .reduce<string[]>(
        (prefixes, words) =>
          prefixes.flatMap((prefix) => words.map((w) => `${prefix} ${w}`.trim())),
        [''],
      );
  nlp.learnCustomEntities(
    VOCABULARY.map(({ tag, patterns }) => ({ name: tag, patterns: patterns.flatMap(sequences) })),
    { matchValue: false },
  );
  const english = new Set(readFileSync(wordListPath, 'utf8').split('\n'));
  const known = new Set<string>(EXTRA_WORDS);
  for (const { patterns } of VOCABULARY) {
    for (const pattern of patterns) {
      for (const word of pattern.match(/[a-z][a-z'&-]*/g) ?? []) {
        if (word.length > 3 && word !== word.toUpperCase()) known.add(word);
      }
    }
  }
  instance = { nlp, english, known, extra: [] };
  return instance;
}

/**
 * An everyday English word ("golden", "liberty") or one of the assistant's own ("ptsd"), not a
 * name ("eiffel", "buckingham").
 */
export const isEnglishWord = (word: string): boolean =>
  engine().english.has(word) || engine().known.has(word);

/** Loads the language model and the vocabulary now (after the start), not on the first message. */
export function prepareLanguage(): void {
  engine();
}

/** Adds the names of places and destinations to what a misspelt word is corrected to. */
export function learnNames(words: Iterable<string>): void {
  const { known } = engine();
  for (const word of words) if (word.length > 3) known.add(word);
}

/**
 * Edit distance with a swap of two neighbouring letters counted as one edit ("wheelchiar"), from
 * fastest-levenshtein's plain distance.
 */
function editDistance(a: string, b: string): number {
  const plain = distance(a, b);
  if (plain !== 2 || a.length !== b.length) return plain;
  for (let i = 0; i < a.length - 1; i++) {
    if (a[i] !== b[i]) {
      return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
        ? 1
        : plain;
    }
  }
  return plain;
}

/** How far a word of this length may be from the word it is corrected to. */
const allowedEdits = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

/**
 * The nearest word the site knows to a word that is neither English nor the site's, or the word
 * itself. A four-letter word is only corrected by a missing or extra letter ("banf"), so "home"
 * never becomes "rome".
 */
function corrected(word: string): string {
  const { english, known } = engine();
  if (known.has(word) || english.has(word) || /\d/.test(word)) return word;
  const limit = allowedEdits(word.length);
  if (limit === 0) return word;
  let best = word;
  let bestDistance = limit + 1;
  for (const candidate of known) {
    if (Math.abs(candidate.length - word.length) > limit) continue;
    if (word.length === 4 && candidate.length === 4) continue;
    if (candidate[0] !== word[0] && word.length < 7) continue;
    // "Korean" is not a typo of Korea, nor "Italians" of Italian.
    if (
      word.startsWith(candidate) &&
      /^(n|an|ns|ese|ish|i|s|es)$/.test(word.slice(candidate.length))
    ) {
      continue;
    }
    const d = editDistance(word, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

export interface Entity {
  type: string;
  value: string;
}

/** A message as the assistant reads it. */
export interface Reading {
  raw: string;
  /** Lower case, accents dropped, misspellings corrected; words separated by single spaces. */
  text: string;
  words: string[];
  lemmas: string[];
  tags: Set<Tag>;
  /** wink-nlp's entities: MONEY, DATE, DURATION, CARDINAL, ORDINAL, ... */
  entities: Entity[];
  /** A word of the message is negated ("not accessible", "no steps"). */
  negated: boolean;
  /** Is this word, or this lemma, in the message? */
  has(word: string): boolean;
}

/** Apostrophes and dashes as travellers type them, the same for the reader. */
const tidy = (message: string) =>
  message
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

export function readMessage(message: string): Reading {
  const { nlp } = engine();
  const its = nlp.its;
  const raw = tidy(message);
  // Words corrected one by one; hyphens kept apart so "roll-in" reads as "roll in".
  const spaced = raw
    .replace(/(\p{L})-(\p{L})/gu, '$1 $2')
    .replace(/(\p{L})\/(\p{L})/gu, '$1 $2')
    .split(' ')
    .map((token) => {
      const bare = normalize(token);
      if (!/^[a-z]+$/.test(bare) || bare.length < 4) return token;
      const fixed = corrected(bare);
      return fixed === bare ? token : token.replace(/[\p{L}\p{M}]+/u, fixed);
    })
    .join(' ');
  const doc = nlp.readDoc(spaced);
  const tokens = doc.tokens();
  // The words as written (lower case): wink-nlp's normal form respells some ("louvre" as "louver").
  const words = tokens
    .out(its.value)
    .map((w) => normalize(w))
    .filter(Boolean);
  // The lemma's helper takes the model's add-ons, which wink-nlp's types leave out.
  const lemmas = (tokens.out(its.lemma as never) as unknown as string[])
    .map((w) => normalize(w))
    .filter(Boolean);
  const tags = new Set<Tag>(
    (doc.customEntities().out(its.detail) as unknown as Entity[]).map((e) => e.type as Tag),
  );
  const entities = doc
    .entities()
    .out(its.detail)
    .map((e) => e as Entity);
  const negated = tokens.out(its.negationFlag).some(Boolean);
  const wordSet = new Set([...words, ...lemmas]);
  return {
    raw,
    text: normalize(spaced),
    words,
    lemmas,
    tags,
    entities,
    negated,
    has: (word) => wordSet.has(word),
  };
}

/** The needs a reading names, directly or through one of their features. */
export function needsOf(
  reading: Reading,
  featureNeed: (f: AccessibilityFeature) => AccessibilityNeed | undefined,
): AccessibilityNeed[] {
  const needs = new Set<AccessibilityNeed>();
  for (const tag of reading.tags) {
    if (tag.startsWith('need:')) needs.add(tag.slice(5) as AccessibilityNeed);
    if (tag.startsWith('feature:')) {
      const need = featureNeed(tag.slice(8) as AccessibilityFeature);
      if (need) needs.add(need);
    }
  }
  return [...needs];
}

export const featuresOf = (reading: Reading): AccessibilityFeature[] =>
  [...reading.tags]
    .filter((tag) => tag.startsWith('feature:'))
    .map((tag) => tag.slice(8) as AccessibilityFeature);

export const hasTopic = (reading: Reading, topic: Topic) => reading.tags.has(`topic:${topic}`);
