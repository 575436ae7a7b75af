import {
  ACCESSIBILITY_FEATURE_LABELS,
  NEED_FEATURES,
  needOfFeature,
  type AccessibilityFeature,
  type AccessibilityNeed,
} from '../../../../contracts/accessibility.js';
import type { Advisory } from '../../../../contracts/advisories.js';
import {
  ADVISORY_LEVEL_DESCRIPTIONS,
  advisoryLevelLabel,
  SERIOUS_ADVISORY_LEVEL,
} from '../../../../contracts/advisory-levels.js';
import { cartPriceOf } from '../../../../contracts/cart.js';
import type { Destination } from '../../../../contracts/destinations.js';
import type { EmergencyContact } from '../../../../contracts/emergency.js';
import { toCents } from '../../../../contracts/money.js';
import {
  ITEM_TYPE_LABELS,
  type ItemType,
  type PlannerItem,
} from '../../../../contracts/planner.js';
import { meetsNeed, normalize, rankDestinations } from '../../search/rank.js';
import type { Country } from './places.js';
import { dollars, type ProposalOutcome, type TripWithItems } from './skills.js';
import type { Limit, Money, Question } from './understand.js';

// The three managers of spec §1 as phrasing: each turns the site's data into sentences, the
// answer first, and says nothing it cannot trace to that data.

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
export const dateOf = (iso: string) => DATE.format(new Date(`${iso}T00:00:00Z`));
const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });
export const dayOf = (iso: string) =>
  `${WEEKDAY.format(new Date(`${iso}T00:00:00Z`))}, ${dateOf(iso)}`;

/** "a, b and c" */
export function list(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

/** "CAD 11", "$35", "free". */
function amountOf(d: Destination): string {
  const amount = cartPriceOf(d.price);
  if (amount === 0) return 'free';
  return d.currency === 'USD' ? `$${amount}` : `${d.currency} ${amount}`;
}

/** "$35 per private vehicle, valid 7 days (indicative)": the price and what it covers. */
export function price(d: Destination): string {
  const amount = cartPriceOf(d.price);
  if (amount === 0) return /^free\b/i.test(d.priceBasis) ? d.priceBasis : `free: ${d.priceBasis}`;
  return `${amountOf(d)} ${d.priceBasis}`;
}

const levelText = (level: number) => `Level ${level}: ${advisoryLevelLabel(level) ?? ''}`;

/** Safety Manager: the advisory level of each country, with a warning at 3 and 4. */
export function safetyAnswer(countries: readonly Advisory[]): string[] {
  return countries.map((a) => {
    const dated = a.updatedAt ? `, updated ${dateOf(a.updatedAt)}` : '';
    const line = `${a.country} is at ${levelText(a.level)} (US State Department${dated}).`;
    const warning =
      a.level >= SERIOUS_ADVISORY_LEVEL
        ? ` Warning: at Level ${a.level} the advice is to ${a.level === 4 ? 'not travel' : 'reconsider travel'}.`
        : '';
    return `${line}${warning}${a.summary ? ` ${a.summary}` : ''}`;
  });
}

/** A country the site has no advisory for: said so, never a guessed level. */
export const noAdvisory = (country: Country) =>
  country.code === 'US'
    ? 'The State Department issues no travel advisory for the United States itself.'
    : `I have no advisory for ${country.name} in this site's data, so I can't give its level: the US State Department's page for it is on travel.state.gov.`;

export function seriousSummary(advisories: readonly Advisory[]): string {
  const serious = advisories.filter((a) => a.level >= SERIOUS_ADVISORY_LEVEL);
  const names = serious.slice(0, 5).map((a) => `${a.country} (Level ${a.level})`);
  return `I have State Department levels for ${advisories.length} countries; ${serious.length} are at Level 3 or 4, for example ${names.join(', ')}.`;
}

/** What an advisory level means, and which countries the site has at it. */
export function levelAnswer(
  level: number,
  advisories: readonly Advisory[],
  asksList: boolean,
): string[] {
  const at = advisories.filter((a) => a.level === level).map((a) => a.country);
  const meaning = `Level ${level} means ${advisoryLevelLabel(level)}: ${ADVISORY_LEVEL_DESCRIPTIONS[level as 1 | 2 | 3 | 4]} (US State Department, levels 1 to 4; 4 is the highest).`;
  const countries =
    at.length > 0
      ? `${asksList ? `Level ${level} (${advisoryLevelLabel(level)})` : 'At this level'} in this site's data: ${list(at)} (${at.length} ${at.length === 1 ? 'country' : 'countries'}).`
      : `No country in this site's data is at Level ${level}.`;
  return asksList ? [countries, meaning] : [meaning, countries];
}

/** The four levels in one answer ("what do the levels mean"). */
export function levelsOverview(advisories: readonly Advisory[]): string[] {
  return [
    'The US State Department rates countries from Level 1 to Level 4; 4 is the highest:',
    ...([1, 2, 3, 4] as const).map((level) => {
      const count = advisories.filter((a) => a.level === level).length;
      return `- Level ${level}, ${advisoryLevelLabel(level)}: ${ADVISORY_LEVEL_DESCRIPTIONS[level]} (${count} ${count === 1 ? 'country' : 'countries'} in this site's data)`;
    }),
  ];
}

/** Safety Manager: a country's emergency numbers, with where they come from. */
export function emergencyAnswer(contact: EmergencyContact): string[] {
  const services = (
    [
      ['police', contact.police],
      ['ambulance', contact.ambulance],
      ['fire', contact.fire],
    ] as const
  )
    .filter(([, number]) => number && number !== contact.emergencyNumber)
    .map(([name, number]) => `${name} ${number}`);
  const lines: string[] = [];
  if (contact.emergencyNumber) {
    lines.push(
      `In ${inCountry(contact.country)}, dial ${contact.emergencyNumber} in an emergency${services.length > 0 ? ` (${services.join(', ')})` : ''}.`,
    );
  } else if (services.length > 0) {
    lines.push(`In ${inCountry(contact.country)}, call ${services.join(', ')}.`);
  } else {
    lines.push(`The emergency numbers of ${contact.country} are not known to us.`);
  }
  if (contact.notes) lines.push(contact.notes);
  if (contact.consularNumber) {
    lines.push(
      `US citizens in an emergency there can call the State Department's Overseas Citizens Services on ${contact.consularNumber}.`,
    );
  }
  lines.push(
    contact.deafAccess
      ? `Deaf or hard of hearing: ${contact.deafAccess}`
      : 'How a deaf or hard-of-hearing traveller reaches emergency services there is not known to us.',
  );
  lines.push(
    contact.verified
      ? `(Source: ${contact.source}, checked ${dateOf(contact.checkedAt)}.)`
      : `(Source: ${contact.source}; not yet re-checked against an official page, so confirm locally.)`,
  );
  return lines;
}

/** Words of a description that speak to a need, to quote what it says. */
const NEED_WORDS: Record<AccessibilityNeed, RegExp> = {
  'Mobility Support':
    /wheelchair|step-free|ramp|elevator|lift|accessible|paved|mobility|roll-in|scooter|stairs|shuttle|low-floor|parking/i,
  'Visual Support': /braille|tactile|touch|audio|describ|large-print|cane|visual/i,
  'Hearing Support': /sign language|asl|auslan|lsf|caption|hearing|deaf|interpret|fm receiver/i,
  Neurodiversity: /quiet|sensory|autis|social stor|cognitive|relaxed|headphone|calm/i,
};

/** Words of a description that speak to one feature, to quote what it says about it. */
const FEATURE_WORDS: Partial<Record<AccessibilityFeature, RegExp>> = {
  step_free_access: /step-free|ramp|elevator|lift|wheelchair[- ]accessible|fully accessible/i,
  roll_in_shower: /roll-in|shower/i,
  accessible_parking: /parking|placard/i,
  accessible_transport: /bus|buses|shuttle|transit|transport|boat|gondola/i,
  wheelchair_loan: /lent|lend|borrow|loan/i,
  braille_signage: /braille/i,
  audio_description: /audio|described|description/i,
  tactile_guides: /tactile|touch/i,
  large_print: /large-print|large print/i,
  hearing_loop: /loop|fm receiver/i,
  captioned_tours: /caption/i,
  sign_language: /sign language|asl|auslan|lsf|interpret/i,
  quiet_space: /quiet/i,
  sensory_guide: /sensory|social stor/i,
  low_sensory_times: /quiet hour|low-sensory|relaxed|quiet/i,
  service_animals_welcome: /service dog|service animal|guide dog/i,
  veteran_discount: /veteran|military|armed forces/i,
};

export const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.;])\s+(?=[A-Z])/)
    .map((s) => s.trim())
    .filter(Boolean);

