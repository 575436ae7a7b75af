import { CalendarPlus, CalendarRange } from 'lucide-react';
import type { Proposal, TripItemProposal, TripPlanProposal } from '../../../contracts/chat';
import { formatCents, toCents } from '../../../contracts/money.values';
import {
  groupItinerary,
  ITEM_TYPE_LABELS,
  TIME_SLOT_INFO,
  timeSlotOf,
} from '../../../contracts/planner.values';
import type { ScheduledTime } from '../../../contracts/planner';
import { formatWeekdayDate } from '../../lib/dates';
import { formatPrice } from '../../lib/format';
import { ProposalDecision, ProposalFrame, useDecision } from './ProposalFrame';

/** "Evening (6PM-12AM)", "All Day" */
function slotOf(scheduledTime: string) {
  const slot = TIME_SLOT_INFO[timeSlotOf(scheduledTime as ScheduledTime)];
  return `${slot.label}${slot.hours ? ` (${slot.hours})` : ''}`;
}

/** "Thursday, 3 December 2026, Evening (6PM-12AM)" */
export function whenOf(proposal: Pick<TripItemProposal, 'scheduledDate' | 'scheduledTime'>) {
  return `${formatWeekdayDate(proposal.scheduledDate)}, ${slotOf(proposal.scheduledTime)}`;
}

/** The days from start to end, both counted. */
function daysBetween(startDate: string, endDate: string) {
  const ms = Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`);
  return Number.isFinite(ms) ? Math.max(1, Math.round(ms / 86_400_000) + 1) : 1;
}

/** The planner, showing the trip the proposal went into. */
const plannerPath = (tripId: string | undefined) =>
  tripId ? `/flight-plan?trip=${encodeURIComponent(tripId)}` : '/flight-plan';

const sumOf = (items: readonly { price: string }[]) =>
  formatCents(items.reduce((cents, item) => cents + toCents(item.price), 0));

interface CardProps<P> {
  messageId: string;
  proposal: P;
  /** Announces the outcome in the panel's live region. */
  onDecided: (announcement: string) => void;
  /** A site link in the card was followed (the panel closes). */
  onNavigate?: () => void;
}

/**
 * What the assistant proposes for a trip, one item or a plan of several. Nothing changes until the
 * visitor chooses Add to trip (Create trip for a plan that makes a new trip); Discard drops it.
 */
export function ProposalCard({ proposal, ...props }: CardProps<Proposal>) {
  return proposal.kind === 'plan' ? (
    <PlanProposalCard proposal={proposal} {...props} />
  ) : (
    <ItemProposalCard proposal={proposal} {...props} />
  );
}

function ItemProposalCard({
  messageId,
  proposal,
  onDecided,
  onNavigate,
}: CardProps<TripItemProposal>) {
  const decision = useDecision(messageId, onDecided);
  return (
    <ProposalFrame
      label={`Proposed for your trip ${proposal.tripTitle}`}
      icon={<CalendarPlus aria-hidden="true" className="size-5 shrink-0 text-brand-800" />}
      title={`${ITEM_TYPE_LABELS[proposal.itemType]}: ${proposal.itemName}`}
    >
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-700">Trip</dt>
        <dd>{proposal.tripTitle}</dd>
        <dt className="text-slate-700">When</dt>
        <dd>{whenOf(proposal)}</dd>
        <dt className="text-slate-700">Price</dt>
        <dd>{formatPrice(proposal.price, 'USD')}</dd>
      </dl>
      <ProposalDecision
        status={proposal.status}
        warnings={proposal.warnings}
        applyLabel="Add to trip"
        decision={decision}
        onApply={() => `Added ${proposal.itemName} to ${proposal.tripTitle}.`}
        onDiscard={() => `Discarded ${proposal.itemName}.`}
        applied="Added to your trip."
        plannerHref={plannerPath(proposal.plannerId)}
        onNavigate={onNavigate}
      />
    </ProposalFrame>
  );
}

function PlanProposalCard({
  messageId,
  proposal,
  onDecided,
  onNavigate,
}: CardProps<TripPlanProposal>) {
  const decision = useDecision(messageId, onDecided);
  const days = daysBetween(proposal.startDate, proposal.endDate);
  const title = `Plan: ${days} ${days === 1 ? 'day' : 'days'} in ${proposal.destination}`;
  const newTrip = !proposal.plannerId;
  const count = `${proposal.items.length} ${proposal.items.length === 1 ? 'item' : 'items'}`;
  const total = formatPrice(sumOf(proposal.items), 'USD');
  return (
    <ProposalFrame
      label={title}
      icon={<CalendarRange aria-hidden="true" className="size-5 shrink-0 text-brand-800" />}
      title={title}
    >
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-700">Trip</dt>
        <dd>{newTrip ? `A new trip, “${proposal.tripTitle}”` : proposal.tripTitle}</dd>
        <dt className="text-slate-700">Dates</dt>
        <dd>
          {formatWeekdayDate(proposal.startDate)} to {formatWeekdayDate(proposal.endDate)}
        </dd>
      </dl>
      {groupItinerary(
        proposal.items.map((item) => ({
          ...item,
          scheduledTime: item.scheduledTime as ScheduledTime,
        })),
      ).map((day) => (
        <div key={day.date} className="mt-3">
          <h3 className="text-sm font-semibold text-slate-900">{formatWeekdayDate(day.date)}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {day.slots.flatMap(({ slot, items }) =>
              items.map((item, i) => (
                <li key={`${slot}-${i}`} className="border-l-2 border-brand-700 pl-2">
                  <span className="font-medium">{ITEM_TYPE_LABELS[item.itemType]}:</span>{' '}
                  {item.itemName}
                  <span className="block text-slate-700">
                    {slotOf(item.scheduledTime)}, {formatPrice(item.price, 'USD')}
                  </span>
                </li>
              )),
            )}
          </ul>
        </div>
      ))}
      {proposal.gaps.length ? (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-slate-900">Not in the plan</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {proposal.gaps.map((gap) => (
              <li key={gap}>{gap}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="mt-3 text-sm font-semibold">
        Total: {total} for {count}
      </p>
      <ProposalDecision
        status={proposal.status}
        applyLabel={newTrip ? 'Create trip' : 'Add to trip'}
        decision={decision}
        onApply={() =>
          newTrip
            ? `Created the trip ${proposal.tripTitle} with ${count}.`
            : `Added ${count} to ${proposal.tripTitle}.`
        }
        onDiscard={() => `Discarded the plan for ${proposal.destination}.`}
        applied={newTrip ? `Created the trip ${proposal.tripTitle}.` : 'Added to your trip.'}
        plannerHref={plannerPath(proposal.appliedPlannerId ?? proposal.plannerId)}
        onNavigate={onNavigate}
      />
    </ProposalFrame>
  );
}
