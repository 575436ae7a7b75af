import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useReturnFocus } from './return-focus';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** The dialog's greatest width (Tailwind's max-w scale); `lg`, 32 rem, unless a dialog needs more. */
const SIZES = {
  lg: 'max-w-lg',
  xl: 'max-w-xl',
  '2xl': 'max-w-2xl',
  '3xl': 'max-w-3xl',
  '4xl': 'max-w-4xl',
} as const;

interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  /** Every dialog has a title; it names the dialog for screen readers. */
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof SIZES;
  /** Adds classes (a layout, a height); never a width, padding or colour: size sets the width. */
  className?: string;
}

/**
 * The panel of every modal dialog. Its margin and padding are the usual 1rem and 1.5rem, but never
 * more than a small part of the screen: with a large default font on a phone, rem-sized padding
 * would leave the words a column too narrow for them.
 */
export const DIALOG_PANEL =
  'fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-min(2rem,6vw))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-[min(1.5rem,5vw)] shadow-xl';

/** A modal dialog: traps focus, closes on Escape, and returns focus to what opened it (Radix). */
export function DialogContent({
  title,
  description,
  size = 'lg',
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const focusHandlers = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
      <DialogPrimitive.Content
        className={cn(DIALOG_PANEL, SIZES[size], className)}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...focusHandlers}
        {...props}
      >
        {/* Only the title shares its line with Close; the description runs the whole width. */}
        <div className="mb-4 grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 wrap-anywhere">
          <DialogPrimitive.Title className="col-start-1 row-start-1 self-center text-xl font-bold text-slate-900">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="col-span-2 mt-1 text-slate-700">
              {description}
            </DialogPrimitive.Description>
          ) : null}
          <DialogPrimitive.Close
            data-escape-closes=""
            className="col-start-2 row-start-1 -m-[min(0.5rem,2vw)] inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
            aria-label="Close"
          >
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
