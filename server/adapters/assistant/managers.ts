import type { Advisory } from '../../../contracts/advisories.js';
import { advisoryLevelLabel, SERIOUS_ADVISORY_LEVEL } from '../../../contracts/advisory-levels.js';
import { ACCESSIBILITY_FEATURE_LABELS } from '../../../contracts/accessibility.js';
import { cartPriceOf } from '../../../contracts/cart.js';
import type { Destination } from '../../../contracts/destinations.js';
import { meetsNeed } from '../../features/search/rank.js';
import type { EmergencyContact } from '../../../contracts/emergency.js';
import { toCents } from '../../../contracts/money.js';
import { ITEM_TYPE_LABELS, type PlannerItem } from '../../../contracts/planner.js';
import {
  dollars,
  type DestinationQuery,
  type ProposalOutcome,
  type TripWithItems,
} from './skills.js';
import type { Question } from './understand.js';

// The three managers of spec §1 as skills: each turns a question and the site's data into
// sentences, and says nothing it cannot trace to that data.

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const dateOf = (iso: string) => DATE.format(new Date(`${iso}T00:00:00Z`));

/** "$35 per private vehicle, valid 7 days (indicative)": the price and what it covers. */
export function price(d: Destination): string {
  const amount = cartPriceOf(d.price);
  if (amount === 0) return /^free\b/i.test(d.priceBasis) ? d.priceBasis : `free: ${d.priceBasis}`;
  return `${d.currency === 'USD' ? '$' : `${d.currency} `}${amount} ${d.priceBasis}`;
}

/** Safety Manager: the advisory level of each place the question touches. */
export function safetyAnswer(countries: readonly Advisory[]): string[] {
  return countries.map((a) => {
    const label = advisoryLevelLabel(a.level) ?? '';
    const dated = a.updatedAt ? `, updated ${dateOf(a.updatedAt)}` : '';
    const line = `${a.country} is at Level ${a.level}: ${label} (US State Department${dated}).`;
    const warning =
      a.level >= SERIOUS_ADVISORY_LEVEL
        ? ` Warning: at Level ${a.level} the advice is to ${a.level === 4 ? 'not travel' : 'reconsider travel'}.`
        : '';
    return `${line}${warning}${a.summary ? ` ${a.summary}` : ''}`;
  });
}

export function seriousSummary(advisories: readonly Advisory[]): string {
  const serious = advisories.filter((a) => a.level >= SERIOUS_ADVISORY_LEVEL);
  const names = serious.slice(0, 5).map((a) => `${a.country} (Level ${a.level})`);
  return `I have State Department levels for ${advisories.length} countries; ${serious.length} are at Level 3 or 4, for example ${names.join(', ')}.`;
}

/** How many destinations an answer lists before pointing to the search. */
const SHOWN = 5;

export interface Recommendation {
  lines: string[];
  found: Destination[];
}

/** The catalogue query a question asks: its places, needs, kinds of place and budget. */
export function destinationQueryOf(q: Question): DestinationQuery {
  return {
    needs: q.needs,
    destinationIds: q.destinations.map((d) => d.id),
    countryCodes: q.countries.map((a) => a.countryCode),
    words: q.kinds.join(' '),
    maxPrice: q.budget?.amount,
    currency: q.budget?.currency,
    veteranFriendly: q.topics.veteran,
  };
}

/**
 * Accessibility Manager (with the Budget Manager when an amount is given): destinations that
 * document the asked needs, in the places asked about, within the budget, as the skill ranked them.
 */
export function recommend(q: Question, ranked: readonly Destination[]): Recommendation {
  const budget = q.budget;
  const currency = budget?.currency ?? 'USD';
  const lines: string[] = [];
  const where =
    q.destinations.length > 0
      ? ''
      : q.countries.length > 0
        ? ` in ${q.countries.map((a) => a.country).join(' or ')}`
        : '';
  const within = budget
    ? ` within ${currency === 'USD' ? '$' : `${currency} `}${budget.amount}`
    : '';
  const needs =
    (q.topics.veteran ? ' that are veteran-friendly' : '') +
    (q.needs.length > 0 ? ` documenting ${q.needs.join(' and ')}` : '');
  const kinds = q.kinds.length > 0 ? ` (${q.kinds.join(', ')})` : '';

  if (ranked.length === 0) {
    lines.push(
      `No destination in our catalogue${where}${needs}${within}, as far as our data goes.`,
    );
    if (q.needs.length > 0) {
      lines.push(
        'That means no operator there documents it to us, not that the place cannot help: ask them directly.',
      );
    }
    return { lines, found: [] };
  }
  lines.push(`Destinations${kinds}${where}${needs}${within}, best match first:`);
  for (const d of ranked.slice(0, SHOWN)) {
    const features = d.accessibilityFeatures.map((f) => ACCESSIBILITY_FEATURE_LABELS[f]);
    lines.push(
      `- ${d.name} (${d.location}, ${d.country}): ${price(d)}; ${features.length > 0 ? features.join(', ') : 'no accessibility features documented'}; advisory Level ${d.safetyLevel}.`,
    );
  }
  if (ranked.length > SHOWN)
    lines.push(`And ${ranked.length - SHOWN} more: use the search on the home page.`);
  if (budget && budget.amount > 0 && budget.currency === undefined) {
    lines.push('I read your budget as US dollars and compared it with prices in USD only.');
  }
  return { lines, found: [...ranked] };
}

