import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Button } from './button';

/**
 * A read that failed: what could not be loaded, the server's words (or that it could not be
 * reached), and Try again, which stays focused and says so while it tries.
 */
export function QueryError({
  query,
  title,
  heading: Heading = 'p',
  className,
}: {
  query: Pick<UseQueryResult, 'error' | 'isFetching' | 'refetch'>;
  title: string;
  /** A heading level where the failed part had one, so the outline stays whole. */
  heading?: 'p' | 'h2' | 'h3' | 'h4';
  className?: string;
}) {
  return (
    <div className={cn('rounded-md border border-red-700 bg-red-50 p-4 text-red-900', className)}>
      <Heading className="flex items-center gap-2 font-bold">
        <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
        {title}
      </Heading>
      <p className="mt-1">{errorMessage(query.error, 'The server could not be reached.')}</p>
      <Button
        className="mt-3"
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
