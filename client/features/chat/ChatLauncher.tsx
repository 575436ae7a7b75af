import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { FloatingChatButton } from '../landing';

// The panel and its validation code load when the chat is first opened.
const ChatPanel = lazy(() => import('./ChatPanel'));

/**
 * The chat panel with the floating button that opens it. `openChat` opens it from anywhere else
 * on the page (the preview's button); focus returns to whatever opened it.
 */
export function useChatLauncher() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const openChat = useCallback(() => {
    opener.current = document.activeElement as HTMLElement | null;
    setOpen(true);
  }, []);

  const launcher = (
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
        <Suspense fallback={null}>
          <ChatPanel />
        </Suspense>
      ) : null}
    </Dialog>
  );
  return { openChat, launcher };
}