const labels = (features: readonly AccessibilityFeature[]) =>
  features.map((f) => ACCESSIBILITY_FEATURE_LABELS[f].toLowerCase());

export function describeNeed(d: Destination, need: AccessibilityNeed): string[] {
  const quoted = sentencesOf(d.description).filter((s) => NEED_WORDS[need].test(s));
  return quoted.length > 0 ? [`What it says: ${quoted.join(' ')}`] : [];
}

/** The place's level as one short line ("Advisory: Canada is at Level 1: ..."). */
const levelLine = (d: Destination) => `Advisory: ${d.country} is at ${levelText(d.safetyLevel)}.`;

/**
 * Accessibility Manager: a yes or no on the asked need or feature at one place, from its
 * documented features, then what its description says about it.
 */
/** "is there a discount for disabled people?": a price question (a military one is a feature). */
const DISABLED_DISCOUNT = (q: Question) =>
  !q.topics.veteran && /\b(discount|discounts|concession|concessions|reduced)\b/.test(q.text);

/** A question whose yes is bad news: "would it be too much for him?", "is it overwhelming?". */
const TOO_MUCH =
  /\btoo (much|loud|busy|crowded|noisy|intense|hectic|overwhelming|stimulating)\b|\boverwhelm|\b(overstimulat|sensory overload)/;

function accessAnswer(d: Destination, q: Question): string[] {
  const lines: string[] = [];
  const documented = d.accessibilityFeatures;
  for (const feature of q.features) {
    const label = ACCESSIBILITY_FEATURE_LABELS[feature].toLowerCase();
    if (documented.includes(feature)) {
      // Who a military discount is for is in its own words: "active-duty and retired" is not
      // every veteran.
      lines.push(
        feature === 'veteran_discount'
          ? `Yes, for those it names: ${d.name} lists a ${label}; who qualifies is in its own words below.`
          : `Yes: ${d.name} lists ${label}.`,
      );
      const words = FEATURE_WORDS[feature];
      const quoted = words ? sentencesOf(d.description).filter((s) => words.test(s)) : [];
      if (quoted.length > 0) lines.push(`What it says: ${quoted.join(' ')}`);
    } else {
      const featureNeed = needOfFeature(feature);
      const group = featureNeed ? NEED_FEATURES[featureNeed] : [];
      const others = documented.filter((f) => group.includes(f));
      lines.push(
        others.length > 0
          ? `Not listed: ${d.name} does not list ${label}; in that area it documents ${list(labels(others))}.`
          : `Not listed: ${d.name} does not document ${label}. That is not known, so ask them before you book.`,
      );
      // What its description does say for that need ("are there quiet times at Disney?").
      if (featureNeed) lines.push(...describeNeed(d, featureNeed));
    }
  }
  const needs = q.needs.filter((need) => !q.features.some((f) => NEED_FEATURES[need].includes(f)));
  for (const need of needs) {
    const own = documented.filter((f) => NEED_FEATURES[need].includes(f));
    if (meetsNeed(d, need)) {
      // "would it be too much for him?": a yes would answer the opposite, so the support first.
      const opening = TOO_MUCH.test(q.text) ? 'It documents support for this' : 'Yes';
      lines.push(
        `${opening}: ${d.name} documents ${need}${own.length > 0 ? ` (${list(labels(own))})` : ''}.`,
      );
    } else {
      lines.push(
        `Not documented: ${d.name} documents nothing for ${need}. That is not known either way, so ask them directly before you book.`,
      );
    }
    lines.push(...describeNeed(d, need));
  }
  if (q.anyAccess && q.features.length === 0) {
    lines.push(
      d.isAccessible
        ? `Yes: ${d.name} documents step-free or wheelchair access${documented.length > 0 ? `, and lists ${list(labels(documented))}` : ''}.`
        : documented.length > 0
          ? `Partly: ${d.name} documents no step-free access, but lists ${list(labels(documented))}.`
          : `Not documented: we could not verify any accessibility details for ${d.name}, so ask them directly before you book.`,
    );
    lines.push(...describeNeed(d, 'Mobility Support'));
  }
  return lines;
}

