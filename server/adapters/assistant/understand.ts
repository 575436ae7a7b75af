import * as chrono from 'chrono-node';
import type { AccessibilityNeed } from '../../../contracts/accessibility.js';
import type { Advisory } from '../../../contracts/advisories.js';
import type { Destination } from '../../../contracts/destinations.js';
import type { ItemType, ScheduledTime } from '../../../contracts/planner.js';
import { COUNTRY_ALIASES, normalize } from '../../features/search/rank.js';

// Reading a traveller's question: which places, needs, budget and topics it names. Plain rules
// over the site's own vocabulary, so every fact in an answer can be traced to the data.

/** Aliases that are also everyday words in a sentence ("tell us", "the states of..."). */
const AMBIGUOUS_ALIASES = new Set(['us', 'states']);

const NEED_WORDS: Record<AccessibilityNeed, RegExp> = {
  'Mobility Support':
    /\b(mobility|wheelchairs?|step[- ]?free|ramps?|walker|scooter|roll[- ]in|can'?t walk|accessible room)\b/,
  'Visual Support': /\b(visual|blind|low vision|sight|braille|visually impaired)\b/,
  'Hearing Support':
    /\b(hearing|deaf|hard of hearing|hearing loop|captions?|captioned|sign language)\b/,
  Neurodiversity: /\b(neurodiver\w*|autis\w*|sensory|quiet|adhd|overwhelm\w*|crowds?)\b/,
};

const has = (text: string, pattern: RegExp) => pattern.test(text);
const wordIn = (text: string, phrase: string) => new RegExp(`\\b${phrase}\\b`).test(text);

export interface Question {
  /** The message as written (for names in capitals). */
  raw: string;
  /** The message normalised: lower case, no accents or punctuation. */
  text: string;
  countries: Advisory[];
  destinations: Destination[];
  needs: AccessibilityNeed[];
  /** Kinds of place asked for, in the catalogue's category words ("museum", "national park"). */
  kinds: string[];
  /** An amount the traveller can spend, with its currency when said. */
  budget?: { amount: number; currency?: string };
  /** The days named ("3 December", "from 3 to 5 December", "in December"), YYYY-MM-DD. */
  dates?: { from: string; to: string };
  /** A price given for an item to add ("for $210"), in US dollars. */
  price?: number;
  /** A kind of trip item named ("a hotel", "a flight"). */
  itemType?: ItemType;
  timeSlot?: ScheduledTime;
  topics: {
    /** About the visitor's own trips ("my trip", "my itinerary"). */
    trip: boolean;
    /** Asks to add something to a trip. */
    add: boolean;
    greeting: boolean;
    safety: boolean;
    emergency: boolean;
    recommend: boolean;
    budget: boolean;
    beta: boolean;
    veteran: boolean;
    help: boolean;
  };
}

function findCountries(text: string, advisories: readonly Advisory[]): Advisory[] {
  const found: { advisory: Advisory; name: string }[] = [];
  for (const advisory of advisories) {
    const aliases = (COUNTRY_ALIASES[advisory.countryCode] ?? []).filter(
      (alias) => !AMBIGUOUS_ALIASES.has(alias),
    );
    const name = [normalize(advisory.country), ...aliases].find((n) => wordIn(text, n));
    if (name) found.push({ advisory, name });
  }
  // "South Sudan" also contains "sudan", "North Korea" "korea": keep the longer name only.
  return found
    .filter(({ name }) => !found.some((other) => other.name !== name && wordIn(other.name, name)))
    .map(({ advisory }) => advisory);
}

/** Destinations named in the question: a distinctive word of the name ("Banff", "Louvre"). */
function findDestinations(text: string, destinations: readonly Destination[]): Destination[] {
  const generic = new Set([
    'national',
    'park',
    'museum',
    'the',
    'resort',
    'world',
    'place',
    'memorial',
    'house',
    'lodge',
    'garden',
    'gardens',
    'bay',
    'american',
    'cemetery',
    'south',
    'rim',
    'air',
    'space',
    'and',
    'by',
    'of',
    'blue',
    'walt',
    'grand',
    'sound',
    'castle',
    'opera',
  ]);
  return destinations.filter((d) => {
    const name = normalize(d.name);
    if (text.includes(name)) return true;
    const distinctive = name.split(' ').filter((w) => w.length > 3 && !generic.has(w));
    return distinctive.some((w) => wordIn(text, w));
  });
}

const MONEY =
  /(?:(\$|usd|us\$|€|eur|£|gbp|cad|c\$|aud|a\$|nzd)\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s?(dollars|usd|eur|euros?|gbp|pounds|cad|aud|nzd))/;
const CURRENCY_WORDS: Record<string, string> = {
  $: 'USD',
  usd: 'USD',
  us$: 'USD',
  dollars: 'USD',
  '€': 'EUR',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  '£': 'GBP',
  gbp: 'GBP',
  pounds: 'GBP',
  cad: 'CAD',
  c$: 'CAD',
  aud: 'AUD',
  a$: 'AUD',
  nzd: 'NZD',
};

function findBudget(raw: string): Question['budget'] {
  const match = MONEY.exec(raw.toLowerCase());
  if (match) {
    const symbol = (match[1] ?? match[4] ?? '').toLowerCase();
    const amount = Number((match[2] ?? match[3] ?? '').replace(/,/g, ''));
    return { amount, currency: CURRENCY_WORDS[symbol] };
  }
  const plain =
    /\b(?:under|below|less than|up to|budget of|budget is|max(?:imum)?)\s+(\d[\d,]*)/.exec(
      raw.toLowerCase(),
    );
  if (plain) return { amount: Number(plain[1]!.replace(/,/g, '')) };
  // "Free" is a budget of nothing, in any currency.
  // "Step-free" and "barrier-free" are about access, not price.
  const free =
    /(?<![-\w])(?<!step )(?<!barrier )(?<!hands )free\b(?!-)|\bno cost\b|\bwithout paying\b/;
  return free.test(raw.toLowerCase()) ? { amount: 0 } : undefined;
}

const ITEM_WORDS: [ItemType, RegExp][] = [
  ['hotel', /\b(hotels?|motel|hostel|accommodation|lodging|room|b ?and ?b|bnb|stay)\b/],
  ['flight', /\b(flights?|fly|plane|airfare)\b/],
  ['car', /\b(car|rental car|car hire|hire car|rent a car|vehicle)\b/],
  ['activity', /\b(activity|activities|tour|excursion|visit|show|outing)\b/],
];

const SLOT_WORDS: [ScheduledTime, RegExp][] = [
  ['allday', /\ball ?day\b/],
  ['morning', /\bmorning\b/],
  ['afternoon', /\bafternoon\b/],
  ['evening', /\bevening\b/],
  ['night', /\b(night|overnight)\b/],
];

const isoOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The days the message names, the next ones after `now` when it gives no year. */
function findDates(message: string, now: Date): Question['dates'] {
  const [first] = chrono.en.parse(message, now, { forwardDate: true });
  if (!first) return undefined;
  const from = first.start.date();
  if (first.end) return { from: isoOf(from), to: isoOf(first.end.date()) };
  if (!first.start.isCertain('day') && first.start.isCertain('month')) {
    // "in December": the whole month.
    const last = new Date(from.getFullYear(), from.getMonth() + 1, 0);
    return { from: isoOf(new Date(from.getFullYear(), from.getMonth(), 1)), to: isoOf(last) };
  }
  return { from: isoOf(from), to: isoOf(from) };
}

/** "for $210", "costs $99.50": a price for an item, in dollars only. */
function findPrice(message: string): number | undefined {
  const match =
    /\b(?:for|costs?|at|price of|priced at)\s+(?:\$|usd\s?|us\$)\s?(\d[\d,]*(?:\.\d{1,2})?)\b/i.exec(
      message,
    );
  return match ? Number(match[1]!.replace(/,/g, '')) : undefined;
}

export function understand(
  message: string,
  advisories: readonly Advisory[],
  destinations: readonly Destination[],
  now: Date = new Date(),
): Question {
  const text = normalize(message);
  const needs = (Object.keys(NEED_WORDS) as AccessibilityNeed[]).filter((need) =>
    has(text, NEED_WORDS[need]),
  );
  const budget = findBudget(message);
  const categories = new Set(destinations.map((d) => normalize(d.category)));
  const kinds = [...categories].filter((c) => wordIn(text, c) || wordIn(text, `${c}s`));
  const itemType = ITEM_WORDS.find(([, pattern]) => has(text, pattern))?.[0];
  const dates = findDates(message, now);
  const trip = has(
    text,
    /\b(my (trips?|itinerary|plans?|schedule|calendar|planner|holiday|vacation)|on my|planned|scheduled)\b/,
  );
  return {
    kinds,
    raw: message,
    text,
    dates,
    price: findPrice(message),
    itemType,
    timeSlot: SLOT_WORDS.find(([, pattern]) => has(text, pattern))?.[0],
    countries: findCountries(text, advisories),
    destinations: findDestinations(text, destinations),
    needs,
    budget,
    topics: {
      trip,
      // "Add a hotel..." or "book a hotel on 3 December"; "can I book an accessible room?" asks
      // for places, not for a trip item.
      add:
        itemType !== undefined &&
        (has(text, /\b(add|put|schedule)\b/) ||
          (has(text, /\bbook\b/) && (dates !== undefined || trip))),
      greeting: /^(hi|hello|hey|good (morning|afternoon|evening)|howdy|greetings)\b/.test(text),
      safety: has(
        text,
        /\b(safe|safety|advisor(y|ies)|danger\w*|risk\w*|level|warning|security|crime)\b/,
      ),
      emergency: has(
        text,
        /\b(emergency|emergencies|ambulance|police|fire brigade|911|999|112|embassy|consulate|consular)\b/,
      ),
      recommend: has(
        text,
        /\b(recommend\w*|suggest\w*|where (can|should|could) i|ideas?|destinations?|places?|go|visit|trip|options?|find)\b/,
      ),
      budget:
        budget !== undefined ||
        has(text, /\b(budget|cheap\w*|afford\w*|cost\w*|price\w*|how much|expensive)\b/),
      beta: has(text, /\b(beta|sign ?up|access code|tester|register|verification)\b/),
      veteran: has(text, /\b(veterans?|military|service member|va)\b/),
      help: has(text, /\b(help|what can you do|who are you|what do you do)\b/),
    },
  };
}
