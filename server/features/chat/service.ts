import { randomUUID } from 'node:crypto';
import type {
  ChatMessage,
  ChatResponse,
  ProposalDecision,
  TripItemProposal,
} from '../../../contracts/chat.js';
import type { CreatePlannerItemInput, PlannerItem } from '../../../contracts/planner.js';
import type { Assistant } from '../../adapters/assistant/types.js';
import { Conflict, NotFound } from '../../errors.js';
import type { ChatRepository } from './repository.js';

/** A conversation keeps its latest messages; older ones are dropped (bounded storage). */
export const CHAT_HISTORY_KEPT = 200;
/** How much of the conversation the assistant reads for follow-up questions. */
const CONTEXT_MESSAGES = 10;

/** Where an applied proposal goes: the planner, which checks the trip is the visitor's. */
export interface TripItemWriter {
  createItem(visitorId: string, input: CreatePlannerItemInput): Promise<PlannerItem>;
}

export function createChatService(
  repository: ChatRepository,
  assistant: Assistant,
  planner: TripItemWriter,
) {
  async function proposalOf(visitorId: string, messageId: string) {
    const message = await repository.find(visitorId, messageId);
    if (!message?.proposal) throw new NotFound('No such proposal');
    if (message.proposal.status !== 'proposed') {
      throw new Conflict(`This proposal was already ${message.proposal.status}`);
    }
    return message.proposal;
  }

  async function move(
    visitorId: string,
    messageId: string,
    from: TripItemProposal['status'],
    to: TripItemProposal,
  ) {
    if (!(await repository.updateProposal(visitorId, messageId, from, to))) {
      throw new Conflict('This proposal was decided meanwhile');
    }
  }

  return {
    history: (visitorId: string): Promise<ChatMessage[]> =>
      repository.recent(visitorId, CHAT_HISTORY_KEPT),

    async send(visitorId: string, message: string): Promise<ChatResponse> {
      const content = message.trim();
      const context = await repository.recent(visitorId, CONTEXT_MESSAGES);
      const asked = new Date();
      const reply = await assistant.reply({
        message: content,
        history: context,
        visitorId,
        now: asked,
      });
      const [userMessage, stored] = await repository.append(
        visitorId,
        [
          {
            id: randomUUID(),
            role: 'user',
            content,
            managers: '[]',
            createdAt: asked.toISOString(),
          },
          {
            id: randomUUID(),
            role: 'beth',
            content: reply.text,
            managers: JSON.stringify(reply.managers),
            createdAt: new Date().toISOString(),
            answeredBy: reply.answeredBy,
            proposal: reply.proposal ? JSON.stringify(reply.proposal) : null,
            proposalStatus: reply.proposal ? 'proposed' : null,
          },
        ],
        CHAT_HISTORY_KEPT,
      );
      return { response: reply.text, userMessage: userMessage!, reply: stored! };
    },

    /**
     * The visitor applies or discards a proposed trip item. Applying claims the proposal first, so
     * a double click adds one item; if the planner refuses (the trip was deleted), the claim is undone.
     */
    async decide(
      visitorId: string,
      messageId: string,
      { action }: ProposalDecision,
    ): Promise<ChatMessage> {
      const proposal = await proposalOf(visitorId, messageId);
      if (action === 'discard') {
        await move(visitorId, messageId, 'proposed', { ...proposal, status: 'discarded' });
      } else {
        await move(visitorId, messageId, 'proposed', { ...proposal, status: 'applied' });
        let item: PlannerItem;
        try {
          item = await planner.createItem(visitorId, {
            plannerId: proposal.plannerId,
            itemType: proposal.itemType,
            itemName: proposal.itemName,
            itemDescription: proposal.itemDescription,
            scheduledDate: proposal.scheduledDate,
            scheduledTime: proposal.scheduledTime as CreatePlannerItemInput['scheduledTime'],
            price: proposal.price,
          });
        } catch (error) {
          await repository.updateProposal(visitorId, messageId, 'applied', proposal);
          throw error;
        }
        await move(visitorId, messageId, 'applied', {
          ...proposal,
          status: 'applied',
          itemId: item.id,
        });
      }
      return (await repository.find(visitorId, messageId))!;
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
