/*
 * The chat contract's values. The schemas and their types are in chat.ts, which re-exports all of
 * this.
 */

/** GET the visitor's conversation with the assistant; POST asks a question. */
export const CHAT_PATH = '/api/chat';
