import { AlertDialog } from 'radix-ui';
import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { DIALOG_PANEL } from './dialog';
import { useNeedsConnection } from './needs-connection';
import { PENDING_CLASS } from './pending';
import { useReturnFocus } from './return-focus';

/**
 * "Are you sure?" before something that cannot be undone (deleting a file, revoking a link): a
 * Radix alert dialog, so focus starts on Cancel, is trapped, and Escape cancels. The confirm
 * button stays in the dialog while its request runs (disabled, with its pending words), and the
 * caller closes the dialog when the request settles.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  pendingLabel,
  pending,
  onConfirm,
  onCloseAutoFocus,
  needsConnection = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** The way out's words, when "Cancel" would be ambiguous (cancelling a booking). */
  cancelLabel?: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** The action is a request that cannot wait offline: offline, the confirm button says so. */
  needsConnection?: boolean;
}) {
  const focusHandlers = useReturnFocus({ onCloseAutoFocus });
  const connection = useNeedsConnection(needsConnection);
  // `pending` reaches the screen a render after the first press: a quick second press must not
  // run the action twice. Armed again once the request settles or the dialog reopens.
  const confirmed = useRef(false);
  useEffect(() => {
    if (!pending) confirmed.current = false;
  }, [open, pending]);
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        // Nothing closes it while the request is on its way.
        if (!pending || next) onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <AlertDialog.Content className={cn(DIALOG_PANEL, 'max-w-md')} {...focusHandlers}>
          <AlertDialog.Title className="text-xl font-bold wrap-anywhere text-slate-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 wrap-anywhere text-slate-800">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={pending} data-escape-closes="">
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            {/* aria-disabled, not disabled: the focused button keeps focus while it waits. */}
            <Button
              variant="destructive"
              {...connection.button({ 'aria-disabled': pending, className: PENDING_CLASS })}
              onClick={() => {
                if (pending || confirmed.current) return;
                confirmed.current = true;
                onConfirm();
              }}
            >
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
          {connection.note ? <div className="mt-2 flex justify-end">{connection.note}</div> : null}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
