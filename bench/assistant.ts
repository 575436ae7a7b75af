/**
 * Assistant benchmark (issue 23): the built-in assistant's own time per answer, in process, with
 * no HTTP, database or session in the way: createBuiltInAssistant with the knowledge the server
 * gives it (the catalogue, the advisories, the emergency contacts and the help lines from
 * server/catalogue) and an in-memory trip book holding one visitor's trip. About a hundred questions,
 * written the ways travellers ask (needs, places, prices, levels, trips, proposals, plans, crisis,
 * honest limits, follow-ups), each answered once to warm up, then every question `rounds` times in
 * a shuffled order. The bar (issue 23): p95 under 50 ms per answer. A question that throws is a
 * failure and is counted, never left out of the figures.
 *
 * POST /api/chat in bench/load.ts measures the same engine behind the server (HTTP, the session,
 * the stored exchange); this part isolates the engine, so a slow phrasing shows up by name.
 */
import { performance } from 'node:perf_hooks';
import { destinationListSchema } from '../contracts/destinations.js';
import type { PlannerItem, Trip } from '../contracts/planner.js';
import { createBuiltInAssistant } from '../server/features/chat/assistant/built-in.js';
import type {
  AssistantKnowledge,
  AssistantTurn,
  TripBook,
} from '../server/features/chat/assistant/types.js';
import { ADVISORIES } from '../server/catalogue/advisories.js';
import { DESTINATIONS } from '../server/catalogue/destinations.js';
import { EMERGENCY_CONTACTS } from '../server/catalogue/emergency-contacts.js';
import { createAdvisoryService } from '../server/features/advisories/service.js';
import { HELP_LINES } from '../server/features/emergency/help-lines-routes.js';
import { createEmergencyService } from '../server/features/emergency/service.js';
import { mean, percentile } from './common.js';

/** Issue 23: the built-in assistant answers with p95 under 50 ms. */
export const ASSISTANT_TARGET_P95_MS = 50;
const VISITOR = 'bench-visitor';
/** "Now" for every answer, so "tomorrow" and "3 December" read the same in every run. */
const NOW = new Date('2026-11-25T10:00:00Z');

/** Questions as travellers type them, across the thirteen patterns of issue 23. */
export const QUESTIONS: readonly string[] = [
  // Crisis and help lines
  "I'm not ok",
  'veterans crisis line from abroad',
  'what is 988',
  'im in Germany and i need someone to talk to',
  'crisis line please',
  // Named places
  "can my wife's power chair get around banff?",
  'tell me about the blue lagoon',
  'how much is a day at disney world',
  'is the louvre wheelchair accessible',
  'does the Sydney Opera House have a hearing loop',
  'is gardens by the bay good for autistic kids',
  'pearl harbor for a blind veteran?',
  'what does the WWII museum cost',
  'Milford Sound with a mobility scooter',
  'the langham london roll-in shower?',
  'is ashford castle step free',
  'yosemite for someone in a wheelchair',
  'grand canyon south rim accessible trails',
  'sesame place sensory',
  'Virgin Voyages scooter',
  // Everyday wording for needs
  'accessible places in canada',
  'somewhere good for a power chair user',
  'disabled friendly hotels',
  'neuro friendly destinations',
  'places for someone with PTSD',
  'low vision traveller, where can I go?',
  'Deaf traveller, anywhere with ASL tours?',
  'wheelchair loan somewhere in the US',
  'hearing loop museums',
  'quiet places for an autistic teenager',
  'whelchair acessible national parks',
  'where can a blind person go with a guide dog',
  'sensory friendly theme parks',
  'braille signage museums in france',
  'accessible',
  // Places, regions, cities
  'somewhere in Europe for a wheelchair user',
  'accessible things to do in Lisbon',
  'travel advisory japan',
  'is Portugal safe',
  'what about Iceland?',
  'anything in New Zealand for a mobility scooter',
  'is Mexico safe to visit',
  'emergency number in Japan',
  'how do deaf people call emergency services in France',
  'what number do I call for an ambulance in Thailand',
  'places in Brazil',
  'is south sudan safe',
  'Ireland for veterans',
  'anything in Singapore?',
  'Paris with a power chair',
  // Prices
  'do WWII vets get in free?',
  'cheapest accessible place',
  'most expensive destination',
  'what costs under $50 in Canada',
  'under 100 dollars for a wheelchair user',
  'free museums',
  'is the grand canyon free for veterans',
  'budget of 200 euros in France',
  'what does a night at the langham cost',
  'veteran discounts',
  // Levels
  'what does level 2 mean',
  'which countries are level 4',
  'what is level 3',
  'list the do not travel countries',
  'is canada level 1',
  // My trip
  "what's the total now",
  'the hotels on my trip',
  'what is on my trip on 3 December',
  "what's planned for friday",
  'how much have I booked',
  'am I within a budget of 1500',
  'show my flights',
  'what do I have tomorrow',
  'total cost of my Banff trip',
  'what is left to book',
  // Proposals
  'put a flight to paris on dec 10 for 420 dollars',
  'add a hotel in Banff on 3 December',
  'add a museum visit on December 4 for $25',
  'book a car on the 5th',
  'add dinner on friday evening for 60',
  // Plans
  'plan 4 days in Lisbon for a wheelchair user',
  'plan a 3 day trip to Banff',
  'make me a week in Paris, low vision',
  'plan 2 days at disney world for an autistic child',
  'itinerary for 5 days in Iceland',
  // Honest limits
  'what will the weather be in Banff next week',
  'is my flight delayed',
  'do I need a visa for Japan',
  "what's the exchange rate to euros",
  'can I book the hotel here',
  // Follow-ups (asked after the question before them)
  'is that one accessible?',
  'which of those is cheapest?',
  'ok and what about japan?',
  'and for wheelchairs?',
  'is it safe?',
  // Other
  'hi',
  'what can you do',
  'tell me about the beta programme',
  'thanks!',
  'who are the managers',
];

