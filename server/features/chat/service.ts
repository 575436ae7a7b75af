import { randomUUID } from 'node:crypto';
import type { ChatMessage, ChatResponse } from '../../../contracts/chat.js';
import type { Assistant } from '../../adapters/assistant/types.js';
import type { ChatRepository } from './repository.js';

/** A conversation keeps its latest messages; older ones are dropped (bounded storage). */
export const CHAT_HISTORY_KEPT = 200;
/** How much of the conversation the assistant reads for follow-up questions. */
const CONTEXT_MESSAGES = 10;

export function createChatService(repository: ChatRepository, assistant: Assistant) {
  return {
    history: (visitorId: string): Promise<ChatMessage[]> =>
      repository.recent(visitorId, CHAT_HISTORY_KEPT),

    async send(visitorId: string, message: string): Promise<ChatResponse> {
      const content = message.trim();
      const context = await repository.recent(visitorId, CONTEXT_MESSAGES);
      const asked = new Date().toISOString();
      const reply = await assistant.reply(content, context);
      const [userMessage, stored] = await repository.append(
        visitorId,
        [
          { id: randomUUID(), role: 'user', content, managers: '[]', createdAt: asked },
          {
            id: randomUUID(),
            role: 'beth',
            content: reply.text,
            managers: JSON.stringify(reply.managers),
            createdAt: new Date().toISOString(),
          },
        ],
        CHAT_HISTORY_KEPT,
      );
      return { response: reply.text, userMessage: userMessage!, reply: stored! };
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
