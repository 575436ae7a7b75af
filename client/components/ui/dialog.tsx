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
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl',
          SIZES[size],
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...focusHandlers}
        {...props}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="min-w-0 wrap-anywhere">
            <DialogPrimitive.Title className="text-xl font-bold text-slate-900">
              {title}
            </DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="mt-1 text-slate-700">
                {description}
              </DialogPrimitive.Description>
            ) : null}
          </div>
          <DialogPrimitive.Close
            data-escape-closes=""
            className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
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
