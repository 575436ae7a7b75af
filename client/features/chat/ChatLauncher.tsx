import { lazy, Suspense, useRef, useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { FloatingChatButton } from '../landing';

// The panel and its validation code load when the chat is first opened.
const ChatPanel = lazy(() => import('./ChatPanel'));

/** The floating chat button and the panel it opens; focus returns to the button on close. */
export function ChatLauncher() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // The button is not a Radix trigger, so focus is returned to it here.
        if (!next) requestAnimationFrame(() => opener.current?.focus());
      }}
    >
      <FloatingChatButton
        onOpenChat={() => {
          opener.current = document.activeElement as HTMLElement | null;
          setOpen(true);
        }}
      />
      {open ? (
        <Suspense fallback={null}>
          <ChatPanel />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
