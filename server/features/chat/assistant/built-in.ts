import { ACCESSIBILITY_FEATURE_LABELS } from '../../../../contracts/accessibility.js';
import type { Advisory } from '../../../../contracts/advisories.js';
import {
  ADVISORY_LEVEL_DESCRIPTIONS,
  advisoryLevelLabel,
  SERIOUS_ADVISORY_LEVEL,
} from '../../../../contracts/advisory-levels.js';
import {
  CHAT_GREETING as GREETING,
  type ChatManager,
  type ProposedItem,
} from '../../../../contracts/chat.js';
import type { Destination } from '../../../../contracts/destinations.js';
import { addDays, daysBetween } from '../../../../contracts/dates.values.js';
import { cartPriceOf } from '../../../../contracts/cart.js';
import { formatCents } from '../../../../contracts/money.js';
import { ITEM_TYPE_LABELS, type Trip } from '../../../../contracts/planner.js';
import { meetsNeed, needFeatureCount, normalize } from '../../search/rank.js';
import { asksOnlyForTheLine, crisisAnswer } from './crisis.js';
import {
  countryAnswer,
  dateOf,
  describeNeed,
  price,
  priceOrdered,
  advanceAnswer,
  detailsAnswer,
  emergencyAnswer,
  freeAnswer,
  veteranFacts,
  inCountry,
  ITEMS_LISTED_MAX,
  levelAnswer,
  levelsOverview,
  limitAnswer,
  list,
  noAdvisory,
  NO_TRIP,
  proposalAnswer,
  recommend,
  safetyAnswer,
  sentencesOf,
  seriousSummary,
  tripCostAnswer,
  tripDaysAnswer,
  type Scope,
} from './managers.js';
import type { PlanDraft } from './plan.js';
import { placesFor, type Country, type Places } from './places.js';
import { calledName, placeAfter } from './item-names.js';
import {
  createSkills,
  tripMentions,
  type ProposalOutcome,
  type Skills,
  type TripWithItems,
} from './skills.js';
import {
  planAnswer,
  tripByKind,
  tripDates,
  tripEmptyDays,
  tripEnds,
  tripGaps,
} from './trip-replies.js';
import type {
  Assistant,
  AssistantKnowledge,
  AssistantReply,
  AssistantRequest,
  ConversationState,
} from './types.js';
import {
  AVOID_COUNTRIES,
  EMPTY_DAYS,
  carriesIntent,
  itemKindsIn,
  followsUp,
  SITE_PAGES,
  understand,
  type Intent,
  type Question,
} from './understand.js';

const CAPABILITIES = [
  'Try: "Can a power chair get around Banff?"',
  '"Is Mexico safe to visit?" or "What does level 3 mean?"',
  '"What is the emergency number in Japan?"',
  '"Plan 3 days in Paris for a wheelchair user" or "Add a hotel in Banff on 3 December."',
  '"What is the total of my trip?" (your trips are on the [Flight Plan page](/flight-plan))',
  'If you are in crisis, ask for the crisis line: I answer that first.',
];

/** The honest answer to what the site's data cannot answer. */
const NOT_SURE = "I'm not sure I can answer that from this site's data, and I'd rather not guess.";
const BETA_ANSWER =
  'The beta programme is free and needs no purchase: sign-up takes 30-60 seconds. Beta testers get an access code and, when they give an e-mail, a verification link that is valid for 24 hours. Join with the Join Beta Testing button on the [home page](/).';

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

/** How many places one answer goes into in detail. */
const DETAILED = 3;
/** How many places of a list a follow-up can point back at ("which of those are free?"). */
const MATCHED_KEPT = 20;

/**
 * The default assistant: no network and no model. It reads the question (understand.ts), answers
 * the one thing it asks from the catalogue, the advisories, the emergency contacts, the help
 * lines and the visitor's own trips, and keeps what the answer was about for a follow-up.
 */
export function createBuiltInAssistant(knowledge: AssistantKnowledge): Assistant {
  return {
    async reply(request: AssistantRequest): Promise<AssistantReply> {
      const advisories = knowledge.advisories();
      const destinations = await knowledge.destinations();
      const places = placesFor(destinations, advisories, knowledge.emergency.list());
      const context = { places, destinations, now: request.now, state: request.state };
      const q = questionOf(request.message, context);
      const turn = new Turn(q, {
        knowledge,
        skills: createSkills(knowledge, request.visitorId),
        places,
        destinations,
        advisories,
        request,
      });
      return turn.answer();
    },
  };
}

interface TurnContext {
  knowledge: AssistantKnowledge;
  skills: Skills;
  places: Places;
  destinations: readonly Destination[];
  advisories: readonly Advisory[];
  request: AssistantRequest;
}

/**
 * "big crowds are hard for me, where is calmer?": quiet hours and spaces first, theme parks last,
 * whatever else they document.
 */
function calmFirst(text: string, ranked: Destination[]): Destination[] {
  if (
    !/\b(calm|calmer|quiet|quieter|peaceful|crowds?|crowded|busy|noise|noisy|loud|overwhelm\w*|overstimulat\w*)\b/.test(
      text,
    )
  ) {
    return ranked;
  }
  const calm = (d: Destination) =>
    (d.accessibilityFeatures.includes('low_sensory_times') ||
    d.accessibilityFeatures.includes('quiet_space')
      ? 2
      : /\bquiet\b|\brelaxed\b/i.test(d.description)
        ? 1
        : 0) - (d.category === 'Theme Park' ? 3 : 0);
  return [...ranked].sort((a, b) => calm(b) - calm(a));
}

/** "ASL": American Sign Language, not Auslan or French Sign Language; the others said so. */
function aslFirst(
  text: string,
  ranked: Destination[],
): { ranked: Destination[]; note: string | undefined } {
  if (!/\b(asl|american sign language)\b/.test(text)) return { ranked, note: undefined };
  const other = (d: Destination) =>
    /auslan|lsf|french sign language|bsl|british sign language/i.test(d.description) &&
    !/\bASL\b/.test(d.description);
  const elsewhere = ranked.filter(other);
  const first = ranked
    .filter((d) => !other(d))
    .sort((a, b) => Number(/\bASL\b/.test(b.description)) - Number(/\bASL\b/.test(a.description)));
  if (elsewhere.length === 0) return { ranked: first, note: undefined };
  const languages = elsewhere.map((d) =>
    /auslan/i.test(d.description)
      ? 'Auslan'
      : /lsf|french/i.test(d.description)
        ? 'French Sign Language'
        : 'British Sign Language',
  );
  return {
    ranked: first,
    note: `${list(elsewhere.map((d) => d.name))} offer${elsewhere.length === 1 ? 's' : ''} another sign language, not ASL (${languages.join(', ')}).`,
  };
}

/** The card proposed in the last answer, as the conversation keeps it. */
type ProposedState = NonNullable<ConversationState['item']>;
/** The kind of item a card adds. */
type ItemType = NonNullable<Question['itemType']>;

/** One answer being written: its lines, the managers that spoke and what it was about. */
class Turn {
  private readonly lines: string[] = [];
  private readonly managers = new Set<ChatManager>();
  private proposal: AssistantReply['proposal'];
  private readonly state: ConversationState = {};

  constructor(
    private readonly q: Question,
    private readonly ctx: TurnContext,
  ) {}

  private say(...lines: string[]) {
    this.lines.push(...lines);
  }

  private about(
    destinations: readonly Destination[],
    countries: readonly (Country | Advisory)[] = [],
  ) {
    if (destinations.length > 0) this.state.destinationIds = destinations.map((d) => d.id);
    const codes = countries.map((c) => ('code' in c ? c.code : c.countryCode));
    if (codes.length > 0) this.state.countryCodes = codes;
  }

  async answer(): Promise<AssistantReply> {
    const intent = await this.resolveIntent();
    this.remember(intent);
    await this.respond(intent);
    return this.finish(intent);
  }

  /**
   * What the question asks, read with the conversation so far and the visitor's open trip: the
   * intent understood from the message alone, corrected by each rule below in turn (which may also
   * fill in the question's needs, countries or places from what was said before).
   */
  private async resolveIntent(): Promise<Intent> {
    let intent = this.carriedIntent(this.q.intent);
    intent = this.placeFollowUpIntent(intent);
    intent = this.travellerFollowUpIntent(intent);
    intent = await this.openTripIntent(intent);
    intent = await this.tripItemsIntent(intent);
    intent = this.landmarkIntent(intent);
    return this.noTripIntent(intent);
  }

  /** A follow-up naming only a place ("and in Canada?"): the previous answer's kind, there. */
  private carriedIntent(intent: Intent): Intent {
    const { q } = this;
    const previous = this.ctx.request.state;
    if (carriesIntent(q, previous) && ['country', 'details', 'unknown'].includes(intent)) {
      const carried = previous!.intent as Intent;
      if (['safety', 'emergency', 'recommend', 'country', 'details'].includes(carried)) {
        intent = carried;
        if (q.needs.length === 0 && previous?.needs?.length) {
          q.needs.push(...(previous.needs as Question['needs']));
        }
        // "ok and New Zealand?" after veteran-friendly places: veteran-friendly there too.
        if (previous?.veteran && carried === 'recommend') {
          q.topics.veteran = true;
          q.veteranFilter = true;
        }
        // "what about the grand canyon?" after a list: that one place, in full.
        if (carried === 'recommend' && q.destinations.length === 1 && !q.referred) {
          intent = 'details';
        }
        // "what about the UK?" after one place: the places there, not an empty card.
        if (intent === 'details' && q.destinations.length === 0) {
          intent = q.needs.length > 0 || previous?.needs?.length ? 'recommend' : 'country';
        }
      }
    }
    return intent;
  }

  /** A follow-up on the previous safety or emergency answer's place, or on a town in it. */
  private placeFollowUpIntent(intent: Intent): Intent {
    const { q } = this;
    const previous = this.ctx.request.state;
    // "what about for deaf people?" after emergency numbers: the same answer, for the same country
    // ("how do I call for help there?" after its advisory: its numbers).
    if (
      followsUp(q) &&
      q.destinations.length === 0 &&
      ['emergency', 'safety'].includes(previous?.intent ?? '') &&
      q.countries.length > 0 &&
      !['crisis', 'limit', 'plan', 'add', 'trip', 'levels', 'helpLines'].includes(intent)
    ) {
      intent = q.topics.emergency ? 'emergency' : (previous!.intent as Intent);
    }
    // "is cartagena ok tho" after Colombia's level: that town's level.
    if (
      previous?.intent === 'safety' &&
      q.cities.length > 0 &&
      q.destinations.length === 0 &&
      q.needs.length === 0 &&
      ['recommend', 'country', 'details', 'unknown'].includes(intent)
    ) {
      intent = 'safety';
    }
    return intent;
  }

  /** A follow-up about the traveller described before ("for him", "can she call them"). */
  private travellerFollowUpIntent(intent: Intent): Intent {
    const { q } = this;
    const previous = this.ctx.request.state;
    // "what would you suggest for him?" after "my dad, a vietnam vet, uses a wheelchair": the
    // places for him, as said before.
    if (
      (intent === 'recommend' ||
        (intent === 'unknown' && /\b(where|suggest|recommend|send|take)\b/.test(q.text))) &&
      q.needs.length === 0 &&
      q.destinations.length === 0 &&
      /\b(him|her|them|us|he|she|they)\b/.test(q.text) &&
      (previous?.needs?.length || previous?.veteran)
    ) {
      intent = 'recommend';
      q.needs.push(...((previous.needs ?? []) as Question['needs']));
      if (previous.veteran) {
        q.topics.veteran = true;
        q.veteranFilter = true;
      }
    }
    // "my daughter only signs BSL, can she contact them herself?" after a country's emergency
    // numbers: how a deaf traveller reaches them there.
    if (
      previous?.intent === 'emergency' &&
      previous.countryCodes?.length === 1 &&
      q.countries.length === 0 &&
      q.cities.length === 0 &&
      q.destinations.length === 0 &&
      (q.needs.includes('Hearing Support') ||
        /\b(contact|call|reach|text|ring|phone) (them|the emergency|emergency|the police|police|an ambulance|the ambulance)\b/.test(
          q.text,
        )) &&
      !['crisis', 'limit', 'plan', 'add', 'trip', 'levels', 'helpLines'].includes(intent)
    ) {
      const country = this.ctx.places.country(previous.countryCodes[0]!);
      if (country) {
        q.countries.push(country);
        intent = 'emergency';
      }
    }
    return intent;
  }

  /** A question about "there" with a trip open: about the open trip's place. */
  private async openTripIntent(intent: Intent): Promise<Intent> {
    const { q } = this;
    const previous = this.ctx.request.state;
    const { request } = this.ctx;
    // "is it safe over there?", "while we're there": with a trip open and no place in the
    // conversation, the open trip's place.
    if (
      request.plannerId &&
      q.countries.length === 0 &&
      q.cities.length === 0 &&
      q.regions.length === 0 &&
      q.destinations.length === 0 &&
      ((!previous?.destinationIds?.length && !previous?.countryCodes?.length) ||
        GOING_TO.test(q.text)) &&
      (TRIP_PLACE.test(q.text) || THE_PLACE.test(q.text)) &&
      ['recommend', 'safety', 'emergency', 'country', 'details', 'unknown'].includes(intent)
    ) {
      const open = await this.openTripPlace();
      if (open && open.countries.length > 0) {
        q.countries.push(...open.countries);
        if (open.town) q.cities.push({ name: open.town, code: open.countries[0]!.code });
        // "is it accessible where I'm going?" with the trip at one catalogue place: that place.
        if (
          open.destinations.length === 1 &&
          (q.needs.length > 0 || q.anyAccess || q.features.length > 0 || THE_PLACE.test(q.text)) &&
          ['recommend', 'unknown', 'details', 'country'].includes(intent)
        ) {
          q.destinations.push(open.destinations[0]!);
          intent = 'details';
        } else if (
          // "what about where we're going?" after a list: the same list, there.
          previous?.intent === 'recommend' &&
          ['unknown', 'details', 'country'].includes(intent)
        ) {
          intent = 'recommend';
          if (q.needs.length === 0) q.needs.push(...((previous.needs ?? []) as Question['needs']));
        } else if (intent === 'unknown' || intent === 'details') intent = 'country';
      }
    }
    return intent;
  }

