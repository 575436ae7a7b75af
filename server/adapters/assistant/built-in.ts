import type { Advisory } from '../../../contracts/advisories.js';
import { SERIOUS_ADVISORY_LEVEL } from '../../../contracts/advisory-levels.js';
import { CHAT_GREETING as GREETING, type ChatManager } from '../../../contracts/chat.js';
import { formatCents } from '../../../contracts/money.js';
import {
  destinationQueryOf,
  emergencyAnswer,
  proposalAnswer,
  recommend,
  safetyAnswer,
  seriousSummary,
  tripCostAnswer,
  tripDaysAnswer,
  unknownNeeds,
} from './managers.js';
import { createSkills, tripMentions, type Skills, type TripWithItems } from './skills.js';
import type { Assistant, AssistantKnowledge, AssistantReply, AssistantTurn } from './types.js';
import { understand, type Question } from './understand.js';

const CAPABILITIES = [
  'Try: "Which destinations have step-free access in the United States?"',
  '"Is Mexico safe to visit?"',
  '"What is the emergency number in Japan?"',
  '"What is on my trip on 3 December?" or "Add a hotel in Banff on 3 December."',
  '"Tell me about the beta programme."',
];

const BETA_ANSWER =
  'The beta programme is free and needs no purchase: sign-up takes 30-60 seconds. Beta testers get an access code and, when they give an e-mail, a verification link that is valid for 24 hours. Join with the Join Beta Testing button on the home page.';

export const MANAGER_NAMES: Record<ChatManager, string> = {
  safety: 'AI Safety Manager',
  accessibility: 'AI Accessibility Manager',
  budget: 'AI Budget Manager',
};

/** "(Answered with the AI Safety Manager, the AI Budget Manager.)" */
export function credits(managers: Iterable<ChatManager>): string | undefined {
  const names = [...managers].map((m) => MANAGER_NAMES[m]);
  return names.length > 0 ? `(Answered with the ${names.join(', the ')}.)` : undefined;
}

/**
 * The default assistant: no network and no model. It reads the question for places, needs,
 * budget, days and topics, and lets the managers answer through the skills, from the catalogue,
 * the advisories, the emergency contacts and the visitor's own trips.
 */
export function createBuiltInAssistant(knowledge: AssistantKnowledge): Assistant {
  return {
    async reply({ message, history, visitorId, now }): Promise<AssistantReply> {
      const advisories = knowledge.advisories();
      const destinations = await knowledge.destinations();
      const read = (text: string) => understand(text, advisories, destinations, now);
      const q = withContext(read(message), history, read);
      return answer(q, createSkills(knowledge, visitorId), advisories, read);
    },
  };
}

/**
 * A follow-up ("and for wheelchairs?", "is it safe?", "and in Canada?") keeps the places of the
 * previous question when it names none, and its topic when it asks none.
 */
function withContext(
  q: Question,
  history: readonly AssistantTurn[],
  read: (text: string) => Question,
): Question {
  const previous = [...history].reverse().find((turn) => turn.role === 'user');
  if (!previous) return q;
  const isFollowUp = /^(and|what about|how about|is it|are they|there|it)\b/.test(q.text);
  if (!isFollowUp) return q;
  const before = read(previous.content);
  const namesPlace = q.countries.length > 0 || q.destinations.length > 0;
  const { topics } = q;
  const asksTopic =
    topics.safety ||
    topics.emergency ||
    topics.recommend ||
    topics.budget ||
    topics.trip ||
    topics.add ||
    topics.beta ||
    q.needs.length > 0;
  return {
    ...q,
    ...(namesPlace ? {} : { countries: before.countries, destinations: before.destinations }),
    topics: asksTopic
      ? topics
      : {
          ...topics,
          safety: before.topics.safety,
          emergency: before.topics.emergency,
          recommend: before.topics.recommend,
          veteran: before.topics.veteran,
        },
    needs: q.needs.length > 0 || !namesPlace ? q.needs : before.needs,
  };
}

/** Where an item goes, as the traveller said it: a destination's town, a country, "in Banff". */
function placeOf(q: Question, message: string): string | undefined {
  const destination = q.destinations[0];
  if (destination) return destination.location.split(',')[0]!.trim();
  if (q.countries[0]) return q.countries[0].country;
  const named = /\b(?:in|at|near)\s+([A-Z][\p{L}'.-]*(?:\s+[A-Z][\p{L}'.-]*)*)/u.exec(message);
  return named?.[1];
}

/** The countries a set of trips touches, read from their titles and destinations. */
function tripCountries(trips: readonly TripWithItems[], read: (text: string) => Question) {
  const found = new Map<string, Advisory>();
  for (const { trip } of trips) {
    const q = read(`${trip.title} ${trip.destination}`);
    for (const a of q.countries) found.set(a.countryCode, a);
  }
  return [...found.values()];
}

