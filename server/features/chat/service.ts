import { randomUUID } from 'node:crypto';
import {
  CHAT_REPLY_MAX,
  type ChatMessage,
  type ChatRequest,
  type ChatResponse,
  type Proposal,
  type ProposalDecision,
  type ProposedItem,
} from '../../../contracts/chat.js';
import type {
  CreatePlannerItemInput,
  CreateTripInput,
  PlannerItem,
  Trip,
} from '../../../contracts/planner.js';
import type { Assistant } from './assistant/types.js';
import { Conflict, NotFound } from '../../errors.js';
import type { ChatRepository } from './repository.js';

/** A conversation keeps its latest messages; older ones are dropped (bounded storage). */
export const CHAT_HISTORY_KEPT = 200;

const CUT_NOTE =
  '\n\n…The answer was too long to show whole: ask about fewer days or one trip, or see everything on the [Flight Plan page](/flight-plan).';

/** A reply within `CHAT_REPLY_MAX`, cut at the last line (else word) break that fits. */
export function bounded(text: string): string {
  if (text.length <= CHAT_REPLY_MAX) return text;
  const room = text.slice(0, CHAT_REPLY_MAX - CUT_NOTE.length);
  const line = room.lastIndexOf('\n');
  const at = line > room.length / 2 ? line : room.lastIndexOf(' ');
  return `${(at > room.length / 2 ? room.slice(0, at) : room).trimEnd()}${CUT_NOTE}`;
}
/** How much of the conversation the assistant reads for follow-up questions. */
const CONTEXT_MESSAGES = 10;

/** Where an applied proposal goes: the planner, which checks the trip is the visitor's. */
export interface TripItemWriter {
  getTrip(visitorId: string, tripId: string): Promise<Trip>;
  createItem(visitorId: string, input: CreatePlannerItemInput): Promise<PlannerItem>;
  addPlan(
    visitorId: string,
    target: { plannerId: string } | { newTrip: CreateTripInput },
    items: readonly Omit<CreatePlannerItemInput, 'plannerId'>[],
  ): Promise<{ trip: Trip; items: PlannerItem[] }>;
}

const plannerItemOf = (item: ProposedItem): Omit<CreatePlannerItemInput, 'plannerId'> => ({
  itemType: item.itemType,
  itemName: item.itemName,
  itemDescription: item.itemDescription,
  scheduledDate: item.scheduledDate,
  scheduledTime: item.scheduledTime as CreatePlannerItemInput['scheduledTime'],
  price: item.price,
});

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
    from: Proposal['status'],
    to: Proposal,
  ) {
    if (!(await repository.updateProposal(visitorId, messageId, from, to))) {
      throw new Conflict('This proposal was decided meanwhile');
    }
  }

  /** Writes a proposal to the planner; answers it as applied, with what was made. */
  async function apply(visitorId: string, proposal: Proposal): Promise<Proposal> {
    if (proposal.kind === 'plan') {
      const { trip, items } = await planner.addPlan(
        visitorId,
        proposal.plannerId
          ? { plannerId: proposal.plannerId }
          : {
              newTrip: {
                title: proposal.tripTitle,
                destination: proposal.destination,
                startDate: proposal.startDate,
                endDate: proposal.endDate,
              },
            },
        proposal.items.map(plannerItemOf),
      );
      return {
        ...proposal,
        status: 'applied',
        appliedPlannerId: trip.id,
        itemIds: items.map((item) => item.id),
      };
    }
    const item = await planner.createItem(visitorId, {
      plannerId: proposal.plannerId,
      ...plannerItemOf(proposal),
    });
    return { ...proposal, status: 'applied', itemId: item.id };
  }

  return {
    /** Null: a visitor with no stored session, who has not asked anything yet. */
    history: async (visitorId: string | null): Promise<ChatMessage[]> =>
      visitorId ? repository.recent(visitorId, CHAT_HISTORY_KEPT) : [],

    async send(visitorId: string, { message, plannerId }: ChatRequest): Promise<ChatResponse> {
      const content = message.trim();
      const [context, state, openTrip] = await Promise.all([
        repository.recent(visitorId, CONTEXT_MESSAGES),
        repository.lastState(visitorId),
        // The open trip must be the visitor's own; any other id is as if none was sent.
        plannerId
          ? planner.getTrip(visitorId, plannerId).then(
              (trip) => trip.id,
              () => undefined,
            )
          : undefined,
      ]);
      const asked = new Date();
      const answered = await assistant.reply({
        message: content,
        history: context,
        visitorId,
        now: asked,
        state,
        plannerId: openTrip,
      });
      const reply = { ...answered, text: bounded(answered.text) };
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
            context: reply.state ? JSON.stringify(reply.state) : null,
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
        let applied: Proposal;
        try {
          applied = await apply(visitorId, proposal);
        } catch (error) {
          await repository.updateProposal(visitorId, messageId, 'applied', proposal);
          throw error;
        }
        await move(visitorId, messageId, 'applied', applied);
      }
      return (await repository.find(visitorId, messageId))!;
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
