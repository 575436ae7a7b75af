import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
  secondary:
    'border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-500',
  ghost: 'text-slate-800 hover:bg-slate-100 disabled:text-slate-500',
  destructive: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
  /** A ghost button for a destructive action (Delete on a media card). */
  ghostDestructive: 'text-red-800 hover:bg-red-50 disabled:text-slate-500',
  /** A ghost button on the pink advisory banner: its hover tint is a darker pink. */
  ghostOnPink: 'text-slate-800 hover:bg-pink-200 disabled:text-slate-500',
  /** A primary button whose request is on its way (it is aria-disabled meanwhile). */
  busy: 'cursor-progress bg-slate-600 text-white hover:bg-slate-600 disabled:bg-slate-400',
  /** A call to action that is not open yet (aria-disabled): dashed and grey. */
  unavailable:
    'cursor-not-allowed border border-dashed border-slate-500 bg-slate-100 text-slate-800 hover:bg-slate-100 disabled:text-slate-500',
} as const;

const SIZES = {
  md: 'min-h-11 px-4 py-2 text-base',
  /** The default size with larger text (the search form's submit button). */
  lg: 'min-h-11 px-4 py-2 text-lg',
  sm: 'min-h-9 px-3 py-1.5 text-sm',
  /** Small text, but the default 44 px height. */
  smTall: 'min-h-11 px-3 py-1.5 text-sm',
  icon: 'size-11 p-0',
} as const;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Render the child element (a link, say) with the button's look. */
  asChild?: boolean;
}

/**
 * Every target is at least 36 px, above WCAG 2.2's 24 px minimum; the default is 44 px.
 * `className` adds classes (a margin, a width) and must not set what a variant or size sets
 * (colours, height, padding, text size, display): cn does not resolve conflicting classes, so
 * pick a variant or size instead (or add one).
 */
export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  className,
  type,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        // Forced colours drop backgrounds: a border (given the system's colour) keeps the outline.
        // Icons keep their size when a long label (or a large text size) wraps the words.
        'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors disabled:cursor-not-allowed forced-colors:border forced-colors:border-solid [&_svg]:shrink-0',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}
