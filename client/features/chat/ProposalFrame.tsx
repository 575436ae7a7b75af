import { TriangleAlert } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProposalStatus } from '../../../contracts/chat';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { errorMessage } from '../../lib/api';
import { useDecideProposal } from './api';

// ------------------------------------------------------------------------ the cards' shared parts

/** Applies or discards the proposal once; the outcome is announced when the server has it. */
export function useDecision(messageId: string, onDecided: (announcement: string) => void) {
  const decide = useDecideProposal();
  // Set at once, not at the next render: a double click's second click comes before that.
  const sending = useRef(false);
  return {
    pending: decide.isPending,
    error: decide.isError ? decide.error : null,
    choose(action: 'apply' | 'discard', outcome: string) {
      // aria-disabled rather than disabled while pending, so the focused button keeps focus;
      // a second click meanwhile does nothing (and the server would refuse it with 409).
      if (sending.current) return;
      sending.current = true;
      decide.mutate(
        { messageId, action },
        {
          onSuccess: () => onDecided(outcome),
          onSettled: () => {
            sending.current = false;
          },
        },
      );
    },
  };
}

/** The card: a region named for screen readers, with its title line. */
export function ProposalFrame({
  label,
  icon,
  title,
  children,
}: {
  label: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      className="mt-2 w-full min-w-0 rounded-lg sm:max-w-[85%] border border-brand-700 bg-white p-3 wrap-anywhere text-slate-900"
    >
      <p className="flex items-center gap-2 font-semibold">
        {icon}
        {title}
      </p>
      {children}
    </section>
  );
}

/**
 * Warnings, then the two buttons while the proposal waits; once decided, what became of it (and a
 * link to the planner when applied). Any error the server gave is shown under it.
 */
export function ProposalDecision({
  status,
  warnings,
  applyLabel,
  decision,
  onApply,
  onDiscard,
  applied,
  plannerHref,
  onNavigate,
}: {
  status: ProposalStatus;
  warnings?: readonly string[];
  applyLabel: string;
  decision: ReturnType<typeof useDecision>;
  /** The announcements of the two outcomes. */
  onApply: () => string;
  onDiscard: () => string;
  /** What the card says once applied, before the planner link. */
  applied: string;
  plannerHref: string;
  onNavigate?: () => void;
}) {
  const connection = useNeedsConnection();
  return (
    <>
      {status === 'proposed' && warnings?.length ? (
        <ul aria-label="Before you add it" className="mt-3 space-y-1 text-sm">
          {warnings.map((warning) => (
            <li
              key={warning}
              className="flex items-start gap-2 rounded-md bg-amber-50 px-2 py-1 text-amber-950"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {warning}
            </li>
          ))}
        </ul>
      ) : null}
      {status === 'proposed' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => decision.choose('apply', onApply())}
            {...connection.button({ 'aria-disabled': decision.pending })}
          >
            {applyLabel}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => decision.choose('discard', onDiscard())}
            {...connection.button({ 'aria-disabled': decision.pending })}
          >
            Discard
          </Button>
          {connection.note ? <div className="basis-full">{connection.note}</div> : null}
        </div>
      ) : (
        <p className="mt-3 text-sm font-medium">
          {status === 'applied' ? (
            <>
              {applied}{' '}
              <Link to={plannerHref} className="text-brand-800 underline" onClick={onNavigate}>
                Open the trip planner
              </Link>
            </>
          ) : (
            'Discarded: your trip is unchanged.'
          )}
        </p>
      )}
      {decision.error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {errorMessage(decision.error, 'The server could not be reached')}
        </p>
      ) : null}
    </>
  );
}
