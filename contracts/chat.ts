import { z } from 'zod';

/** ARCHITECTURE.md §5: a chat message is non-blank and at most this long. */
export const CHAT_MESSAGE_MAX = 2000;

/** The specialists behind the assistant (spec §1); each answer names the ones that contributed. */
export const CHAT_MANAGERS = ['safety', 'accessibility', 'budget'] as const;
export type ChatManager = (typeof CHAT_MANAGERS)[number];

/** Spec §3: a conversation starts with one assistant greeting. */
export const CHAT_GREETING =
  "Hi, I'm Beth, your AI travel assistant. Ask me which destinations suit your needs or budget, or how safe a country is: my Safety, Accessibility and Budget managers answer from this site's own data.";

export const chatRequestSchema = z.object({
  message: z
    .string()
    .max(CHAT_MESSAGE_MAX, `Message must be at most ${CHAT_MESSAGE_MAX} characters`)
    .refine((text) => text.trim().length > 0, { message: 'Message must not be blank' }),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** What became of an item the assistant proposed for a trip: only the visitor applies it. */
export const PROPOSAL_STATUSES = ['proposed', 'applied', 'discarded'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/**
 * An item the assistant proposes to add to one of the visitor's trips ("add a hotel in Banff on
 * 3 December"). It is shown as a card; the trip changes only when the visitor applies it.
 */
export const tripItemProposalSchema = z.object({
  plannerId: z.string(),
  tripTitle: z.string(),
  itemType: z.enum(['flight', 'hotel', 'car', 'activity']),
  itemName: z.string(),
  itemDescription: z.string(),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  price: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  /** The planner item made from it, once applied. */
  itemId: z.string().optional(),
});
export type TripItemProposal = z.infer<typeof tripItemProposalSchema>;

/** Spec §3: a chat message; `beth` is the assistant. */
export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'beth']),
  content: z.string(),
  timestamp: z.string(),
  managers: z.array(z.enum(CHAT_MANAGERS)),
  /** Where the reply came from: the built-in assistant or the configured model. */
  answeredBy: z.enum(['built-in', 'model']).optional(),
  proposal: tripItemProposalSchema.optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatResponseSchema = z.object({
  /** The reply text (spec §7 reads `response`). */
  response: z.string(),
  /** Both sides of the exchange as stored, so the panel shows the server's timestamps. */
  userMessage: chatMessageSchema,
  reply: chatMessageSchema,
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

export const chatHistorySchema = z.array(chatMessageSchema);

export const proposalParamsSchema = z.object({ messageId: z.string() });
export const proposalDecisionSchema = z.object({
  action: z.enum(['apply', 'discard'], { message: 'Action must be apply or discard' }),
});
export type ProposalDecision = z.infer<typeof proposalDecisionSchema>;
export const proposalDecisionResponseSchema = z.object({ message: chatMessageSchema });