const CARER =
  /\b(carers?|caregivers?|care givers?|companions?|assistants?|aides?|helpers?|pca|support workers?)\b/;
/** "Do disabled people have to pay?": a free question whose yes is "no". */
const ASKS_TO_PAY = /\b(have|need|got) to pay\b|\bpay anything\b|\bcharges?\b/;

/** Clauses of a place's description and price notes that say who gets in free. */
function freeFacts(d: Destination, q: Question): string[] {
  const clauses = [...sentencesOf(d.description), d.priceBasis]
    .flatMap((s) => s.split(/;\s*|,\s+(?=[a-z])|\(|\)/))
    .map((s) =>
      s
        .trim()
        .replace(/^(and|but|while)\s+/i, '')
        .replace(/\.$/, ''),
    )
    // Free entry, not a free shuttle or a free wheelchair loan.
    .filter((s) =>
      /\b(admitted free|enter free|free (admission|entry|with|for)|admission is free|entry is free|veterans free|are free|is free)\b/i.test(
        s,
      ),
    );
  const who = q.topics.veteran
    ? /veteran|military|armed forces|gold star/i
    : q.needs.length > 0 || q.anyAccess || CARER.test(q.text)
      ? /disab|special needs|assistant|companion|access pass/i
      : /youth|child|under|kids/i;
  // "my father served in Korea, would he get in free?": free for World War II veterans is not
  // free for him.
  const otherWar =
    /\b(korea|korean|vietnam|iraq|afghanistan|gulf|desert storm|kosovo|bosnia|somalia|grenada|panama)\b/.test(
      q.text,
    );
  return clauses
    .filter((c) => who.test(c))
    .filter((c) => !(otherWar && /\b(world war ii|wwii|world war 2|ww2)\b/i.test(c)))
    .slice(0, 1);
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Budget Manager: a place's price, and what it covers, first. */
function priceAnswer(d: Destination, q: Question): string[] {
  if (q.free) {
    const facts = freeFacts(d, q);
    const pay = ASKS_TO_PAY.test(q.text);
    if (cartPriceOf(d.price) === 0) return [`${pay ? 'No' : 'Yes'}: ${d.name} is ${price(d)}.`];
    if (facts.length > 0) {
      return [
        `${pay ? 'No, not for them' : 'Yes, for some visitors'}: at ${d.name}, ${facts[0]}.`,
        `${capital(shortBasis(d))} otherwise costs ${amountOf(d)}.`,
      ];
    }
    return [
      `${pay ? 'Yes, as far as our data goes' : 'Not free, as far as our data goes'}: ${d.name} costs ${amountOf(d)} ${d.priceBasis}.`,
    ];
  }
  const lines: string[] = [];
  // "for me and my carer" at a place that lets a disabled visitor's companion in free.
  const concession =
    q.needs.length > 0 || q.anyAccess || CARER.test(q.text)
      ? freeFacts(d, { ...q, topics: { ...q.topics, veteran: false } })
      : [];
  if (concession.length > 0)
    lines.push(
      `For a disabled visitor${CARER.test(q.text) ? ' and a carer' : ''}: ${concession[0]}.`,
    );
  // "and me? i was in the army": what the price notes say for military visitors.
  const military = q.topics.veteran
    ? d.priceBasis.split(/;\s*|\(|\)/).filter((c) => /veteran|military|armed forces/i.test(c))
    : [];
  if (military.length > 0)
    lines.push(`For veterans and military visitors: ${military.map((c) => c.trim()).join('; ')}.`);
  const amount = cartPriceOf(d.price);
  const each = !/per (private )?vehicle|per night|per cabin/i.test(d.priceBasis);
  if (q.people && q.people > 1 && amount > 0 && each && concession.length === 0) {
    lines.push(
      `For ${q.people}: ${d.currency === 'USD' ? '$' : `${d.currency} `}${amount * q.people} (${q.people} × ${amountOf(d)} ${shortBasis(d)}).`,
    );
  }
  lines.push(
    `${lines.length > 0 ? 'The price' : d.name} ${lines.length > 0 ? 'is' : 'costs'} ${price(d)}.`,
    'Prices are indicative: check before you book.',
  );
  return lines;
}

/** "the United States", "France": a country's name as it reads after "in". */
export const inCountry = (name: string) =>
  /^(United|Dominican|Central African|Czech|Netherlands|Bahamas|Philippines|Maldives|Turks|Solomon|Marshall|Gambia|Comoros|Democratic)/.test(
    name,
  )
    ? `the ${name}`
    : name;

/** What a price covers, in short: its first clause without the notes in brackets. */
const shortBasis = (d: Destination) =>
  d.priceBasis
    .replace(/\s*\([^)]*\)/g, '')
    .split(';')[0]!
    .trim();

/** A place in a list: its name, town and country, price, the features that matter and level. */
function destinationLine(d: Destination, q?: Question): string {
  const features = d.accessibilityFeatures;
  const needGroups = q?.needs.flatMap((n) => NEED_FEATURES[n]) ?? [];
  const asked = q?.features.filter((f) => features.includes(f)) ?? [];
  const relevant = features.filter((f) => needGroups.includes(f));
  const shown =
    asked.length > 0
      ? `has ${list(labels(asked))}`
      : relevant.length > 0
        ? list(labels(relevant))
        : features.length > 0
          ? list(labels(features.slice(0, 4))) + (features.length > 4 ? ' and more' : '')
          : 'no accessibility features documented';
  const cost = amountOf(d) === 'free' ? 'free' : `${amountOf(d)} ${shortBasis(d)}`;
  // For veterans: what the place says it does for them ("free with the Military Pass").
  const forVeterans = q?.veteranFilter ? veteranFacts(d) : [];
  return `- ${d.name} (${d.location.split(',')[0]}, ${d.country}): ${cost}; ${forVeterans.length > 0 ? `for veterans: ${forVeterans.join('; ')}; ` : ''}${shown}; Level ${d.safetyLevel}.`;
}