/** One visitor's two-week trip to Banff, four items a day, in memory. */
function tripBook(): TripBook {
  const trip: Trip = {
    id: 'bench-trip',
    title: 'Rockies',
    destination: 'Banff, Canada',
    startDate: '2026-12-01',
    endDate: '2026-12-14',
    status: 'planning',
    createdAt: '2026-11-01T00:00:00.000Z',
    version: 1,
  };
  const types = ['flight', 'hotel', 'activity', 'car'] as const;
  const items: PlannerItem[] = Array.from({ length: 56 }, (_, i) => {
    const day = String(1 + Math.floor(i / 4)).padStart(2, '0');
    const itemType = types[i % 4]!;
    return {
      id: `bench-item-${i}`,
      plannerId: trip.id,
      itemType,
      itemName: `${itemType} ${i}`,
      itemDescription: null,
      scheduledDate: `2026-12-${day}`,
      scheduledTime: 'morning',
      price: ((i * 37) % 300).toFixed(2),
      isBooked: i % 3 === 0,
      priority: i,
      createdAt: '2026-11-01T00:00:00.000Z',
      version: 1,
    };
  });
  return {
    listTrips: async (visitorId) => (visitorId === VISITOR ? [trip] : []),
    listItems: async (visitorId, plannerId, range = {}) =>
      visitorId === VISITOR && plannerId === trip.id
        ? items.filter(
            (item) =>
              (!range.from || item.scheduledDate >= range.from) &&
              (!range.to || item.scheduledDate <= range.to),
          )
        : [],
  };
}

export interface AssistantBenchFigures {
  questions: number;
  rounds: number;
  answers: number;
  failures: { question: string; error: string }[];
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  meanMs: number;
  /** The first answer of the process, before the warm-up: not in the percentiles. */
  firstAnswerMs: number;
  /** The slowest questions by their own p95, slowest first. */
  slowest: { question: string; p95Ms: number }[];
  targetP95Ms: number;
  met: boolean;
}

