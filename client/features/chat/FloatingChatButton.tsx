import { MessageCircle } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../lib/cn';

export interface FloatingChatButtonProps {
  /** Opens the assistant's chat panel; while undefined, the button says the assistant is coming soon. */
  onOpenChat?: () => void;
}

export const CHAT_BUTTON_LABEL = 'Chat with Beth, your AI travel assistant';

/**
 * The floating chat button, on every page (ChatLauncher, in the layout). Placement keeps it clear
 * of the toasts (client/components/ui/toaster.tsx):
 * - below 640 px toasts sit at the top: the button is bottom-right;
 * - from 640 to 767 px toasts span the full width at the bottom: the button is bottom-left, raised
 *   above them (bottom 8 rem);
 * - from 768 px toasts are a 420 px column at the bottom right: the button is bottom-left.
 * The footer's bottom padding keeps the page's last lines clear of it (Footer.tsx).
 */
export function FloatingChatButton({ onOpenChat }: FloatingChatButtonProps) {
  const noteId = useId();
  const available = onOpenChat !== undefined;
  return (
    <div className="fixed right-4 bottom-4 z-30 flex flex-row-reverse items-center gap-2 sm:right-auto sm:bottom-32 sm:left-4 sm:flex-row md:bottom-4">
      <button
        type="button"
        aria-label={CHAT_BUTTON_LABEL}
        aria-disabled={available ? undefined : true}
        aria-describedby={available ? undefined : noteId}
        onClick={onOpenChat}
        className={cn(
          // Forced colours drop the fill: a border (given the system's colour) keeps the outline.
          'inline-flex size-14 shrink-0 items-center justify-center rounded-full shadow-lg motion-safe:transition-colors forced-colors:border-2 forced-colors:border-solid',
          available
            ? 'bg-brand-700 text-white hover:bg-brand-800'
            : 'cursor-not-allowed border-2 border-dashed border-slate-500 bg-slate-100 text-slate-800',
        )}
      >
        <MessageCircle aria-hidden="true" className="size-7" />
      </button>
      {available ? null : (
        <p
          id={noteId}
          className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800 shadow"
        >
          Assistant coming soon
        </p>
      )}
    </div>
  );
}
