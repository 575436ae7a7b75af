import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '../../lib/cn';
import { dismissToast, TOAST_DURATION_MS, useToasts } from './use-toast';

/** Spec §9: swipe 50 px to the right dismisses; F8 moves focus to the notifications region. */
const SWIPE_THRESHOLD_PX = 50;

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
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out relative flex w-full items-start gap-3 rounded-lg border p-4 pr-12 shadow-lg data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            t.variant === 'destructive'
              ? 'border-red-800 bg-red-700 text-white'
              : 'border-slate-300 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
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
      <Toast.Viewport className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col p-4 sm:top-auto sm:bottom-0 md:max-w-[420px]" />
    </Toast.Provider>
  );
}
