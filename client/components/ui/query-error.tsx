import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { PENDING_CLASS } from './pending';

/**
 * A read that failed: what could not be loaded, the server's words (or that it could not be
 * reached), and Try again, which stays focused and says so while it tries.
 */
export function QueryError({
  query,
  title,
  message,
  heading: Heading = 'p',
  size = 'md',
  className,
}: {
  /** A TanStack query result, or the same three things from a parent that owns the query. */
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
  title: string;
  /** What went wrong, where the server's words are not the right ones. */
  message?: ReactNode;
  /** A heading level where the failed part had one, so the outline stays whole. */
  heading?: 'p' | 'h2' | 'h3' | 'h4';
  /** `lg`: the larger corners and padding of the payment panels it stands in for. */
  size?: 'md' | 'lg';
  /** Adds classes (a margin, a width); never corners, padding or colours. */
  className?: string;
}) {
  return (
    <div
      className={cn(
        'border border-red-700 bg-red-50 text-red-900',
        size === 'lg' ? 'rounded-lg p-5' : 'rounded-md p-4',
        className,
      )}
    >
      <Heading className="flex items-center gap-2 font-bold">
        <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
        {title}
      </Heading>
      <p className="mt-1">
        {message ?? errorMessage(query.error, 'The server could not be reached.')}
      </p>
      <Button
        className={cn('mt-3', PENDING_CLASS)}
        variant="secondary"
        aria-disabled={query.isFetching || undefined}
        onClick={() => {
          if (!query.isFetching) void query.refetch();
        }}
      >
        {query.isFetching ? 'Trying again…' : 'Try again'}
      </Button>
    </div>
  );
}
