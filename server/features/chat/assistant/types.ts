import type { Advisory } from '../../../../contracts/advisories.js';
import type {
  ChatManager,
  TripItemProposal,
  TripPlanProposal,
} from '../../../../contracts/chat.js';
import type { Destination } from '../../../../contracts/destinations.js';
import type { EmergencyContact } from '../../../../contracts/emergency.js';
import type { HelpLines } from '../../../../contracts/help-lines.js';
import type { PlannerItem, Trip } from '../../../../contracts/planner.js';

/** The visitor's trips as the assistant may read them: only that visitor's own. */
export interface TripBook {
  listTrips(visitorId: string): Promise<Trip[]>;
  listItems(
    visitorId: string,
    plannerId: string,
    range?: { from?: string; to?: string },
  ): Promise<PlannerItem[]>;
}

/** The emergency contacts (server/catalogue), looked up by name, alias or code. */
export interface EmergencyBook {
  list(): EmergencyContact[];
  byCountry(nameOrCode: string): EmergencyContact | undefined;
  /** The countries a sentence names ("South Sudan", "the UK"), in order. */
  namedIn(sentence: string): EmergencyContact[];
}

/** What the assistant may answer from: the site's own data, never invented facts. */
export interface AssistantKnowledge {
  destinations(): Promise<Destination[]>;
  /** Where a destination's facts come from (server/catalogue), for "where is that from?". */
  destinationSource?(id: string): { source: string; checkedAt: string } | undefined;
  advisories(): Advisory[];
  emergency: EmergencyBook;
  /** The Veterans Crisis Line, STEP and Overseas Citizens Services (GET /api/help-lines). */
  helpLines: HelpLines;
  trips: TripBook;
}

/**
 * What the last answer was about, kept with it so a follow-up can point back at it ("is that one
 * accessible?", "which of those is cheapest?", "ok and what about japan?"). Ids only: the facts are
 * read again from the data on every answer.
 */
export interface ConversationState {
  /** What the answer did, e.g. 'recommend', 'details', 'safety', 'emergency', 'trip'. */
  intent?: string;
  /** Destinations the answer named, in the order shown. */
  destinationIds?: string[];
  /** Countries (ISO codes) the answer was about. */
  countryCodes?: string[];
  /** The trip the answer was about. */
  plannerId?: string;
  /** The needs said in the conversation, kept until others are said. */
  needs?: string[];
  /** Kinds of place asked for ("theme park"), for "any under $15?". */
  kinds?: string[];
  /** The one day the answer was about, for "add it on that day". */
  day?: string;
  /** The traveller said they or the person they travel with served. */
  veteran?: boolean;
  /** The kind of trip item asked about ("the hotels on my trip"). */
  itemType?: string;
  /** A budget said earlier ("about $50 a person"), kept for the next question. */
  budget?: { amount: number; currency?: string };
  /** The place last asked about ("Lisbon", "Banff"), for "plan 2 days there". */
  place?: string;
  /** What the plan just proposed could not fill in, for "what couldn't you fill in?". */
  planGaps?: string[];
  /** The plan just proposed, added up ("1234.00"), for "what would all that cost?". */
  planTotal?: string;
  /** How many days the plan just proposed covers, for "not banff, i meant yosemite". */
  planDays?: number;
  /** The item just proposed, so "make it the 13th instead" changes it. */
  item?: {
    /** Absent while the item would start a new trip. */
    plannerId?: string;
    itemType: string;
    itemName: string;
    scheduledDate: string;
    scheduledTime: string;
    price: string;
    /** What the card said of a price in another currency. */
    priceNote?: string;
  };
}

export interface AssistantTurn {
  role: 'user' | 'beth';
  content: string;
}

export interface AssistantRequest {
  message: string;
  /** The latest turns of this visitor's conversation, oldest first. */
  history: readonly AssistantTurn[];
  /** Whose trips the answer may read; set by the server from the session, never by the message. */
  visitorId: string;
  /** Now, for reading "tomorrow" or "3 December" (the next one). */
  now: Date;
  /** What the previous answer was about, for follow-ups. */
  state?: ConversationState;
  /** The trip the visitor has open in the planner, already checked to be theirs. */
  plannerId?: string;
}

/** A proposal as the assistant drafts it; the chat service gives it its status. */
export type ProposalDraft =
  | Omit<TripItemProposal, 'status' | 'itemId'>
  | Omit<TripPlanProposal, 'status' | 'appliedPlannerId' | 'itemIds'>;

export interface AssistantReply {
  text: string;
  /** The managers whose skills produced the answer. */
  managers: ChatManager[];
  /** An item or a plan to add to a trip, for the visitor to apply or discard. */
  proposal?: ProposalDraft;
  answeredBy: 'built-in' | 'model';
  /** What this answer was about, kept for the next question. */
  state?: ConversationState;
}

export interface Assistant {
  reply(request: AssistantRequest): Promise<AssistantReply>;
}