/** What a place's description and price notes say for veterans and military visitors. */
export function veteranFacts(d: Destination): string[] {
  const military = (parts: readonly string[]) =>
    parts
      .map((c) => c.trim().replace(/\.$/, ''))
      .filter((c) => /veteran|military|armed forces|gold star/i.test(c));
  // The price notes say it shortest; the description when they say nothing.
  const noted = military(d.priceBasis.split(/;\s*|\(|\)/));
  const described = military(sentencesOf(d.description));
  // "Gold Star families" said only in the description is said too.
  const more = described.filter(
    (c) => /gold star/i.test(c) && !noted.some((n) => /gold star/i.test(n)),
  );
  return noted.length > 0 ? [...noted.slice(0, 1), ...more.slice(0, 1)] : described.slice(0, 1);
}

/** Everything the catalogue holds about one place, the facts first. */
function describeAnswer(d: Destination): string[] {
  const features = d.accessibilityFeatures.map((f) => ACCESSIBILITY_FEATURE_LABELS[f]);
  return [
    `${d.name} is a ${d.category.toLowerCase()} in ${d.location}, ${d.country}. ${d.description}`,
    `Accessibility documented: ${features.length > 0 ? list(features) : 'none verified, so ask them directly'}.${d.isVeteranFriendly ? ' Veteran-friendly.' : ''}`,
    `Price: ${price(d)}.`,
    levelLine(d),
  ];
}

/** The details a question asks of one place: access, price, safety or all of it. */
const CHILDREN =
  /\b(kids?|children|child|toddlers?|baby|babies|family|families|teens?|teenagers?|minors?|grandkids|grandchildren|\d{1,2} ?(year|yr)s? old|\d{1,2} ?yo|under 18s?)\b/;

/** Who may come, when a question asks about children: what the catalogue says about ages. */
function agesAnswer(d: Destination): string[] {
  const clauses = [...sentencesOf(d.description), ...d.priceBasis.split(/;\s*|\(|\)/)].filter((s) =>
    /adults-only|18\+|\bage\b|youth|child|kids|under \d+/i.test(s),
  );
  const adultsOnly = clauses.find((c) => /adults-only|\(18\+\)/i.test(c));
  return adultsOnly ? [`No: ${d.name} is adults-only (18+). ${adultsOnly.trim()}`] : [];
}

/** "Do I need to book in advance?": what the place's notes say about booking ahead. */
export function advanceAnswer(d: Destination): string[] {
  const said = [...sentencesOf(d.description), ...d.priceBasis.split(/;\s*/)].filter((s) =>
    /reserv|book|advance|ahead|notice|pre-register|timed|pass is required|request form/i.test(s),
  );
  return said.length > 0
    ? [`What our data says about booking at ${d.name}: ${said.map((s) => s.trim()).join(' ')}`]
    : [
        `Our data says nothing about booking ahead at ${d.name}; I can't see live availability either, so check with them directly.`,
      ];
}

/** Words too common to say what a question is about. */
const COMMON = new Set(
  'about there their would could should where which what when with from that this have does your into also some need know want them they visit place thing things people really going there'.split(
    ' ',
  ),
);

/**
 * "Is the gondola accessible?", "can I bring my scooter on the cruise?": the sentences of the
 * place's description that name what the question names.
 */
function mentioned(d: Destination, q: Question, already: readonly string[]): string[] {
  const own = new Set(normalize(`${d.name} ${d.location} ${d.country}`).split(' '));
  const words = q.reading.lemmas.filter((w) => w.length > 4 && !COMMON.has(w) && !own.has(w));
  if (words.length === 0) return [];
  const said = sentencesOf(d.description).filter(
    (s) =>
      !already.some((line) => line.includes(s)) &&
      words.some((w) => new RegExp(`\\b${w}`, 'i').test(s)),
  );
  return said.length > 0 ? [`What it says: ${said.join(' ')}`] : [];
}

/** "when do the accessible buses run?": a question the description's own words answer. */
const ASKS_WHAT_IT_SAYS =
  /^(and |so |ok )?(when|what time|what times|how often|what months|which months|what days|which days|where|how (do|does|can|would) (i|we|you|they|he|she))\b|\b(is there )?(any )?way (to|around|of) (not|skip\w*|avoid\w*|get around|queu\w*|wait\w*|lines?|the (queues?|lines?))|\bhow (can|do) (we|i) (avoid|skip|get around)\b/;

export function detailsAnswer(d: Destination, q: Question): string[] {
  // The description's sentences on the very thing asked, first and alone, when they answer it.
  if (ASKS_WHAT_IT_SAYS.test(q.text) && !q.topics.describe) {
    const said = mentioned(d, q, []);
    if (said.length > 0) {
      return [
        `${d.name}: ${said[0]!.replace(/^What it says: /, '')}`,
        'That is all our data says on it, so check the details with them.',
      ];
    }
  }
  // "how much is a night at ashford castle in US dollars?", "whats that in us dollars": the
  // price as held and that no rate is guessed, and nothing else.
  if (
    d.currency !== 'USD' &&
    cartPriceOf(d.price) > 0 &&
    /\bin (us |american |u s )?(dollars|usd|bucks)\b|\bin (us|american|u s) (money|currency)\b|\b(convert|conversion|exchange)\b/.test(
      q.text,
    )
  ) {
    return [
      `${d.name}: ${amountOf(d)} ${d.priceBasis}.`,
      `This site holds no exchange rates, so I can't give ${amountOf(d)} in US dollars without guessing: a bank or a currency converter has today's rate.`,
    ];
  }
  const lines = detailsLines(d, q);
  // What the description says about the very thing asked, when the answer has not quoted it yet.
  const extra = q.topics.describe ? [] : mentioned(d, q, lines);
  if (extra.length > 0) lines.splice(Math.min(1, lines.length), 0, ...extra);
  return lines;
}

