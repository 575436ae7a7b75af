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

/** Spec §3: a chat message; `beth` is the assistant. */
export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'beth']),
  content: z.string(),
  timestamp: z.string(),
  managers: z.array(z.enum(CHAT_MANAGERS)),
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