  /** "The hotels", "my flights" from a visitor with trips: the trips' items. */
  private async tripItemsIntent(intent: Intent): Promise<Intent> {
    const { q } = this;
    // "the hotels", "my flights": with trips, the trips' items, not the catalogue's hotels.
    if (
      intent === 'recommend' &&
      q.itemType &&
      /\b(the|my|our) (hotels?|flights?|cars?|activities|activity|stays?)\b/.test(q.text) &&
      q.needs.length === 0 &&
      q.countries.length === 0 &&
      q.destinations.length === 0 &&
      (await this.ctx.skills.tripItems({})).length > 0
    ) {
      intent = 'trip';
    }
    return intent;
  }

  /** A sight named: the catalogue place it is part of, or said not to be held. */
  private landmarkIntent(intent: Intent): Intent {
    const { q } = this;
    // "is the Eiffel Tower accessible?": a sight the catalogue does not hold is said to be so
    // (never places elsewhere in its stead); one inside a place it holds ("Lake Louise" in
    // Banff's description) is answered with that place.
    if (
      q.landmark &&
      q.destinations.length === 0 &&
      ['recommend', 'details', 'country', 'unknown'].includes(intent)
    ) {
      const name = normalize(q.landmark.replace(/^the /, ''));
      const inside = this.ctx.destinations.filter((d) =>
        ` ${normalize(d.description)} `.includes(` ${name} `),
      );
      const sight = q.landmark.charAt(0).toUpperCase() + q.landmark.slice(1);
      if (inside.length === 1) {
        this.say(`${sight} is part of ${inside[0]!.name} in our catalogue.`);
        q.destinations.push(inside[0]!);
        intent = 'details';
      } else {
        const need = q.needs.length > 0 ? ` for ${list(q.needs)}` : '';
        this.say(
          `${sight} is not in our catalogue, so I can't tell you what it offers${need}: ask its operator or the local tourist office directly.`,
        );
        // What the catalogue holds in the town or country named with it, if one was.
        intent =
          q.countries.length > 0 || q.cities.length > 0 || q.regions.length > 0
            ? 'recommend'
            : 'unheld';
      }
    }
    return intent;
  }

  /** A question about "the trip" from a visitor with none: about places. */
  private async noTripIntent(intent: Intent): Promise<Intent> {
    const { q } = this;
    // "this trip is killing me lol ... which museums let you in for free?": with no trip at all, a
    // question about places is about places.
    if (
      intent === 'trip' &&
      (q.kinds.length > 0 || q.topics.recommend || q.needs.length > 0) &&
      !q.itemType &&
      (await this.ctx.skills.tripItems({})).length === 0
    ) {
      intent = 'recommend';
    }
    return intent;
  }

  /** What this answer keeps for the next question: its intent, who travels, the place. */
  private remember(intent: Intent) {
    const { q } = this;
    const previous = this.ctx.request.state;
    this.state.intent = intent;
    // Who is travelling holds for the whole conversation, until the traveller says otherwise.
    const needs = q.needs.length > 0 ? q.needs : (previous?.needs ?? []);
    if (needs.length > 0) this.state.needs = [...needs];
    if (q.topics.veteran || previous?.veteran) this.state.veteran = true;
    // "does the grand canyon one cost us anything?", "does that work at yosemite too?" after "my
    // husband served in iraq": what the place says for veterans.
    if (
      previous?.veteran &&
      intent === 'details' &&
      (q.topics.price ||
        q.free ||
        /\b(discount|discounts|deal|work|works|apply|applies|count|counts)\b/.test(q.text))
    ) {
      q.topics.veteran = true;
    }
    // The place asked about, so "plan 2 days there" knows where.
    const asked = this.placeName() ?? previous?.place;
    if (asked) this.state.place = asked;
  }

  /** The answer for the intent: what its manager says. */
  private async respond(intent: Intent) {
    const { q } = this;
    if (q.limit === 'booking' && intent !== 'limit' && intent !== 'crisis') {
      this.say(...limitAnswer('booking'));
    }
    switch (intent) {
      case 'crisis':
        this.crisis();
        break;
      case 'limit':
        this.limit();
        break;
      case 'source':
        this.source();
        break;
      case 'plan':
        await this.plan();
        break;
      case 'add':
        await this.add();
        break;
      case 'trip':
        await this.trip();
        break;
      case 'levels':
        this.levels();
        break;
      case 'emergency':
        if (q.topics.safety) await this.safety();
        this.emergency(await this.countriesOrTrip());
        break;
      case 'helpLines':
        this.helpLines();
        break;
      case 'card':
        this.card();
        break;
      case 'page':
        this.page();
        break;
      case 'planCost':
        this.planCost();
        break;
      case 'planGaps':
        this.planGaps();
        break;
      case 'safety':
        await this.safety();
        break;
      case 'details':
        await this.details();
        break;
      case 'recommend':
        await this.recommend();
        break;
      case 'country':
        this.country();
        break;
      case 'veteranHelp':
        this.veteranHelp();
        break;
      case 'beta':
        this.say(BETA_ANSWER);
        break;
      case 'unheld':
        this.say(
          'The places our catalogue holds are searchable on the [home page](/), with what each documents for access.',
        );
        break;
      case 'thanks':
        this.say("You're welcome. Ask me anything else about your trip, a place or its access.");
        break;
      case 'greeting':
      case 'help':
        this.greeting();
        break;
      default:
        this.say(NOT_SURE, ...CAPABILITIES);
    }
  }

  /** "where do I see my trips?": the site's page for it. */
  private page() {
    const pages = SITE_PAGES.filter(([pattern]) => pattern.test(this.q.text));
    this.say(...pages.slice(0, 2).map(([, label, path]) => `Here it is: [${label}](${path}).`));
  }

  /** An honest limit of the site (booking, weather, ...), with what the place itself says. */
  private limit() {
    const { q } = this;
    this.say(...limitAnswer(q.limit ?? 'booking', q.destinations));
    // "can I buy Pearl Harbor tickets through you?": where the place says to book.
    if (q.limit === 'booking') {
      for (const d of q.destinations.slice(0, 2)) this.say(...advanceAnswer(d));
    } else if (q.needs.length > 0 || q.anyAccess) {
      // "Banff in January, is it wheelchair ok and what will the weather be?": the access
      // too, without what the limit's answer quoted already or an advisory nobody asked for.
      for (const d of q.destinations.slice(0, 1)) {
        this.say(
          ...detailsAnswer(d, q).filter((line) => !/^(What it says|Advisory|Price):/.test(line)),
        );
      }
    }
    this.about(q.destinations, q.countries);
  }

  /** "What happens if I like it?" after a card or a plan: how it is saved. */
  private card() {
    const previous = this.ctx.request.state;
    this.say(
      previous?.intent === 'plan'
        ? 'Nothing is saved yet. Choose Create trip (or Add to trip, for a trip you have) under the plan, and all its items go into your trip together; Discard drops it. You can change any item afterwards on the [Flight Plan page](/flight-plan).'
        : !previous?.item
          ? 'There is nothing to add yet: tell me the place, the day and the price, for example "add a hotel in Lisbon on March 11 for 130 euros", and a card will show it before anything is saved.'
          : !previous.item.plannerId
            ? 'Nothing is saved yet. Choose Create trip under the card: it makes the new trip with this item; Discard drops it. You can change it afterwards on the [Flight Plan page](/flight-plan).'
            : 'Nothing is saved yet. Choose Add to trip under the card to add the item; Discard drops it. You can change it afterwards on the [Flight Plan page](/flight-plan).',
    );
    this.state.item = previous?.item;
    this.state.planGaps = previous?.planGaps;
  }

  /** What the draft plan comes to. */
  private planCost() {
    const previous = this.ctx.request.state;
    this.managers.add('budget');
    this.say(
      `The draft plan comes to $${previous!.planTotal} as it stands: flights and hotel nights at the planner's usual prices, the places at their own (a price in another currency is entered as its number), so it is a rough figure until you put in real prices.`,
      'Nothing is added until you choose Create trip (or Add to trip) under the plan.',
    );
    this.state.planGaps = previous?.planGaps;
    this.state.planTotal = previous?.planTotal;
  }

  /** What the draft plan could not fill in. */
  private planGaps() {
    const previous = this.ctx.request.state;
    this.say(
      'What the plan could not fill in:',
      ...(previous?.planGaps ?? []).map((g) => `- ${g}`),
    );
    this.state.planGaps = previous?.planGaps;
  }

  /** A greeting or a request for help: what the assistant can do. */
  private greeting() {
    const { q } = this;
    // "how many destinations do you have?": the catalogue's size first.
    if (/\bhow many (destinations|places)\b/.test(q.text)) {
      const { destinations } = this.ctx;
      const countries = new Set(destinations.map((d) => d.country));
      this.say(
        `Our catalogue has ${destinations.length} destinations in ${countries.size} countries; the search on the [home page](/) lists them all.`,
      );
      return;
    }
    this.say(GREETING, ...CAPABILITIES);
  }

  /** The answer's last lines (the beta, a second question, the managers' credit) and its reply. */
  private async finish(intent: Intent): Promise<AssistantReply> {
    const { q } = this;
    // The beta programme asked about beside another question.
    if (q.topics.beta && intent !== 'beta' && intent !== 'crisis') this.say(BETA_ANSWER);
    // A second question after an honest limit ("will it rain in Paris? also is the Louvre step
    // free"): answered too, as if asked on its own.
    if (intent === 'limit') await this.alsoAsked();
    if (this.lines.length === 0) this.say(NOT_SURE, ...CAPABILITIES);

    const credit = credits(this.managers);
    if (credit) this.say(credit);
    return {
      text: this.lines.join('\n'),
      managers: [...this.managers],
      answeredBy: 'built-in',
      state: this.state,
      ...(this.proposal ? { proposal: this.proposal } : {}),
    };
  }

  /** The sentences after the first, when the first was an honest limit. */
  private async alsoAsked() {
    const rest = this.q.raw
      .split(
        /(?<=[?.!])\s+|\s+(?=\b(?:also|and also|plus|oh and)\b)|\s+(?=and\s+(?:is|are|can|could|does|do|what|how|which|will|would)\b)/i,
      )
      .slice(1)
      .join(' ')
      .replace(/^(also|and also|plus|oh and|and)\s+/i, '')
      .trim();
    if (rest.length < 6) return;
    // Only a second question: "i heard about the volcanoes" is not one.
    if (
      !/\?\s*$/.test(rest) &&
      !/^(what|which|where|how|who|when|is|are|can|could|does|do|will|would|should|tell)\b/i.test(
        rest,
      )
    ) {
      return;
    }
    const { request } = this.ctx;
    // The second question goes on about the places of the first ("...in Banff? and is the
    // gondola wheelchair accessible").
    const about = this.q.destinations.length > 0 || this.q.countries.length > 0;
    const q = understand(rest, {
      places: this.ctx.places,
      destinations: this.ctx.destinations,
      now: request.now,
      state: about
        ? {
            destinationIds: this.q.destinations.map((d) => d.id),
            countryCodes: this.q.countries.map((c) => c.code),
          }
        : request.state,
    });
    if (['limit', 'unknown', 'greeting', 'thanks', 'help', 'crisis'].includes(q.intent)) return;
    const more = new Turn(q, this.ctx);
    const answer = await more.answer();
    const lines = answer.text.split('\n').filter((line) => !line.startsWith('(Answered with'));
    this.say(...lines);
    for (const m of answer.managers) this.managers.add(m);
    Object.assign(this.state, answer.state);
    if (answer.proposal) this.proposal = answer.proposal;
  }

  /** Countries the question touches: named, through a town or a destination. */
  private countriesTouched(): Country[] {
    const found = [...this.q.countries];
    for (const d of this.q.destinations) {
      const country = this.ctx.places.country(d.countryCode);
      if (country && !found.includes(country)) found.push(country);
    }
    return found;
  }

  /** The countries asked about, else those of the open trip (or the only one). */
  private async countriesOrTrip(): Promise<Country[]> {
    const named = this.countriesTouched();
    if (named.length > 0) return named;
    const { skills, request } = this.ctx;
    const trips = await skills.tripItems({});
    const open = trips.filter((t) => t.trip.id === request.plannerId);
    const asked = open.length > 0 ? open : trips.length === 1 ? trips : [];
    return this.tripCountries(asked);
  }

  /** STEP and Overseas Citizens Services, as GET /api/help-lines has them. */
  private helpLines() {
    const { q } = this;
    const { step: asksStep, consular } = q.topics;
    const lines = this.ctx.knowledge.helpLines;
    const step = lines.smartTravelerEnrollmentProgram;
    const ocs = lines.overseasCitizensServices;
    this.managers.add('safety');
    if (asksStep) {
      this.say(
        `${step.name}: ${step.summary} Enroll at ${step.url} (how it works: ${step.infoUrl}). It is for ${step.audience}.`,
      );
    }
    if (consular || !asksStep) {
      const country = this.countriesTouched()[0];
      const fromHome =
        /\b(from home|back home|from the (us|u s|states|united states)|in the (us|states))\b/.test(
          q.text,
        );
      const local = country?.emergency?.consularNumber;
      const numbers = fromHome
        ? `${ocs.fromUsOrCanada} from the U.S. or Canada, or ${ocs.fromOverseas} from abroad`
        : `${local ?? ocs.fromOverseas} from ${country ? inCountry(country.name) : 'abroad'}, or ${ocs.fromUsOrCanada} from the U.S. or Canada`;
      this.say(
        `${ocs.name} helps ${ocs.audience} in an emergency abroad, a lost or stolen passport included: call ${numbers}. ${ocs.hoursNote} (${ocs.url})`,
      );
      if (country?.emergency?.emergencyNumber) {
        this.say(
          `If you are in danger, the local emergency number comes first: in ${inCountry(country.name)}, dial ${country.emergency.emergencyNumber}.`,
        );
      }
      this.about([], country ? [country] : []);
    }
  }

