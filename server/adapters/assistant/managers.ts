import type { Advisory } from '../../../contracts/advisories.js';
import { advisoryLevelLabel, SERIOUS_ADVISORY_LEVEL } from '../../../contracts/advisory-levels.js';
import { ACCESSIBILITY_FEATURE_LABELS } from '../../../contracts/accessibility.js';
import { cartPriceOf } from '../../../contracts/cart.js';
import type { Destination } from '../../../contracts/destinations.js';
import { meetsNeed, rankDestinations } from '../../features/search/rank.js';
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

/**
 * Accessibility Manager (with the Budget Manager when an amount is given): destinations that
 * document the asked needs, in the places asked about, within the budget.
 */
export function recommend(q: Question, catalogue: readonly Destination[]): Recommendation {
  let pool = [...catalogue];
  if (q.destinations.length > 0) pool = pool.filter((d) => q.destinations.includes(d));
  else if (q.countries.length > 0) {
    const codes = new Set(q.countries.map((a) => a.countryCode));
    pool = pool.filter((d) => codes.has(d.countryCode));
  }
  if (q.topics.veteran) pool = pool.filter((d) => d.isVeteranFriendly);
  const budget = q.budget;
  const currency = budget?.currency ?? 'USD';
  if (budget) {
    pool = pool.filter(
      (d) =>
        (budget.amount === 0 || d.currency === currency) && cartPriceOf(d.price) <= budget.amount,
    );
  }
  const ranked = rankDestinations(pool, { needs: q.needs, to: q.kinds.join(' ') });
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
  if (ranked.length > 3)
    lines.push(`And ${ranked.length - 3} more: use the search on the home page.`);
  if (budget && budget.amount > 0 && budget.currency === undefined) {
    lines.push('I read your budget as US dollars and compared it with prices in USD only.');
  }
  return { lines, found: ranked };
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
