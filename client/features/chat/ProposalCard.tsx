import { CalendarPlus } from 'lucide-react';
import { Link } from 'react-router';
import type { TripItemProposal } from '../../../contracts/chat';
import { ITEM_TYPE_LABELS, TIME_SLOT_INFO, timeSlotOf } from '../../../contracts/planner.values';
import type { ScheduledTime } from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { useDecideProposal } from './api';
import { onFirstUse } from '../../lib/intl';

const dayFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat(undefined, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

/** "Thursday, 3 December 2026, Evening (6PM-12AM)" */
export function whenOf(proposal: Pick<TripItemProposal, 'scheduledDate' | 'scheduledTime'>) {
  const slot = TIME_SLOT_INFO[timeSlotOf(proposal.scheduledTime as ScheduledTime)];
  const day = dayFormat().format(new Date(`${proposal.scheduledDate}T00:00:00Z`));
  return `${day}, ${slot.label}${slot.hours ? ` (${slot.hours})` : ''}`;
}

/**
 * An item the assistant proposes for a trip. Nothing changes until the visitor chooses Add to
 * trip; Discard drops it. `onDecided` announces the outcome.
 */
export function ProposalCard({
  messageId,
  proposal,
  onDecided,
}: {
  messageId: string;
  proposal: TripItemProposal;
  onDecided: (announcement: string) => void;
}) {
  const decide = useDecideProposal();
  const title = `${ITEM_TYPE_LABELS[proposal.itemType]}: ${proposal.itemName}`;

  function choose(action: 'apply' | 'discard') {
    // aria-disabled rather than disabled while pending, so the focused button keeps focus.
    if (decide.isPending) return;
    decide.mutate(
      { messageId, action },
      {
        onSuccess: () =>
          onDecided(
            action === 'apply'
              ? `Added ${proposal.itemName} to ${proposal.tripTitle}.`
              : `Discarded ${proposal.itemName}.`,
          ),
      },
    );
  }

  return (
    <section
      aria-label={`Proposed for your trip ${proposal.tripTitle}`}
      className="mt-2 w-full max-w-[85%] rounded-lg border border-brand-700 bg-white p-3 text-slate-900"
    >
      <p className="flex items-center gap-2 font-semibold">
        <CalendarPlus aria-hidden="true" className="size-5 text-brand-800" />
        {title}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-700">Trip</dt>
        <dd>{proposal.tripTitle}</dd>
        <dt className="text-slate-700">When</dt>
        <dd>{whenOf(proposal)}</dd>
        <dt className="text-slate-700">Price</dt>
        <dd>{formatPrice(proposal.price, 'USD')}</dd>
      </dl>
      {proposal.status === 'proposed' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => choose('apply')} aria-disabled={decide.isPending}>
            Add to trip
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => choose('discard')}
            aria-disabled={decide.isPending}
          >
            Discard
          </Button>
        </div>
      ) : (
        <p className="mt-3 text-sm font-medium">
          {proposal.status === 'applied' ? (
            <>
              Added to your trip.{' '}
              <Link to="/flight-plan" className="text-brand-800 underline">
                Open the trip planner
              </Link>
            </>
          ) : (
            'Discarded: your trip is unchanged.'
          )}
        </p>
      )}
      {decide.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {errorMessage(decide.error, 'The server could not be reached')}
        </p>
      ) : null}
    </section>
  );
}