/** Runs the assistant benchmark and returns the lines to print and the figures. */
export async function runAssistantBench(options: {
  rounds: number;
}): Promise<{ lines: string[]; figures: AssistantBenchFigures }> {
  const destinations = destinationListSchema.parse(DESTINATIONS);
  const advisories = createAdvisoryService(ADVISORIES);
  const knowledge: AssistantKnowledge = {
    destinations: async () => destinations,
    advisories: () => advisories.list(),
    emergency: createEmergencyService(EMERGENCY_CONTACTS),
    helpLines: HELP_LINES,
    trips: tripBook(),
  };
  const assistant = createBuiltInAssistant(knowledge);

  // Each question follows the one before it, so the follow-ups have something to point back at.
  const historyOf = (index: number): AssistantTurn[] =>
    index === 0 ? [] : [{ role: 'user', content: QUESTIONS[index - 1]! }];
  const failures: AssistantBenchFigures['failures'] = [];
  const timings = new Map<number, number[]>();
  const answer = async (index: number, measured: boolean) => {
    const started = performance.now();
    try {
      await assistant.reply({
        message: QUESTIONS[index]!,
        history: historyOf(index),
        visitorId: VISITOR,
        now: NOW,
        plannerId: 'bench-trip',
      });
    } catch (error) {
      if (measured) {
        failures.push({ question: QUESTIONS[index]!, error: (error as Error).message });
      }
      return;
    }
    if (measured) {
      const list = timings.get(index) ?? [];
      list.push(performance.now() - started);
      timings.set(index, list);
    }
  };

  // The very first answer pays for loading the language model and reading the catalogue once.
  const coldStarted = performance.now();
  await answer(0, false);
  const firstAnswerMs = performance.now() - coldStarted;
  for (let i = 1; i < QUESTIONS.length; i += 1) await answer(i, false);
  for (let round = 0; round < options.rounds; round += 1) {
    // A different order each round (a fixed shuffle, so runs compare), not the same sequence warm.
    const order = QUESTIONS.map((_, i) => i).sort(
      (a, b) => ((a * 7919 + round * 104729) % 997) - ((b * 7919 + round * 104729) % 997),
    );
    for (const i of order) await answer(i, true);
  }

  const all = [...timings.values()].flat();
  const slowest = [...timings.entries()]
    .map(([i, list]) => ({ question: QUESTIONS[i]!, p95Ms: percentile(list, 95) }))
    .sort((a, b) => b.p95Ms - a.p95Ms)
    .slice(0, 5);
  const figures: AssistantBenchFigures = {
    questions: QUESTIONS.length,
    rounds: options.rounds,
    answers: all.length,
    failures,
    p50Ms: percentile(all, 50),
    p95Ms: percentile(all, 95),
    maxMs: all.length > 0 ? Math.max(...all) : Number.NaN,
    meanMs: mean(all),
    firstAnswerMs,
    slowest,
    targetP95Ms: ASSISTANT_TARGET_P95_MS,
    met: failures.length === 0 && percentile(all, 95) < ASSISTANT_TARGET_P95_MS,
  };
  const lines = [
    '',
    `Assistant (built-in, in process): ${figures.questions} questions x ${figures.rounds} rounds after a warm-up, ${figures.answers} answers`,
    [
      'answer'.padEnd(34),
      `p50 ${figures.p50Ms.toFixed(1).padStart(5)} ms`,
      `p95 ${figures.p95Ms.toFixed(1).padStart(5)} ms`,
      `max ${figures.maxMs.toFixed(1).padStart(5)} ms`,
      `mean ${figures.meanMs.toFixed(1).padStart(5)} ms`,
      `(p95 target < ${ASSISTANT_TARGET_P95_MS}: ${figures.met ? 'met' : 'MISSED'})`,
    ].join('  '),
    `First answer of the process (cold, not in the percentiles): ${firstAnswerMs.toFixed(1)} ms`,
    `Slowest by their own p95: ${slowest.map((s) => `"${s.question}" ${s.p95Ms.toFixed(1)} ms`).join(', ')}`,
  ];
  if (failures.length > 0) {
    lines.push(`FAILED ${failures.length} answers:`);
    for (const f of failures.slice(0, 10)) lines.push(`  "${f.question}": ${f.error}`);
  }
  return { lines, figures };
}
