import { SERIOUS_ADVISORY_LEVEL } from '../../../contracts/advisory-levels.js';
import { CHAT_GREETING as GREETING, type ChatManager } from '../../../contracts/chat.js';
import { recommend, safetyAnswer, seriousSummary, unknownNeeds } from './managers.js';
import type { Assistant, AssistantKnowledge, AssistantReply, AssistantTurn } from './types.js';
import { understand, type Question } from './understand.js';

const CAPABILITIES = [
  'Try: "Which destinations have step-free access in the United States?"',
  '"Is Mexico safe to visit?"',
  '"Somewhere with a quiet space under $100?"',
  '"Tell me about the beta programme."',
];

const BETA_ANSWER =
  'The beta programme is free and needs no purchase: sign-up takes 30-60 seconds. Beta testers get an access code and, when they give an e-mail, a verification link that is valid for 24 hours. Sign-up opens soon on this site.';

const EMERGENCY_ANSWER =
  "I can't give emergency phone numbers yet: they are not in this site's data, and I will not guess one. In an emergency, call the local emergency number; the US State Department's page for each country lists it, with the nearest US embassy.";

/**
 * The default assistant: no network and no model. It reads the question for places, needs,
 * budget and topics, and lets the managers answer from the catalogue and the advisories.
 */
export function createBuiltInAssistant(knowledge: AssistantKnowledge): Assistant {
  return {
    async reply(message: string, history: readonly AssistantTurn[]): Promise<AssistantReply> {
      const advisories = knowledge.advisories();
      const destinations = await knowledge.destinations();
      let q = understand(message, advisories, destinations);
      q = withContext(q, history, advisories, destinations);
      return answer(q, advisories, destinations);
    },
  };
}

/**
 * A follow-up ("and for wheelchairs?", "is it safe?") keeps the places of the previous question
 * when it names none.
 */
function withContext(
  q: Question,
  history: readonly AssistantTurn[],
  advisories: Parameters<typeof understand>[1],
  destinations: Parameters<typeof understand>[2],
): Question {
  if (q.countries.length > 0 || q.destinations.length > 0) return q;
  const previous = [...history].reverse().find((turn) => turn.role === 'user');
  if (!previous) return q;
  const before = understand(previous.content, advisories, destinations);
  const isFollowUp = /^(and|what about|how about|is it|are they|there|it)\b/.test(q.text);
  if (!isFollowUp) return q;
  return { ...q, countries: before.countries, destinations: before.destinations };
}

function answer(
  q: Question,
  advisories: Parameters<typeof seriousSummary>[0],
  destinations: Parameters<typeof recommend>[1],
): AssistantReply {
  const parts: string[] = [];
  const managers = new Set<ChatManager>();

  // Countries the question touches, also through a destination it names ("Is Banff safe?").
  const touched = new Map(q.countries.map((a) => [a.countryCode, a]));
  for (const d of q.destinations) {
    const advisory = advisories.find((a) => a.countryCode === d.countryCode);
    if (advisory) touched.set(advisory.countryCode, advisory);
  }

  const wantsPlaces =
    q.needs.length > 0 ||
    q.kinds.length > 0 ||
    q.topics.recommend ||
    q.budget !== undefined ||
    q.topics.veteran;
  const asksSafety = q.topics.safety || (touched.size > 0 && !wantsPlaces && !q.topics.beta);

  if (q.topics.emergency) {
    parts.push(EMERGENCY_ANSWER);
    managers.add('safety');
  }
  if (asksSafety) {
    managers.add('safety');
    if (touched.size > 0) parts.push(...safetyAnswer([...touched.values()]));
    else parts.push(`Which country are you asking about? ${seriousSummary(advisories)}`);
  } else {
    // The Safety Manager speaks up for any place the question touches at Level 3 or 4.
    const serious = [...touched.values()].filter((a) => a.level >= SERIOUS_ADVISORY_LEVEL);
    if (serious.length > 0) {
      managers.add('safety');
      parts.push(...safetyAnswer(serious));
    }
  }
  if (
    wantsPlaces &&
    !(asksSafety && q.needs.length === 0 && q.budget === undefined && !q.topics.recommend)
  ) {
    const { lines } = recommend(q, destinations);
    parts.push(...lines, ...unknownNeeds(q));
    managers.add('accessibility');
    if (q.budget !== undefined || q.topics.budget) managers.add('budget');
  } else if (q.topics.budget && !asksSafety) {
    managers.add('budget');
    parts.push(
      'Tell me your budget with an amount, for example "under $200", and I will list the destinations that fit it, with what each price covers.',
    );
  }
  if (q.topics.beta) parts.push(BETA_ANSWER);

  if (parts.length === 0) {
    if (q.topics.greeting || q.topics.help) {
      return { text: [GREETING, ...CAPABILITIES].join('\n'), managers: [] };
    }
    return {
      text: [
        "I'm not sure I can answer that from this site's data, and I'd rather not guess.",
        ...CAPABILITIES,
      ].join('\n'),
      managers: [],
    };
  }
  const credits = [...managers].map((m) => MANAGER_NAMES[m]);
  if (credits.length > 0) parts.push(`(Answered with the ${credits.join(', the ')}.)`);
  return { text: parts.join('\n'), managers: [...managers] };
}

export const MANAGER_NAMES: Record<ChatManager, string> = {
  safety: 'AI Safety Manager',
  accessibility: 'AI Accessibility Manager',
  budget: 'AI Budget Manager',
};
