import type { Advisory } from '../../../contracts/advisories.js';
import type { ChatManager, TripItemProposal } from '../../../contracts/chat.js';
import type { Destination } from '../../../contracts/destinations.js';
import type { EmergencyContact } from '../../../contracts/emergency.js';
import type { PlannerItem, Trip } from '../../../contracts/planner.js';

/** The visitor's trips as the assistant may read them: only that visitor's own. */
export interface TripBook {
  listTrips(visitorId: string): Promise<Trip[]>;
  listItems(
    visitorId: string,
    plannerId: string,
    range?: { from?: string; to?: string },
  ): Promise<PlannerItem[]>;
}

/** The emergency contacts (server/data), looked up by name, alias or code. */
export interface EmergencyBook {
  list(): EmergencyContact[];
  byCountry(nameOrCode: string): EmergencyContact | undefined;
  /** The countries a sentence names ("South Sudan", "the UK"), in order. */
  namedIn(sentence: string): EmergencyContact[];
}

/** What the assistant may answer from: the site's own data, never invented facts. */
export interface AssistantKnowledge {
  destinations(): Promise<Destination[]>;
  advisories(): Advisory[];
  emergency: EmergencyBook;
  trips: TripBook;
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
}

export interface AssistantReply {
  text: string;
  /** The managers whose skills produced the answer. */
  managers: ChatManager[];
  /** An item to add to a trip, for the visitor to apply or discard. */
  proposal?: Omit<TripItemProposal, 'status' | 'itemId'>;
  answeredBy: 'built-in' | 'model';
}

export interface Assistant {
  reply(request: AssistantRequest): Promise<AssistantReply>;
}