async function answer(
  q: Question,
  skills: Skills,
  advisories: readonly Advisory[],
  read: (text: string) => Question,
): Promise<AssistantReply> {
  const parts: string[] = [];
  const managers = new Set<ChatManager>();
  let proposal: AssistantReply['proposal'];

  // Countries the question touches, also through a destination it names ("Is Banff safe?").
  const touched = new Map(q.countries.map((a) => [a.countryCode, a]));
  for (const d of q.destinations) {
    const advisory = advisories.find((a) => a.countryCode === d.countryCode);
    if (advisory) touched.set(advisory.countryCode, advisory);
  }
  const warnSerious = (countries: Iterable<Advisory>) => {
    const serious = [...countries].filter((a) => a.level >= SERIOUS_ADVISORY_LEVEL);
    if (serious.length === 0) return;
    managers.add('safety');
    parts.push(...safetyAnswer(serious));
  };

  const adding = q.topics.add && q.itemType !== undefined;
  const aboutTrip = adding || q.topics.trip;
  const place = placeOf(q, q.raw);

  // The visitor's trips, when the question is about them; a place named picks among them.
  let trips: TripWithItems[] | undefined;
  if (q.topics.trip && !adding) {
    trips = await skills.tripItems(q.dates ?? {});
    const named = place ? trips.filter((t) => tripMentions(t.trip, place)) : [];
    if (named.length > 0) trips = named;
    // "Is my trip safe?", "emergency numbers for my trip": the places the trips touch.
    if (touched.size === 0 && (q.topics.safety || q.topics.emergency)) {
      for (const a of tripCountries(trips, read)) touched.set(a.countryCode, a);
    }
  }

  const wantsPlaces =
    !aboutTrip &&
    (q.needs.length > 0 ||
      q.kinds.length > 0 ||
      q.topics.recommend ||
      q.budget !== undefined ||
      q.topics.veteran);
  const asksSafety =
    q.topics.safety ||
    (touched.size > 0 && !wantsPlaces && !aboutTrip && !q.topics.beta && !q.topics.emergency);

  if (q.topics.emergency) {
    managers.add('safety');
    parts.push(...emergencyLines(q, skills, touched));
  }

  if (adding) {
    // The Budget Manager prices the proposed item.
    managers.add('budget');
    const outcome = await skills.proposeItem({
      itemType: q.itemType!,
      date: q.dates?.from,
      scheduledTime: q.timeSlot,
      place,
      itemName:
        q.itemType === 'activity' && q.destinations[0]
          ? `Visit ${q.destinations[0].name}`
          : undefined,
      price: q.price !== undefined ? formatCents(Math.round(q.price * 100)) : undefined,
    });
    if (outcome.kind === 'proposal') proposal = outcome.proposal;
    parts.push(...proposalAnswer(outcome));
    if (!asksSafety) warnSerious(touched.values());
  } else if (trips) {
    const asksCost =
      q.topics.budget || q.dates !== undefined || !(q.topics.safety || q.topics.emergency);
    if (asksCost) {
      managers.add('budget');
      parts.push(
        ...(q.dates ? tripDaysAnswer(trips, q.dates, q.budget) : tripCostAnswer(trips, q.budget)),
      );
    }
    if (!asksSafety) warnSerious(tripCountries(trips, read));
  }

  if (asksSafety) {
    managers.add('safety');
    if (touched.size > 0) parts.push(...safetyAnswer([...touched.values()]));
    else parts.push(`Which country are you asking about? ${seriousSummary(advisories)}`);
  } else if (!aboutTrip) {
    // The Safety Manager speaks up for any place the question touches at Level 3 or 4.
    warnSerious(touched.values());
  }

  // "Is Mexico safe to visit?" asks about safety only; "places to visit in Mexico" asks for places.
  const asksForPlaces =
    /\b(recommend\w*|suggest\w*|where (can|should|could) i|ideas?|destinations?|places?|options?)\b/.test(
      q.text,
    );
  if (
    wantsPlaces &&
    !(asksSafety && q.needs.length === 0 && q.budget === undefined && !asksForPlaces)
  ) {
    const ranked = await skills.searchDestinations(destinationQueryOf(q));
    parts.push(...recommend(q, ranked).lines, ...unknownNeeds(q));
    managers.add('accessibility');
    if (q.budget !== undefined || q.topics.budget) managers.add('budget');
  } else if (q.topics.budget && !asksSafety && !aboutTrip) {
    managers.add('budget');
    parts.push(
      'Tell me your budget with an amount, for example "under $200", and I will list the destinations that fit it, with what each price covers.',
    );
  }
  if (q.topics.beta) parts.push(BETA_ANSWER);

  if (parts.length === 0) {
    if (q.topics.greeting || q.topics.help) {
      return { text: [GREETING, ...CAPABILITIES].join('\n'), managers: [], answeredBy: 'built-in' };
    }
    return {
      text: [
        "I'm not sure I can answer that from this site's data, and I'd rather not guess.",
        ...CAPABILITIES,
      ].join('\n'),
      managers: [],
      answeredBy: 'built-in',
    };
  }
  const credit = credits(managers);
  if (credit) parts.push(credit);
  return {
    text: parts.join('\n'),
    managers: [...managers],
    answeredBy: 'built-in',
    ...(proposal ? { proposal } : {}),
  };
}

/** Safety Manager: emergency numbers of the countries asked about, never a guessed one. */
function emergencyLines(q: Question, skills: Skills, touched: Map<string, Advisory>): string[] {
  const asked = new Map<string, string>();
  for (const a of touched.values()) asked.set(a.countryCode, a.country);
  for (const c of skills.emergencyContactsNamedIn(q.raw)) asked.set(c.countryCode, c.country);
  if (asked.size === 0) {
    return [
      `Which country? I have emergency numbers for ${skills.emergencyCountryCount()} countries. Wherever you are, the local emergency number comes first.`,
    ];
  }
  return [...asked.values()].flatMap((country) => {
    const contact = skills.emergencyNumbers(country);
    return contact
      ? emergencyAnswer(contact)
      : [
          `I have no emergency numbers for ${country} in this site's data, and I will not guess one. The US State Department's country page lists it, with the nearest US embassy.`,
        ];
  });
}
