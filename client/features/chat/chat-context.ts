import { createContext, useContext, useEffect } from 'react';

/** The trip the planner has open, which the chat asks about (sent as `plannerId`). */
export interface ChatTrip {
  id: string;
  title: string;
}

/** What any page may do with the chat, from inside the layout: open it, or tell it the open trip. */
export interface ChatControls {
  /** Opens the chat panel; focus returns to what had it when the panel closes. */
  openChat: () => void;
  /** Closes it, e.g. when a link in it leads to another page. */
  closeChat: () => void;
  /** Sets (or clears, with null) the trip the chat's messages are about. */
  setChatTrip: (trip: ChatTrip | null) => void;
}

const noControls: ChatControls = { openChat: () => {}, closeChat: () => {}, setChatTrip: () => {} };

/** Provided by ChatLauncher, around the layout; stable for the page's life. */
export const ChatControlsContext = createContext<ChatControls>(noControls);
/** The trip the chat is about, read by the panel. */
export const ChatTripContext = createContext<ChatTrip | null>(null);

/** Opens the chat panel from a button of the page (the landing page's sample conversation). */
export function useOpenChat(): () => void {
  return useContext(ChatControlsContext).openChat;
}

/**
 * The planner's selected trip, for the chat: while the calling component shows `trip`, the chat's
 * messages carry its id and the panel says which trip it is asking about.
 */
export function useChatTrip(trip: ChatTrip | null): void {
  const { setChatTrip } = useContext(ChatControlsContext);
  const id = trip?.id ?? null;
  const title = trip?.title ?? null;
  useEffect(() => {
    setChatTrip(id && title !== null ? { id, title } : null);
    return () => setChatTrip(null);
  }, [id, title, setChatTrip]);
}