  private warnSerious(countries: readonly Country[]) {
    const serious = countries
      .map((c) => c.advisory)
      .filter((a): a is Advisory => a !== undefined && a.level >= SERIOUS_ADVISORY_LEVEL);
    if (serious.length === 0) return;
    this.managers.add('safety');
    this.say(...safetyAnswer(serious));
  }

  private crisis() {
    this.managers.add('safety');
    const { knowledge, request } = this.ctx;
    // Where the traveller is now ("we're on holiday in Spain", "currently in Bangkok"), never
    // where a veteran served; else the country the conversation was about.
    const { q } = this;
    // "a Korea vet": a country's last word is enough ("South Korea").
    const servedAs = (name: string) =>
      new RegExp(
        String.raw`\b(?:served|serving|deployed|deployment|tours?|fought|time)\b(?:\s+\w+){0,4}\s+(?:in\s+)?(?:the\s+)?${normalize(name)}\b|\b(?:home|back|returned|came back)\s+from\s+(?:the\s+)?${normalize(name)}\b|\b${normalize(name)}\s+(?:war\s+)?(?:vet|vets|veteran|veterans)\b`,
      ).test(q.text);
    const served = (name: string) =>
      [name, name.split(' ').at(-1)!].some((n) => n.length > 3 && servedAs(n));
    const candidates = [
      ...knowledge.emergency.namedIn(request.message).map((c) => ({ name: c.country, contact: c })),
      ...q.cities.map((city) => ({
        name: city.name,
        contact: this.ctx.places.country(city.code)?.emergency,
      })),
      ...q.countries.map((c) => ({ name: c.name, contact: c.emergency })),
    ].filter(
      (c): c is { name: string; contact: NonNullable<Country['emergency']> } =>
        c.contact !== undefined && !served(c.name),
    );
    const here = candidates.find(({ name }) =>
      new RegExp(
        String.raw`\b(?:in|at|from|to|visiting|holiday in|vacation in|over in)\s+(?:the\s+)?${normalize(name)}\b`,
      ).test(q.text),
    );
    const previous = [
      ...(request.state?.countryCodes ?? []),
      ...(request.state?.destinationIds ?? []).map(
        (id) => this.ctx.destinations.find((d) => d.id === id)?.countryCode,
      ),
    ]
      .map((code) => (code ? this.ctx.places.country(code)?.emergency : undefined))
      .find((contact) => contact !== undefined);
    const local = here?.contact ?? candidates.at(-1)?.contact ?? previous;
    // "can I text instead?": the answer to that first.
    const vcl = knowledge.helpLines.veteransCrisisLine;
    const followUp = request.state?.intent === 'crisis';
    // "does 988 work from Mexico?": no, it is a U.S. number; the chat works from anywhere.
    const abroad = local && local.countryCode !== 'US' && local.countryCode !== 'PR';
    if (
      /\b988\b/.test(q.text) &&
      /\b(work|from|abroad|outside|overseas|call)\b/.test(q.text) &&
      abroad
    ) {
      this.say(
        `988 is a U.S. number: from ${inCountry(local.country)}, use the chat at ${vcl.chatUrl}; in an emergency there, dial ${local.emergencyNumber ?? 'the local emergency number'}.`,
      );
    }
    // A veteran, or someone speaking of one: the Veterans Crisis Line first; anyone else, the
    // Lifeline first (a carer at the end of their tether, a parent who says she wants to die).
    const veteran =
      q.topics.veteran ||
      request.state?.veteran === true ||
      /\b(vets?|veterans?|served|serving|military|army|navy|marines?|air force|deployment|deployed|service members?|soldiers?|vcl)\b/.test(
        q.text,
      );
    const lifeline = knowledge.helpLines.crisisLifeline;
    if (/\b(text|sms)\b/.test(q.text) || (followUp && /\bmessage\b/.test(q.text))) {
      this.say(
        veteran
          ? `Yes: text ${vcl.text} (from a U.S. phone), or use the chat from anywhere: ${vcl.chatUrl}`
          : `Yes: text ${lifeline.text} (from a U.S. phone), or use the chat: ${lifeline.chatUrl}. If you served, text ${vcl.text}.`,
      );
    } else if (followUp && /\b(chat|online)\b/.test(q.text)) {
      this.say(`Yes: the chat works from anywhere, the U.S. or abroad: ${vcl.chatUrl}`);
    }
    this.say(
      ...crisisAnswer(knowledge.helpLines, local, {
        plain: asksOnlyForTheLine(request.message),
        veteran,
      }),
    );
  }

  /** Where the facts come from: a place's own pages, the State Department, the numbers' sources. */
  private source() {
    const { q } = this;
    const { knowledge } = this.ctx;
    const shown = q.destinations.slice(0, DETAILED);
    for (const d of shown) {
      const source = knowledge.destinationSource?.(d.id);
      this.say(
        source
          ? `${d.name}: the accessibility facts come from ${linked(source.source)} (checked ${dateOf(source.checkedAt)}).`
          : `${d.name}: from the site's destination catalogue.`,
      );
    }
    this.about(shown, q.countries);
    if (shown.length === 0 || q.topics.safety || /\blevels?\b/.test(q.text)) {
      this.managers.add('safety');
      const rated = q.countries.map((c) => c.advisory).filter((a): a is Advisory => !!a);
      this.say(
        ...(rated.length > 0
          ? rated.map(
              (a) =>
                `${a.country}'s level comes from the US State Department: ${a.source ?? 'https://travel.state.gov'}`,
            )
          : [
              "Advisory levels come from the US State Department (https://travel.state.gov), each with the date of the advisory; emergency numbers from each country's official pages where we could check them, and the help lines from the VA and the State Department. Every answer names its source.",
            ]),
      );
    }
  }

  private veteranHelp() {
    const lines = this.ctx.knowledge.helpLines;
    const vcl = lines.veteransCrisisLine;
    this.managers.add('safety');
    this.say(
      `For veterans: the ${vcl.name} is free and confidential, ${vcl.availability}. In the U.S., dial ${vcl.call.dial} then press ${vcl.call.thenPress}, or text ${vcl.text}; chat at ${vcl.chatUrl}. ${vcl.overseasNote}`,
      `Abroad, U.S. citizens can call Overseas Citizens Services on ${lines.overseasCitizensServices.fromOverseas} (${lines.overseasCitizensServices.fromUsOrCanada} from the U.S. or Canada), and enroll trips in STEP: ${lines.smartTravelerEnrollmentProgram.url}`,
      'Veteran-friendly destinations and the help lines are on the [Emergency information page](/emergency-info) and in the search on the [home page](/).',
    );
  }

  /** Advisory levels: what one means, a country's, the places or countries at one. */
  private levels() {
    const { q } = this;
    const { advisories } = this.ctx;
    this.managers.add('safety');
    const asksList = q.topics.list || /\bcountries\b/.test(q.text);
    // "what does that level mean?" after a country or a place: that country's level.
    const touched = q.level === undefined ? this.countriesTouched() : q.countries;
    const countryLevel = touched.find((c) => c.advisory)?.advisory?.level;
    const level =
      q.level ??
      countryLevel ??
      (/\b(highest|most dangerous|do not travel|level four)\b/.test(q.text) ||
      AVOID_COUNTRIES.test(q.text)
        ? 4
        : /\b(lowest|safest)\b/.test(q.text)
          ? 1
          : /\blevel three\b/.test(q.text)
            ? 3
            : undefined);
    if (this.countryAtLevel(asksList)) return;
    // "what's the difference between level 2 and level 3?": both, side by side.
    const levelsNamed = [
      ...new Set(
        [
          ...q.text.matchAll(/\blevel\s*([1-4])\b|\b(?:and|vs|versus|or|to)\s+(?:a\s+)?([1-4])\b/g),
        ].map((m) => Number(m[1] ?? m[2])),
      ),
    ];
    if (this.levelsSideBySide(levelsNamed, touched)) return;
    if (level === undefined) {
      this.say(...levelsOverview(advisories));
      return;
    }
    if (this.levelAgainstCountry(touched)) return;
    if (this.levelOfCountriesTalkedOf(level, asksList)) return;
    if (this.levelInRegion(level)) return;
    if (this.destinationsAtLevel(level)) return;
    this.say(...levelAnswer(level, advisories, asksList));
    this.about(
      [],
      advisories.filter((a) => a.level === level),
    );
  }

  /** "egypt is level 4 right?": yes or no for that country, then its advisory. */
  private countryAtLevel(asksList: boolean): boolean {
    const { q } = this;
    const named = q.countries.filter((c) => c.advisory);
    if (
      q.level !== undefined &&
      named.length === 1 &&
      !asksList &&
      /\b(is|s|still|at)\s+(a\s+)?level\s*[1-4]\b/.test(q.text) &&
      !/\b(mean|means|meaning|difference|worse|better|than|compare|vs|versus)\b/.test(q.text)
    ) {
      const advisory = named[0]!.advisory!;
      const name = named[0]!.name;
      this.say(
        advisory.level === q.level
          ? `Yes: ${name} is at Level ${advisory.level}.`
          : `No: ${name} is at Level ${advisory.level}, not Level ${q.level}.`,
        ...safetyAnswer([advisory]),
      );
      this.about([], named);
      return true;
    }
    return false;
  }

  /** Two levels named: the catalogue's places at them, or the two levels side by side. */
  private levelsSideBySide(levelsNamed: readonly number[], touched: readonly Country[]): boolean {
    const { q } = this;
    // "are any of your destinations level 3 or 4?": the catalogue's places at those levels.
    if (levelsNamed.length >= 2 && /\b(destinations?|places|of yours|your|ur)\b/.test(q.text)) {
      const at = this.ctx.destinations.filter((d) => levelsNamed.includes(d.safetyLevel));
      const highest = Math.max(...this.ctx.destinations.map((d) => d.safetyLevel));
      this.say(
        at.length > 0
          ? `Yes: ${list(at.map((d) => `${d.name} (${d.country}, Level ${d.safetyLevel})`))}.`
          : `No: none of our destinations is in a country at Level ${list(levelsNamed.map(String), 'or')}; the highest is Level ${highest}, ${list([...new Set(this.ctx.destinations.filter((d) => d.safetyLevel === highest).map((d) => d.country))])}.`,
      );
      return true;
    }
    if (levelsNamed.length >= 2 && touched.length === 0) {
      this.say(
        ...levelsNamed.map(
          (n) =>
            `Level ${n}, ${advisoryLevelLabel(n)}: ${ADVISORY_LEVEL_DESCRIPTIONS[n as 1 | 2 | 3 | 4]}.`,
        ),
        'The higher the level, the greater the risk; Level 4 is the highest (US State Department).',
      );
      return true;
    }
    return false;
  }

  /**
   * "is that worse than a level 2?", "what's the difference between that and level 1?": the
   * country's level against the one named.
   */
  private levelAgainstCountry(touched: readonly Country[]): boolean {
    const { q } = this;
    const own = [...touched, ...this.countriesTouched()].find((c) => c.advisory)?.advisory;
    const comparing =
      /\b(worse|better|higher|lower|more dangerous|less dangerous|safer|riskier|same as)\b/.test(
        q.text,
      );
    const contrasting = /\b(diff|difference|different|compare|compared|versus|vs)\b/.test(q.text);
    if (own && q.level !== undefined && (comparing || contrasting)) {
      const worse = /\b(worse|higher|more dangerous|riskier)\b/.test(q.text);
      const answer =
        own.level === q.level ? 'No, the same' : own.level > q.level === worse ? 'Yes' : 'No';
      const levels = [own.level, q.level].map(
        (n) =>
          `Level ${n}, ${advisoryLevelLabel(n)}: ${ADVISORY_LEVEL_DESCRIPTIONS[n as 1 | 2 | 3 | 4]}.`,
      );
      this.say(
        comparing
          ? `${answer}: ${own.country} is at Level ${own.level}, ${advisoryLevelLabel(own.level)}; Level ${q.level} is ${advisoryLevelLabel(q.level)}. Level 4 is the highest.`
          : `${own.country} is at Level ${own.level}; you asked about Level ${q.level}. Level 4 is the highest.`,
        ...(contrasting ? levels : []),
      );
      if (contrasting) this.say(...safetyAnswer([own]));
      this.about([], [own]);
      return true;
    }
    return false;
  }

  /**
   * "what does level 3 mean? should we cancel colombia", "is level 2 something to worry about?"
   * after a place in France: the level's meaning, then that country's own advisory.
   */
  private levelOfCountriesTalkedOf(level: number, asksList: boolean): boolean {
    const { q } = this;
    const { advisories } = this.ctx;
    const previous = this.ctx.request.state;
    const talkedOf = [
      ...(previous?.countryCodes ?? []),
      ...(previous?.destinationIds ?? []).map(
        (id) => this.ctx.destinations.find((d) => d.id === id)?.countryCode,
      ),
    ]
      .map((code) => (code ? this.ctx.places.country(code) : undefined))
      .filter((c): c is Country => c !== undefined);
    const rated = [
      ...new Set([
        ...this.countriesTouched(),
        ...(q.level !== undefined && q.regions.length === 0 ? talkedOf : []),
      ]),
    ].filter((c) => c.advisory?.level === level);
    if (rated.length > 0 && !asksList && q.regions.length === 0) {
      const meaning = levelAnswer(level, advisories, false)[0]!;
      const after = previous?.intent;
      const meaningFirst = q.level !== undefined || after === 'safety' || after === 'country';
      if (meaningFirst) this.say(meaning);
      for (const c of rated.slice(0, 2)) this.say(...safetyAnswer([c.advisory!]));
      if (!meaningFirst) this.say(meaning);
      // "...and is anywhere else on that level?"
      if (/\b(anywhere else|any other|other countries|else)\b/.test(q.text)) {
        this.say(levelAnswer(level, advisories, false)[1]!);
      }
      this.about([], rated);
      return true;
    }
    return false;
  }

