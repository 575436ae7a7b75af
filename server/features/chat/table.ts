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
}
