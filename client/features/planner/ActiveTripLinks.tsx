import { Link2Off } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { Trip, TripShare } from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useRevokeLink } from '../../components/ui/use-revoke-link';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { formatLocalDate } from '../../lib/dates';
import { useRevokeTripShare, useTripShares } from './api';
import { expiryText } from './share-expiry';

const isLive = (share: TripShare, now: number) =>
  !share.revokedAt && (!share.expiresAt || Date.parse(share.expiresAt) > now);

const revokeSelector = (shareId: string) => `[data-revoke-trip-share="${CSS.escape(shareId)}"]`;

/** The trip's live itinerary links, each revocable (with confirmation). */
export function ActiveTripLinks({
  trip,
  onRevoked,
}: {
  trip: Trip;
  onRevoked: (shareId: string) => void;
}) {
  const id = useId();
  const shares = useTripShares(trip.id);
  const revoke = useRevokeTripShare(trip.id);
  const revokeDialog = useRevokeLink<TripShare>(revokeSelector);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  function confirmRevoke() {
    const share = revokeDialog.link;
    if (!share) return;
    setFailure(null);
    revoke.mutate(share.id, {
      onSuccess: () => {
        setStatus('Link revoked: it no longer opens for anyone.');
        onRevoked(share.id);
        // Its button is gone with it; the list's heading is the nearest place to carry on from.
        revokeDialog.close(() => headingRef.current?.focus());
      },
      onError: (error) => {
        setFailure(errorMessage(error, 'The link could not be revoked. Please try again.'));
        revokeDialog.close();
      },
    });
  }

  let content;
  if (shares.isPending) {
    content = (
      <div aria-hidden="true" className="grid gap-2">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  } else if (shares.isError) {
    content = <QueryError query={shares} title="The links could not be loaded" />;
  } else {
    // Live as of when the list arrived; it is fetched again after every change.
    const live = shares.data.filter((share) => isLive(share, shares.dataUpdatedAt));
    content =
      live.length === 0 ? (
        <p className="text-slate-800">No links yet.</p>
      ) : (
        <ul className="grid gap-2">
          {live.map((share) => {
            const created = formatLocalDate(share.createdAt);
            return (
              <li
                key={share.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-300 bg-white p-3"
              >
                <div className="grid min-w-0 gap-0.5 text-sm text-slate-800">
                  <p className="font-semibold text-slate-900">
                    Created <time dateTime={share.createdAt}>{created}</time>
                  </p>
                  <p>{expiryText(share)}</p>
                  {share.hidePrices ? <p>Prices hidden</p> : null}
                  {share.email ? <p className="break-all">Sent to {share.email}</p> : null}
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  data-revoke-trip-share={share.id}
                  onClick={() => revokeDialog.ask(share)}
                >
                  <Link2Off aria-hidden="true" className="size-4" />
                  Revoke link
                  <span className="sr-only">
                    {` created ${created}${share.email ? `, sent to ${share.email}` : ''}`}
                  </span>
                </Button>
              </li>
            );
          })}
        </ul>
      );
  }

  return (
    <section aria-labelledby={`${id}-heading`} aria-busy={shares.isPending}>
      <h3
        id={`${id}-heading`}
        ref={headingRef}
        tabIndex={-1}
        className="mb-1 text-lg font-bold text-slate-900"
      >
        Active links
      </h3>
      <p className="mb-3 text-sm text-slate-800">
        A link’s address is shown only when it is made; revoke a link to turn it off.
      </p>
      <p role="status" className="sr-only">
        {shares.isPending ? 'Loading the links' : status}
      </p>
      <div role="alert">
        {failure ? (
          <p className="mb-3 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
            {failure}
          </p>
        ) : null}
      </div>
      {content}
      <ConfirmDialog
        {...revokeDialog.dialogProps}
        pending={revoke.isPending}
        needsConnection
        onConfirm={confirmRevoke}
      />
    </section>
  );
}