  /** "any level 1 places in the Caribbean?": the region's countries at that level, or none. */
  private levelInRegion(level: number): boolean {
    const { q } = this;
    const { advisories } = this.ctx;
    if (q.regions.length > 0) {
      const region = q.regions[0]!;
      const inRegion = advisories.filter((a) => region.codes.includes(a.countryCode));
      const at = inRegion.filter((a) => a.level === level);
      const places = this.ctx.destinations.filter(
        (d) => region.codes.includes(d.countryCode) && d.safetyLevel === level,
      );
      this.say(
        at.length > 0
          ? `Level ${level} (${advisoryLevelLabel(level)}) in ${region.name}, in this site's data: ${list(at.map((a) => a.country))}.`
          : `None of the countries in ${region.name} in this site's data is at Level ${level}${inRegion.length > 0 ? `: ${inRegion.map((a) => `${a.country} Level ${a.level}`).join(', ')}` : ''}.`,
        places.length > 0
          ? `Our destinations there at Level ${level}: ${list(places.map((d) => d.name))}.`
          : `Our catalogue has no destination in ${region.name} at Level ${level}.`,
      );
      this.about(places, at);
      return true;
    }
    return false;
  }

  /** Whether a level is the worst; whether all, or which, of the catalogue's places are at it. */
  private destinationsAtLevel(level: number): boolean {
    const { q } = this;
    if (q.yesNo && /\b(worst|highest|most serious|most dangerous|top)\b/.test(q.text)) {
      this.say(
        level === 4
          ? 'Yes: Level 4, Do Not Travel, is the highest of the four levels.'
          : `No: Level 4, Do Not Travel, is the highest; Level ${level} is ${advisoryLevelLabel(level)}.`,
      );
    }
    // "are all your destinations level 1?": no, and which are not.
    if (q.yesNo && /\ball\b/.test(q.text) && !/\bcountr(y|ies)\b/.test(q.text)) {
      const others = this.ctx.destinations.filter((d) => d.safetyLevel !== level);
      this.say(
        others.length === 0
          ? `Yes: every destination of our catalogue is in a country at Level ${level}.`
          : `No: ${list(others.map((d) => `${d.name} (${d.country}, Level ${d.safetyLevel})`))} ${others.length === 1 ? 'is' : 'are'} not at Level ${level}; the others are.`,
      );
      return true;
    }
    // "which of your destinations are level two": the catalogue's places, not countries.
    if (
      /\b(destinations?|places|of yours|your)\b/.test(q.text) &&
      !/\bcountr(y|ies)\b/.test(q.text)
    ) {
      const at = this.ctx.destinations.filter((d) => d.safetyLevel === level);
      this.say(
        at.length > 0
          ? `Our destinations in countries at Level ${level} (${advisoryLevelLabel(level)}): ${list(at.map((d) => `${d.name} (${d.country})`))}.`
          : `None of our destinations is in a country at Level ${level}.`,
      );
      this.about(at, []);
      return true;
    }
    return false;
  }

  private emergency(countries: readonly Country[]) {
    const { skills } = this.ctx;
    this.managers.add('safety');
    this.about([], countries);
    if (countries.length === 0) {
      this.say(
        `Which country? I have emergency numbers for ${skills.emergencyCountryCount()} countries, all on the [Emergency information page](/emergency-info). Wherever you are, the local emergency number comes first.`,
      );
      return;
    }
    const deaf = this.q.needs.includes('Hearing Support');
    // "just the number, nothing else": the number alone.
    const brief =
      /\bnothing else\b|\b(just|only) (give me |tell me )?the (emergency |police |ambulance |fire )?numbers?\b/.test(
        this.q.text,
      );
    // "number for an ambulance in thailand?": that service's number first.
    const service = (['ambulance', 'police', 'fire'] as const).find((name) =>
      new RegExp(
        {
          ambulance: String.raw`\b(ambulances?|paramedics?|medical emergency)\b`,
          police: String.raw`\b(police|cops?)\b`,
          fire: String.raw`\b(fire (brigade|department|service)|firefighters?)\b`,
        }[name],
      ).test(this.q.text),
    );
    for (const country of countries.slice(0, DETAILED)) {
      const contact = country.emergency;
      const number = service && contact ? (contact[service] ?? contact.emergencyNumber) : undefined;
      if (service && number) {
        this.say(
          `${service.charAt(0).toUpperCase()}${service.slice(1)} in ${inCountry(country.name)}: ${number}.`,
        );
      }
      if (brief && contact) {
        this.say(emergencyAnswer(contact)[0]!);
        continue;
      }
      // "and for deaf people?": how a deaf traveller reaches them, first (or, not known, once).
      if (deaf && contact?.deafAccess) {
        this.say(`Deaf or hard of hearing in ${inCountry(country.name)}: ${contact.deafAccess}`);
      }
      this.say(
        ...(contact
          ? emergencyAnswer(contact).filter(
              (line) => !deaf || !contact.deafAccess || !line.startsWith('Deaf or hard'),
            )
          : [
              `I have no emergency numbers for ${country.name} in this site's data, and I will not guess one. The US State Department's country page on travel.state.gov lists them, with the nearest US embassy.`,
            ]),
      );
    }
  }

  /** A country's advisory (or a region's levels), the way the question asks for it. */
  private async safety() {
    const { q } = this;
    this.managers.add('safety');
    let countries = q.regions.length > 0 ? this.countriesTouched() : await this.countriesOrTrip();
    if (this.noCountryToRate(countries)) return;
    countries = countries.slice(0, DETAILED);
    this.about(q.destinations, countries);
    // "what level was it before that?": what the advisory says of its change, first.
    const history =
      /\b(before|previously|used to|earlier|changed?|lowered|raised|higher before|lower before)\b/.test(
        q.text,
      );
    if (history) {
      for (const country of countries) {
        const summary = country.advisory?.summary ?? '';
        const change = sentencesOf(summary).find((s) =>
          /\b(lowered|raised|from level \d)/i.test(s),
        );
        const was = /from level (\d)/i.exec(change ?? '')?.[1];
        this.say(
          change
            ? `${was ? `It was Level ${was}. ` : ''}${change}`
            : `This site's data does not hold ${inCountry(country.name)}'s earlier levels; the State Department's page for it on travel.state.gov has its history.`,
        );
      }
    }
    for (const country of history ? [] : countries) this.countrySafety(country);
    this.safetyExtras();
  }

  /** A region's levels, or the question which country, when no country was named. */
  private noCountryToRate(countries: readonly Country[]): boolean {
    const { q } = this;
    if (countries.length === 0 && q.regions.length > 0) {
      const region = q.regions[0]!;
      const rated = this.ctx.advisories.filter((a) => region.codes.includes(a.countryCode));
      this.say(
        rated.length > 0
          ? `Advisory levels in ${region.name} in this site's data: ${rated.map((a) => `${a.country} Level ${a.level}`).join(', ')}. Ask me about one country for its details.`
          : `I have no advisories for countries in ${region.name}.`,
      );
      return true;
    }
    if (countries.length === 0) {
      this.say(`Which country are you asking about? ${seriousSummary(this.ctx.advisories)}`);
      return true;
    }
    return false;
  }

  /** One country's advisory, also for a town or a "do not go list"; what else is known without. */
  private countrySafety(country: Country) {
    const { q } = this;
    if (country.advisory) {
      // "is cancun ok?": a town the advisory's summary does not name has the country's level.
      const town = q.cities.find(
        (c) =>
          c.code === country.code &&
          !normalize(country.advisory!.summary ?? '').includes(normalize(c.name)),
      );
      // "jamaica still on the do not go list?": yes or no first.
      if (
        /\b(do not go|dont go|no go|do not travel|don t travel|off limits|banned|blacklist\w*)\b/.test(
          q.text,
        )
      ) {
        this.say(
          country.advisory.level === 4
            ? `Yes: ${country.name} is at Level 4: Do Not Travel.`
            : `No: ${country.name} is at Level ${country.advisory.level}, not Level 4 (Do Not Travel).`,
        );
      }
      if (town) {
        this.say(
          `The advisory's summary in this site's data does not name ${town.name}, so ${inCountry(country.name)}'s Level ${country.advisory.level} is what applies to it as far as our data goes; the State Department's page on travel.state.gov lists the areas in full.`,
        );
      }
      this.say(...safetyAnswer([country.advisory]));
      return;
    }
    // No level to give: what the site does know there, so the answer is not a shrug.
    this.say(noAdvisory(country));
    const number = country.emergency?.emergencyNumber;
    const ocs = this.ctx.knowledge.helpLines.overseasCitizensServices;
    this.say(
      number
        ? `In ${inCountry(country.name)}, dial ${number} in an emergency.`
        : `I have no emergency number for ${inCountry(country.name)} in this site's data; U.S. citizens there can call Overseas Citizens Services on ${ocs.fromOverseas}. ${ocs.hoursNote}`,
    );
    if (!this.ctx.destinations.some((d) => d.countryCode === country.code)) {
      this.say(`Our catalogue has no destination in ${inCountry(country.name)} yet.`);
    }
  }

  /** The price and the access of the place talked about, when the question asks for them too. */
  private safetyExtras() {
    const { q } = this;
    // "how much is it and is Australia safe?" after the Opera House: its price too.
    if (q.topics.price && q.destinations.length === 0) {
      const last = this.ctx.request.state?.destinationIds ?? [];
      const place =
        last.length === 1 ? this.ctx.destinations.find((d) => d.id === last[0]) : undefined;
      if (place) {
        this.managers.add('budget');
        this.say(`${place.name} costs ${price(place)}.`);
        this.state.destinationIds = [place.id];
      }
    }
    // "is France level 2? dad wants to see Omaha Beach, he uses a wheelchair": the place too.
    if (q.needs.length > 0 || q.anyAccess) {
      for (const d of q.destinations.slice(0, 2)) {
        this.managers.add('accessibility');
        this.say(...detailsAnswer(d, q).filter((line) => !line.startsWith('Advisory:')));
      }
    }
  }

  private country() {
    const { q } = this;
    const countries = q.countries.slice(0, 2);
    this.managers.add('safety');
    this.managers.add('accessibility');
    for (const country of countries) {
      const there = this.ctx.destinations.filter(
        (d) => d.countryCode === country.code && !q.excluded.includes(d),
      );
      // "what do you have in Canada other than Banff?"
      const setAside = q.excluded.filter((d) => d.countryCode === country.code);
      if (setAside.length > 0 && there.length === 0) {
        this.say(
          `Besides ${list(setAside.map((d) => d.name))}, our catalogue has no other destination in ${inCountry(country.name)} yet.`,
        );
        this.about(setAside, countries);
        continue;
      }
      this.say(...countryAnswer(country, there, q));
      this.about(there, countries);
    }
  }

  private async details() {
    const { q } = this;
    if (q.referred && q.destinations.length > 1 && BEST_ONE.test(q.text)) {
      this.bestOf(q.destinations, this.ctx.request.state);
      return;
    }
    if (q.referred && q.destinations.length > 1 && (q.features.length > 0 || q.needs.length > 0)) {
      this.amongThose(q.destinations);
      return;
    }
    const shown = q.destinations.slice(0, DETAILED);
    this.about(shown, []);
    this.managers.add('accessibility');
    if (q.topics.price || q.free) this.managers.add('budget');
    // "is Yosemite or Acadia better for a blind person?": which documents more, first.
    const needs = q.needs.length > 0 ? q.needs : q.anyAccess ? (['Mobility Support'] as const) : [];
    if (
      shown.length > 1 &&
      needs.length > 0 &&
      /\b(or|better|best|compare|versus|vs)\b/.test(q.text)
    ) {
      const count = (d: Destination) =>
        needs.every((n) => meetsNeed(d, n)) ? 1 + needFeatureCount(d, needs) : 0;
      const [best, next] = [...shown].sort((a, b) => count(b) - count(a));
      if (best && next && count(best) > count(next)) {
        this.say(
          `${best.name} documents more for ${list([...needs])}${count(next) === 0 ? `; ${next.name} documents nothing for it` : ''}. The details:`,
        );
      } else if (best && next && count(best) > 0) {
        this.say(`Both document ${list([...needs])}. The details:`);
      }
    }
    for (const d of shown) this.say(...detailsAnswer(d, q));
    if (q.topics.safety) {
      this.managers.add('safety');
      const countries = [...new Set(shown.map((d) => d.countryCode))]
        .map((code) => this.ctx.places.country(code))
        .filter((c): c is Country => c !== undefined);
      for (const c of countries)
        this.say(...(c.advisory ? safetyAnswer([c.advisory]) : [noAdvisory(c)]));
    } else {
      this.warnSerious(shown.map((d) => this.ctx.places.country(d.countryCode)!).filter(Boolean));
    }
    if (q.topics.emergency) this.emergency(this.countriesTouched());
  }

  /** The open trip's place, for "near where I'm staying" (read from its title and destination). */
  private async openTripPlace(): Promise<
    { countries: Country[]; destinations: Destination[]; town?: string } | undefined
  > {
    const { request, skills, places } = this.ctx;
    if (!request.plannerId) return undefined;
    const trip = (await skills.tripItems({})).find((t) => t.trip.id === request.plannerId)?.trip;
    if (!trip) return undefined;
    const text = `${trip.title} ${trip.destination}`;
    const named = places.find(normalize(text).split(' '), text);
    const countries = this.tripCountries([{ trip, items: [], totalCents: 0, bookedCents: 0 }]);
    return {
      countries,
      destinations: named.destinations,
      ...(named.cities[0] ? { town: named.cities[0].name } : {}),
    };
  }

