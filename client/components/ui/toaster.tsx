import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '../../lib/cn';
import { dismissToast, TOAST_DURATION_MS, useToasts } from './use-toast';

/** Spec §9: swipe 50 px to the right dismisses; F8 moves focus to the notifications region. */
const SWIPE_THRESHOLD_PX = 50;

/** The control that closes an open dialog, as Escape would: marked `data-escape-closes`. */
const DIALOG_ESCAPE =
  '[role="dialog"][data-state="open"] [data-escape-closes], [role="alertdialog"][data-state="open"] [data-escape-closes]';

/**
 * Radix gives Escape to the newest layer, and a toast raised from inside a dialog is newer than
 * the dialog: Escape would only dismiss the toast, and someone who cannot see it would press in
 * vain. So while a dialog is open, Escape closes the dialog (as its own close control does) and
 * the toast stays until it times out.
 */
function escapeToOpenDialog(event: KeyboardEvent) {
  const closers = document.querySelectorAll<HTMLElement>(DIALOG_ESCAPE);
  const close = closers[closers.length - 1];
  if (!close) return;
  event.preventDefault();
  close.click();
}

/**
 * Where the toasts sit (spec: at the top on a phone, at the bottom right otherwise). While a modal
 * dialog or the cart's side panel is open (Radix marks the body `data-scroll-locked`), a wider
 * screen shows them at the top left instead: the panel's Checkout and a dialog's own buttons sit at
 * the bottom right, where a toast would cover them, and the top left is outside the side panel and
 * at most over the start of a dialog's title. A phone keeps them at the top, clear of the panel's
 * action bar at the bottom.
 */
const VIEWPORT_PLACE =
  'fixed top-0 right-0 sm:top-auto sm:bottom-0 sm:in-data-scroll-locked:top-0 sm:in-data-scroll-locked:right-auto sm:in-data-scroll-locked:bottom-auto sm:in-data-scroll-locked:left-0';

/**
 * The one place toasts render. Radix announces each through a live region (polite by default,
 * assertive for destructive ones) and pauses the timer while hovered or focused.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          onEscapeKeyDown={escapeToOpenDialog}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out relative flex w-full items-start gap-3 rounded-lg border p-4 pr-12 shadow-lg data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            t.variant === 'destructive'
              ? 'border-red-800 bg-red-700 text-white'
              : 'border-slate-300 bg-white text-slate-900',
          )}
        >
          <div className="grid min-w-0 gap-1 wrap-anywhere">
            <Toast.Title className="font-semibold">{t.title}</Toast.Title>
            {t.description ? (
              <Toast.Description className="text-sm">{t.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Dismiss notification"
            className="absolute top-1.5 right-1.5 inline-flex size-9 items-center justify-center rounded-md hover:bg-black/10"
            {...(t.variant === 'destructive' ? { 'data-focus-light': '' } : {})}
          >
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        className={cn(
          VIEWPORT_PLACE,
          'z-[100] flex max-h-screen w-full flex-col p-4 md:max-w-[420px]',
        )}
      />
    </Toast.Provider>
  );
}