function detailsLines(d: Destination, q: Question): string[] {
  const asksAccess = q.needs.length > 0 || q.features.length > 0 || q.anyAccess;
  const asksPrice =
    q.topics.price ||
    q.free ||
    q.budget !== undefined ||
    q.order !== undefined ||
    DISABLED_DISCOUNT(q);
  const lines: string[] = CHILDREN.test(q.text) ? agesAnswer(d) : [];
  // "is that per person?": what the price is counted by, as its basis says.
  const perAnswer = perPersonAnswer(d, q);
  if (perAnswer) {
    lines.push(perAnswer);
    return lines;
  }
  // "does that include parking?": what the price covers, and no more than that.
  if (/\b(include|included|includes|including|cover|covers|covered)\b/.test(q.text)) {
    lines.push(
      `${d.name}'s price, ${amountOf(d)}, covers: ${d.priceBasis}.`,
      'Our data says nothing more about what is included, so check with them for anything else.',
    );
    return lines;
  }
  if (
    /\b(need|have|got) to (book|reserve)|\b(book|reserve)\w* (anything )?(ahead|in advance|early)|\breservations?\b|\b(need|get|buy) tickets\b|\b(just )?(show|turn|rock) up\b|\bwalk in\b/.test(
      q.text,
    )
  ) {
    lines.push(...advanceAnswer(d));
  }
  // "Do disabled people have to pay?", "do kids get in free?": the price answers it first, then
  // the access asked beside it ("...and do they have captions?").
  if (q.free) {
    lines.push(...priceAnswer(d, q));
    if (q.features.length > 0 || (q.needs.length > 0 && /\band\b/.test(q.text))) {
      lines.push(...accessAnswer(d, q));
    }
    return lines;
  }
  // "does he get anything special as a veteran?": what the place says for the military, or
  // that it says nothing, before anything else.
  if (q.topics.veteran && q.needs.length === 0 && q.features.length === 0 && !asksPrice) {
    return [...lines, ...veteranLines(d)];
  }
  // "how much would the Louvre be for me and my carer? I use a wheelchair": the price first.
  const priceFirst =
    asksPrice &&
    (/^(and )?(how much|what (does|do|would|will)[^?]*cost|price|cost)/.test(q.text) ||
      /\bcheap/.test(q.text) ||
      DISABLED_DISCOUNT(q) ||
      (!q.yesNo && /\b(how much|what does it cost|what do they charge)\b/.test(q.text)));
  if (priceFirst) lines.push(...priceAnswer(d, q));
  if (asksAccess) lines.push(...accessAnswer(d, q));
  if (asksPrice && !priceFirst) lines.push(...priceAnswer(d, q));
  // "and me? I was in the army": a veteran asking about a place gets its military facts.
  if (!asksPrice && !asksAccess && q.topics.veteran) return [...lines, ...priceAnswer(d, q)];
  if (lines.length === 0) return describeAnswer(d);
  if (!asksAccess && !asksPrice) return [...lines, `Price: ${price(d)}.`];
  if (asksAccess && !asksPrice) lines.push(`Price: ${price(d)}.`);
  if (asksAccess) lines.push(levelLine(d));
  return lines;
}

/** "is that per person?": yes or no, by what the price's basis counts. */
function perPersonAnswer(d: Destination, q: Question): string | undefined {
  const per =
    /\b(?:per|for each) (person|head|adult|people|guest|ticket|car|vehicle|night|room)\b|\ba (person|head)\b|\b(?:is|was) (?:that|it|this) each\b/.exec(
      q.text,
    );
  if (!per || !q.yesNo) return undefined;
  const asked = per[1] ?? per[2] ?? 'person';
  const byHead = /\b(per (adult|person|sailor|guest)|adult|ticket|admission)\b/i.test(d.priceBasis);
  const same = /person|head|adult|people|guest|ticket/.test(asked)
    ? byHead
    : new RegExp(`\\b${asked === 'car' ? '(car|vehicle)' : asked}\\b`, 'i').test(d.priceBasis);
  return `${same ? 'Yes' : 'No'}: ${d.name}'s price, ${amountOf(d)}, is ${d.priceBasis}.`;
}

/** What the place says for the military, or that it says nothing, and its price. */
function veteranLines(d: Destination): string[] {
  const military = [...sentencesOf(d.description), ...d.priceBasis.split(/;\s*|\(|\)/)]
    .map((c) => c.trim())
    .filter((c) => /veteran|military|armed forces|gold star/i.test(c));
  return [
    military.length > 0
      ? `For veterans at ${d.name}: ${military.join('; ')}.`
      : `Our data records nothing special for veterans at ${d.name}.`,
    `Price: ${price(d)}.`,
  ];
}

/** How many destinations an answer lists before pointing to the search. */
const SHOWN = 5;
const FEATURE_SHOWN = 8;

/** Where a list is drawn from, said in every answer, so an empty one names its scope. */
export interface Scope {
  /** " in Canada", " in Europe", "" for anywhere. */
  where: string;
}

/** How a question's constraints read in a sentence: " documenting Mobility Support within $100". */
function constraints(q: Question, budget?: Money): string {
  const parts: string[] = [];
  if (q.features.length > 0 && q.needs.length > 0) {
    parts.push(
      ` documenting ${list(q.needs)}, those listing ${list(labels(q.features), 'or')} first`,
    );
  } else if (q.features.length > 0) parts.push(` listing ${list(labels(q.features), 'or')}`);
  else if (q.needs.length > 0) parts.push(` documenting ${list(q.needs)}`);
  else if (q.anyAccess) parts.push(' with documented accessibility');
  if (budget) {
    const currency = budget.currency ?? 'USD';
    parts.push(` within ${currency === 'USD' ? '$' : `${currency} `}${budget.amount}`);
  }
  return parts.join('');
}

/** The places in the order a price answer names them: free first for the cheapest, dollars first. */
export function priceOrdered(
  found: readonly Destination[],
  order: 'cheapest' | 'dearest',
): Destination[] {
  const rank = (d: Destination) => {
    const amount = cartPriceOf(d.price);
    const usd = d.currency === 'USD' || amount === 0 ? 0 : 1;
    return [usd, order === 'cheapest' ? amount : -amount] as const;
  };
  return [...found].sort((a, b) => {
    const [ua, pa] = rank(a);
    const [ub, pb] = rank(b);
    return ua - ub || pa - pb;
  });
}

