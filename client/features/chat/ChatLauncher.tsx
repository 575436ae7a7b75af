import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { FloatingChatButton } from './FloatingChatButton';
import { ChatControlsContext, ChatTripContext, type ChatTrip } from './chat-context';

// The panel and its validation code load when the chat is first opened.
const ChatPanel = lazy(() => import('./ChatPanel'));

/**
 * The chat on every page: the floating button (after `children`, so it comes last in the tab
 * order) and the panel it opens. `children` (the layout) may open the chat with `useOpenChat` and
 * name the trip it is about with `useChatTrip`; focus returns to whatever opened it. The state
 * lives here, so the layout passed as `children` is not rendered again when it changes.
 */
export function ChatLauncher({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [trip, setTrip] = useState<ChatTrip | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const openChat = useCallback(() => {
    opener.current = document.activeElement as HTMLElement | null;
    setOpen(true);
  }, []);
  const closeChat = useCallback(() => setOpen(false), []);
  const controls = useMemo(
    () => ({ openChat, closeChat, setChatTrip: setTrip }),
    [openChat, closeChat],
  );

  return (
    <ChatControlsContext value={controls}>
      {children}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          // The openers are not Radix triggers, so focus is returned here.
          if (!next) requestAnimationFrame(() => opener.current?.focus());
        }}
      >
        <FloatingChatButton onOpenChat={openChat} />
        {open ? (
          <ChatTripContext value={trip}>
            <Suspense fallback={null}>
              <ChatPanel />
            </Suspense>
          </ChatTripContext>
        ) : null}
      </Dialog>
    </ChatControlsContext>
  );
}
