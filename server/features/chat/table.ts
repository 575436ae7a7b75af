export interface ChatMessageTable {
  id: string;
  visitorId: string;
  /** Order within the visitor's conversation (timestamps can tie). */
  seq: number;
  role: string;
  content: string;
  /** JSON array of ChatManager. */
  managers: string;
  createdAt: string;
  /** JSON of a proposal (an item or a plan) without its status; null for most messages. */
  proposal: string | null;
  proposalStatus: string | null;
  /** 'built-in' or 'model' for a reply; null for the visitor's messages. */
  answeredBy: string | null;
  /** JSON of the reply's ConversationState (what it was about); null for the visitor's messages. */
  context?: string | null;
}
