import { z } from 'zod';

export * from './chat.values.js';

/** ARCHITECTURE.md §5: a chat message is non-blank and at most this long. */
export const CHAT_MESSAGE_MAX = 2000;
/**
 * The longest reply kept and sent: several screens of text. Longer answers (a model's, or a list of
 * a very large trip) are cut at a line and pointed to the planner, so one question cannot store
 * megabytes.
 */
export const CHAT_REPLY_MAX = 8000;

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
  /**
   * The trip the visitor has open (the planner's selected trip): "the hotels", "add a car on
   * Friday" then mean that trip. Only ever one of the visitor's own trips; any other id is ignored.
   */
  plannerId: z.string().max(100).optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** What became of an item the assistant proposed for a trip: only the visitor applies it. */
export const PROPOSAL_STATUSES = ['proposed', 'applied', 'discarded'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** One planner item as the assistant proposes it (the planner's own fields). */
export const proposedItemSchema = z.object({
  itemType: z.enum(['flight', 'hotel', 'car', 'activity']),
  itemName: z.string(),
  itemDescription: z.string(),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  price: z.string(),
});
export type ProposedItem = z.infer<typeof proposedItemSchema>;

/**
 * An item the assistant proposes to add to one of the visitor's trips ("add a hotel in Banff on
 * 3 December"). It is shown as a card; the trip changes only when the visitor applies it.
 */
export const tripItemProposalSchema = proposedItemSchema.extend({
  /** Absent in proposals stored before plans existed. */
  kind: z.literal('item').optional(),
  plannerId: z.string(),
  tripTitle: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  /** The planner item made from it, once applied. */
  itemId: z.string().optional(),
  /** What the visitor should know before applying it ("the day already has a hotel"). */
  warnings: z.array(z.string()).optional(),
});
export type TripItemProposal = z.infer<typeof tripItemProposalSchema>;

/** How many items one proposed plan may hold. */
export const PLAN_MAX_ITEMS = 40;

/**
 * A draft of several days ("plan 4 days in Lisbon for a wheelchair user"): items over the days,
 * for one of the visitor's trips, or for a new trip made when the visitor applies it. Nothing is
 * written until then; Discard drops it.
 */
export const tripPlanProposalSchema = z.object({
  kind: z.literal('plan'),
  /** The trip it goes into; absent when applying it makes a new trip. */
  plannerId: z.string().optional(),
  tripTitle: z.string(),
  destination: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  items: z.array(proposedItemSchema).min(1).max(PLAN_MAX_ITEMS),
  /** What the site could not fill in, said plainly ("no hotel in our catalogue documents..."). */
  gaps: z.array(z.string()),
  status: z.enum(PROPOSAL_STATUSES),
  /** Once applied: the trip the items went into and the items made. */
  appliedPlannerId: z.string().optional(),
  itemIds: z.array(z.string()).optional(),
});
export type TripPlanProposal = z.infer<typeof tripPlanProposalSchema>;

/** A card under a reply: one item or a plan of several. */
export const proposalSchema = z.union([tripPlanProposalSchema, tripItemProposalSchema]);
export type Proposal = z.infer<typeof proposalSchema>;

/** Spec §3: a chat message; `beth` is the assistant. */
export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'beth']),
  content: z.string(),
  timestamp: z.string(),
  managers: z.array(z.enum(CHAT_MANAGERS)),
  /** Where the reply came from: the built-in assistant or the configured model. */
  answeredBy: z.enum(['built-in', 'model']).optional(),
  proposal: proposalSchema.optional(),
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
