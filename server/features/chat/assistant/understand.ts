import * as chrono from 'chrono-node';
import {
  needOfFeature,
  type AccessibilityFeature,
  type AccessibilityNeed,
} from '../../../../contracts/accessibility.js';
import type { Destination } from '../../../../contracts/destinations.js';
import { cartPriceOf } from '../../../../contracts/cart.js';
import type { ItemType, ScheduledTime } from '../../../../contracts/planner.js';
import { withoutAccents } from '../../../../contracts/text.js';
import { normalize } from '../../search/rank.js';
import { isCrisis } from './crisis.js';
import {
  featuresOf,
  hasTopic,
  isEnglishWord,
  needsOf,
  readMessage,
  TOPICS,
  type Reading,
  type Topic,
} from './language.js';
import type { Country, NamedPlaces, Places } from './places.js';
import type { ConversationState } from './types.js';

// What a traveller's message asks, from its reading (language.ts), the places it names
// (places.ts) and what the previous answer was about (a follow-up: "is that one accessible?").

export type Limit =
  | 'weather'
  | 'flightStatus'
  | 'visa'
  | 'exchange'
  | 'booking'
  | 'hours'
  /** Moving, changing or deleting an item: the planner does that, not the chat. */
  | 'edit'
  /** A complaint about an airline or a damaged or lost wheelchair: the airline's to answer. */
  | 'complaint'
  /** Airports, routes and how to get there: no transport data here. */
  | 'airport';

export type Intent =
  | 'crisis'
  | 'limit'
  | 'helpLines'
  | 'card'
  | 'page'
  | 'planGaps'
  | 'source'
  | 'plan'
  | 'add'
  | 'trip'
  | 'levels'
  | 'emergency'
  | 'safety'
  | 'details'
  | 'recommend'
  | 'country'
  | 'beta'
  | 'veteranHelp'
  // A sight named that the catalogue does not hold.
  | 'unheld'
  // What the plan just proposed adds up to.
  | 'planCost'
  | 'greeting'
  | 'thanks'
  | 'help'
  | 'unknown';

export interface Money {
  amount: number;
  currency?: string;
}

