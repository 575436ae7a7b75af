import type { Advisory } from '../../../contracts/advisories.js';
import type { ChatManager } from '../../../contracts/chat.js';
import type { Destination } from '../../../contracts/destinations.js';

/** What the assistant may answer from: the site's own data, never invented facts. */
export interface AssistantKnowledge {
  destinations(): Promise<Destination[]>;
  advisories(): Advisory[];
}

export interface AssistantTurn {
  role: 'user' | 'beth';
  content: string;
}

export interface AssistantReply {
  text: string;
  /** The managers whose skills produced the answer. */
  managers: ChatManager[];
}

export interface Assistant {
  reply(message: string, history: readonly AssistantTurn[]): Promise<AssistantReply>;
}
