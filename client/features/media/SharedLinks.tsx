import { Link2Off } from 'lucide-react';
import { useRef } from 'react';
import type { Share } from '../../../contracts/media';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/dates';
import { useRevokeShare, useShares } from './api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useRevokeLink } from '../../components/ui/use-revoke-link';
import { filesText, shareState, type ShareState } from './gallery';
import { ReaderTime } from '../../lib/reader-date';

const STATE_STYLES: Record<ShareState, string> = {
  active: 'border-green-700 bg-green-50 text-green-900',
  expired: 'border-slate-500 bg-slate-100 text-slate-900',
  revoked: 'border-red-700 bg-red-50 text-red-900',
};
const STATE_LABELS: Record<ShareState, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

const revokeSelector = (id: string) => `[data-revoke-share="${CSS.escape(id)}"]`;

/** The visitor's share links, with when each stops working, and Revoke for the live ones. */
export function SharedLinks() {
  const shares = useShares();
  const revoke = useRevokeShare();
  const revokeDialog = useRevokeLink<Share>(revokeSelector);
  const headingRef = useRef<HTMLHeadingElement>(null);

  function confirmRevoke() {
    const share = revokeDialog.link;
    if (!share) return;
    revoke.mutate(share.id, {
      onSuccess: () => {
        toast({ title: 'Link revoked', description: 'Nobody can open it any more.' });
        // Its Revoke button is gone; the list's heading is the nearest place to carry on from.
        revokeDialog.close(() => headingRef.current?.focus());
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Revoke failed',
          description: errorMessage(error, 'The link could not be revoked. Please try again.'),
        });
        revokeDialog.close();
      },
    });
  }

  let content;
  if (shares.isPending) {
    content = (
      <div aria-hidden="true" className="grid gap-3">
        <Skeleton className="h-20 w-full max-w-3xl" />
        <Skeleton className="h-20 w-full max-w-3xl" />
      </div>
    );
  } else if (shares.isError) {
    content = (
      <QueryError
        query={shares}
        title="Your shared links could not be loaded"
        className="max-w-3xl"
      />
    );
  } else if (shares.data.length === 0) {
    content = <p className="text-slate-800">You have not shared any files yet.</p>;
  } else {
    content = (
      <ul className="grid max-w-3xl gap-3">
        {shares.data.map((share) => {
          const state = shareState(share);
          const who =
            share.shareType === 'email' && share.email
              ? `Email to ${share.email}`
              : 'Social media link';
          return (
            <li
              key={share.id}
              className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-300 bg-white p-4"
            >
              <div className="grid min-w-0 gap-1">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  <span className="break-all">{who}</span>
                  <span
                    className={cn(
                      'rounded-full border px-2 py-0.5 text-sm font-semibold',
                      STATE_STYLES[state],
                    )}
                  >
                    {STATE_LABELS[state]}
                  </span>
                </p>
                <p className="text-sm text-slate-800">
                  {filesText(share.fileCount)} · shared{' '}
                  <ReaderTime iso={share.createdAt} format={formatDateTime} withTime />
                </p>
                <p className="text-sm text-slate-800">
                  {state === 'revoked' && share.revokedAt ? (
                    <>
                      Revoked <ReaderTime iso={share.revokedAt} format={formatDateTime} withTime />
                    </>
                  ) : (
                    <>
                      {state === 'expired' ? 'Expired' : 'Expires'}{' '}
                      <ReaderTime iso={share.expiresAt} format={formatDateTime} withTime />
                    </>
                  )}
                </p>
                {state === 'active' && share.shareUrl ? (
                  <a
                    href={share.shareUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-6 items-center text-sm font-semibold break-all text-brand-800 underline underline-offset-4"
                  >
                    {share.shareUrl}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : null}
              </div>
              {state === 'active' ? (
                <Button
                  variant="secondary"
                  size="sm"
                  data-revoke-share={share.id}
                  onClick={() => revokeDialog.ask(share)}
                >
                  <Link2Off aria-hidden="true" className="size-4" />
                  Revoke<span className="sr-only"> link: {who}</span>
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="shared-links-heading" aria-busy={shares.isPending}>
      <h2
        id="shared-links-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold text-slate-900"
      >
        Shared links
      </h2>
      <p className="mt-1 mb-4 max-w-3xl text-slate-700">
        Anyone with one of these links can see its files, and nothing else, until it expires or you
        revoke it.
      </p>
      <p role="status" className="sr-only">
        {shares.isPending ? 'Loading shared links' : ''}
      </p>
      {content}
      <ConfirmDialog
        {...revokeDialog.dialogProps}
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
        needsConnection
      />
    </section>
  );
}