export interface Question {
  reading: Reading;
  raw: string;
  text: string;
  intent: Intent;
  limit?: Limit;
  /** Destinations named, or pointed back at ("that one", "those"). */
  destinations: Destination[];
  /** Countries named, directly, through a town ("Lisbon") or pointed back at. */
  countries: Country[];
  regions: NamedPlaces['regions'];
  cities: NamedPlaces['cities'];
  /** The destinations came from the previous answer, not from this message. */
  referred: boolean;
  /** "any of those outside the US?" when none of the last answer's places is: those places. */
  noneOf?: Destination[];
  needs: AccessibilityNeed[];
  /** Documented features asked for by name ("a hearing loop", "roll-in shower"). */
  features: AccessibilityFeature[];
  /** "Accessible", "disabled" with no need named. */
  anyAccess: boolean;
  /** Kinds of place, in the catalogue's category words ("museum", "national park"). */
  kinds: string[];
  /** An amount to spend ("under $200"). */
  budget?: Money;
  /** A price for an item to add ("for $420", "420 dollars"). */
  price?: Money;
  /** "Free" as the price notes say it: free entry, free for someone. */
  free: boolean;
  /** "the cheapest one that isn't free": places with a price only. */
  notFree?: boolean;
  order?: 'cheapest' | 'dearest';
  dates?: { from: string; to: string };
  /** A weekday named alone ("on Friday"): 0 Sunday to 6 Saturday, placed within a trip later. */
  weekday?: number;
  /** A day of a month named alone ("on the 16th"), placed within a trip later. */
  dayOfMonth?: number;
  /** Keep only veteran-friendly places ("for veterans", "military discount"). */
  veteranFilter: boolean;
  /** "4 days", "a week". */
  days?: number;
  itemType?: ItemType;
  /**
   * A named sight the catalogue does not hold ("the Eiffel Tower", "the statue of liberty"), as
   * written, so the answer says so instead of listing places elsewhere.
   */
  landmark?: string;
  timeSlot?: ScheduledTime;
  /** "Level 2". */
  level?: number;
  /** The question is yes or no ("can my wife's power chair get around Banff?"). */
  yesNo: boolean;
  /** Places the message sets aside ("not the Louvre", "other than Banff"). */
  excluded: Destination[];
  /** How many people a price is for ("for two adults", "me and my carer"). */
  people?: number;
  /** "make it the 13th instead": a change to the item just proposed. */
  revises: boolean;
  topics: Record<Topic, boolean>;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const isoOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Words chrono reads as a day that travellers use for "at this point" ("what's the total now"). */
const NOT_A_DAY =
  /^(now|right now|currently|so far|at the moment|today so far|(in )?the (morning|afternoon|evening)|morning|afternoon|evening|tonight|night|(in )?(the|those|these|a few) (days?|weeks?|nights?))$/i;

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** "two hundred and ten dollars" as "210 dollars": amounts written in words, in figures. */
function numbersInFigures(text: string): string {
  const word = String.raw`(?:${Object.keys(NUMBER_WORDS).join('|')}|hundred|thousand)`;
  const run = new RegExp(String.raw`\b${word}(?:[\s-]+(?:and[\s-]+)?${word})*\b`, 'gi');
  return text.replace(run, (phrase) => {
    let total = 0;
    let current = 0;
    for (const part of phrase.toLowerCase().split(/[\s-]+/)) {
      if (part === 'and') continue;
      if (part === 'hundred') current = (current || 1) * 100;
      else if (part === 'thousand') {
        total += (current || 1) * 1000;
        current = 0;
      } else current += NUMBER_WORDS[part] ?? 0;
    }
    // "one" alone is a word more often than a number ("that one").
    return phrase.toLowerCase() === 'one' ? phrase : String(total + current);
  });
}
/**
 * The message as chrono should read it for days: chrono reads "the morning of 19 December" as
 * tomorrow morning, and not "the friday"; days of a trip, prices, ages and amounts are no days.
 */
function forChrono(message: string): string {
  return (
    message
      // "the first week of may": its first day, and so on.
      .replace(
        /\b(?:the\s+)?(first|second|third|last)\s+week\s+(?:of|in)\s+((?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*)\b/gi,
        (_, nth: string, month: string) =>
          `${month} ${{ first: 1, second: 8, third: 15, last: 24 }[nth.toLowerCase() as 'first'] ?? 1}`,
      )
      // "mid feb", "early march", "late april": a day in that part of the month.
      .replace(
        /\b(early|mid|late)[- ]?((?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*)\b/gi,
        (_, part: string, month: string) =>
          `${month} ${part.toLowerCase() === 'early' ? 5 : part.toLowerCase() === 'mid' ? 15 : 24}`,
      )
      // A day of the trip is placed later: "the 3rd day" is not 3 December, "the last evening"
      // not yesterday evening.
      .replace(
        /\b(?:on\s+)?(?:the|our|my)\s+(?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|last|final)\s+(?:day|night|evening|morning|afternoon)\b/gi,
        ' ',
      )
      // "dec 28 - 64.99": a price after a dash, not a range of days.
      .replace(PRICE_AFTER_DASH, ' for ')
      // Ages are not days: "our 15 yr old" is not fifteen years from now.
      .replace(/\b\d{1,2}\s*-?\s*(?:years?|yrs?|y)\s*-?\s*olds?\b|\b\d{1,2}\s*yo\b/gi, ' ')
      // Amounts are not days: "may 4 22 euros" is not 4 May 2022, "259 a night" not 2:59 am.
      .replace(
        /[$€£]\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:dollars?|bucks|euros?|pounds?|quid|usd|eur|gbp|cad|aud)\b|\b\d{2,}\s*(?:a|per|\/)\s*(?:night|day|person|head)\b/gi,
        ' ',
      )
      .replace(/\b(?:on\s+)?the\s+(?:morning|afternoon|evening|night)\s+of\s+/gi, 'on ')
      // The time of day is read apart (SLOT_WORDS): "a hotel night on friday" is Friday.
      .replace(/\b(?:in the\s+)?(?:morning|afternoon|evening|night)\b/gi, ' ')
      .replace(/\bthe\s+((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/gi, '$1')
      .replace(
        /\bthe\s+(\d{1,2}(?:st|nd|rd|th))\b(?=\s+(?:to|-|until|till|through|and|of)\b)/gi,
        '$1',
      )
  );
}

/** "4 days", "a week": how long, not when ("plan 4 days in Lisbon"); "in 4 days" is a day. */
const A_LENGTH =
  /^(for\s+)?(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a couple of)\s+(days?|nights?|weeks?|months?)$/i;

function findDates(message: string, now: Date): Pick<Question, 'dates' | 'weekday' | 'dayOfMonth'> {
  // "the 2nd of next month": chrono reads the month only.
  const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  message = message.replace(
    /\bthe (\d{1,2})(?:st|nd|rd|th)? of next month\b/gi,
    (_, n: string) =>
      `${n} ${next.toLocaleString('en-US', { month: 'long' })} ${next.getFullYear()}`,
  );
  const days = forChrono(message);
  const results = chrono.en
    .parse(days, now, { forwardDate: true })
    .filter((r) => !NOT_A_DAY.test(r.text.trim()) && !A_LENGTH.test(r.text.trim()))
    // A time with no day ("at 3", "259 a"): not a day the traveller named.
    .filter(
      (r) =>
        r.start.isCertain('day') ||
        r.start.isCertain('month') ||
        r.start.isCertain('weekday') ||
        !r.start.isCertain('hour'),
    );
  // "on the morning of 19 December": the day named, not "the morning" (today's).
  const first =
    results.find((r) => r.start.isCertain('month')) ??
    results.find((r) => r.start.isCertain('weekday')) ??
    results[0];
  if (!first) {
    // "on the 18th": the next such day of a month.
    const nth = /\bthe (\d{1,2})(?:st|nd|rd|th)\b/i.exec(message);
    const dayOfMonth = nth ? Number(nth[1]) : 0;
    if (dayOfMonth < 1 || dayOfMonth > 31) return {};
    for (let ahead = 0; ahead < 62; ahead++) {
      const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + ahead);
      if (date.getDate() === dayOfMonth) {
        return { dates: { from: isoOf(date), to: isoOf(date) }, dayOfMonth };
      }
    }
    return {};
  }
  // "friday", "on friday evening": a weekday alone, placed within a trip's dates later.
  const text = first.text.toLowerCase().replace(/^(on|this|next|the)\s+/, '');
  // "thurs", "weds", "tues": a weekday by its first letters.
  const head = text.split(/[\s,]/)[0] ?? '';
  const weekday = /\d/.test(text)
    ? -1
    : WEEKDAYS.findIndex(
        (d) => text.startsWith(d) || (head.length >= 3 && d.startsWith(head.replace(/s$/, ''))),
      );
  // "thurs the 15th": the day of the month decides, within a trip.
  const nth = /\bthe (\d{1,2})(?:st|nd|rd|th)\b/i.exec(message);
  if (weekday >= 0 && nth) {
    const from = first.start.date();
    return {
      dates: { from: isoOf(from), to: isoOf(from) },
      dayOfMonth: Number(nth[1]),
    };
  }
  const from = first.start.date();
  const range = first.end
    ? { from: isoOf(from), to: isoOf(first.end.date()) }
    : !first.start.isCertain('day') && first.start.isCertain('month')
      ? {
          from: isoOf(new Date(from.getFullYear(), from.getMonth(), 1)),
          to: isoOf(new Date(from.getFullYear(), from.getMonth() + 1, 0)),
        }
      : { from: isoOf(from), to: isoOf(from) };
  return weekday >= 0 ? { dates: range, weekday } : { dates: range };
}

const CURRENCIES: Record<string, string> = {
  $: 'USD',
  usd: 'USD',
  us$: 'USD',
  dollar: 'USD',
  dollars: 'USD',
  dolar: 'USD',
  dolars: 'USD',
  dollers: 'USD',
  bucks: 'USD',
  '€': 'EUR',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  '£': 'GBP',
  gbp: 'GBP',
  pound: 'GBP',
  pounds: 'GBP',
  quid: 'GBP',
  cad: 'CAD',
  c$: 'CAD',
  aud: 'AUD',
  a$: 'AUD',
  nzd: 'NZD',
  nz$: 'NZD',
  sgd: 'SGD',
  s$: 'SGD',
  isk: 'ISK',
  yen: 'JPY',
  jpy: 'JPY',
};

/** "dec 28 - 64.99", "the 3rd - 120": an amount after a dash (a day is never over 31). */
const PRICE_AFTER_DASH = /\s[-\u2013]\s*(?=\d+\.\d{2}\b|(?:3[2-9]|[4-9]\d|\d{3,})\b)/g;

const AMOUNT = String.raw`(\d[\d,]*(?:\.\d{1,2})?)\s*(k)?`;
const SYMBOL = String.raw`(\$|us\$|c\$|a\$|nz\$|s\$|€|£|usd|eur|gbp|cad|aud|nzd|sgd|isk|jpy)`;
const WORD = String.raw`(dollars?|dolars?|dollers|bucks|euros?|pounds?|quid|usd|eur|gbp|cad|aud|nzd|sgd|isk|yen|jpy)`;

/** Every amount of money in a message, with what comes before it ("for", "under"). */
function amounts(message: string): { money: Money; before: string; after: string }[] {
  const found: { money: Money; before: string; after: string }[] = [];
  const pattern = new RegExp(
    String.raw`${SYMBOL}\s?${AMOUNT}|${AMOUNT}\s?${WORD}\b|\b(for|costs?|at|price of|priced at|paying|pay|paid|spend|spending|budget of|budget is|under|below|less than|up to|max|maximum|within|about|around|roughly|maybe|approximately|approx|was|it'?s|cost me|paid)\s+(?:about\s+|around\s+)?(\d[\d,]*(?:\.\d{1,2})?)\b(?!\s*(?:am|pm|days?|nights?|weeks?|people|persons|adults|kids|children|th|st|nd|rd|:))`,
    'gi',
  );
  for (const m of message.matchAll(pattern)) {
    const [, symbol, a1, k1, a2, k2, word, lead, a3] = m;
    const number = a1 ?? a2 ?? a3;
    if (!number) continue;
    let amount = Number(number.replace(/,/g, ''));
    if (k1 || k2) amount *= 1000;
    // "under 30 euros": the currency after an amount led by a word.
    const after = lead
      ? new RegExp(String.raw`^\s*${WORD}\b`, 'i').exec(message.slice(m.index + m[0].length))
      : null;
    const unit = (symbol ?? word ?? after?.[1] ?? '').toLowerCase();
    const before = message.slice(Math.max(0, m.index - 20), m.index).toLowerCase() + (lead ?? '');
    found.push({
      money: { amount, currency: CURRENCIES[unit] },
      before: `${before} `.toLowerCase(),
      after: message.slice(m.index + m[0].length, m.index + m[0].length + 24).toLowerCase(),
    });
  }
  return found;
}

const BUDGET_WORDS =
  /\b(under|below|less than|up to|max|maximum|budget|within|spend|spending|afford|cheaper than|no more than)\b/;

const ITEM_ORDER: ItemType[] = ['flight', 'hotel', 'car', 'activity'];

const SLOT_WORDS: [ScheduledTime, RegExp][] = [
  ['allday', /\ball ?day\b/],
  ['morning', /\b(morning|breakfast|am)\b/],
  ['afternoon', /\b(afternoon|lunch)\b/],
  ['evening', /\b(evening|dinner|tonight)\b/],
  ['night', /\b(night|overnight|late)\b/],
];

/** "4 days", "a week", "a long weekend", "3-day". */
function findDays(reading: Reading): number | undefined {
  const text = reading.text;
  const numbered =
    /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s*(day|days|night|nights)\b/.exec(
      text,
    );
  const words = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  if (numbered) {
    const n = /\d/.test(numbered[1]!) ? Number(numbered[1]) : words.indexOf(numbered[1]!) + 1;
    return numbered[2]!.startsWith('night') ? n + 1 : n;
  }
  if (/\b(a|one) week\b/.test(text)) return 7;
  if (/\b(two|2) weeks\b/.test(text)) return 14;
  if (/\b(long weekend)\b/.test(text)) return 3;
  if (/\bweekend\b/.test(text)) return 2;
  return undefined;
}

/** Is the message only pointing back ("is that one accessible?", "and the second one?")? */
const SINGULAR_REFERENCE =
  /\b(it|its|that|this|that one|this one|the place|that place|this place|there|the first|the second|the third|the last|first one|second one|third one|last one|same place)\b/;
const PLURAL_REFERENCE =
  /\b(those|these|them|they|their|of those|of these|any of them|which ones?|which of)\b|^(ok |so |and )?which (is|one|ones|are|has|have|would|should|suits?|fits?)\b/;
const FOLLOW_UP =
  /^(and|ok and|okay and|ok so|so|what about|how about|and what about|ok what about|okay what about|what if|and what if|also|then|but)\b/;
const ORDINALS: [RegExp, number][] = [
  [/\b(first|1st)\b/, 0],
  [/\b(second|2nd)\b/, 1],
  [/\b(third|3rd)\b/, 2],
  [/\b(fourth|4th)\b/, 3],
  [/\b(fifth|5th)\b/, 4],
];

export interface UnderstandContext {
  places: Places;
  destinations: readonly Destination[];
  now: Date;
  state?: ConversationState;
}

/**
 * What a traveller's message asks: what it says (places, needs, money, dates, topics, read with the
 * conversation so far), then what it is after (its intent) and any limit of the site it meets.
 */
export function understand(message: string, context: UnderstandContext): Question {
  const question = readQuestion(message, context);
  question.intent = intentOf(question, context.state, message);
  const limit = limitOf(question);
  if (question.intent === 'limit' || (limit === 'booking' && question.intent !== 'add')) {
    question.limit = limit;
  }
  return question;
}

/** What the message says, its intent still 'unknown'. */
function readQuestion(message: string, context: UnderstandContext): Question {
  const { places, destinations, now, state } = context;
  // "lvl 3", "wat does lvl 4 mean".
  const reading = readMessage(message.replace(/\blvl(s?)\b/gi, 'level$1'));
  const { text } = reading;
  const topics = Object.fromEntries(TOPICS.map((t) => [t, hasTopic(reading, t)])) as Record<
    Topic,
    boolean
  >;

  const named = placesNamed(reading, places);
  const { features, needs, anyAccess } = accessAsked(reading, topics);
  const countries = countriesNamed(named, places);
  const notFree = notFreeAsked(text);
  const { pick, excluded, namesPlace } = placesAsked({
    reading,
    topics,
    named,
    countries,
    destinations,
    places,
    state,
    needs,
    features,
    notFree,
  });
  const kinds = kindsAsked(reading, destinations, state, namesPlace);
  const itemType = itemTypeOf(reading, topics);
  // "make it 150 dollars" after a proposal: the item's new price.
  const revises =
    state?.intent === 'add' &&
    /\b(make it|make that|change it|change that|move it|move that|instead|rather|switch it|actually|i meant|meant|i mean)\b/.test(
      text,
    );
  const { budget, price } = amountsAsked(reading, topics, itemType, revises);
  const { dates, weekday, dayOfMonth } = findDates(reading.raw, now);
  const level = levelAsked(text);
  correctTopics({ reading, topics, state, features, needs, namesPlace });
  const people = peopleOf(text);
  const landmark = landmarkAsked(reading, places, pick.destinations);
  const timeSlot = SLOT_WORDS.find(([, p]) => p.test(text))?.[0];
  return {
    reading,
    raw: reading.raw,
    text,
    intent: 'unknown',
    destinations: pick.destinations,
    countries,
    regions: named.regions,
    cities: named.cities,
    referred: pick.referred,
    ...(pick.noneOf ? { noneOf: pick.noneOf } : {}),
    needs,
    features,
    anyAccess,
    kinds,
    ...(budget ? { budget } : {}),
    ...(price ? { price } : {}),
    // "Step-free", "barrier-free", "gluten-free" are not about price.
    ...(notFree ? { notFree } : {}),
    free: freeAsked(text, topics, notFree, budget),
    ...orderAsked(text, topics),
    ...(dates ? { dates } : {}),
    ...(weekday !== undefined ? { weekday } : {}),
    ...(dayOfMonth !== undefined ? { dayOfMonth } : {}),
    // "a veteran with PTSD who can't handle crowds" asks for calm places, not veteran discounts.
    veteranFilter:
      topics.veteran &&
      (!needs.includes('Neurodiversity') ||
        /\b(friendly|discount|discounts|deal|deals|free|for veterans)\b/.test(text)),
    ...(findDays(reading) !== undefined ? { days: findDays(reading) } : {}),
    ...(itemType ? { itemType } : {}),
    ...(landmark ? { landmark } : {}),
    ...(timeSlot ? { timeSlot } : {}),
    ...(level !== undefined ? { level } : {}),
    yesNo:
      /^(can|could|does|do|is|are|will|would|has|have|should|may|did|am)\b/.test(text) ||
      /^(and|so|ok|okay|but)\s+(can|could|does|do|is|are|will|would|has|have)\b/.test(text),
    topics,
    excluded,
    ...(people ? { people } : {}),
    revises,
  };
}

/** The places a message names, less where a veteran served ("a Vietnam vet", "served in Iraq"). */
function placesNamed(reading: Reading, places: Places): NamedPlaces {
  // "a Vietnam vet", "a Korea war veteran": a war, not a place to go ("WW2 vets" is the museum's).
  const VET = /^(vet|vets|veteran|veterans)$/;
  const placeWords = reading.words.map((word, i, words) =>
    // "in US dollars", "canadian dollars": a currency, not a place.
    /^(dollars?|bucks|currency|cents|money)$/.test(words[i + 1] ?? '') ||
    (!/^(ww2|wwii|ww1|wwi)$/.test(word) &&
      ((VET.test(words[i + 1] ?? '') && words[i + 2] !== 'friendly') ||
        (words[i + 1] === 'war' && VET.test(words[i + 2] ?? ''))))
      ? '_'
      : word,
  );
  const found = places.find(placeWords, reading.raw);
  // "my grandpa was in Korea, ... his military pass": said of a veteran, where he served.
  const veteranTalk = /\b(vet|vets|veteran|veterans|military|army|navy|marines?|served|war)\b/.test(
    reading.text,
  );
  // "PTSD from Iraq", "served in Germany": where someone served, not where they are going.
  const served = (name: string) =>
    new RegExp(
      String.raw`\b(?:(?:ptsd|trauma)\s+from|(?:served|serving|deployed|deployment|tours?|fought|stationed|wounded|injured)(?:\s+\w+){0,2}\s+(?:in|to|at)${veteranTalk ? String.raw`|(?:was|were)\s+in` : ''})\s+(?:the\s+)?${normalize(name)}\b`,
    ).test(reading.text);
  // "WW2" alone names the museum, but not in "a WW2 navy veteran at Pearl Harbor" or "do WW2 vets
  // get in free anywhere?".
  const warOnly =
    /\b(ww2|wwii|world war (2|ii|two))\b/.test(reading.text) && !/\bmuseum\b/.test(reading.text);
  if (
    warOnly &&
    (found.destinations.length > 1 ||
      /\b(anywhere|any ?where|which places|any places|where can|where could)\b/.test(reading.text))
  ) {
    found.destinations = found.destinations.filter((d) => d.id !== 'national-wwii-museum');
  }
  // "was in Korea": a country by its last word too ("South Korea").
  const servedIn = (name: string) => served(name) || served(name.split(' ').at(-1)!);
  return {
    ...found,
    countries: found.countries.filter((c) => !servedIn(c.name)),
    cities: found.cities.filter((c) => !served(c.name)),
    regions: found.regions.filter((r) => !served(r.name.replace(/^the /, ''))),
  };
}

/** Countries: named, through a town, and through a destination named (for its advisory). */
function countriesNamed(named: NamedPlaces, places: Places): Country[] {
  const countries = [...named.countries];
  for (const city of named.cities) {
    const country = places.country(city.code);
    if (country && !countries.includes(country)) countries.push(country);
  }
  return countries;
}

/** "Level 2", "level three", "a 3 level". */
function levelAsked(text: string): number | undefined {
  const levelWords = ['one', 'two', 'three', 'four'];
  const level = /\blevel\s*([1-4]|one|two|three|four)\b|\b([1-4])\s*level\b/.exec(text);
  const levelOf = (word: string) => (/\d/.test(word) ? Number(word) : levelWords.indexOf(word) + 1);
  return level ? levelOf(level[1] ?? level[2]!) : undefined;
}

/** The needs and the documented features asked for, and whether access is asked with neither. */
function accessAsked(reading: Reading, topics: Record<Topic, boolean>) {
  // "quiet rooms or sensory stuff": a feature or the whole need, so the need decides.
  const needNamed = [...reading.tags].some((tag) => tag.startsWith('need:'));
  const features = needNamed && /\bor\b/.test(reading.text) ? [] : featuresOf(reading);
  const needs = needsOf(reading, needOfFeature);
  // "deafblind": both senses, though the reader tags one word once.
  if (/\bdeaf ?-?blind/.test(reading.text)) {
    for (const need of ['Hearing Support', 'Visual Support'] as const) {
      if (!needs.includes(need)) needs.push(need);
    }
  }
  const anyAccess = topics.accessible && needs.length === 0;
  return { features, needs, anyAccess };
}

/** What `placesAsked` reads. */
interface ReferenceContext {
  reading: Reading;
  topics: Record<Topic, boolean>;
  named: NamedPlaces;
  /** The countries named so far; a follow-up after a country adds it. */
  countries: Country[];
  destinations: readonly Destination[];
  places: Places;
  state: ConversationState | undefined;
  needs: AccessibilityNeed[];
  features: AccessibilityFeature[];
  notFree: boolean;
}

/** The destinations a question is about, as it goes. */
interface Picked {
  destinations: Destination[];
  /** Pointed back at in the last answer ("that one", "those"), not named. */
  referred: boolean;
  noneOf?: Destination[];
}

/**
 * The destinations a question is about: those it names, less those it sets aside, or those of
 * the last answer it points back at ("the museum one", "the cheaper one", "which of those are in
 * Europe?", "is it open?"); after a country, "is it safe?" is about that country.
 */
function placesAsked(context: ReferenceContext) {
  const { reading, named, countries, destinations, places, state } = context;
  const { text } = reading;
  // "not the louvre", "other than banff", "except disney": set aside, not asked about.
  const excluded = named.destinations.filter((d) =>
    [d.name, ...d.name.split(' ').filter((w) => w.length > 4)].some((n) =>
      new RegExp(
        String.raw`\b(not|other than|except|besides|apart from|excluding|instead of|no more|been to)\s+(the\s+)?${normalize(n)}\b`,
      ).test(text),
    ),
  );
  const pick: Picked = {
    destinations: named.destinations.filter((d) => !excluded.includes(d)),
    referred: false,
  };
  const namesPlace =
    pick.destinations.length > 0 ||
    countries.length > 0 ||
    named.regions.length > 0 ||
    named.cities.length > 0;
  const previous = (state?.destinationIds ?? [])
    .map((id) => destinations.find((d) => d.id === id))
    .filter((d): d is Destination => d !== undefined);
  // "how does it compare to Acadia?" after Yosemite: both.
  if (
    /\b(compare|compared|comparison|versus|vs|better than|worse than)\b/.test(text) &&
    pick.destinations.length === 1 &&
    previous.length === 1 &&
    previous[0] !== pick.destinations[0]
  ) {
    pick.destinations = [previous[0]!, pick.destinations[0]!];
  }
  const back = { ...context, text, previous, namesPlace };
  kindOrPriceOne(back, pick);
  keptToPlace(back, pick);
  pointedBack(back, pick);
  if (!namesPlace && !pick.referred && state?.countryCodes?.length) {
    // "is it safe?" after a country, "emergency number?" after a country.
    if (SINGULAR_REFERENCE.test(text) || FOLLOW_UP.test(text) || reading.words.length <= 5) {
      for (const code of state.countryCodes) {
        const country = places.country(code);
        if (country) countries.push(country);
      }
    }
  }
  return { pick, excluded, namesPlace };
}

/** What the rules pointing back at the last answer's places read. */
type BackContext = ReferenceContext & {
  text: string;
  /** The last answer's places. */
  previous: Destination[];
  namesPlace: boolean;
};

/** "the cemetery one", "the free one", "the cheaper one": one of the last answer's places. */
function kindOrPriceOne({ text, previous, namesPlace, notFree }: BackContext, pick: Picked) {
  // "the cemetery one", "the museum one": the last answer's place of that kind.
  // "at the museum", "the cemetery" too, when one of those places is of that kind.
  const kindOne =
    /\bthe (\w{4,}) one\b/.exec(text)?.[1] ??
    /\bthe (museum|cemetery|memorial|park|cruise|castle|lodge|hotel|spa|lagoon|gardens|opera|resort|monument)\b/.exec(
      text,
    )?.[1];
  if (kindOne && !namesPlace && previous.length > 1) {
    const matching = previous.filter((d) =>
      normalize(`${d.name} ${d.category}`)
        .split(' ')
        .some((w) => w.startsWith(kindOne.replace(/s$/, ''))),
    );
    if (matching.length === 1) {
      pick.destinations = matching;
      pick.referred = true;
    }
  }
  // "the free one", "the cheap one": the last answer's place of that price.
  const byPrice = /\bthe (free|cheap|cheaper|cheapest|expensive|dearest) one\b/.exec(text);
  if (byPrice && !namesPlace && previous.length > 0 && !pick.referred && !notFree) {
    const free = previous.filter((d) => cartPriceOf(d.price) === 0);
    const picked = byPrice[1] === 'free' ? free[0] : undefined;
    if (picked) {
      pick.destinations = [picked];
      pick.referred = true;
    } else if (byPrice[1] !== 'free') {
      // "the cheaper one": ranked among the last answer's places.
      pick.destinations = previous;
      pick.referred = true;
    }
  }
}

/** "which of those are in Europe?": the last answer's places, kept to the place named. */
function keptToPlace(context: BackContext, pick: Picked) {
  const { text, previous, namesPlace, named, countries } = context;
  if (
    namesPlace &&
    previous.length > 0 &&
    PLURAL_REFERENCE.test(text) &&
    !pick.destinations.length
  ) {
    const codes = [...countries.map((c) => c.code), ...named.regions.flatMap((r) => r.codes)];
    const towns = named.cities.map((c) => normalize(c.name));
    const kept = previous.filter((d) =>
      towns.length > 0
        ? towns.some((town) => normalize(d.location).includes(town))
        : codes.includes(d.countryCode),
    );
    if (kept.length > 0) {
      pick.destinations = kept;
      pick.referred = true;
    } else {
      pick.noneOf = previous;
    }
  }
}

/**
 * "the second one", "those", "that one", "how much?", "do I have to pay for her carer too?": a
 * question with no place of its own goes on about the last answer's.
 */
function pointedBack(context: BackContext, pick: Picked) {
  const { text, previous, namesPlace, notFree, reading, topics, needs, features } = context;
  if (!namesPlace && previous.length > 0 && !pick.referred && !notFree) {
    const ordinal = ORDINALS.find(([pattern]) => pattern.test(text))?.[1];
    if (ordinal !== undefined && previous[ordinal]) {
      pick.destinations = [previous[ordinal]];
      pick.referred = true;
    } else if (PLURAL_REFERENCE.test(text)) {
      pick.destinations = previous;
      pick.referred = true;
    } else if (SINGULAR_REFERENCE.test(text) || (FOLLOW_UP.test(text) && previous.length === 1)) {
      pick.destinations =
        previous.length === 1 || /\blast\b/.test(text) ? [previous.at(-1)!] : [previous[0]!];
      pick.referred = true;
    } else if (previous.length === 1 && reading.words.length <= 6 && !topics.recommend) {
      // "how much?", "is it open?": a short question goes on about the one place just answered.
      pick.destinations = previous;
      pick.referred = true;
    } else if (
      previous.length === 1 &&
      // "when do the accessible buses run", "where do the low floor buses go": the place's own.
      /^(and |so |ok )?(when|what time|what times|how often|what months|which months|where (do|does|did|is|are|can) the)\b/.test(
        text,
      ) &&
      !/\b(anywhere|places|somewhere|other|others|else)\b/.test(text)
    ) {
      pick.destinations = previous;
      pick.referred = true;
    } else if (
      previous.length === 1 &&
      !topics.recommend &&
      !/\b(anywhere|places|which|where|somewhere|other|others|else)\b/.test(text) &&
      (topics.price ||
        topics.free ||
        topics.veteran ||
        /\b(carers?|caregivers?|companions?|assistants?|aides?|pca)\b/.test(text) ||
        // "what does the 800 dollars include", "in us dollars?", "do i need to book ahead".
        /\b(include|included|includes|cover|covers|covered|in (us |american )?dollars|in (us|american) (money|currency)|in usd|book|booking|reserve|ahead|in advance|tickets?)\b/.test(
          text,
        ) ||
        // "do we have to pay to get in?" after a place: its price.
        /\b(have|need|got) to pay\b|\bpay to (get|go) in\b|\bcost (us|me) anything\b/.test(text) ||
        // "could our 15 yr old come along?": who may come, at the place just answered.
        /\b(kids?|children|child|toddlers?|babies|baby|teens?|teenagers?|\d{1,2} ?(year|yr)s? olds?|\d{1,2} ?yo)\b/.test(
          text,
        ) ||
        // "quick q does the shuttle have ramps": a yes or no about the place just answered.
        (/\b(does|do|is|are|can|has|have|will)\b/.test(text) &&
          (needs.length > 0 || features.length > 0 || topics.accessible) &&
          !/\b(anything|something|any)\b/.test(text)))
    ) {
      // "do I have to pay for her carer too?" after the Louvre: still the Louvre.
      pick.destinations = previous;
      pick.referred = true;
    }
  }
}

/**
 * Kinds of place: a category named whole ("national park"), else by its last word ("hotels" are
 * the castle and luxury hotels, "parks" the national and theme parks).
 */
function kindsAsked(
  reading: Reading,
  destinations: readonly Destination[],
  state: ConversationState | undefined,
  namesPlace: boolean,
): string[] {
  const { text } = reading;
  const categories = [...new Set(destinations.map((d) => normalize(d.category)))];
  const lemmaText = ` ${reading.lemmas.join(' ')} `;
  const isNamed = (phrase: string) =>
    new RegExp(`\\b${phrase}s?\\b`).test(text) || lemmaText.includes(` ${phrase} `);
  const whole = categories.filter(isNamed);
  // A place to stay is any hotel or lodge of the catalogue.
  const staying = reading.tags.has('item:hotel') || /\bplaces? to stay\b/.test(text);
  const kinds: string[] =
    whole.length > 0
      ? whole
      : categories.filter((c) => {
          const head = c.split(' ').at(-1)!;
          return (
            (head.length > 3 && isNamed(head)) || (staying && ['hotel', 'lodge'].includes(head))
          );
        });

  // "any under 15 dollars?" after theme parks, "no I meant one with a roll-in shower" after
  // cruises: the kind of place asked before.
  if (
    kinds.length === 0 &&
    state?.kinds?.length &&
    state.intent === 'recommend' &&
    !namesPlace &&
    (reading.words.length <= 8 || /\b(i meant|one with|ones with|any with)\b/.test(text))
  ) {
    kinds.push(...state.kinds);
  }
  return kinds;
}

/** The kind of item to add: as tagged, a hotel for "a night", an activity "at the hotel". */
function itemTypeOf(reading: Reading, topics: Record<Topic, boolean>): ItemType | undefined {
  const { text } = reading;
  let itemType = ITEM_ORDER.find((type) => reading.tags.has(`item:${type}`));
  // "put fosshotel on the 11th for 180 a night": so much a night is a place to stay.
  if (itemType === undefined && /\b(a|per|\/)\s*night\b/.test(text) && topics.add) {
    itemType = 'hotel';
  }
  // "dinner at the hotel", "a spa day at the hotel": something to do, where the hotel is.
  if (
    itemType === 'hotel' &&
    /\b(dinner|lunch|breakfast|brunch|meal|drinks|spa|massage|show|tour|party)\b[\w ]{0,12}\b(at|in)\s+(the|my|our)\s+hotel\b/.test(
      text,
    )
  ) {
    itemType = 'activity';
  }
  return itemType;
}

/**
 * Money: an item's price follows "for", "at", "costs"; a budget "under", "budget", "spend". Without
 * an item to add, an amount is a budget.
 */
function amountsAsked(
  reading: Reading,
  topics: Record<Topic, boolean>,
  itemType: ItemType | undefined,
  revises: boolean,
): { budget: Money | undefined; price: Money | undefined } {
  const { text } = reading;
  const money = amounts(numbersInFigures(reading.raw).replace(PRICE_AFTER_DASH, ' for '));
  let budget: Money | undefined;
  let price: Money | undefined;
  // "i've got 1500 to spend", "we have 200 dollars left": a budget.
  const toSpend =
    /\b(?:got|have|has)\s+\$?(\d[\d,]*(?:\.\d{1,2})?)\s*(?:dollars|bucks|usd)?\s+(?:to spend|left)\b/.exec(
      text,
    );
  if (toSpend) budget = { amount: Number(toSpend[1]!.replace(/,/g, '')), currency: 'USD' };
  for (const { money: m, before, after } of money) {
    // "i've got 1500 to spend", "we have 200 left": a budget too.
    if (
      BUDGET_WORDS.test(before) ||
      /^\s*(?:dollars?|bucks|usd)?\s*(?:to spend|left|in total to spend|budget)\b/.test(after)
    )
      budget ??= m;
    else price ??= m;
  }
  // "pencil in a dinner cruise on the 13th, 150", "the roosevelt, 259 a night", "on tuesday, 400
  // for the private tour": a bare amount after a comma, or so much a night, is the item's price.
  if (!price && !budget && (topics.add || revises)) price = bareAmount(reading);
  // "65 a person so 130 total": the total said.
  const total =
    /\b(?:so|total|in total|altogether|all in|that s|thats)\s+\$?(\d[\d,]*(?:\.\d{1,2})?)\b/.exec(
      numbersInFigures(reading.raw.toLowerCase()),
    );
  if (price && total && /\b(total|altogether|all in)\b/.test(text)) {
    price = { ...price, amount: Number(total[1]!.replace(/,/g, '')) };
  }
  const addWords =
    revises ||
    topics.add ||
    (topics.booking && itemType !== undefined) ||
    (/\b(need|want|get|arrange|reserve)\b/.test(text) && itemType !== undefined);
  if (!addWords && price && !budget) {
    // "museums under 30 euros", "somewhere for $100": without an item to add, an amount is a budget.
    budget = price;
    price = undefined;
  }
  return { budget, price };
}

/** A bare amount after a comma, so much a night, or ending the request; never a year. */
function bareAmount(reading: Reading): Money | undefined {
  const bare =
    /[,;]\s*\$?(\d{2,5}(?:\.\d{1,2})?)\b(?!\s*(?:am|pm|th|st|nd|rd|days?|nights?|people|persons|adults|kids|children|guests|:|\/\d))/i.exec(
      numbersInFigures(reading.raw),
    ) ??
    /\b(\d{2,5}(?:\.\d{1,2})?)\s*(?:a|per|\/)\s*(?:night|day|person|head|ticket)\b/i.exec(
      reading.raw,
    );
  // "add a flight to rome on the 6th 180": a bare amount ending the request, not a day's number.
  const ending =
    bare ??
    (/(?:^|\s)(\d{2,5})\s*[.!]?\s*$/.test(reading.raw) &&
    !/\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|the|on|of|day|at|flight|room|gate|number|in|for|route|highway)\s+\d+\s*[.!]?\s*$/i.test(
      reading.raw,
    )
      ? /(\d{2,5})\s*[.!]?\s*$/.exec(reading.raw)
      : null);
  // "on dec 10, 2027": a year, not a price.
  if (ending && !/^20\d\d$/.test(ending[1]!)) {
    return { amount: Number(ending[1]), currency: 'USD' };
  }
  return undefined;
}

/**
 * What the reader's topics, needs and features miss or mistake in a message, corrected: veterans,
 * emergency numbers, a wheelchair to borrow, STEP, consular help, buying here, the beta.
 */
function correctTopics(read: {
  reading: Reading;
  topics: Record<Topic, boolean>;
  state: ConversationState | undefined;
  features: AccessibilityFeature[];
  needs: AccessibilityNeed[];
  namesPlace: boolean;
}) {
  const { reading, topics, state, features, needs } = read;
  veteranAsked(reading, topics, state, features);
  if (emergencyAsked(reading)) topics.emergency = true;
  wheelchairLoanAsked(reading.text, state, features, needs);
  servicesAsked(reading, topics, read.namesPlace);
}

/** Veterans: a discount asked for, free entry after "I'm a vet", the military pass. */
function veteranAsked(
  reading: Reading,
  topics: Record<Topic, boolean>,
  state: ConversationState | undefined,
  features: AccessibilityFeature[],
) {
  const { text } = reading;
  // "vets get a discount", "military discount": the documented feature.
  if (topics.veteran && /\b(discount|discounts|deal|deals|reduced|concession)\b/.test(text)) {
    if (!features.includes('veteran_discount')) features.push('veteran_discount');
  }
  // "where can I get in free?" after "I'm a WW2 vet": free for veterans.
  if (state?.veteran && topics.free && needsOf(reading, needOfFeature).length === 0) {
    topics.veteran = true;
  }
  // "the military pass": about veterans, whichever phrase wink-nlp read first.
  if (features.includes('veteran_discount') || /\b(military|veterans?) pass\b/.test(text)) {
    topics.veteran = true;
  }
}

/** The emergency numbers asked for, in so many words or by an accident. */
function emergencyAsked(reading: Reading): boolean {
  const { text } = reading;
  // "number?", "emergency number?" after a country: its numbers.
  if (
    /^(the |what s the |whats the )?(emergency )?(number|numbers|phone number|phone)$/.test(text)
  ) {
    return true;
  }
  // "what number do I call if something happens", "how do I call for help there".
  if (
    /\b(what|which) number (do|should|can|would) (i|we|you) (call|dial|ring)\b|\bcall for help\b|\bnumbers? to (call|dial|ring)\b|\bwho (do|should|can) (i|we) call (if|in case|when)\b|\bif something (happens|goes wrong)\b/.test(
      text,
    )
  ) {
    return true;
  }
  // "what's 911 in the UK": an emergency number said as a number.
  if (/\b(911|999|112|000)\b/.test(text) && !/[$€£]\s?(911|999|112)\b/.test(reading.raw)) {
    return true;
  }
  // "just had a car accident in italy ... which number": the emergency numbers.
  if (
    /\b(accident|crash|crashed|injured|hurt|fell|fallen|collapsed|ambulance|hospital|heart attack|stroke)\b/.test(
      text,
    ) &&
    /\b(number|call|dial|ring|phone)\b/.test(text)
  ) {
    return true;
  }
  return false;
}

/** A wheelchair to borrow: the loan, not every mobility feature. */
function wheelchairLoanAsked(
  text: string,
  state: ConversationState | undefined,
  features: AccessibilityFeature[],
  needs: AccessibilityNeed[],
) {
  // "which places lend you a wheelchair": the loan, not every mobility feature.
  if (
    /\b(lend|lends|lent|borrow|loan|loans|loaner|rent|hire)\b/.test(text) &&
    /\bwheel ?chairs?\b/.test(text) &&
    !features.includes('wheelchair_loan')
  ) {
    features.push('wheelchair_loan');
    if (!needs.includes('Mobility Support')) needs.push('Mobility Support');
  }
  // "where could I borrow one" after "I'm a wheelchair user": a wheelchair.
  if (
    /\b(borrow|lend|loan|hire|rent)\b/.test(text) &&
    /\b(one|a chair)\b/.test(text) &&
    state?.needs?.includes('Mobility Support') &&
    !features.includes('wheelchair_loan')
  ) {
    features.push('wheelchair_loan');
    if (!needs.includes('Mobility Support')) needs.push('Mobility Support');
  }
}

/** STEP, consular help, buying here, and the beta programme only when nothing else is asked. */
function servicesAsked(reading: Reading, topics: Record<Topic, boolean>, namesPlace: boolean) {
  const { text } = reading;
  // "let the US embassy know I'm travelling": enrolling in STEP.
  if (
    /\b(let|tell|inform|notify|register with) (the )?(us |u s |american )?(embassy|consulate|state department)\b/.test(
      text,
    )
  ) {
    topics.step = true;
  }
  // STEP in capitals, or "the step program": the State Department's enrollment, not a stair.
  if (
    /\bSTEP\b/.test(reading.raw) ||
    /\bstep (thing|program|programme|enrol\w*|regist\w*|sign ?up)\b/.test(text)
  ) {
    topics.step = true;
    topics.beta = false;
  }
  // "passport and wallet got stolen", "the State Department's help line": consular help.
  if (
    /\bpassport\b.*\b(stolen|lost|missing|taken)\b|\b(stolen|lost|missing)\b.*\bpassport\b/.test(
      text,
    ) ||
    /\b(state department|embassy|consulate)( s)? (help ?line|number|phone|hotline|line)\b/.test(
      text,
    ) ||
    (/\b(stolen|robbed|mugged|arrested)\b/.test(text) &&
      /\b(us|u s|american|state department|embassy)\b/.test(text))
  ) {
    topics.consular = true;
    topics.visa = false;
  }
  // "can I just book Virgin Voyages through you guys?": buying here.
  if (
    /\b(book|buy|purchase|reserve)\b.*\b(through|with|via|on) (you|u|this site|the site|your site|here)\b/.test(
      text,
    )
  ) {
    topics.booking = true;
  }
  // "sign up" is the beta programme only when nothing else is asked.
  if (
    topics.beta &&
    !/\b(beta|tester|testers|access code)\b/.test(text) &&
    (topics.step || namesPlace)
  ) {
    topics.beta = false;
  }
}

/** How many people a price is for ("for two adults", "me and my carer"). */
function peopleOf(text: string): number | undefined {
  const counted =
    /\b(\d+|two|three|four|five|six)\s+(adults|people|persons|of us|tickets|visitors|guests)\b/.exec(
      numbersInFigures(text),
    );
  return counted
    ? Number(counted[1])
    : /\b(me and my|my \w+ and i|my \w+ and me|him and me|her and me|me and him|me and her|both of us|the two of us|for us both|for two|for 2|two of us|us two)\b/.test(
          text,
        )
      ? 2
      : undefined;
}

/** A sight named that the catalogue does not hold; a town or country it knows is no sight. */
function landmarkAsked(
  reading: Reading,
  places: Places,
  destinationsNamed: readonly Destination[],
): string | undefined {
  const sight =
    destinationsNamed.length === 0
      ? landmarkIn(reading.raw, (word) => reading.words.includes(word))
      : undefined;
  const sightPlaces = sight
    ? places.find(normalize(sight.replace(/^the /, '')).split(' '), sight)
    : undefined;
  return sight &&
    ![
      ...sightPlaces!.countries,
      ...sightPlaces!.cities,
      ...sightPlaces!.regions,
      ...sightPlaces!.destinations,
    ].some((p) => normalize(p.name).replace(/^the /, '') === normalize(sight).replace(/^the /, ''))
    ? sight
    : undefined;
}

/**
 * "and the cheapest one that isnt free?" after the free places: the others, not those.
 */
function notFreeAsked(text: string): boolean {
  return /\b(isnt|is not|not|arent|are not) free\b|\bnon free\b|\bthat (costs|cost) (something|money)\b/.test(
    text,
  );
}

/** "Free" as the price notes say it; "step-free", "barrier-free", "gluten-free" are not about price. */
function freeAsked(
  text: string,
  topics: Record<Topic, boolean>,
  notFree: boolean,
  budget: Money | undefined,
): boolean {
  return (
    !notFree &&
    !/\bthe free one\b/.test(text) &&
    (topics.free || /\b(have|need|got) to pay\b|\bpay anything\b|\bcharges?\b/.test(text)) &&
    !budget &&
    !/\b(step|stair|barrier|hands|gluten|sugar|smoke|duty|toll|stress|hassle|fragrance|scent|latex|nut|dairy|allergen|crowd|queue|line) free\b/.test(
      text,
    )
  );
}

/** "which one costs the most?", "costs the least". */
function orderAsked(
  text: string,
  topics: Record<Topic, boolean>,
): { order?: 'cheapest' | 'dearest' } {
  return topics.cheapest || /\bcost(s|ing)?( us| me| you)? (the )?least\b/.test(text)
    ? { order: 'cheapest' as const }
    : topics.dearest || /\b(costs?|costing|priced)( us| me| you)? (the )?(most|more)\b/.test(text)
      ? { order: 'dearest' as const }
      : {};
}

/** A limit of what the site does or knows that the question meets, if any. */
function limitOf(q: Question): Limit | undefined {
  if (editAsked(q)) return 'edit';
  // "do I need to book the gondola in advance?": a question about the place, not a purchase.
  if (
    /\b(need|have|got) to (book|reserve)|\b(book|reserve)\w* (ahead|in advance|early)|\breservations? (required|needed|necessary)/.test(
      q.text,
    )
  ) {
    return undefined;
  }
  return complaintOrAirport(q) ?? hoursOrFlight(q) ?? otherLimit(q);
}

/** "move the car to thursday", "delete the hotel": not something the chat does. */
function editAsked(q: Question): boolean {
  if (
    !q.revises &&
    /\b(move|moving|reschedule|change|delete|remove|cancel|drop|swap)\b/.test(q.text) &&
    /\b(car|hotel|flight|activity|item|booking|visit|it|that|the \w+)\b/.test(q.text) &&
    (q.topics.trip ||
      q.itemType !== undefined ||
      /\b(it|that)\b/.test(q.text) ||
      /^(please |pls |can you |could you |i want to |i d like to |id like to )?(move|reschedule|delete|remove|cancel|change|swap)\b/.test(
        q.text,
      ))
  ) {
    return true;
  }
  return false;
}

/** The airline's to answer, or routes and airports: no transport data here. */
function complaintOrAirport(q: Question): Limit | undefined {
  // "the airline smashed my wife's power chair, who do i complain to": the airline's to answer.
  if (
    /\b(complain|complaint|complaints|compensation)\b/.test(q.text) ||
    /\b(airline|airport|gate|baggage|luggage|flight|crew)\b.*\b(smashed|broke|broken|damaged|lost|bent|cracked|destroyed|mishandled)\b|\b(smashed|broke|broken|damaged|lost|bent|cracked|destroyed|mishandled)\b.*\b(airline|airport|gate|baggage|luggage|flight|crew)\b/.test(
      q.text,
    )
  ) {
    return 'complaint';
  }
  // "whats the nearest airport to it", "which airport do we fly into": no route data here.
  if (
    /\b(nearest|closest|which|what|best) airports?\b|\bairports? (near|close|nearest|closest)\b|\bwhich airport\b|\bfly into\b|\bhow (do|can|would) (i|we) get (there|to)\b/.test(
      q.text,
    ) &&
    q.itemType !== 'hotel' &&
    !q.topics.add
  ) {
    return 'airport';
  }
  return undefined;
}

/** Whether a place is open, or a flight on time: what the site cannot know today. */
function hoursOrFlight(q: Question): Limit | undefined {
  const t = q.topics;
  // "is it even open?": what the site cannot know today.
  if (
    /\b(is|are) (?:\w+ ){1,4}(even |still |currently |actually )?open\b|\b(will|would) (?:\w+ ){1,5}be (open|closed|shut)\b|\bopen (now|today|yet|again)\b/.test(
      q.text,
    )
  ) {
    return 'hours';
  }
  if (
    /\b(running late|delayed|on time|cancell?ed|landed|boarding)\b/.test(q.text) &&
    // A flight number ("dl 264", "flight 264"), not "landed there in 44".
    (/\b(?:(?!(?:in|on|at|to|of|by|is|it|we|us|me|my|or|an|as|so|up|am|pm)\b)[a-z]{2}\s?\d{2,4}|flight (?:number )?\d{2,4})\b/.test(
      q.text,
    ) ||
      // An airline by name, as a flight ("my united flight"), not "the Normandy American Cemetery".
      /\b(delta|united|american|southwest|jetblue|alaska|spirit|frontier|air canada|british airways|lufthansa|air france|klm|qantas|emirates)( airlines?| air lines| flight| plane|\s?\d{2,4})\b|\b(delta|jetblue|southwest|lufthansa|klm|qantas|emirates|air canada|british airways|air france)\b/.test(
        q.text,
      ))
  ) {
    return 'flightStatus';
  }
  if (
    t.flightStatus ||
    (q.itemType === 'flight' &&
      /\b(delayed|delay|late|cancell?ed|landed|boarding|gate)\b/.test(q.text))
  ) {
    return 'flightStatus';
  }
  // "what time does the louvre open on tuesdays", "opening hours".
  if (
    /\bwhat time (does|do|is|s)\b.*\b(open|opens|close|closes|shut)\b|\b(opening|closing) (hours|times?)\b|\bopen on (mon|tues|wednes|thurs|fri|satur|sun)days?\b|\bwhen (does|do)\b.*\b(open|close)\b/.test(
      q.text,
    )
  ) {
    return 'hours';
  }
  return undefined;
}

/** Entry rules, money there, the weather, opening hours, buying here. */
function otherLimit(q: Question): Limit | undefined {
  const t = q.topics;
  // "if he loses his passport in thailand, who should he call": help there, not entry rules.
  if (t.visa && !t.consular && !t.emergency) return 'visa';
  // "do they take US dollars there?", "can I pay by card": money there, not known here.
  if (
    /\b(take|accept|use|pay (in|with|by))\b.*\b(dollars|usd|euros|cards?|credit cards?|cash|currency)\b|\bwhat currency\b/.test(
      q.text,
    )
  ) {
    return 'exchange';
  }
  if (t.exchange) return 'exchange';
  if (t.weather) return 'weather';
  if (t.hours) return 'hours';
  if (t.booking) return 'booking';
  return undefined;
}

/** "which countries should we not go to at all", "where is off limits": Level 4. */
const KIND_WORDS: readonly [ItemType, RegExp][] = [
  ['hotel', /\b(hotels?|accommodation|lodging|somewhere to stay|place to stay|rooms?)\b/],
  ['flight', /\b(flights?|flying|airfares?|planes?)\b/],
  ['car', /\b(cars?|car hire|rental|van|getting around|transport|transportation)\b/],
  ['activity', /\b(activities|activity|tickets|things to do|tours?|parks?|sightseeing)\b/],
];

/** The kinds of item a question sets side by side: "hotels compared to flights". */
export const itemKindsIn = (text: string): ItemType[] =>
  /\b(vs|versus|compared (to|with)|against|and|or|than)\b/.test(text)
    ? KIND_WORDS.filter(([, words]) => words.test(text)).map(([kind]) => kind)
    : [];

const SIGHT =
  'towers?|statue|house|building|hall|library|bridge|palace|castle|cathedral|abbey|basilica|chapel|temple|shrine|mosque|museum|gallery|zoo|aquarium|falls|waterfalls?|canyon|gorge|beach|island|pier|wall|square|gardens?|market|monument|memorial|stadium|arena|opera house|theatre|theater|park|volcano|glacier|fort|fortress|citadel|pyramids?|colosseum|coliseum|springs|caves?|reef|lighthouse|observatory|centre|center|plaza|cemetery|battlefield|falls';
/** Sights whose common noun is their name: "the Colosseum". */
const ONE_OF_A_KIND =
  /^(colosseum|coliseum|acropolis|parthenon|alhambra|kremlin|vatican|stonehenge)$/;
/** Words before a sight's kind that make it a kind of place, not a name: "the national park". */
const NOT_A_NAME =
  /^(the|a|an|any|some|that|this|those|these|each|every|other|our|my|your|their|his|her|its|national|theme|water|amusement|state|local|nearest|near|best|accessible|wheelchair|big|biggest|main|old|art|arts|science|history|historic|natural|wax|city|public|famous|popular|quiet|free|cheap|cheapest|good|nice|new|small|large|top|great|sea|outdoor|indoor|kids|childrens|sensory|safari|wildlife|botanical|botanic|hotel|car|sky|ski|dog|war|military|aviation|air|space|train|railway|steam|rock|sand|sandy|dark|night|flea|farmers|food|fish|christmas|street|open|covered|roman|ancient|medieval|famous|tallest|largest|oldest|one|two|ww2|wwii|veterans|memorial|to|at|in|of|on|for|and|or|with|from|visit|see|go|going|about|near|is|are|was|what|which|how|can|could|there|here|nice|lovely|good|guest|tree|farm|ranch|town|country|holiday|beach|full|whole|haunted|light|power|rest|care|nursing|green|white)$/;

/**
 * A sight named in the message: "the Eiffel Tower", "buckingham palace", "the statue of liberty",
 * "lake louise". A name is a word written with a capital or one that is no everyday English word;
 * "the national park", "a quiet museum" are kinds of place.
 */
export function landmarkIn(
  raw: string,
  kept: (word: string) => boolean = () => true,
): string | undefined {
  const written = withoutAccents(raw);
  const words = written.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
  const lower = words.map((w) => w.toLowerCase().replace(/'/g, ''));
  const isName = (i: number) =>
    !NOT_A_NAME.test(lower[i]!) &&
    lower[i]!.length > 2 &&
    (/^\p{Lu}/u.test(words[i]!)
      ? // A capital that starts the message names only beside another capital ("Golden Gate").
        i > 0 || !isEnglishWord(lower[i]!) || /^\p{Lu}/u.test(words[i + 1] ?? '')
      : !isEnglishWord(lower[i]!));
  const show = (from: number, to: number) =>
    lower
      .slice(from, to)
      .map((w) => (/^(of|the|de|la|le)$/.test(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
      .join(' ');
  const sight = new RegExp(`^(?:${SIGHT})$`);
  // "tickets for the colosseum": a sight whose kind is its name.
  const named = lower.findIndex((w) => ONE_OF_A_KIND.test(w));
  if (named >= 0) return show(named, named + 1);
  for (let i = 0; i < lower.length; i++) {
    const one = lower[i]!;
    const two = `${one} ${lower[i + 1] ?? ''}`;
    const size = sight.test(two) ? 2 : sight.test(one) ? 1 : 0;
    if (size === 0) continue;
    // "the eiffel tower", "Buckingham Palace", "the golden gate bridge" (written with capitals),
    // "the anne frank house" (a name among everyday words).
    let start = i;
    while (
      start > 0 &&
      i - start < 3 &&
      (isName(start - 1) ||
        (/^\p{L}{3,}$/u.test(lower[start - 1]!) &&
          // "the Empire State Building": a capital keeps even a common word in the name.
          (!NOT_A_NAME.test(lower[start - 1]!) || /^\p{Lu}/u.test(words[start - 1]!)) &&
          start - 2 >= 0 &&
          isName(start - 2)))
    )
      start--;
    if (start < i) return show(start, i + size);
    // "the statue of liberty", "the tower of london": a sight of a name.
    if (lower[i - 1] === 'the' && lower[i + size] === 'of') {
      const after = lower[i + size + 1] === 'the' ? i + size + 2 : i + size + 1;
      if (lower[after] && !NOT_A_NAME.test(lower[after]!)) return `the ${show(i, after + 1)}`;
    }
  }
  // "lake louise", "mount rushmore", "Niagara Falls" is above.
  for (let i = 0; i + 1 < lower.length; i++) {
    if (/^(lake|mount|mt|isle|loch|cape)$/.test(lower[i]!) && isName(i + 1)) return show(i, i + 2);
  }
  // "see stonehenge", "at the Sagrada Familia": a name, as written (not a typo the reader
  // corrected, not an acronym), where a place to visit goes.
  for (let i = 0; i + 1 < lower.length; i++) {
    if (!/^(see|visit|visiting|at|tour|explore|about|inside|of|for|near)$/.test(lower[i]!))
      continue;
    const from = lower[i + 1] === 'the' ? i + 2 : i + 1;
    let to = from;
    while (
      to < lower.length &&
      to - from < 3 &&
      isName(to) &&
      lower[to]!.length > 3 &&
      words[to] !== words[to]!.toUpperCase() &&
      kept(lower[to]!)
    )
      to++;
    if (to > from) return show(from, to);
  }
  return undefined;
}

/** "which days have I got nothing planned", "any free days on my trip": the trip's empty days. */
export const EMPTY_DAYS =
  /\b(free|empty|open|blank|spare) days?\b|\bdays?\b.*\b(still |yet )?(empty|free|open|unplanned|blank)\b|\bdays?\b.*\b(nothing|no plans|no items?|(haven ?t|havent|have not|don ?t|dont|do not|not) (got |have |planned |booked )?anything)\b|\b(nothing|no plans) (planned|booked|scheduled|on)\b.*\bdays?\b/;

export const AVOID_COUNTRIES =
  /\b(countries|places|where|anywhere)\b.*\b(should(n t| not)|not (go|travel)\w* (to )?at all|avoid|off limits|no go|never (go|travel))\b/;

/** Which one thing the message asks, in the order that keeps a traveller safest. */
/**
 * What a question asks, in order of precedence: a crisis or thanks first, then the visitor's trip
 * and card, adding or planning, the site's pages and trips, advisory levels, and places last.
 */
function intentOf(q: Question, state: ConversationState | undefined, message: string): Intent {
  return (
    crisisOrThanksIntent(q, state, message) ??
    tripOrCardIntent(q, state) ??
    addOrPlanIntent(q) ??
    pagesAndTripsIntent(q, state) ??
    levelIntent(q, state) ??
    placeIntent(q, state)
  );
}

/** A crisis (and what follows the crisis lines), or thanks alone. */
function crisisOrThanksIntent(
  q: Question,
  state: ConversationState | undefined,
  message: string,
): Intent | undefined {
  const t = q.topics;
  const { text } = q;
  if (isCrisis(message)) return 'crisis';
  // "can I text instead?" right after the crisis lines: still about them.
  if (
    state?.intent === 'crisis' &&
    q.reading.words.length <= 10 &&
    /\b(text|sms|message|chat|call|phone|number|line|deaf|online|talk)\b/.test(text)
  ) {
    return 'crisis';
  }
  // "ok great thanks!": thanks, not the last place again.
  if (
    t.thanks &&
    q.reading.words.length <= 10 &&
    !/\?/.test(q.raw) &&
    !q.yesNo &&
    // "thanks so much, that's really helpful", not "thanks, now tell me about paris".
    (q.reading.words.length <= 5 ||
      !/\b(but|also|tell|show|what|how|where|which|when|can|could|is|are|do|does|about)\b/.test(
        text,
      ))
  )
    return 'thanks';
  return undefined;
}

/** The visitor's own trip (its items, dates, spending), or the card or plan just proposed. */
function tripOrCardIntent(q: Question, state: ConversationState | undefined): Intent | undefined {
  const { text } = q;
  // "what hotels did I put on there?", "did i already put a flight in": the visitor's own items.
  if (
    /\b(did|have|had) (i|we) (already |actually |ever )?(put|add|added|book|booked)\b/.test(text) &&
    q.itemType
  )
    return 'trip';
  // "this trip planning is killing me lol how many days is my lisbon trip again": its dates.
  if (/\bhow (many days|many nights|long) (is|are|was) (my|our|the)\b.*\btrip\b/.test(text)) {
    return 'trip';
  }
  // "we have 3000 to spend, whats left over": against the visitor's own trip.
  if (
    q.budget !== undefined &&
    /\b(left|left over|leftover|remaining|to spare)\b/.test(text) &&
    q.destinations.length === 0
  ) {
    return 'trip';
  }
  // "how much am i spending per day on average": the visitor's own spending.
  if (
    /\b(am i|are we|have i|have we) (spending|spent)\b|\bspend(ing)? (per|a|each) day\b/.test(text)
  ) {
    return 'trip';
  }
  // "what happens if I like it?" after a card: how the card works.
  if (
    (state?.intent === 'plan' || state?.intent === 'add') &&
    (/\b(what happens|if i (like|accept|want|keep)|how do i (add|apply|save|keep|accept)|what do i do|is it saved|did you add)\b/.test(
      text,
    ) ||
      // "yes add it", "ok go ahead": the card is how it is added.
      (/^(yes|yeah|yep|yup|ok|okay|sure|great|perfect|please|go ahead|do it|sounds good|looks good)\b/.test(
        text,
      ) &&
        q.reading.words.length <= 8 &&
        q.dates === undefined &&
        q.price === undefined))
  ) {
    return 'card';
  }
  // "what couldn't you fill in?" after a plan: its gaps.
  if (
    state?.planGaps?.length &&
    /\b(fill in|fill|missing|left out|leave out|gaps?|couldn'?t|could not)\b/.test(text)
  ) {
    return 'planGaps';
  }
  // "what would all that cost roughly?" after a plan: the plan's own total.
  if (
    state?.planTotal &&
    /\b(cost|costs|total|how much|price|add up|adds up|spend|come to|comes to)\b/.test(text) &&
    (q.destinations.length === 0 || q.referred) &&
    q.countries.length === 0 &&
    q.cities.length === 0
  ) {
    return 'planCost';
  }
  if (q.revises && (q.dates !== undefined || q.price !== undefined || q.timeSlot !== undefined)) {
    return 'add';
  }
  return undefined;
}

/** Whether an item is to be added ("add a gondola ride on Friday"), and whether "add" was said. */
function addingAsked(q: Question): { adding: boolean; explicitAdd: boolean } {
  const t = q.topics;
  const { text } = q;
  // "add a gondola ride on Friday", "need a rental car on saturday", "book a hotel on 3 December".
  const wants = /\b(need|want|get|arrange|reserve)\b/.test(text) && q.itemType !== undefined;
  const explicitAdd = /\b(add|put|schedule|pencil|insert|pop|stick|slot|bung)\b/.test(text);
  // "on day 2", "the third day": a day of the trip, placed when the trip is known.
  const tripDay =
    /\bday \d{1,2}\b|\b(first|second|third|fourth|fifth|sixth|seventh|last|final|\d{1,2}(st|nd|rd|th)) (day|night|evening|morning|afternoon)\b/.test(
      text,
    );
  const adding =
    (t.add || t.booking || wants) &&
    (q.itemType !== undefined ||
      (q.destinations.length > 0 && !q.referred) ||
      q.dates !== undefined ||
      (tripDay && explicitAdd)) &&
    (q.dates !== undefined || explicitAdd);
  return { adding, explicitAdd };
}

/** An item to add or a plan to draft, unless a limit of the site (or the visitor's trip) is asked. */
function addOrPlanIntent(q: Question): Intent | undefined {
  const t = q.topics;
  const { text } = q;
  const { adding, explicitAdd } = addingAsked(q);
  // "whats the euro to dollar rate, want to work out my paris budget": the rate is what is asked.
  // "this trip is killing me lol, the airline lost my chair's charger": the airline's to answer.
  if ((limitOf(q) === 'exchange' || limitOf(q) === 'complaint') && !explicitAdd) return 'limit';
  const planned = planIntent(q, adding);
  if (planned) return planned;
  if (tripAsked(text, q)) return 'trip';
  // "Can I book a wheelchair accessible room in Canada?" asks for places as well: the booking
  // line comes first (built-in.ts), then the places.
  const asksMore = q.needs.length > 0 || q.anyAccess || q.kinds.length > 0;
  // "is it safe to go to jamaica now? heard there was a hurricane": the advisory is what is asked.
  if (
    limitOf(q) === 'weather' &&
    t.safety &&
    (q.countries.length > 0 || q.destinations.length > 0 || q.cities.length > 0)
  ) {
    return 'safety';
  }
  if (limitOf(q) && !(limitOf(q) === 'booking' && (adding || asksMore))) {
    // "what's the weather like for a wheelchair user in Banff": the weather is what is asked.
    return 'limit';
  }
  if (adding) return 'add';
  return undefined;
}

/** "plan this trip", "put together three days in New Orleans": a plan. */
function planIntent(q: Question, adding: boolean): Intent | undefined {
  const { text } = q;
  // "plan this trip for a wheelchair user", "fill this trip in with a plan": the open trip's place.
  if (
    ((/\b(plan|planning|itinerary|fill)\b/.test(text) && /\b(this|my|our) trip\b/.test(text)) ||
      // "can you plan it out for me?" with a trip open.
      /\b(plan|sort|fill|map) (it|this|this one|that)( all)?( out| in)?( for (me|us))?\s*$|\b(plan|sort|fill|map) (it|this|this one)( all)? (out|in)\b/.test(
        text,
      ) ||
      /\b(fill|plan|sort) (in |out )?(the |my |our )?(\w+ )?(days|rest of (the|my|our|it) ?(trip|days)?)\b/.test(
        text,
      )) &&
    !/\bwhat('?s| is| are)? on\b/.test(text)
  ) {
    return 'plan';
  }
  const planning =
    /\b(plan|planning|itinerary|draft|organi[sz]e|put together|sort (me |us )?out|sketch( out)?|map out|work out)\b/.test(
      text,
    ) &&
    !/\b(my|our|the) (plan|plans|itinerary)\b/.test(text) &&
    !/\bwhat('?s| is| are)? on\b/.test(text) &&
    (q.days !== undefined ||
      q.destinations.length > 0 ||
      q.countries.length > 0 ||
      q.cities.length > 0 ||
      q.regions.length > 0);
  // "put together three days in New Orleans ... ww2 buff": a plan, though "put" can add.
  if (planning && (!adding || q.days !== undefined || !/\b(add|pop|stick|slot)\b/.test(text))) {
    return 'plan';
  }
  return undefined;
}

/** When the visitor flies out, what goes on each kind of item, what is missing: the own trip. */
function tripAsked(text: string, q: Question): boolean {
  // "when do i fly out for new orleans", "what date do we come home": the visitor's own trip.
  if (
    (/\bwhen('?s| s| is| are| do| does| am| will)? (i|we|my|our)\b.*\b(fly|flying|flight|flights|leave|leaving|go|going|depart\w*|come home|coming home|get back|getting back|home|back|return\w*|arrive|arriving|check in|check out)\b/.test(
      text,
    ) ||
      /\bwhat (date|day)( of the week)? (do|does|are|am|is|will) (i|we|my|our)\b/.test(text)) &&
    !/\b(delayed|delay|late|on time|cancell?ed|status|gate|boarding)\b/.test(text)
  ) {
    return true;
  }
  // "how much is going on activities vs getting around": the trip's kinds side by side.
  if (
    itemKindsIn(text).length > 1 &&
    /\b(spend|spending|spent|going on|goes on|cost|costs|costing|money|much|total)\b/.test(text)
  ) {
    return true;
  }
  // "what am i still missing for new orleans", "did I forget anything obvious", "which days have
  // I got nothing planned", "what do I have so far": the visitor's trip, its gaps and empty days.
  if (
    /\b(what am i|what are we|am i|are we|what s|what is|anything|something|something is|something s) (still |obvious(ly)? )?missing\b|\b(have i|have we|did i|did we) (forgotten|forgot|forget|missed|miss)\b|\bwhat else do (i|we) need to (book|add|sort)\b/.test(
      text,
    ) ||
    (EMPTY_DAYS.test(text) &&
      (q.destinations.length === 0 || /\b(my|our|this) trip\b/.test(text))) ||
    /\bwhat (do|have) (i|we) (got|have|planned|booked)( got)?( so far| planned| booked| yet| on (it|this|there))\b/.test(
      text,
    )
  ) {
    return true;
  }
  return false;
}

/** The help lines, the site's pages, the plan again, or the visitor's trips and their items. */
function pagesAndTripsIntent(
  q: Question,
  state: ConversationState | undefined,
): Intent | undefined {
  const t = q.topics;
  const { text } = q;
  if (t.step || t.consular) return 'helpLines';
  // "link me to the emergency page": the site's own pages.
  if (/\b(link|page|website|where (is|do i find|can i find))\b/.test(text) && pageAsked(text)) {
    return 'page';
  }
  // "actually make it 3 days", "make it yosemite instead" after a plan: the plan again.
  if (
    state?.intent === 'plan' &&
    (q.days !== undefined ||
      q.destinations.length > 0 ||
      q.cities.length > 0 ||
      q.countries.length > 0) &&
    /\b(make it|make that|instead|actually|change it|rather|switch|just|only|too much|too long|too many|shorter|longer|fewer|less|more|meant|i mean|not)\b/.test(
      text,
    )
  ) {
    return 'plan';
  }
  // "which hotels have I got?": the visitor's own items.
  if (
    q.itemType !== undefined &&
    (/\b(have i got|have i actually got|do i have|i ve got|ive got|i have booked|am i staying|i m staying|am i sleeping|is (she|he) sleeping)\b/.test(
      text,
    ) ||
      (/\b(have we got|do we have|we have booked|are we staying|we re staying|are we sleeping)\b/.test(
        text,
      ) &&
        ((q.countries.length === 0 && q.destinations.length === 0) ||
          // "have we got a car sorted for paris yet?": ours, not the catalogue's.
          /\b(sorted|booked|arranged|yet|already|so far)\b/.test(text))))
  ) {
    return 'trip';
  }
  // "how much is this whole thing costing me so far": the open trip's total.
  if (
    (t.price || t.total) &&
    /\b(this|the) whole thing\b|\bso far\b|\bthis (trip|thing) cost/.test(text) &&
    !q.destinations.length
  ) {
    return 'trip';
  }
  // "how many destinations do you have?": the catalogue itself.
  if (/\bhow many (destinations|places)\b/.test(text) && !q.countries.length && !q.regions.length) {
    return 'help';
  }
  // "what's on day 1?", "the priciest thing on my New York trip": the visitor's trips.
  if (
    (/\bday \d{1,2}\b/.test(text) && !/\b\d+ day\b/.test(text)) ||
    /\b(on|for) (the|our|my) (first|last|final|second|third|fourth|fifth|\d{1,2}(st|nd|rd|th)) (day|night)\b/.test(
      text,
    )
  ) {
    if (!q.destinations.length) return 'trip';
  }
  if (
    /\b(my|our|the) ([a-z]+ ){1,3}trip\b/.test(text) &&
    !/\b(day|road|boat|train) trip\b/.test(text)
  )
    return 'trip';
  // "what trips have I got", "which of my two trips costs more", "the priciest thing on here".
  if (
    /\b(what|which|how many|list|show)( of)? (my |our )?trips\b/.test(text) ||
    /\b(my|our) (two|2|three|3|both|all|several) trips\b|\bboth (my |our )?trips\b/.test(text) ||
    ((q.order !== undefined || t.total || t.price) &&
      /\b(on|in) (here|this one|this)\s*$/.test(text)) ||
    /\bthing (on|in) (here|this trip|my trip)\b/.test(text) ||
    (state?.intent === 'trip' && /\b(the \w+ one|that trip|that one)\b/.test(text))
  ) {
    return 'trip';
  }
  return undefined;
}

/** A country's advisory or what advisory levels mean, or where the data comes from. */
function levelIntent(q: Question, state: ConversationState | undefined): Intent | undefined {
  const t = q.topics;
  const { text } = q;
  // "why is it a 2?" after a country's level: the advisory's reasons.
  if (
    q.countries.length > 0 &&
    /\bwhy\b/.test(text) &&
    (state?.intent === 'safety' || /\b(level|[1-4]|safe|unsafe|dangerous|risky)\b/.test(text))
  ) {
    return 'safety';
  }
  // "was it higher before?" after a country's level: still its advisory.
  if (
    state?.intent === 'safety' &&
    q.countries.length > 0 &&
    /\b(before|previously|used to|earlier|higher|lower|changed?)\b/.test(text)
  ) {
    return 'safety';
  }
  // "is that worse than a level 2?" after Colombia: the two levels compared.
  if (
    q.level !== undefined &&
    (q.countries.length > 0 || (q.referred && q.destinations.length > 0)) &&
    /\b(worse|better|higher|lower|more dangerous|less dangerous|safer|riskier|same as|diff|difference|different|compare|compared|versus|vs)\b/.test(
      text,
    )
  ) {
    return 'levels';
  }
  // "what does that actually mean for us?" after a country's level: what the level means.
  if (
    t.meaning &&
    q.countries.length > 0 &&
    (state?.intent === 'safety' || state?.intent === 'country') &&
    /\b(that|it|this)\b/.test(text) &&
    q.needs.length === 0
  ) {
    return 'levels';
  }
  // "is jamaica a 2 or 3 now?": its level, said without the word.
  if (q.countries.length > 0 && /\b(a|level)\s*[1-4]\s*(or|of)\s*(a\s*)?[1-4]\b/.test(text)) {
    return 'safety';
  }
  // "is the UK a level one or two?": the country's own level, whatever numbers are named.
  if (q.countries.length > 0 && q.level !== undefined && (q.yesNo || /\bor\b/.test(text))) {
    return 'safety';
  }
  // "what other countries are at that level?": the list at that country's level.
  if (/\b(other|which|what) countries\b/.test(text) && /\blevel\b/.test(text)) return 'levels';
  // "what level is egypt": the advisory, not the country's overview.
  if (/\blevel\b/.test(text) && q.level === undefined && q.countries.length > 0 && !t.meaning) {
    return 'safety';
  }
  if (t.source && !t.recommend && q.needs.length === 0) return 'source';
  if (
    q.level !== undefined ||
    (/\blevel\b/.test(text) && t.meaning) ||
    (t.meaning && state?.intent === 'safety' && q.countries.length > 0) ||
    /\b(levels|level four|level three|do not travel|reconsider travel|most dangerous|highest level|lowest level)\b/.test(
      text,
    ) ||
    AVOID_COUNTRIES.test(text)
  ) {
    if (!(q.countries.length > 0 && q.level === undefined) || t.meaning) return 'levels';
  }
  return undefined;
}

/** The trip, emergency numbers, places (one in detail, or a list), a country, or the rest. */
function placeIntent(q: Question, state: ConversationState | undefined): Intent {
  const t = q.topics;
  const { text } = q;
  if (
    t.trip ||
    /\b(am i (over|under|within)|over budget|under budget|how much (do i have )?left|how many (nights|days) (are|is|will|do) (we|i|it)|are we away)\b/.test(
      text,
    ) ||
    (t.total && !q.destinations.length) ||
    (q.weekday !== undefined && !q.destinations.length && !q.countries.length) ||
    (state?.intent === 'trip' &&
      (t.total ||
        t.price ||
        q.order !== undefined ||
        q.itemType !== undefined ||
        q.dates !== undefined ||
        /\b(come to|add up|adds up)\b/.test(text)) &&
      !q.destinations.length &&
      !q.countries.length)
  ) {
    return 'trip';
  }
  if (t.emergency) return 'emergency';
  const asksPlaces =
    t.recommend ||
    (t.veteran && /\b(anything|something|places|somewhere)\b/.test(text)) ||
    q.kinds.length > 0 ||
    q.order !== undefined ||
    q.regions.length > 0 ||
    (q.budget !== undefined && q.destinations.length === 0);
  if (t.safety && !asksPlaces && q.needs.length === 0 && !q.anyAccess) return 'safety';
  if (q.destinations.length > 1 && q.referred && (q.order || t.list || t.free)) return 'recommend';
  if (q.destinations.length > 0 && (q.destinations.length === 1 || !asksPlaces || q.referred)) {
    return 'details';
  }
  if (
    t.veteran &&
    /\b(help|support|resources?|benefits?|someone to talk|talk to)\b/.test(text) &&
    !asksPlaces
  ) {
    return 'veteranHelp';
  }
  if (
    asksPlaces ||
    q.needs.length > 0 ||
    q.anyAccess ||
    q.features.length > 0 ||
    q.free ||
    t.veteran ||
    (t.price && q.countries.length > 0) ||
    q.cities.length > 0
  ) {
    return 'recommend';
  }
  if (t.safety) return 'safety';
  if (q.countries.length > 0) return 'country';
  if (q.destinations.length > 0) return 'details';
  if (t.beta) return 'beta';
  if (t.total || q.itemType !== undefined || q.dates !== undefined) return 'trip';
  if (FOLLOW_UP.test(text) && state?.intent) return state.intent as Intent;
  if (t.thanks) return 'thanks';
  if (t.greeting) return 'greeting';
  if (t.help) return 'help';
  if (t.price) return 'recommend';
  return 'unknown';
}

/** The site's pages a traveller may ask for by name, with their addresses. */
export const SITE_PAGES: readonly [RegExp, string, string][] = [
  [/\bemergenc|\bnumbers? page\b/, 'Emergency information page', '/emergency-info'],
  [
    /\b(trip planner|planner|flight plan|my trips?|itinerary)\b/,
    'Flight Plan page (your trips)',
    '/flight-plan',
  ],
  [/\b(gallery|photos|media|movie)\b/, 'Media gallery', '/media-gallery'],
  [/\b(bookings?|receipts?)\b/, 'Bookings page', '/bookings'],
  [/\b(payment|pay)\b/, 'Payment demo', '/payment-demo'],
  [/\b(home|search|destinations)\b/, 'home page', '/'],
];
const pageAsked = (text: string) => SITE_PAGES.some(([pattern]) => pattern.test(text));

/** A follow-up naming only a new place ("ok and what about japan?") asks what the last answer did. */
export function carriesIntent(q: Question, state: ConversationState | undefined): boolean {
  return (
    state?.intent !== undefined &&
    FOLLOW_UP.test(q.text) &&
    (q.countries.length > 0 || q.destinations.length > 0 || q.regions.length > 0) &&
    !q.referred
  );
}

/** "and", "what about", "how about" at the start: the message goes on from the last answer. */
export const followsUp = (q: Question) => FOLLOW_UP.test(q.text);
