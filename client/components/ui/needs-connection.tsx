import { WifiOff } from 'lucide-react';
import { useId, type MouseEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useOnline } from '../../lib/use-online';

/** What a control that needs the network says beside it while the browser is offline. */
export const NEEDS_CONNECTION = 'Needs a connection — you are offline.';

/**
 * Offline, the button looks like a pending one (PENDING_CLASS dims it the same way), but with the
 * "not allowed" cursor: nothing is on its way. `!` so it wins over a pending button's wait cursor.
 */
const OFFLINE_CLASS = 'opacity-80 cursor-not-allowed!';

/** The props of a button that useNeedsConnection's `button` merges with its own. */
export interface ConnectionButtonProps {
  'aria-disabled'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  className?: string;
}

export interface NeedsConnection {
  /** Whether the browser can reach the network now (useOnline). */
  online: boolean;
  /**
   * The button's own state props with, while offline: `aria-disabled="true"` (not `disabled`: it
   * keeps focus and its reason can be read), the note in its description, dimmed, and a press
   * refused before the button's own onClick sees it (a submit button's press is cancelled, so its
   * form is not sent either; a dialog trigger's dialog does not open). Online, the props as they
   * were, but for `aria-disabled={false}`, which is dropped. The button keeps its own onClick.
   */
  button: <P extends ConnectionButtonProps>(
    own?: P,
  ) => P & { onClickCapture?: (event: MouseEvent) => void };
  /** The line to render next to the button: "Needs a connection — you are offline." Null online. */
  note: ReactNode;
  /**
   * The note's id while offline, else undefined: the `aria-describedby` of another control the
   * note concerns (a message box whose Enter would send).
   */
  noteId: string | undefined;
}

/**
 * Offline, a press stops in the capture phase: the button's own onClick (and a Radix trigger's,
 * composed with it) never runs, and the default action (sending the form) is cancelled.
 */
function refuse(event: MouseEvent) {
  event.preventDefault();
  event.stopPropagation();
}

/**
 * One way for every action that cannot work offline (payments, uploads, the assistant, sign-in,
 * sending by e-mail: issue 29) to say so where the traveller acts. The state follows useOnline,
 * so the note goes and the button works again the moment the connection returns, with no reload.
 * A form sent another way than by its button (Enter in a text area) checks `online` too.
 * `needed` false leaves the button alone even offline: an action that needs the network only at
 * times (a confirm dialog for some requests, a download the device may have kept).
 */
export function useNeedsConnection(needed = true): NeedsConnection {
  const online = useOnline();
  const noteId = useId();
  const refused = needed && !online;
  function button<P extends ConnectionButtonProps>(own: P = {} as P) {
    const busy = own['aria-disabled'] === true || own['aria-disabled'] === 'true';
    if (!refused) return { ...own, 'aria-disabled': busy || undefined };
    return {
      ...own,
      'aria-disabled': true,
      'aria-describedby': [own['aria-describedby'], noteId].filter(Boolean).join(' '),
      className: cn(own.className, OFFLINE_CLASS),
      onClickCapture: refuse,
    };
  }
  return {
    online,
    button,
    note: refused ? <NeedsConnectionNote id={noteId} /> : null,
    noteId: refused ? noteId : undefined,
  };
}

/** The note itself; its id is the button's `aria-describedby`. */
function NeedsConnectionNote({ id }: { id: string }) {
  return (
    <p id={id} className="mt-1 flex items-start gap-1.5 text-sm font-medium text-amber-900">
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {NEEDS_CONNECTION}
    </p>
  );
}
