import { addDays, daysBetween } from '../../../../contracts/dates.values.js';
import { formatCents } from '../../../../contracts/money.js';
import { ITEM_TYPE_LABELS, type ItemType, type Trip } from '../../../../contracts/planner.js';
import { dateOf, dayOf, list } from './managers.js';
import type { PlanDraft } from './plan.js';
import type { TripWithItems } from './skills.js';
import type { Question } from './understand.js';

// How the visitor's own trips read in an answer: their dates and ends, what their days are
// missing, and a proposed plan day by day.

const slotOf = (item: TripWithItems['items'][number]) =>
  item.scheduledTime ? `, ${item.scheduledTime === 'allday' ? 'all day' : item.scheduledTime}` : '';

/** When a trip starts and ends, with its first and last flights: "when do I fly out?". */
export function tripEnds({ trip, items }: TripWithItems, homeward: boolean): string[] {
  if (!trip.startDate) return [tripDates(trip)];
  const flights = items
    .filter((i) => i.itemType === 'flight')
    .sort((a, b) => a.scheduledDate.localeCompare(b.scheduledDate));
  const out = flights[0];
  const back = flights.length > 1 ? flights.at(-1) : undefined;
  const lines: string[] = [];
  const going = out
    ? `You fly out on ${dayOf(out.scheduledDate)}${slotOf(out)}: ${out.itemName} (your trip "${trip.title}" starts ${dateOf(trip.startDate)}).`
    : `Your trip "${trip.title}" starts on ${dayOf(trip.startDate)}; it has no flight yet.`;
  const coming = !trip.endDate
    ? `It has no end date yet.`
    : back
      ? `You come home on ${dayOf(back.scheduledDate)}${slotOf(back)}: ${back.itemName} (the trip ends ${dateOf(trip.endDate)}).`
      : `The trip ends on ${dayOf(trip.endDate)}; there is no return flight on it yet.`;
  lines.push(...(homeward ? [coming, going] : [going, coming]));
  return lines;
}

/** What a trip's days have no item for: the flights out and back, hotel nights, free days. */
export function tripGaps({ trip, items }: TripWithItems): string[] {
  if (!trip.startDate || !trip.endDate) {
    return [
      `Your trip "${trip.title}" has no ${trip.startDate ? 'end date' : 'dates'} yet, so I can't tell which days are missing something: set them on the [Flight Plan page](/flight-plan).`,
    ];
  }
  const on = (type: string, day: string) =>
    items.some((i) => i.itemType === type && i.scheduledDate === day);
  const gaps: string[] = [];
  if (!on('flight', trip.startDate))
    gaps.push(`no flight on the first day, ${dateOf(trip.startDate)}`);
  if (trip.endDate !== trip.startDate && !on('flight', trip.endDate)) {
    gaps.push(`no return flight on the last day, ${dateOf(trip.endDate)}`);
  }
  const nights: string[] = [];
  for (let day = trip.startDate; day < trip.endDate; day = addDays(day, 1)) {
    if (!on('hotel', day)) nights.push(dateOf(day));
  }
  if (nights.length > 0) {
    gaps.push(
      `no hotel for the night${nights.length === 1 ? '' : 's'} of ${list(nights)} (if one booking covers several nights, it is entered on its first night only)`,
    );
  }
  const free: string[] = [];
  for (let day = trip.startDate; day <= trip.endDate; day = addDays(day, 1)) {
    if (!on('activity', day)) free.push(dateOf(day));
  }
  if (free.length > 0 && free.length <= 4) gaps.push(`nothing planned to do on ${list(free)}`);
  else if (free.length > 4) gaps.push(`nothing planned to do on ${free.length} of its days`);
  if (!items.some((i) => i.itemType === 'car')) gaps.push('no car (only if you want one)');
  return gaps.length === 0
    ? [
        `Your trip "${trip.title}" has a flight out and back, a hotel every night and something every day.`,
      ]
    : [
        `Your trip "${trip.title}" (${dateOf(trip.startDate)} to ${dateOf(trip.endDate)}) has:`,
        ...gaps.map((g) => `- ${g}`),
      ];
}

