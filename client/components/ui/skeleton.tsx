import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

interface SkeletonProps extends ComponentProps<'div'> {
  /** Rounded corners (the default); square for a block that fills a card's edge, as a picture does. */
  rounded?: boolean;
  /** Adds classes (a size, a margin); never corners or a colour. */
  className?: string;
}

/** A grey block standing in for content that is loading; hidden from assistive technology. */
export function Skeleton({ rounded = true, className, ...props }: SkeletonProps) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse bg-slate-200', rounded && 'rounded-md', className)}
      {...props}
    />
  );
}