  /** Where a list is drawn from: places pointed back at, a town, countries, a region, or anywhere. */
  private scope(): { pool: Destination[]; scope: Scope; countries: Country[] } {
    const { q } = this;
    const all = [...this.ctx.destinations];
    // "the cheapest one that isn't free" after the free ones: not among those.
    const priced = q.notFree
      ? q.destinations.filter((d) => cartPriceOf(d.price) > 0)
      : q.destinations;
    if (q.referred && priced.length > 0) {
      return { pool: [...priced], scope: { where: ' among those' }, countries: [] };
    }
    const city = q.cities[0];
    if (city) {
      const inTown = all.filter((d) => normalize(d.location).includes(normalize(city.name)));
      if (inTown.length > 0)
        return { pool: inTown, scope: { where: ` in ${city.name}` }, countries: [] };
      // "Edinburgh": none there, said, then the country's.
      const country = this.ctx.places.country(city.code);
      if (country && all.some((d) => d.countryCode === country.code)) {
        this.say(
          `Our catalogue has no destination in ${city.name} yet; elsewhere in ${inCountry(country.name)}:`,
        );
      }
    }
    if (q.countries.length > 0) {
      const codes = q.countries.map((c) => c.code);
      return {
        pool: all.filter((d) => codes.includes(d.countryCode)),
        scope: {
          where: ` in ${list(
            q.countries.map((c) => inCountry(c.name)),
            'or',
          )}`,
        },
        countries: q.countries,
      };
    }
    if (q.regions.length > 0) {
      const codes = q.regions.flatMap((r) => r.codes);
      return {
        pool: all.filter((d) => codes.includes(d.countryCode)),
        scope: {
          // "in Europe", but "outside the United States".
          where: ` ${list(
            q.regions.map((r) => (r.name.startsWith('outside') ? r.name : `in ${r.name}`)),
            'or',
          )}`,
        },
        countries: [],
      };
    }
    if (q.destinations.length > 0) {
      return { pool: [...q.destinations], scope: { where: '' }, countries: [] };
    }
    return { pool: all, scope: { where: '' }, countries: [] };
  }

  private async recommend() {
    const { q } = this;
    const previous = this.ctx.request.state;
    await this.recommendFromConversation();
    const scoped = this.scope();
    const { scope, countries } = scoped;
    // "which one would be best for him?" after a list: one place, for who is travelling.
    if (q.referred && q.destinations.length > 1 && BEST_ONE.test(q.text)) {
      this.bestOf(q.destinations, previous);
      return;
    }
    // "other than Banff", "not the Louvre": set aside.
    const pool = scoped.pool.filter((d) => !q.excluded.includes(d));
    this.managers.add('accessibility');
    if (q.budget !== undefined || q.topics.price || q.order || q.free) this.managers.add('budget');
    if (this.noneThere(pool, scope, countries)) return;
    const safetySaid = this.safetyFirst(countries);
    // "somewhere warm": the site holds no climate, said once, then the places.
    if (/\b(warm|warmer|sunny|sunshine|hot|tropical|beach weather|mild)\b/.test(q.text)) {
      this.say(
        "I can't judge climate or weather from this site's data, so these are not sorted by it:",
      );
    }
    const ofKind =
      q.kinds.length > 0 ? pool.filter((d) => q.kinds.includes(normalize(d.category))) : pool;
    if (q.free) {
      const found = await this.ctx.skills.searchDestinations({
        needs: q.needs,
        destinationIds: ofKind.map((d) => d.id),
      });
      const answer = freeAnswer(q, found, scope, ofKind);
      this.say(...answer.lines);
      this.about(answer.shown, countries);
      return;
    }
    if (
      q.budget === undefined &&
      q.topics.price &&
      !q.order &&
      q.needs.length === 0 &&
      q.kinds.length === 0 &&
      !q.topics.recommend
    ) {
      this.say(
        'Tell me your budget with an amount, for example "under $200", or ask for the cheapest, and I will list the destinations that fit, with what each price covers.',
      );
      return;
    }
    const needs: Question['needs'] =
      q.needs.length > 0 ? q.needs : q.anyAccess ? ['Mobility Support'] : [];
    let ranked = await this.searchRanked(ofKind, needs, scope);
    ranked = calmFirst(q.text, ranked);
    const asl = aslFirst(q.text, ranked);
    ranked = this.featuresFirst(asl.ranked, scope);
    this.say(...recommend(q, ranked, scope));
    if (asl.note) this.say(asl.note);
    this.otherCurrencies(ofKind, ranked, needs);
    if (ranked.length === 0 && needs.length > 0) {
      this.undocumented(ofKind, needs, scope, countries, safetySaid);
      return;
    }
    const shown = q.order ? ranked : ranked.slice(0, 5);
    // Every place the answer matched, for "which of those are free?" beyond the five shown.
    this.about(
      (q.order ? priceOrdered(ranked, q.order) : ranked).slice(0, MATCHED_KEPT),
      countries,
    );
    if (safetySaid) return;
    this.warnSerious(
      [...new Set(shown.map((d) => d.countryCode))]
        .map((code) => this.ctx.places.country(code))
        .filter((c): c is Country => c !== undefined),
    );
  }

  /**
   * The question filled in from the open trip and the conversation: where ("near where I'm
   * staying", "anything under 20 bucks?" after a place), the budget and the needs said before.
   */
  private async recommendFromConversation() {
    const { q } = this;
    // "near where I'm staying", "around here": the open trip's place.
    if (
      q.countries.length === 0 &&
      q.cities.length === 0 &&
      q.regions.length === 0 &&
      /\b(where (i ?m|i am|we ?re|we are) staying|near (my|our) (hotel|trip)|around here|nearby|near me|close by)\b/.test(
        q.text,
      )
    ) {
      const open = await this.openTripPlace();
      if (open) {
        q.countries.push(...open.countries);
        if (open.town) q.cities.push({ name: open.town, code: open.countries[0]?.code ?? '' });
      }
    }
    // A budget said earlier in the conversation still holds ("...and my brother uses a wheelchair").
    const previous = this.ctx.request.state;
    if (!q.budget && previous?.budget && previous.intent === 'recommend' && followsUpOrShort(q)) {
      q.budget = previous.budget;
    }
    // "anything under 20 bucks?" after what there is in Florida: still in Florida.
    if (
      q.countries.length === 0 &&
      q.cities.length === 0 &&
      q.regions.length === 0 &&
      !q.referred &&
      previous?.place &&
      (previous.intent === 'recommend' || previous.intent === 'country') &&
      /^(and |ok |so )?(any|anything|something|what|which|is there)\b/.test(q.text) &&
      (q.budget !== undefined || q.order !== undefined || q.free)
    ) {
      const there = this.ctx.places.find(normalize(previous.place).split(' '), previous.place);
      q.countries.push(...there.countries);
      q.cities.push(...there.cities);
      q.regions.push(...there.regions);
    }
    // "any outside the US?" after neuro-friendly places: the same needs, there.
    if (
      q.needs.length === 0 &&
      !q.anyAccess &&
      previous?.needs?.length &&
      previous.intent === 'recommend' &&
      (followsUp(q) || /^(any|anything|some|ones?)\b/.test(q.text))
    ) {
      q.needs.push(...(previous.needs as Question['needs']));
    }
    if (q.budget) this.state.budget = q.budget;
    if (q.kinds.length > 0) this.state.kinds = [...q.kinds];
    // "any of those outside the US?" when none is: said, then the places there for the same needs.
    if (q.noneOf) {
      const where = list(
        q.regions.map((r) => (r.name.startsWith('outside') ? r.name : `in ${r.name}`)),
        'or',
      );
      const inPlace =
        where ||
        `in ${list(
          q.countries.map((c) => inCountry(c.name)),
          'or',
        )}`;
      this.say(`None of those (${list(q.noneOf.slice(0, 5).map((d) => d.name))}) is ${inPlace}.`);
      if (q.needs.length === 0 && previous?.needs?.length) {
        q.needs.push(...(previous.needs as Question['needs']));
      }
    }
  }

  /** Nothing to list there (all set aside, a country or a region without places): said so. */
  private noneThere(pool: readonly Destination[], scope: Scope, countries: readonly Country[]) {
    const { q } = this;
    if (pool.length === 0 && q.excluded.length > 0) {
      this.say(
        `Besides ${list(q.excluded.map((d) => d.name))}, our catalogue has no other destination${scope.where}${scope.where ? '' : ' that fits'} yet.`,
      );
      this.about([], countries);
      return true;
    }

    // A country with no destination at all: say so, and what the site knows there (issue 23:
    // its advisory, emergency number and deaf access, never places elsewhere).
    if (countries.length > 0 && pool.length === 0) {
      this.managers.add('safety');
      for (const country of countries.slice(0, 2)) this.say(...countryAnswer(country, [], q));
      this.about([], countries);
      return true;
    }
    // A region or town with none: said so, never a list of places elsewhere.
    if (pool.length === 0) {
      const where = [...new Set(this.ctx.destinations.map((d) => d.country))];
      this.say(
        `No destination in our catalogue${scope.where} yet, as far as our data goes. Its destinations are in ${list(where)}.`,
      );
      return true;
    }
    return false;
  }

  /** "is it safe over there for a wheelchair user?": the advisory first, then the places. */
  private safetyFirst(countries: readonly Country[]): boolean {
    const { q } = this;
    const asked = countries.length > 0 ? countries : q.countries;
    const safetySaid = q.topics.safety && asked.length > 0;
    if (safetySaid) {
      this.managers.add('safety');
      for (const c of asked.slice(0, 2)) {
        this.say(...(c.advisory ? safetyAnswer([c.advisory]) : [noAdvisory(c)]));
      }
    }
    return safetySaid;
  }

  /** The places that fit, best first; veteran-friendly ones unless none is, said so. */
  private async searchRanked(
    ofKind: readonly Destination[],
    needs: Question['needs'],
    scope: Scope,
  ): Promise<Destination[]> {
    const { q } = this;
    const { skills } = this.ctx;
    let ranked =
      ofKind.length === 0
        ? []
        : await skills.searchDestinations({
            needs,
            destinationIds: ofKind.map((d) => d.id),
            maxPrice: q.budget?.amount,
            currency: q.budget?.currency,
            veteranFriendly: q.veteranFilter,
          });
    if (q.notFree) ranked = ranked.filter((d) => cartPriceOf(d.price) > 0);
    // "army vet here, going to normandy, what about the cemetery": none there is marked
    // veteran-friendly, so the places there, said so, rather than nothing.
    if (ranked.length === 0 && q.veteranFilter && ofKind.length > 0 && scope.where) {
      ranked = await skills.searchDestinations({
        needs,
        destinationIds: ofKind.map((d) => d.id),
        maxPrice: q.budget?.amount,
        currency: q.budget?.currency,
      });
      if (ranked.length > 0) {
        this.say(
          `None of our places${scope.where} is marked veteran-friendly in our data; here is what we hold there:`,
        );
        q.veteranFilter = false;
      }
    }
    return ranked;
  }

  /** A feature asked by name: the places that list it first (or alone), else said none does. */
  private featuresFirst(ranked: Destination[], scope: Scope): Destination[] {
    const { q } = this;
    if (q.features.length > 0) {
      // A feature asked by name: the places that list it; else the need's other places, said so.
      // Places listing every feature asked first, then those listing some of them.
      const listed = (d: Destination) =>
        q.features.filter((f) => d.accessibilityFeatures.includes(f)).length;
      const exact = ranked.filter((d) => listed(d) > 0).sort((a, b) => listed(b) - listed(a));
      const names = q.features.map((f) => f.replace(/_/g, ' '));
      const others = ranked.filter((d) => listed(d) === 0);
      if (exact.length === 0 && ranked.length > 0) {
        this.say(
          `No destination in our catalogue${scope.where} lists ${list(names, 'or')}. These document ${list(q.needs)} in other ways:`,
        );
        q.features.length = 0;
      } else {
        // The places listing it first, then the rest of the need group, said so; "specifically",
        // "only": those listing it alone.
        // "specifically", "only", or a feature of no need group ("my guide dog"): those listing it.
        if (
          /\b(specific\w*|only|must have|has to have|needs to have)\b/.test(q.text) ||
          q.needs.length === 0
        ) {
          others.length = 0;
        }
        if (others.length > 0 && q.needs.length > 0) {
          this.say(
            `${list(exact.map((d) => d.name))} ${exact.length === 1 ? 'lists' : 'list'} ${list(names, 'or')}; the others below document ${list(q.needs)} in other ways.`,
          );
        }
        ranked = [...exact, ...others];
      }
    }
    return ranked;
  }