/** "which days have I got nothing planned?": the trip's days with no item at all. */
export function tripEmptyDays({ trip, items }: TripWithItems): string[] {
  if (!trip.startDate || !trip.endDate) {
    return [
      `Your trip "${trip.title}" has no ${trip.startDate ? 'end date' : 'dates'} yet, so I can't tell which of its days are empty: set them on the [Flight Plan page](/flight-plan).`,
    ];
  }
  const empty: string[] = [];
  for (let day = trip.startDate; day <= trip.endDate; day = addDays(day, 1)) {
    if (!items.some((i) => i.scheduledDate === day)) empty.push(dateOf(day));
  }
  const span = `${dateOf(trip.startDate)} to ${dateOf(trip.endDate)}`;
  if (empty.length === 0)
    return [`Every day of your trip "${trip.title}" (${span}) has something planned.`];
  const all = empty.length === daysBetween(trip.startDate, trip.endDate) + 1;
  return [
    all
      ? `Nothing is planned yet on any day of your trip "${trip.title}" (${span}).`
      : `Nothing is planned yet on ${list(empty)} (your trip "${trip.title}" runs ${span}).`,
  ];
}

/** What each kind costs on a trip: "hotels $390.00 (2), flights $1390.00 (2)". */
export function tripByKind({ trip, items }: TripWithItems, kinds: readonly ItemType[]): string[] {
  const cents = (list: readonly { price: string }[]) =>
    list.reduce((sum, i) => sum + Math.round(Number(i.price) * 100), 0);
  const parts = kinds.map((kind) => {
    const these = items.filter((i) => i.itemType === kind);
    const label = ITEM_TYPE_LABELS[kind].toLowerCase();
    return these.length === 0
      ? `- ${label}: nothing yet`
      : `- ${label}: $${formatCents(cents(these))} (${these.map((i) => `${i.itemName} $${i.price}`).join('; ')})`;
  });
  return [
    `On your trip "${trip.title}" (from your trip planner):`,
    ...parts,
    `The whole trip: $${formatCents(cents(items))}.`,
  ];
}

/** "Your trip "Rockies" runs 7 days, from ... to ...". */
export function tripDates(trip: Trip): string {
  if (!trip.startDate)
    return `Your trip "${trip.title}" has no dates yet: set them on the [Flight Plan page](/flight-plan).`;
  if (!trip.endDate)
    return `Your trip "${trip.title}" starts on ${dateOf(trip.startDate)}; it has no end date yet.`;
  const days = daysBetween(trip.startDate, trip.endDate) + 1;
  const nights = days - 1;
  return `Your trip "${trip.title}" runs ${days} day${days === 1 ? '' : 's'} (${nights} night${nights === 1 ? '' : 's'}), from ${dateOf(trip.startDate)} to ${dateOf(trip.endDate)}.`;
}

/** The plan card's words: the days and their items, what is missing, and that nothing changed yet. */
export function planAnswer(plan: PlanDraft, q: Question, needs: readonly string[]): string[] {
  const days = new Map<string, PlanDraft['items']>();
  for (const item of plan.items)
    days.set(item.scheduledDate, [...(days.get(item.scheduledDate) ?? []), item]);
  const total = plan.items.reduce((sum, item) => sum + Math.round(Number(item.price) * 100), 0);
  const forWhom = needs.length > 0 ? `, for ${list(needs)}` : '';
  const lines = [
    `Here is a draft plan${forWhom}: ${plan.tripTitle}, ${dateOf(plan.startDate)} to ${dateOf(plan.endDate)}${plan.plannerId ? `, for your trip "${plan.tripTitle}"` : ', as a new trip'}${q.dates ? '' : plan.plannerId ? " (from your trip's first day, as you gave no dates)" : ' (from tomorrow, as you gave no dates: change them after adding)'}:`,
  ];
  for (const [date, items] of [...days].sort(([a], [b]) => a.localeCompare(b))) {
    const n = daysBetween(plan.startDate, date) + 1;
    lines.push(
      `- Day ${n} (${dateOf(date)}): ${items.map((i) => `${i.itemName} (${ITEM_TYPE_LABELS[i.itemType].toLowerCase()}, ${/Entered as [\d.]+: the planner adds prices up as US dollars/.test(i.itemDescription) ? `${i.price}, in the place's own currency` : `$${i.price}`})`).join('; ')}`,
    );
  }
  lines.push(`Planned total: $${formatCents(total)}.`);
  if (plan.gaps.length > 0)
    lines.push('What I could not fill in:', ...plan.gaps.map((g) => `- ${g}`));
  lines.push(
    `Nothing is added until you choose ${plan.plannerId ? 'Add to trip' : 'Create trip'} below; Discard drops it.`,
  );
  return lines;
}