/** Cheapest or dearest first, compared only within one currency. */
function byPrice(found: readonly Destination[], order: 'cheapest' | 'dearest'): string[] {
  // Dollars first: the site's travellers are mostly American, and the planner keeps dollars.
  const currencies = [
    ...new Set(found.filter((d) => cartPriceOf(d.price) > 0).map((d) => d.currency)),
  ].sort((a, b) => Number(b === 'USD') - Number(a === 'USD'));
  const free = found.filter((d) => cartPriceOf(d.price) === 0);
  const sorted = (currency: string) =>
    found
      .filter((d) => d.currency === currency && cartPriceOf(d.price) > 0)
      .sort((a, b) =>
        order === 'cheapest'
          ? cartPriceOf(a.price) - cartPriceOf(b.price)
          : cartPriceOf(b.price) - cartPriceOf(a.price),
      );
  if (order === 'cheapest' && free.length > 0) {
    return [
      `Cheapest: ${free.length === 1 ? 'this one is' : `these ${free.length} are`} free:`,
      ...free.map((d) => `- ${d.name} (${d.location.split(',')[0]}, ${d.country}): ${price(d)}.`),
    ];
  }
  if (currencies.length === 1) {
    const [top, ...rest] = sorted(currencies[0]!);
    if (!top) return [];
    // A tie is said as one: "Cheapest, at $35 each: Yosemite, Grand Canyon and Acadia".
    const tied = rest.filter((d) => cartPriceOf(d.price) === cartPriceOf(top.price));
    if (tied.length > 0) {
      const others = rest.filter((d) => !tied.includes(d));
      return [
        `${order === 'cheapest' ? 'Cheapest' : 'Most expensive'}, at ${amountOf(top)} each (${shortBasis(top)}), a tie: ${list([top, ...tied].map((d) => d.name))}.`,
        ...(others.length > 0
          ? [
              `Then: ${others
                .slice(0, 3)
                .map((d) => `${d.name} (${amountOf(d)})`)
                .join(', ')}.`,
            ]
          : []),
      ];
    }
    const lines = [
      `${order === 'cheapest' ? 'Cheapest' : 'Most expensive'}: ${top.name}, ${amountOf(top)} ${top.priceBasis}.`,
    ];
    if (rest.length > 0)
      lines.push(
        `Then: ${rest
          .slice(0, 3)
          .map((d) => `${d.name} (${amountOf(d)})`)
          .join(', ')}.`,
      );
    return lines;
  }
  // Different currencies are not compared by guessing an exchange rate.
  return [
    `Their prices are in ${list(currencies)}, and I have no exchange rates, so by currency:`,
    ...currencies.map((c) => {
      const top = sorted(c)[0]!;
      return `- ${c}: ${top.name}, ${amountOf(top)} ${top.priceBasis}`;
    }),
  ];
}

/**
 * Accessibility Manager (with the Budget Manager for prices): the destinations in scope that
 * document what was asked, as the skill ranked them.
 */
export function recommend(q: Question, ranked: readonly Destination[], scope: Scope): string[] {
  const budget = q.budget;
  const veteran = q.veteranFilter ? 'veteran-friendly ' : '';
  const what = `${veteran}${q.kinds.length > 0 ? q.kinds.map((k) => `${k}s`).join(' or ') : 'destinations'}`;
  if (ranked.length === 0) {
    const noun = `${veteran}${q.kinds.length > 0 ? q.kinds.join(' or ') : 'destination'}`;
    const lines = [
      `No ${noun} in our catalogue${scope.where}${constraints(q, budget)}, as far as our data goes.`,
    ];
    if (q.needs.length > 0 || q.features.length > 0) {
      lines.push(
        'That means no operator there documents it to us, not that the place cannot help: ask them directly.',
      );
    }
    return lines;
  }
  const lines: string[] = [];
  if (q.order) lines.push(...byPrice(ranked, q.order));
  const heading = `${what.charAt(0).toUpperCase() + what.slice(1)}${scope.where}${constraints(q, budget)}${q.order ? '' : ', best match first'}:`;
  // A feature asked by name lists every place that has it.
  const room = q.features.length > 0 ? FEATURE_SHOWN : SHOWN;
  const shown = q.order ? [] : ranked.slice(0, room);
  if (shown.length > 0) {
    lines.push(heading, ...shown.map((d) => destinationLine(d, q)));
    if (ranked.length > room) {
      lines.push(`And ${ranked.length - room} more: use the search on the [home page](/).`);
    }
  }
  if (budget && budget.amount > 0 && budget.currency === undefined) {
    lines.push('I read your budget as US dollars and compared it with prices in USD only.');
  }
  return lines;
}

/**
 * Places that are free to enter, or free for the visitors asked about, from their price notes.
 * `concessions` is where free entry for some is looked for: a blind visitor's free entry at a
 * park that documents nothing for sight is still free entry.
 */
export function freeAnswer(
  q: Question,
  pool: readonly Destination[],
  scope: Scope,
  concessions: readonly Destination[] = pool,
): { lines: string[]; shown: Destination[] } {
  const free = pool.filter((d) => cartPriceOf(d.price) === 0).slice(0, SHOWN);
  const forSome = concessions
    .filter((d) => cartPriceOf(d.price) > 0)
    .map((d) => ({ d, facts: freeFacts(d, q) }))
    .filter(({ facts }) => facts.length > 0)
    // Free for the visitors themselves before free with a pass.
    .sort((a, b) => Number(/pass/i.test(a.facts[0]!)) - Number(/pass/i.test(b.facts[0]!)))
    .slice(0, FEATURE_SHOWN);
  const lines: string[] = [];
  const whom = q.topics.veteran ? 'veterans or military visitors' : 'disabled visitors';
  if (q.topics.veteran || q.needs.length > 0 || q.anyAccess) {
    if (forSome.length > 0) {
      lines.push(`Free for ${whom} at some places${scope.where}, as their price notes say:`);
      lines.push(
        ...forSome.map(({ d, facts }) => `- ${d.name}: ${facts[0]} (otherwise ${amountOf(d)}).`),
      );
    } else {
      lines.push(`No destination in our catalogue${scope.where} documents free entry for ${whom}.`);
    }
  }
  if (free.length > 0) {
    lines.push(`Free to enter for everyone${scope.where}:`);
    lines.push(
      ...free.map((d) => `- ${d.name} (${d.location.split(',')[0]}, ${d.country}): ${price(d)}.`),
    );
  } else if (lines.length === 0) {
    lines.push(`No destination in our catalogue${scope.where} is free to enter.`);
  }
  // What the answer showed, for "which of those...": the places free for some only when listed.
  const listed = q.topics.veteran || q.needs.length > 0 || q.anyAccess;
  return { lines, shown: [...(listed ? forSome.map(({ d }) => d) : []), ...free] };
}