/** What is not known about the places named: asked needs they do not document. */
export function unknownNeeds(q: Question): string[] {
  const lines: string[] = [];
  for (const d of q.destinations) {
    const missing = q.needs.filter((need) => !meetsNeed(d, need));
    if (missing.length > 0) {
      lines.push(
        `${d.name} documents nothing for ${missing.join(' or ')}: that is not known, so check with them before you book.`,
      );
    }
  }
  return lines;
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
      `In ${contact.country}, dial ${contact.emergencyNumber} in an emergency${services.length > 0 ? ` (${services.join(', ')})` : ''}.`,
    );
  } else if (services.length > 0) {
    lines.push(`In ${contact.country}, call ${services.join(', ')}.`);
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

const SLOT_NAMES: Record<string, string> = {
  morning: 'morning',
  afternoon: 'afternoon',
  evening: 'evening',
  night: 'night',
  allday: 'all day',
  '': 'all day',
};

function itemLine(item: PlannerItem, withDate: boolean): string {
  const when = withDate
    ? `${dateOf(item.scheduledDate)}, ${SLOT_NAMES[item.scheduledTime]}`
    : SLOT_NAMES[item.scheduledTime];
  return `- ${item.itemName} (${ITEM_TYPE_LABELS[item.itemType]}, ${when}): ${dollars(toCents(item.price))}${item.isBooked ? ', booked' : ''}`;
}

const tripName = (t: TripWithItems) =>
  `"${t.trip.title}"${t.trip.destination ? ` (${t.trip.destination})` : ''}`;

export interface Budget {
  amount: number;
  currency?: string;
}

/** What is on the visitor's trips on a day or between two days, with the cost and any budget. */
export function tripDaysAnswer(
  trips: readonly TripWithItems[],
  range: { from: string; to: string },
  budget?: Budget,
): string[] {
  if (trips.length === 0) return [NO_TRIP];
  const oneDay = range.from === range.to;
  const when = oneDay
    ? `on ${dateOf(range.from)}`
    : `from ${dateOf(range.from)} to ${dateOf(range.to)}`;
  const busy = trips.filter((t) => t.items.length > 0);
  if (busy.length === 0) return [`Nothing is planned ${when} in your trips.`];
  const lines = busy.flatMap((t) => [
    `${when.charAt(0).toUpperCase()}${when.slice(1)}, your trip ${tripName(t)} has:`,
    ...t.items.map((item) => itemLine(item, !oneDay)),
    `${oneDay ? 'That day costs' : 'Those days cost'} ${dollars(t.totalCents)} (from your trip planner).`,
  ]);
  if (budget) lines.push(againstBudget(busy, budget));
  return lines;
}

/** Planner prices are in US dollars: a budget in another currency is not compared by guessing. */
function againstBudget(trips: readonly TripWithItems[], budget: Budget): string {
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
export function tripCostAnswer(trips: readonly TripWithItems[], budget?: Budget): string[] {
  if (trips.length === 0) return [NO_TRIP];
  const lines = trips.flatMap((t) => {
    if (t.items.length === 0) return [`Your trip ${tripName(t)} has no items yet.`];
    return [
      `Your trip ${tripName(t)}: ${t.items.length} item${t.items.length === 1 ? '' : 's'}, ${dollars(t.totalCents)} in total, of which ${dollars(t.bookedCents)} booked (from your trip planner):`,
      ...t.items.map((item) => itemLine(item, true)),
    ];
  });
  if (budget) lines.push(againstBudget(trips, budget));
  return lines;
}

export const NO_TRIP =
  'You have no trip yet. Create one on the Flight Plan page (/flight-plan), then ask me again.';

/** The proposal card's words: what would be added, and that nothing has changed yet. */
export function proposalAnswer(outcome: ProposalOutcome): string[] {
  switch (outcome.kind) {
    case 'no-trip':
      return [NO_TRIP];
    case 'no-date':
      return ['On which day? For example "add a hotel in Banff on 3 December".'];
    case 'which-trip':
      return [
        `Which trip? You have ${outcome.trips.map((t) => `"${t.title}"`).join(', ')}. Name its place or a day within its dates.`,
      ];
    case 'proposal': {
      const p = outcome.proposal;
      const lines = [
        `I can add this to your trip "${p.tripTitle}": ${p.itemName} on ${dateOf(p.scheduledDate)}, ${SLOT_NAMES[p.scheduledTime]}, ${dollars(toCents(p.price))}${outcome.priceIsDefault ? ` (the planner's usual price for a ${ITEM_TYPE_LABELS[p.itemType].toLowerCase()}; change it after adding)` : ''}.`,
      ];
      if (outcome.outsideTrip) lines.push("That day is outside the trip's dates.");
      lines.push('Your trip is unchanged until you choose Add to trip below; Discard drops it.');
      return lines;
    }
  }
}