  /**
   * "under 50 bucks in Australia": places priced in another currency are not compared by guessing
   * a rate, so they are named with their own price rather than left out unsaid.
   */
  private otherCurrencies(
    ofKind: readonly Destination[],
    ranked: readonly Destination[],
    needs: Question['needs'],
  ) {
    const { q } = this;
    if (q.budget && q.budget.amount > 0) {
      const currency = q.budget.currency ?? 'USD';
      const elsewhere = ofKind.filter(
        (d) =>
          d.currency !== currency &&
          cartPriceOf(d.price) > 0 &&
          // Near the budget as written: "EUR 750" is no answer to "under $50".
          cartPriceOf(d.price) <= q.budget!.amount * 1.2 &&
          !ranked.includes(d) &&
          needs.every((n) => meetsNeed(d, n)),
      );
      if (elsewhere.length > 0) {
        this.say(
          `Priced in other currencies near that amount, which I can't compare with ${currency} ${q.budget.amount} without exchange rates: ${list(
            elsewhere
              .slice(0, 5)
              .map(
                (d) =>
                  `${d.name} (${d.currency} ${cartPriceOf(d.price)} ${d.priceBasis.split(/[;(]/)[0]!.trim()})`,
              ),
          )}.`,
        );
      }
    }
  }

  /** None documents the need: the places there named, so the traveller can ask them. */
  private undocumented(
    ofKind: readonly Destination[],
    needs: Question['needs'],
    scope: Scope,
    countries: readonly Country[],
    safetySaid: boolean,
  ) {
    // Places there that document nothing for the need: named, so the traveller can ask them.
    const undocumented = ofKind.filter((d) => needs.some((n) => !meetsNeed(d, n))).slice(0, 3);
    for (const d of undocumented) {
      this.say(
        `${d.name} is in our catalogue${scope.where} but documents nothing for ${list(needs)}: ask them directly.`,
        // What its description does say on it ("wheelchair access differs from vessel to vessel").
        ...[...new Set(needs.flatMap((n) => describeNeed(d, n)))],
        `Its price: ${price(d)}.`,
      );
    }
    // What the site does know there, for this traveller: the advisory, the number, deaf access.
    if (!safetySaid) this.countryFacts(countries.slice(0, 1), needs);
    this.about(undocumented, countries);
  }

  /** "do any of those lend you a wheelchair?": which of the last answer's places do, or none. */
  private amongThose(those: readonly Destination[]) {
    const { q } = this;
    this.managers.add('accessibility');
    const asked =
      q.features.length > 0
        ? list(
            q.features.map((f) => ACCESSIBILITY_FEATURE_LABELS[f].toLowerCase()),
            'or',
          )
        : list(q.needs);
    const fits = (d: Destination) =>
      q.features.length > 0
        ? q.features.some((f) => d.accessibilityFeatures.includes(f))
        : q.needs.every((n) => meetsNeed(d, n));
    const found = those.filter(fits);
    if (found.length > 0) {
      this.say(
        `Of those, ${list(found.map((d) => d.name))} ${q.features.length > 0 ? (found.length === 1 ? 'lists' : 'list') : found.length === 1 ? 'documents' : 'document'} ${asked}:`,
        ...detailsAnswerLines(found, q),
      );
      this.about(found, []);
      return;
    }
    const elsewhere = this.ctx.destinations.filter(fits);
    this.say(
      `None of those (${list(those.slice(0, 5).map((d) => d.name))}) ${q.features.length > 0 ? 'lists' : 'documents'} ${asked}.${elsewhere.length > 0 ? ` In our catalogue, ${list(elsewhere.slice(0, 5).map((d) => d.name))} ${elsewhere.length === 1 ? 'does' : 'do'}.` : ''}`,
    );
    this.about(elsewhere.slice(0, 5), []);
  }

  /** A country's advisory, emergency number and, for a hearing need, how deaf travellers reach it. */
  private countryFacts(countries: readonly Country[], needs: readonly string[]) {
    for (const c of countries) {
      this.managers.add('safety');
      this.say(...(c.advisory ? safetyAnswer([c.advisory]) : [noAdvisory(c)]));
      const contact = c.emergency;
      if (contact?.emergencyNumber) {
        this.say(`In ${inCountry(c.name)}, dial ${contact.emergencyNumber} in an emergency.`);
      }
      if (contact?.deafAccess && needs.includes('Hearing Support')) {
        this.say(`Deaf or hard of hearing: ${contact.deafAccess}`);
      }
    }
  }

  /** The one place of several that documents most for the conversation's needs, and why. */
  private bestOf(places: readonly Destination[], previous: ConversationState | undefined) {
    const { q } = this;
    this.managers.add('accessibility');
    const needs = (q.needs.length > 0 ? q.needs : (previous?.needs ?? [])) as Question['needs'];
    const veteran = q.topics.veteran || previous?.veteran === true;
    const score = (d: Destination) =>
      needs.filter((n) => meetsNeed(d, n)).length * 100 +
      needFeatureCount(d, needs) * 10 +
      (veteran && d.isVeteranFriendly ? 5 : 0) -
      places.indexOf(d) / 100;
    const [best, ...rest] = [...places].sort((a, b) => score(b) - score(a));
    if (!best) return;
    const why = [
      ...(needs.length > 0 ? [`it documents the most for ${list(needs)}`] : []),
      ...(veteran && best.isVeteranFriendly ? ['it is veteran-friendly'] : []),
    ];
    this.say(
      why.length > 0
        ? `${best.name}: ${list(why)}.`
        : `${best.name}, as the first of those; tell me who is travelling and what they need, and I can compare them for it.`,
      ...detailsAnswer(best, { ...q, needs: [...needs], free: false }),
    );
    const lacking = rest.filter((d) => needs.some((n) => !meetsNeed(d, n)));
    if (lacking.length > 0) {
      this.say(
        `${list(lacking.map((d) => d.name))} document${lacking.length === 1 ? 's' : ''} nothing for ${list(needs)}.`,
      );
    }
    this.about([best, ...rest], []);
  }

  /** The trips a question is about: the open one, the ones a place names, else all. */
  private async tripsAsked(range: { from?: string; to?: string }): Promise<TripWithItems[]> {
    const { q } = this;
    const { skills, request } = this.ctx;
    let trips = await skills.tripItems(range, q.itemType);
    // "and the other one?": the trip the last answer was not about.
    const last = request.state?.plannerId;
    if (last && /\b(other|second|next) (one|trip)\b/.test(q.text)) {
      const others = trips.filter((t) => t.trip.id !== last);
      if (others.length > 0) return others;
    }
    const open = trips.filter((t) => t.trip.id === request.plannerId);
    const place = this.placeName();
    const named = place ? trips.filter((t) => tripMentions(t.trip, place)) : [];
    if (named.length > 0) trips = named;
    else if (open.length > 0) trips = open;
    return trips;
  }

  /** A weekday or a day of the month named alone falls inside the trip ("Friday", "the 16th"). */
  private dayWithin(trip: Trip | undefined): { from: string; to: string } | undefined {
    const { q } = this;
    if ((q.weekday === undefined && q.dayOfMonth === undefined) || !trip?.startDate)
      return undefined;
    const last = trip.endDate ?? addDays(trip.startDate, 6);
    for (let day = trip.startDate; day <= last; day = addDays(day, 1)) {
      const date = new Date(`${day}T00:00:00Z`);
      if (
        q.dayOfMonth !== undefined
          ? date.getUTCDate() === q.dayOfMonth
          : date.getUTCDay() === q.weekday
      ) {
        return { from: day, to: day };
      }
    }
    return undefined;
  }

  /** A question about the visitor's trips: each kind of question below, the first that fits. */
  private async trip() {
    const { q } = this;
    const all = await this.ctx.skills.tripItems({});
    if (all.length === 0) {
      this.say(NO_TRIP);
      return;
    }
    const range = this.tripDaysAsked(all);
    const trips = await this.tripsAsked(range ?? {});
    if (trips.length === 1) this.state.plannerId = trips[0]!.trip.id;
    if (range && range.from === range.to) this.state.day = range.from;
    if (q.itemType) this.state.itemType = q.itemType;

    if (this.tripSchedule(trips, range)) return;
    if (await this.tripGapsAsked(trips)) return;
    if (await this.tripTotals(trips, range)) return;
    if (this.tripPlaces(trips, range)) return;
    if (this.tripFacts(trips, range)) return;
    await this.tripItemsAnswer(trips, range);
  }

  /**
   * The days asked about: the last day, the day after the last answer's, the trip's nth day, a
   * weekday or date within the trip, or the dates said; none for the whole trip.
   */
  private tripDaysAsked(all: readonly TripWithItems[]): { from: string; to: string } | undefined {
    const { q } = this;
    const { request } = this.ctx;
    const previous = request.state;
    // "and how much are they together?" after "what hotels are on my trip".
    if (!q.itemType && previous?.intent === 'trip' && previous.itemType) {
      if (/\b(they|them|those|these|together|it)\b/.test(q.text)) {
        q.itemType = previous.itemType as Question['itemType'];
      }
    }
    const open = all.find((t) => t.trip.id === request.plannerId)?.trip;
    const only = all.length === 1 ? all[0]!.trip : undefined;
    // "saturday on the New Orleans trip": the trip the place names.
    const place = this.placeName();
    const named = place ? all.find((t) => tripMentions(t.trip, place))?.trip : undefined;
    const one = named ?? open ?? only;
    const edge = /\b(last|final) day\b/.test(q.text) ? one?.endDate : undefined;
    // "what's on day 1?", "the second day", "the 3rd day": counted from the trip's first day.
    const nth = dayOfTrip(q.raw);
    const dayN =
      Number(nth) > 0 && one?.startDate ? addDays(one.startDate, Number(nth) - 1) : undefined;
    // "and the day after?" after a day of the trip: the next one (or the one before).
    const step = /\b(the )?(day after|next day|following day)\b/.test(q.text)
      ? 1
      : /\b(the )?(day before|previous day)\b/.test(q.text)
        ? -1
        : 0;
    const beside = step && previous?.day ? addDays(previous.day, step) : undefined;
    const range = edge
      ? { from: edge, to: edge }
      : beside
        ? { from: beside, to: beside }
        : dayN
          ? { from: dayN, to: dayN }
          : (this.dayWithin(one) ?? q.dates);
    return range;
  }

  /** When the trip leaves or ends, what it costs a day, its empty days, its nights without a bed. */
  private tripSchedule(
    trips: readonly TripWithItems[],
    range: { from: string; to: string } | undefined,
  ): boolean {
    const { q } = this;
    // "when do I fly out?", "what date do we come home?": the trip's ends and its flights.
    if (/\bwhen\b|\bwhat (date|day)\b/.test(q.text) && LEAVING.test(q.text) && !range) {
      for (const t of trips) this.say(...tripEnds(t, /\b(home|back|return\w*)\b/.test(q.text)));
      return true;
    }
    // "how much am i spending per day on average": the total over the trip's days.
    if (/\b(per day|a day|each day|daily|on average|average)\b/.test(q.text) && !range) {
      this.managers.add('budget');
      for (const { trip, totalCents } of trips) {
        if (!trip.startDate || !trip.endDate) {
          this.say(tripDates(trip));
          continue;
        }
        const days = daysBetween(trip.startDate, trip.endDate) + 1;
        this.say(
          `Your trip "${trip.title}" comes to $${formatCents(totalCents)} over ${days} day${days === 1 ? '' : 's'} (${dateOf(trip.startDate)} to ${dateOf(trip.endDate)}): about $${formatCents(Math.round(totalCents / days))} a day (from your trip planner).`,
        );
      }
      return true;
    }
    // "which days have I got nothing planned yet?": the days with no item at all.
    if (EMPTY_DAYS.test(q.text) && !range) {
      for (const t of trips) {
        this.say(...tripEmptyDays(t));
        // "how much have I spent so far and which day has nothing planned?": both.
        if (q.topics.total || q.topics.price) {
          this.managers.add('budget');
          this.say(`It comes to $${formatCents(t.totalCents)} so far (from your trip planner).`);
        }
      }
      return true;
    }
    // "have I got somewhere for her to sleep every night?": the nights with no hotel.
    if (
      (q.itemType === 'hotel' || /\b(beds?|sleep|sleeping|room|rooms)\b/.test(q.text)) &&
      /\b(every|each) night\b|\ball (the |of the )?nights\b/.test(q.text)
    ) {
      for (const t of trips)
        this.say(
          ...tripGaps(t).filter(
            (line) => !/^- (no|nothing) (flight|return|planned|car)/.test(line),
          ),
        );
      return true;
    }
    return false;
  }

  /** "what am I still missing?": what the trip's days have no item for, or the kind asked. */
  private async tripGapsAsked(trips: readonly TripWithItems[]): Promise<boolean> {
    const { q } = this;
    // "what am I still missing?": what the trip's days have no item for.
    if (/\bmissing\b|\b(forgotten|forgot|forget|missed)\b|\bwhat else\b/.test(q.text)) {
      // "did i forget to book a flight??": that kind first, yes or no, from the whole trip.
      if (q.itemType) {
        const kind = q.itemType;
        const label = ITEM_TYPE_LABELS[kind].toLowerCase();
        for (const t of await this.tripsAsked({})) {
          const these = t.items.filter((i) => i.itemType === kind);
          this.say(
            these.length === 0
              ? `Yes: your trip "${t.trip.title}" has no ${label} yet.`
              : `No: your trip "${t.trip.title}" has ${these.map((i) => `${i.itemName} on ${dateOf(i.scheduledDate)}`).join('; ')}.`,
          );
        }
        return true;
      }
      for (const t of trips) this.say(...tripGaps(t));
      return true;
    }
    return false;
  }

  /** The trip's kinds of item side by side, or the trips ranked by their totals. */
  private async tripTotals(
    trips: readonly TripWithItems[],
    range: { from: string; to: string } | undefined,
  ): Promise<boolean> {
    const { q } = this;
    // "hotels compared to flights", "activities vs getting around": the kinds side by side.
    const kinds = itemKindsIn(q.text);
    if (kinds.length > 1 && !range) {
      this.managers.add('budget');
      delete q.itemType;
      delete this.state.itemType;
      for (const t of await this.tripsAsked({})) this.say(...tripByKind(t, kinds));
      return true;
    }
    // "which one's costing the most?" over several trips: the trips ranked by their totals.
    if (q.order && trips.length > 1 && !q.itemType && !range) {
      this.managers.add('budget');
      const sorted = [...trips].sort((a, b) => a.totalCents - b.totalCents);
      const pick = q.order === 'cheapest' ? sorted[0]! : sorted.at(-1)!;
      this.say(
        `${q.order === 'cheapest' ? 'The cheapest' : 'The most expensive'} of your trips is "${pick.trip.title}": $${formatCents(pick.totalCents)} planned.`,
        ...sorted.toReversed().map((t) => `- ${t.trip.title}: $${formatCents(t.totalCents)}`),
      );
      // "which of my two trips costs more, and by how much?"
      if (sorted.length === 2) {
        this.say(
          `The difference is $${formatCents(sorted[1]!.totalCents - sorted[0]!.totalCents)}.`,
        );
      }
      this.state.plannerId = pick.trip.id;
      return true;
    }
    return false;
  }

  /**
   * "does he get in free anywhere on this trip?", "anything on this trip for veterans?": the
   * catalogue's places on and near the trip, as their price notes say.
   */
  private tripPlaces(
    trips: readonly TripWithItems[],
    range: { from: string; to: string } | undefined,
  ): boolean {
    const { q } = this;
    if (q.free || (q.topics.veteran && !q.itemType && !range)) {
      this.managers.add('budget');
      const near = this.tripDestinations(trips);
      // "anything on this trip for veterans?": what each place there says it does for them.
      if (!q.free) {
        const forVeterans = near
          .map((d) => ({ d, facts: veteranFacts(d) }))
          .filter(({ facts }) => facts.length > 0);
        this.say(
          ...(forVeterans.length > 0
            ? [
                'For veterans, on or near your trip, as the places say:',
                ...forVeterans.map(({ d, facts }) => `- ${d.name}: ${facts.join('; ')}.`),
              ]
            : [
                'No place of our catalogue on or near your trip says anything for veterans or military visitors.',
              ]),
        );
        this.about(
          forVeterans.map(({ d }) => d),
          this.tripCountries(trips),
        );
        return true;
      }
      const answer = freeAnswer(q, near, { where: ' on or near your trip' });
      this.say(...answer.lines);
      this.about(answer.shown, this.tripCountries(trips));
      return true;
    }
    return false;
  }

  /** The trip's dates, its access for the needs asked, its advisories and emergency numbers. */
  private tripFacts(
    trips: readonly TripWithItems[],
    range: { from: string; to: string } | undefined,
  ): boolean {
    const { q } = this;
    if (
      /\b(how many days|how many nights|how long|when does|when do|when is|when s|when are|dates|start|end)\b/.test(
        q.text,
      ) &&
      !range
    ) {
      this.say(...trips.map(({ trip }) => tripDates(trip)));
      // "how long is my trip and how many activities have i got on it": both.
      if (!q.itemType) return true;
    }
    if (q.needs.length > 0 || q.anyAccess) {
      this.tripAccess(trips);
      return true;
    }
    if (q.topics.safety || q.topics.emergency || /\blevel\b/.test(q.text)) {
      if (/\blevel\b/.test(q.text)) q.topics.safety = true;
      const countries = this.tripCountries(trips);
      if (q.topics.emergency) this.emergency(countries);
      if (q.topics.safety) {
        this.managers.add('safety');
        for (const c of countries)
          this.say(...(c.advisory ? safetyAnswer([c.advisory]) : [noAdvisory(c)]));
        if (countries.length === 0)
          this.say("Your trips don't name a country I know, so I can't give an advisory for them.");
      }
      if (!q.topics.total && !q.topics.price && !range) return true;
    }
    return false;
  }

  /** The trip's items: the priciest or cheapest, whether one is there, or what they cost. */
  private async tripItemsAnswer(
    trips: readonly TripWithItems[],
    range: { from: string; to: string } | undefined,
  ) {
    const { q } = this;
    this.managers.add('budget');
    const items = trips.flatMap((t) => t.items);
    // "what's the priciest thing on here, and have I got anything on the morning of May 5th?":
    // the priciest of the whole trip, then that day.
    const ranked = q.order && range ? (await this.tripsAsked({})).flatMap((t) => t.items) : items;
    if (q.order && ranked.length > 0) {
      const sorted = [...ranked].sort((a, b) => Number(a.price) - Number(b.price));
      const item = q.order === 'cheapest' ? sorted[0]! : sorted.at(-1)!;
      this.say(
        `${q.order === 'cheapest' ? 'The cheapest' : 'The most expensive'} ${q.itemType ? ITEM_TYPE_LABELS[q.itemType].toLowerCase() : 'item'} on your trip is ${item.itemName}: $${item.price}, on ${dateOf(item.scheduledDate)} (from your trip planner).`,
      );
      if (!range || ranked === items) return;
      this.say(...tripDaysAnswer(trips, range, undefined, q.itemType));
      return;
    }
    // "did i put a flight home on there": a flight on the last day, or one that says it goes home.
    if (q.yesNo && q.itemType === 'flight' && /\b(home|back|return\w*)\b/.test(q.text)) {
      for (const { trip, items: flights } of trips) {
        const home = flights.find(
          (i) =>
            (trip.endDate && i.scheduledDate === trip.endDate) ||
            /\b(home|back|return\w*)\b/i.test(i.itemName),
        );
        this.say(
          home
            ? `Yes: ${home.itemName} on ${dateOf(home.scheduledDate)} (your trip "${trip.title}"${trip.endDate ? ` ends ${dateOf(trip.endDate)}` : ''}).`
            : `No: your trip "${trip.title}" has no flight home yet${trip.endDate ? ` on or near its last day, ${dateOf(trip.endDate)}` : ''}${flights.length > 0 ? `; its flights are ${flights.map((i) => `${i.itemName} on ${dateOf(i.scheduledDate)}`).join('; ')}` : ''}.`,
        );
      }
      return;
    }
    if (q.yesNo && q.itemType && /\b(do|did|have|has|is|are)\b/.test(q.text)) {
      const label = ITEM_TYPE_LABELS[q.itemType].toLowerCase();
      this.say(
        items.length > 0
          ? `Yes: your trip has ${items.length} ${label}${items.length === 1 ? '' : ' items'}: ${items
              .slice(0, ITEMS_LISTED_MAX)
              .map((i) => `${i.itemName} on ${dateOf(i.scheduledDate)}`)
              .join(
                '; ',
              )}${items.length > ITEMS_LISTED_MAX ? `; and ${items.length - ITEMS_LISTED_MAX} more on the [Flight Plan page](/flight-plan)` : ''}.`
          : `No: there is no ${label} on your trip${range ? ' on that day' : ''} yet.`,
      );
      return;
    }
    this.say(
      ...(range
        ? tripDaysAnswer(trips, range, q.budget, q.itemType)
        : tripCostAnswer(trips, q.budget, q.itemType)),
    );
    if (!q.topics.safety) this.warnSerious(this.tripCountries(trips));
  }

  /** The catalogue's places a trip names, or in the towns it names. */
  private tripDestinations(trips: readonly TripWithItems[]): Destination[] {
    const found = new Map<string, Destination>();
    for (const { trip, items } of trips) {
      const text = [trip.title, trip.destination, ...items.map((i) => i.itemName)].join(' ');
      const named = this.ctx.places.find(normalize(text).split(' '), text);
      for (const d of named.destinations) found.set(d.id, d);
      for (const city of named.cities) {
        for (const d of this.ctx.destinations) {
          if (normalize(d.location).includes(normalize(city.name))) found.set(d.id, d);
        }
      }
    }
    return [...found.values()];
  }

  /** "Is my trip wheelchair friendly?": what the catalogue documents for the places it names. */
  private tripAccess(trips: readonly TripWithItems[]) {
    this.managers.add('accessibility');
    const found = new Map(this.tripDestinations(trips).map((d) => [d.id, d]));
    if (found.size === 0) {
      this.say(
        "Your trip names no destination of our catalogue, so I can't say what is documented there: ask each place directly, or ask me about a place by name.",
      );
      return;
    }
    for (const d of found.values()) this.say(...detailsAnswer(d, this.q));
    this.about([...found.values()], []);
  }

  /** The countries a set of trips touches, read from their titles and destinations. */
  private tripCountries(trips: readonly TripWithItems[]): Country[] {
    const found = new Map<string, Country>();
    for (const { trip } of trips) {
      const text = `${trip.title} ${trip.destination}`;
      const named = this.ctx.places.find(normalize(text).split(' '), text);
      for (const c of named.countries) found.set(c.code, c);
      for (const city of named.cities) {
        const c = this.ctx.places.country(city.code);
        if (c) found.set(c.code, c);
      }
      for (const d of named.destinations) {
        const c = this.ctx.places.country(d.countryCode);
        if (c) found.set(c.code, c);
      }
    }
    return [...found.values()];
  }

  /** Where an item or a plan goes, as the traveller said it: "Paris", "Banff", "Portugal". */
  private placeName(): string | undefined {
    const { q } = this;
    const destination = q.destinations[0];
    if (destination && !q.referred) return destination.location.split(',')[0]!.trim();
    if (q.cities[0]) return q.cities[0].name;
    if (q.countries[0]) return q.countries[0].name;
    if (q.regions[0]) return q.regions[0].name;
    return undefined;
  }

  /** "add a museum visit on the 3rd": the activity's own name, as written. */
  private activityName(): string | undefined {
    const { q } = this;
    const destination = q.destinations[0];
    if (destination) {
      // "the opera house mobility access tour": the activity at the place, by its own name.
      const said =
        /\b(?:add|put|schedule|pencil in|book|pop|stick|slot)\s+(?:in\s+)?(?:the\s+|a\s+|an\s+)?([\p{L}' -]+?)\s+(?:on|at|for|in|this|next|tomorrow|today)\b/iu.exec(
          q.raw,
        )?.[1];
      const own = new Set(normalize(`${destination.name} ${destination.location}`).split(' '));
      const rest = normalize(said ?? '')
        .split(' ')
        .filter(
          (w) =>
            w &&
            !own.has(w) &&
            !/^(the|a|an|visit|to|at|house|opera|it|my|our|trip|plan|itinerary|this|that|one|there|here|too|also|please|pls)$/.test(
              w,
            ),
        );
      return rest.length >= 2
        ? `${destination.name}: ${rest.join(' ')}`
        : `Visit ${destination.name}`;
    }
    const match =
      /\b(?:add|put|schedule|include|pencil in|book|pop|stick|slot|bung)\s+(?:in\s+)?(?:(?:me|us)\s+)?(?:(?:an|a|the|some|my|our)\s+)?([\p{L}' -]+?)\s+(?:on|at|for|in|to|this|next|tomorrow|today|from|into|onto|around|monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|afternoon|evening|night|it'?s|maybe|about|the\s+(?=night|morning|afternoon|evening|day|\d))\b/iu.exec(
        q.raw,
      );
    const phrase = match?.[1]?.trim();
    if (!phrase || phrase.split(' ').length > 8) return undefined;
    if (/^(activity|activities|something|it|one)$/i.test(phrase)) return undefined;
    // "a museum visit to the orsay on dec 10": the place it names too.
    const where = new RegExp(
      String.raw`${phrase}\s+(?:to|at|in)\s+(?:the\s+)?([\p{L}' -]+?)\s+(?:on|for|the|this|next|tomorrow|today|in|around|about)\b`,
      'iu',
    ).exec(q.raw)?.[1];
    const named =
      where && !/\b(my|our|the) trip\b|^(my|our) /i.test(where)
        ? ` ${new RegExp(String.raw`${phrase}\s+in\s`, 'iu').test(q.raw) ? 'in' : 'at'} ${where.replace(/\b\p{L}/gu, (c) => c.toUpperCase())}`
        : '';
    return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}${named}`;
  }

  /** "add a hotel in Lisbon on March 11 for 130 euros": a card with the item, nothing saved yet. */
  private async add() {
    const { q } = this;
    const { skills, request } = this.ctx;
    this.managers.add('budget');
    // "make it the 13th instead": the item just proposed, changed where the message says so.
    const before = q.revises ? request.state?.item : undefined;
    const itemType = q.itemType ?? (before?.itemType as Question['itemType']) ?? 'activity';
    const { home, from, route, place } = this.itemPlace(itemType, before);
    const trips = await skills.tripItems({});
    const { target, range } = this.itemDay(trips, place, before);
    // "add another night at the hotel": the hotel the trip already has.
    const sameHotel =
      itemType === 'hotel' &&
      target &&
      /\b(another|one more|an extra|extra|a second|same) night\b|\bthe same hotel\b|\bat the hotel\b/.test(
        q.text,
      )
        ? trips
            .find((t) => t.trip.id === target.id)
            ?.items.filter((i) => i.itemType === 'hotel')
            .at(-1)?.itemName
        : undefined;
    const { price, note, notes } = this.itemPrice(itemType, before);
    // "a hotel near the opera house": in the place's own town, whatever the item; "add it" after
    // a place: that place.
    const near = q.referred && itemType !== 'activity' ? undefined : q.destinations[0];
    const outcome = await skills.proposeItem({
      itemType,
      date: range?.from,
      scheduledTime: q.timeSlot ?? (before?.scheduledTime as Question['timeSlot']),
      place,
      // "Walt Disney World Resort" is in "Lake Buena Vista, near Orlando, Florida": any of them.
      ...(near
        ? {
            placeNames: [
              ...near.location.split(/,|\bnear\b/).map((p) => p.trim()),
              near.country,
            ].filter(Boolean),
          }
        : {}),
      itemName: sameHotel
        ? sameHotel
        : home
          ? // "my flight home from Lisbon": from there; "a flight home to Boston": to there.
            `Flight home${from ? ` from ${from}` : this.placeName() ? ` to ${this.placeName()}` : ''}`
          : itemType === 'flight' && route
            ? `Flight ${route}`
            : this.itemName(itemType, near, before),
      price: price ?? before?.price,
      ...(note ? { priceNote: note } : {}),
      plannerId: request.plannerId ?? before?.plannerId,
    });
    this.rememberItem(outcome, note);
    // "can you book the Langham for 3 nights": nothing is sold here, said before anything else.
    if (q.topics.booking && outcome.kind !== 'proposal' && q.limit !== 'booking') {
      this.say(...limitAnswer('booking'));
    }
    this.say(...proposalAnswer(outcome), ...notes);
    this.warnSerious(this.countriesTouched());
  }

  /** Where the item is: the place named, a flight's destination (and origin), none for home. */
  private itemPlace(itemType: ItemType, before: ProposedState | undefined) {
    const { q } = this;
    const { request } = this.ctx;
    // A flight home leaves from the trip's place: the place named is where home is.
    const home = itemType === 'flight' && /\b(home|back)\b/.test(q.text);
    // "a flight from Paris to Nice", "a flight to denver": where it goes is the place after "to".
    const to = itemType === 'flight' ? placeAfter('to', q.raw) : undefined;
    const from = itemType === 'flight' ? placeAfter('from', q.raw) : undefined;
    const route = to ? `${from ? `from ${from} ` : ''}to ${to}` : undefined;
    // A region ("the Nordic countries", read from a hotel's name) is no place to add an item to.
    const place = home
      ? undefined
      : itemType === 'flight' && to
        ? to
        : q.regions.length > 0 && !q.destinations.length && !q.cities.length && !q.countries.length
          ? undefined
          : (this.placeName() ??
            // "a hotel in savannah": a town the gazetteer does not know, as written.
            (itemType !== 'flight' ? placeAfter('in', q.raw) : undefined) ??
            (before && !before.plannerId ? request.state?.place : undefined));
    return { home, from, route, place };
  }

  /** The trip the item goes into, and its day: as said, counted in the trip, or the card's. */
  private itemDay(
    trips: readonly TripWithItems[],
    place: string | undefined,
    before: ProposedState | undefined,
  ) {
    const { q } = this;
    const { request } = this.ctx;
    const open = trips.find((t) => t.trip.id === request.plannerId)?.trip;
    const named = place ? trips.find((t) => tripMentions(t.trip, place))?.trip : undefined;
    // "on that day as well": the day the last answer was about.
    const thatDay =
      request.state?.day && /\b(that|the same|same) (day|date|night)\b/.test(q.text)
        ? { from: request.state.day, to: request.state.day }
        : undefined;
    const target = open ?? named ?? (trips.length === 1 ? trips[0]!.trip : undefined);
    // "add the blue lagoon on day 2": counted from the trip's first day.
    const nth = dayOfTrip(q.raw);
    const dayN =
      /\b(last|final) (day|night|evening|morning|afternoon)\b/.test(q.text) && target?.endDate
        ? { from: target.endDate, to: target.endDate }
        : nth > 0 && target?.startDate
          ? { from: addDays(target.startDate, nth - 1), to: addDays(target.startDate, nth - 1) }
          : undefined;
    let range =
      thatDay ??
      dayN ??
      this.dayWithin(target) ??
      q.dates ??
      (before ? { from: before.scheduledDate, to: before.scheduledDate } : undefined);
    // "make that the 4th": the 4th of the month the item was in, not the next 4th.
    const dayAlone = /\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b/i.exec(q.raw)?.[1];
    if (
      before &&
      dayAlone &&
      range === q.dates &&
      !/\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/.test(q.text)
    ) {
      const day = `${before.scheduledDate.slice(0, 8)}${dayAlone.padStart(2, '0')}`;
      range = { from: day, to: day };
    }
    // "a rental car on 12/3" with a trip in March: the day and month the other way round, when
    // only that reading falls inside the trip.
    const slashed = /\b(\d{1,2})\/(\d{1,2})\b/.exec(q.raw);
    if (slashed && range && target?.startDate && target.endDate && range === q.dates) {
      const inside = (day: string) => day >= target.startDate! && day <= target.endDate!;
      const year = target.startDate.slice(0, 4);
      const swapped = `${year}-${slashed[2]!.padStart(2, '0')}-${slashed[1]!.padStart(2, '0')}`;
      if (!inside(range.from) && inside(swapped)) {
        range = { from: swapped, to: swapped };
      }
    }
    return { target, range };
  }

  /** The item's price: free as said, the catalogue place's own, or the amount said. */
  private itemPrice(itemType: ItemType, before: ProposedState | undefined) {
    const { q } = this;
    const notes: string[] = [];
    let price: string | undefined;
    let priceNote: string | undefined;
    // A price in another currency keeps the traveller's (or the place's) own amount, said on the
    // card: the planner adds prices up as dollars, and a guessed rate would be an invented number.
    const inOther = (currency: string, amount: number) => {
      price = formatCents(Math.round(amount * 100));
      priceNote = `${currency} ${amount} is entered as ${price}: the planner adds prices up as US dollars, so change it to what you pay in dollars.`;
    };
    const destination = itemType === 'activity' ? q.destinations[0] : undefined;
    // "its free for me with my disability": priced free, as the traveller says.
    if (q.free && !q.price && !q.budget) {
      price = '0.00';
      notes.push('Priced $0.00, as you said it is free for you.');
    } else if (destination && !q.price) {
      // A place of the catalogue keeps its own price.
      const own = cartPriceOf(destination.price);
      if (own === 0 || destination.currency === 'USD') price = formatCents(own * 100);
      else inOther(destination.currency, own);
    }
    if (q.price) {
      if (q.price.currency && q.price.currency !== 'USD') inOther(q.price.currency, q.price.amount);
      else price = formatCents(Math.round(q.price.amount * 100));
    }
    // "make that the 4th" keeps the price as said before, and what was said of its currency.
    const note = priceNote ?? (price ? undefined : before?.priceNote);
    return { price, note, notes };
  }

  /** An activity's or a hotel's name: as written, the place's, or the card's before. */
  private itemName(
    itemType: ItemType,
    near: Destination | undefined,
    before: ProposedState | undefined,
  ): string | undefined {
    const { q } = this;
    return itemType === 'activity'
      ? (this.activityName() ?? before?.itemName)
      : (calledName(q.raw) ??
          (itemType === 'hotel' && near && !q.text.includes(normalize(near.location.split(',')[0]!))
            ? `Hotel near ${near.name}`
            : before?.itemName));
  }

  /** The item just proposed, so "make it 210" or "make that the 4th" changes it. */
  private rememberItem(outcome: ProposalOutcome, note: string | undefined) {
    const remember = (item: ProposedItem, plannerId?: string) => {
      this.state.item = {
        ...(plannerId ? { plannerId } : {}),
        itemType: item.itemType,
        itemName: item.itemName,
        scheduledDate: item.scheduledDate,
        scheduledTime: item.scheduledTime,
        price: item.price,
        ...(note ? { priceNote: note } : {}),
      };
    };
    if (outcome.kind === 'new-trip') {
      this.proposal = outcome.proposal;
      this.state.place = outcome.proposal.destination;
      remember(outcome.proposal.items[0]!);
    }
    if (outcome.kind === 'proposal') {
      this.proposal = outcome.proposal;
      this.state.plannerId = outcome.proposal.plannerId;
      remember(outcome.proposal, outcome.proposal.plannerId);
    }
  }

  private async plan() {
    const { q } = this;
    const { skills, request } = this.ctx;
    this.managers.add('accessibility');
    this.managers.add('budget');
    // A destination by its own name, so the plan is built around it.
    let place =
      q.destinations[0] && !q.referred && this.ctx.request.state?.intent !== 'plan'
        ? q.destinations[0].name
        : (this.placeName() ?? this.ctx.request.state?.place);
    // "plan this trip": the open trip's place, over its own days.
    const open = request.plannerId
      ? (await skills.tripItems({})).find((t) => t.trip.id === request.plannerId)?.trip
      : undefined;
    if (!place && open) place = open.destination || undefined;
    const tripDays =
      open?.startDate && open.endDate && !q.days && !q.dates
        ? daysBetween(open.startDate, open.endDate) + 1
        : undefined;
    if (!place) {
      this.say(
        'Where to? For example "plan 4 days in Lisbon for a wheelchair user" or "plan a weekend in Banff".',
      );
      return;
    }
    // "a 2 day plan for that": the needs of the conversation too.
    const needs: Question['needs'] =
      q.needs.length > 0
        ? q.needs
        : q.anyAccess
          ? ['Mobility Support']
          : ((this.ctx.request.state?.needs ?? []) as Question['needs']);
    if (needs.length > 0) this.state.needs = [...needs];
    const outcome = await skills.proposePlan({
      place,
      // "the 4th to the 6th of December": as many days as the dates span.
      days:
        q.dates && q.dates.from !== q.dates.to
          ? daysBetween(q.dates.from, q.dates.to) + 1
          : (q.days ??
            tripDays ??
            // "not banff, i meant yosemite": the plan just drafted, somewhere else.
            (request.state?.intent === 'plan' ? request.state.planDays : undefined) ??
            3),
      ...(q.dates ? { startDate: q.dates.from } : {}),
      needs,
      ...(request.plannerId ? { plannerId: request.plannerId } : {}),
      ...(q.topics.veteran || request.state?.veteran ? { veteran: true } : {}),
      ...(/\b(ww2|wwii|world war (2|ii|two))\b/.test(q.text) ? { ww2: true } : {}),
    });
    if (outcome.kind === 'unknown-place') {
      this.say(`I don't know ${outcome.place} as a place in this site's data, so I can't plan it.`);
      return;
    }
    if (outcome.kind === 'nothing-new') {
      this.say(
        `Your trip "${outcome.tripTitle}" already has a flight, a hotel and the catalogue's places for those days, so there is nothing new to add.`,
      );
      return;
    }
    this.showPlan(outcome.proposal, needs);
  }

  /** The drafted plan as a card, kept for "what does it cost?", with what it visits. */
  private showPlan(proposal: PlanDraft, needs: Question['needs']) {
    const { q } = this;
    const { request } = this.ctx;
    this.proposal = proposal;
    this.state.planGaps = proposal.gaps;
    this.state.planDays = daysBetween(proposal.startDate, proposal.endDate) + 1;
    this.state.planTotal = formatCents(
      proposal.items.reduce((sum, item) => sum + Math.round(Number(item.price) * 100), 0),
    );
    this.say(...planAnswer(proposal, q, needs));
    const visited = proposal.items
      .map((item) => this.ctx.destinations.find((d) => item.itemName === `Visit ${d.name}`))
      .filter((d): d is Destination => d !== undefined);
    this.state.destinationIds = visited.map((d) => d.id);
    // For a veteran: what the plan's places say for the military, in the answer itself.
    if (q.topics.veteran || request.state?.veteran) {
      for (const d of visited) {
        const military = d.priceBasis
          .split(/;\s*|\(|\)/)
          .filter((c) => /veteran|military|armed forces/i.test(c))
          .map((c) => c.trim());
        if (military.length > 0) this.say(`For a veteran at ${d.name}: ${military.join('; ')}.`);
      }
    }
    this.warnSerious(this.countriesTouched());
  }
}

/** A short line each for places found among the last answer's. */
const detailsAnswerLines = (found: readonly Destination[], q: Question) =>
  found.slice(0, DETAILED).map((d) => {
    const said = detailsAnswer(d, q).find((line) => line.startsWith('What it says:'));
    return `- ${d.name}${said ? `: ${said.replace(/^What it says: /, '')}` : ''}`;
  });

/** "which one would be best for him?", "which is the best one for us". */
const BEST_ONE = /\b(best|most suitable|ideal|top pick|better|recommend)\b/;

/** "is the park ok for him?": the one catalogue place the open trip is at. */
const THE_PLACE =
  /\b(the|this) (park|museum|place|resort|memorial|cemetery|gardens?|spa|castle|lagoon|cruise|lodge)\b/;

/** Where the traveller is going, said outright: the open trip's place even after other places. */
const GOING_TO =
  /\b(where (i ?m|i am|we ?re|we are) (going|headed|heading|staying)|the place (i ?m|i am|we ?re|we are) (going|headed|heading|staying)|(this|my|our) (trip|destination))\b/;

/** Words pointing at where the traveller is going: the open trip's place, when nothing else is. */
const TRIP_PLACE =
  /\b(there|over there|out there|here|where (i ?m|i am|we ?re|we are) (going|headed|heading|staying)|the place (i ?m|i am|we ?re|we are) (going|headed|heading|staying)( to)?|(this|my|our|the) (trip|destination)|while (we ?re|we are|i ?m|i am) (there|away))\b/;

/** How many words make a message long enough that its question is read on its own. */
const LONG_MESSAGE = 40;

/**
 * A long message ("my grandad is 88, served in the Pacific, has mild dementia ... is the WW2
 * museum wheelchair accessible, and does he have to pay?") is mostly story: its question is read
 * from its last asking sentence, with who is travelling taken from the whole. A crisis anywhere in
 * it still comes first.
 */
function questionOf(message: string, context: Parameters<typeof understand>[1]): Question {
  const whole = understand(message, context);
  if (whole.intent === 'crisis' || whole.reading.words.length <= LONG_MESSAGE) return whole;
  const sentences = message
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const asking = sentences.filter(
    (s) =>
      /\?\s*$/.test(s) ||
      /\b(which|what|where|is there|are there|can|could|does|do|how|any)\b/i.test(s),
  );
  const last = asking.at(-1);
  if (!last || last === message.trim()) return whole;
  const asked = understand(last, context);
  if (asked.intent === 'unknown') return whole;
  const names = (q: Question) =>
    q.destinations.length + q.countries.length + q.cities.length + q.regions.length;
  // A question naming no place, in a story about one the whole message reads rightly: the whole.
  if (names(asked) === 0 && names(whole) > 0 && !['trip', 'add'].includes(whole.intent)) {
    return whole;
  }
  for (const need of whole.needs) if (!asked.needs.includes(need)) asked.needs.push(need);
  if (whole.topics.veteran) asked.topics.veteran = true;
  if (asked.people === undefined && whole.people !== undefined) asked.people = whole.people;
  // "We're off to Paris in May ... is it step-free?": the place the story named.
  if (names(asked) === 0 && names(whole) > 0) {
    asked.destinations.push(...whole.destinations);
    asked.countries.push(...whole.countries);
    asked.cities.push(...whole.cities);
    asked.regions.push(...whole.regions);
  }
  return asked;
}

/** "and my brother uses a wheelchair, what would work?": a short message going on from the last. */
const followsUpOrShort = (q: Question) => followsUp(q) || q.reading.words.length <= 12;

/** A source's web addresses written as links: "(nps.gov/yose)" becomes https://nps.gov/yose. */
const linked = (text: string) =>
  text.replace(
    /(?<![\w/.@-])((?:[a-z0-9-]+\.)+(?:gov|com|org|net|is|au|fr|ie|nz|sg|uk))(\/[\w./-]*[\w/])?(?![\w.])/gi,
    (address) => `https://${address}`,
  );

const ORDINAL_DAYS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh'];

/**
 * "day 2", "the third day", "the 3rd evening": which day of the trip, counted from 1, or 0. Read on
 * the message as written: in "the third day, 75" the 75 is a price, not day 75.
 */
function dayOfTrip(raw: string): number {
  // "same price as day 1" names a day to compare with, not the day meant.
  raw = raw.replace(/\b(?:as|like|than|from)\s+(?:on\s+)?(?:the\s+)?day\s+\d{1,2}\b/gi, ' ');
  const numbered =
    /\bday\s+(\d{1,2})\b/i.exec(raw)?.[1] ??
    /\b(\d{1,2})(?:st|nd|rd|th)\s+(?:day|night|evening|morning|afternoon)\b/i.exec(raw)?.[1];
  if (numbered) return Number(numbered);
  const word = /\b(\w+)\s+(?:day|night|evening|morning|afternoon)\b/i.exec(raw)?.[1]?.toLowerCase();
  return ORDINAL_DAYS.indexOf(word ?? '') + 1;
}
/** "fly out", "come home", "leave": a question about a trip's first or last day. */
const LEAVING =
  /\b(fly|flying|flight|flights|leave|leaving|go|going|depart\w*|come home|coming home|get back|getting back|home|back|return\w*|arrive|arriving|check in|check out)\b/;