/** What the site knows about a country: its destinations (or that it has none), advisory, numbers. */
export function countryAnswer(
  country: Country,
  there: readonly Destination[],
  q: Question,
): string[] {
  const lines: string[] = [];
  if (there.length === 0) {
    lines.push(
      `Our catalogue has no destination in ${inCountry(country.name)} yet, so I can't suggest places there. What this site knows about ${inCountry(country.name)}:`,
    );
  } else {
    lines.push(
      `In ${inCountry(country.name)}, our catalogue has:`,
      // Best documented first, as the search ranks them.
      ...rankDestinations(there, { needs: q.needs })
        .slice(0, SHOWN)
        .map((d) => destinationLine(d, q)),
    );
    if (there.length > SHOWN) {
      lines.push(`And ${there.length - SHOWN} more: use the search on the [home page](/).`);
    }
  }
  lines.push(...(country.advisory ? safetyAnswer([country.advisory]) : [noAdvisory(country)]));
  const contact = country.emergency;
  if (contact) {
    // The numbers as the emergency answer gives them: police, ambulance, fire where they differ.
    lines.push(
      `${emergencyAnswer(contact)[0]!.replace(/\.$/, '')} (more on the [Emergency information page](/emergency-info)).`,
    );
    if (contact.deafAccess && (q.needs.includes('Hearing Support') || there.length === 0)) {
      lines.push(`Deaf or hard of hearing: ${contact.deafAccess}`);
    }
  } else if (there.length === 0) {
    lines.push(`I have no emergency numbers for ${country.name} either.`);
  }
  return lines;
}

const LIMITS: Record<Limit, string> = {
  weather:
    "I can't know the weather or a forecast: this site holds no weather data. Check the national weather service or a forecast site for the place close to your dates.",
  flightStatus:
    "I can't see flight status, delays, gates or cancellations: check your airline's app or website, or the airport's departures board.",
  visa: "I can't tell you visa or entry rules: they depend on your passport and change often. For U.S. citizens, the State Department's country pages on https://travel.state.gov list entry requirements; others should ask the destination's embassy.",
  exchange:
    "I have no exchange rates, so I won't convert amounts: check your bank or a currency converter. Each price here is shown in the currency the place charges.",
  booking:
    'No travel is sold here yet: I can\'t book, reserve or buy anything. Book with the provider directly; I can add it to your plan on the [Flight Plan page](/flight-plan), for example "add a hotel in Banff on 3 December".',
  edit: 'I can\'t move, change or delete items on your trip from the chat: open it on the [Flight Plan page](/flight-plan), choose the day, and edit or delete the item there. I can add a new one for you, for example "add a car on Thursday for $60".',
  complaint:
    "This site holds nothing on airline complaints or on a wheelchair or mobility aid damaged or lost in travel, so I can't tell you the process: go to the airline's disability or special assistance desk (and its baggage desk for a lost or damaged item) as soon as you can, and ask for the report in writing.",
  airport:
    "This site holds no airports, routes or transport connections, so I can't tell you the nearest airport or how to get there: check an airline's or a route planner's site, and the place's own website.",
  hours:
    "I can't know opening hours, closures to come or live wait times: they change by season and by the hour, so check the place's official website or app before you go.",
};

/** What the site cannot know, and what a named place's own description says that bears on it. */
export function limitAnswer(limit: Limit, places: readonly Destination[] = []): string[] {
  const lines = [LIMITS[limit]];
  if (limit === 'hours' || limit === 'weather') {
    for (const d of places) {
      const said = sentencesOf(d.description).filter((s) =>
        /clos|eruption|status|season|open|all year|from late|weather/i.test(s),
      );
      if (said.length > 0) lines.push(`What our data says about ${d.name}: ${said.join(' ')}`);
    }
  }
  return lines;
}

const SLOT_NAMES: Record<string, string> = {
  morning: 'morning',
  afternoon: 'afternoon',
  evening: 'evening',
  night: 'night',
  allday: 'all day',
  '': 'all day',
};

/** Items listed in one answer; a longer trip is summed up and pointed to the planner. */
export const ITEMS_LISTED_MAX = 25;

/** One line per item, the first `ITEMS_LISTED_MAX` of them, then how many more and where. */
function itemLines(items: readonly PlannerItem[], withDate: boolean): string[] {
  const shown = items.slice(0, ITEMS_LISTED_MAX).map((item) => itemLine(item, withDate));
  const more = items.length - ITEMS_LISTED_MAX;
  return more > 0
    ? [...shown, `…and ${more} more: see them all on the [Flight Plan page](/flight-plan).`]
    : shown;
}

function itemLine(item: PlannerItem, withDate: boolean): string {
  const when = withDate
    ? `${dateOf(item.scheduledDate)}, ${SLOT_NAMES[item.scheduledTime]}`
    : SLOT_NAMES[item.scheduledTime];
  return `- ${item.itemName} (${ITEM_TYPE_LABELS[item.itemType]}, ${when}): ${dollars(toCents(item.price))}${item.isBooked ? ', booked' : ''}`;
}

const tripName = (t: TripWithItems) =>
  `"${t.trip.title}"${t.trip.destination ? ` (${t.trip.destination})` : ''}`;

const PLURAL: Record<ItemType, string> = {
  flight: 'flights',
  hotel: 'hotels',
  car: 'cars',
  activity: 'activities',
};

/** What is on the visitor's trips on a day or between two days, with the cost and any budget. */
export function tripDaysAnswer(
  trips: readonly TripWithItems[],
  range: { from: string; to: string },
  budget?: Money,
  itemType?: ItemType,
): string[] {
  if (trips.length === 0) return [NO_TRIP];
  const oneDay = range.from === range.to;
  const when = oneDay
    ? `on ${dayOf(range.from)}`
    : `from ${dateOf(range.from)} to ${dateOf(range.to)}`;
  const busy = trips.filter((t) => t.items.length > 0);
  const what = itemType ? PLURAL[itemType] : 'planned';
  if (busy.length === 0) {
    return [
      itemType ? `No ${what} ${when} in your trips.` : `Nothing is planned ${when} in your trips.`,
    ];
  }
  const lines = busy.flatMap((t) => [
    `${when.charAt(0).toUpperCase()}${when.slice(1)}, your trip ${tripName(t)} has:`,
    ...itemLines(t.items, !oneDay),
    `${oneDay ? 'That day costs' : 'Those days cost'} ${dollars(t.totalCents)}${itemType ? ` in ${what}` : ''} (from your trip planner).`,
  ]);
  if (budget) lines.push(againstBudget(busy, budget));
  return lines;
}

/** Planner prices are in US dollars: a budget in another currency is not compared by guessing. */
function againstBudget(trips: readonly TripWithItems[], budget: Money): string {
  if (budget.currency && budget.currency !== 'USD') {
    return `Your trip planner's prices are in US dollars, so I can't compare them with a budget in ${budget.currency} without guessing an exchange rate.`;
  }
  const total = trips.reduce((sum, t) => sum + t.totalCents, 0);
  const limit = Math.round(budget.amount * 100);
  const what = trips.length > 1 ? 'Together that is' : 'That is';
  return total <= limit
    ? `${what} within your budget of ${dollars(limit)}, with ${dollars(limit - total)} to spare.`
    : `${what} ${dollars(total - limit)} over your budget of ${dollars(limit)}.`;
}

/** Budget Manager: each trip's total, booked against planned, and against a stated budget. */
export function tripCostAnswer(
  trips: readonly TripWithItems[],
  budget?: Money,
  itemType?: ItemType,
): string[] {
  if (trips.length === 0) return [NO_TRIP];
  const lines = trips.flatMap((t) => {
    if (t.items.length === 0) {
      return [
        itemType
          ? `Your trip ${tripName(t)} has no ${PLURAL[itemType]}.`
          : `Your trip ${tripName(t)} has no items yet.`,
      ];
    }
    const count = `${t.items.length} ${itemType ? (t.items.length === 1 ? ITEM_TYPE_LABELS[itemType].toLowerCase() : PLURAL[itemType]) : t.items.length === 1 ? 'item' : 'items'}`;
    return [
      `Your trip ${tripName(t)}: ${count}, ${dollars(t.totalCents)} in total, of which ${dollars(t.bookedCents)} booked (from your trip planner):`,
      ...itemLines(t.items, true),
    ];
  });
  if (budget) lines.push(againstBudget(trips, budget));
  return lines;
}

export const NO_TRIP =
  'You have no trip yet. Create one on the [Flight Plan page](/flight-plan), then ask me again.';

/** The proposal card's words: what would be added, and that nothing has changed yet. */
export function proposalAnswer(outcome: ProposalOutcome): string[] {
  switch (outcome.kind) {
    case 'no-trip':
      return [
        'You have no trip yet. Say where it is (for example "add a tapas dinner in Barcelona on July 15 for $45") and I will put it on a card that starts a new trip, or create one on the [Flight Plan page](/flight-plan).',
      ];
    case 'no-date':
      return ['On which day? For example "add a hotel in Banff on 3 December".'];
    case 'which-trip':
      return [
        `Which trip? You have ${outcome.trips.map((t) => `"${t.title}"`).join(', ')}. Name its place or a day within its dates.`,
      ];
    case 'new-trip': {
      const p = outcome.proposal;
      const item = p.items[0]!;
      const amount = outcome.priceNote
        ? `${/^([A-Z]{3} [\d.]+)/.exec(outcome.priceNote)?.[1] ?? item.price} (entered as ${item.price})`
        : dollars(toCents(item.price));
      return [
        `You have no trip yet, so this would start one, "${p.tripTitle}" (${p.destination}, ${dateOf(p.startDate)}): ${item.itemName} on ${dateOf(item.scheduledDate)}, ${SLOT_NAMES[item.scheduledTime]}, ${amount}${outcome.priceIsDefault ? ` (the planner's usual price for ${item.itemType === 'activity' ? 'an' : 'a'} ${ITEM_TYPE_LABELS[item.itemType].toLowerCase()}; change it after adding)` : ''}.`,
        ...(outcome.priceNote ? [outcome.priceNote] : []),
        'Nothing is made until you choose Create trip below (you can change its dates and add more on the Flight Plan page); Discard drops it.',
      ];
    }
    case 'proposal': {
      const p = outcome.proposal;
      // "EUR 22 (entered as 22.00)": a price in another currency reads as the traveller said it.
      const other = (p.warnings ?? [])
        .map((w) => /^([A-Z]{3} [\d.]+) is entered as /.exec(w)?.[1])
        .find(Boolean);
      const amount = other ? `${other} (entered as ${p.price})` : dollars(toCents(p.price));
      const lines = [
        `I can add this to your trip "${p.tripTitle}": ${p.itemName} on ${dateOf(p.scheduledDate)}, ${SLOT_NAMES[p.scheduledTime]}, ${amount}${outcome.priceIsDefault ? ` (the planner's usual price for ${p.itemType === 'activity' ? 'an' : 'a'} ${ITEM_TYPE_LABELS[p.itemType].toLowerCase()}; change it after adding)` : ''}.`,
      ];
      lines.push(...(p.warnings ?? []));
      lines.push('Your trip is unchanged until you choose Add to trip below; Discard drops it.');
      return lines;
    }
  }
}
