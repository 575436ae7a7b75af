import { ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import type { CalendarSubscription, Trip } from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyLinkField } from '../../components/ui/copy-link-field';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { PENDING_CLASS } from '../../components/ui/pending';
import { errorMessage } from '../../lib/api';
import { useCreateCalendarSubscription, useDeleteCalendarSubscription } from './api';

/**
 * A private address calendar applications follow (webcal). The server keeps only a hash of it, so
 * it is shown once, when made; making another replaces it.
 */
export function SubscribeDialog({
  trip,
  open,
  onOpenChange,
}: {
  trip: Trip;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const create = useCreateCalendarSubscription(trip.id);
  const remove = useDeleteCalendarSubscription(trip.id);
  const [subscription, setSubscription] = useState<CalendarSubscription | null>(null);
  const [stopOpen, setStopOpen] = useState(false);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  function makeAddress() {
    if (create.isPending) return;
    setFailure(null);
    setStatus('');
    create.mutate(undefined, {
      onSuccess: (made) => {
        setSubscription(made);
        setStatus(
          subscription
            ? 'A new calendar address is ready; the previous one no longer works.'
            : 'Your calendar address is ready.',
        );
      },
      onError: (error) =>
        setFailure(
          errorMessage(error, 'The calendar address could not be made. Please try again.'),
        ),
    });
  }

  function stopSharing() {
    setFailure(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        setSubscription(null);
        setStatus('No calendar address works for this trip now.');
        setStopOpen(false);
      },
      onError: (error) => {
        setFailure(errorMessage(error, 'Sharing could not be stopped. Please try again.'));
        setStopOpen(false);
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && (create.isPending || remove.isPending)) return;
        if (!next) {
          // The address is shown once: closing the dialog puts it away.
          setSubscription(null);
          setStatus('');
          setFailure(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Subscribe to this trip"
        description="Calendar applications (Apple Calendar, Outlook, Google Calendar and others) can follow this trip through a private address and show your changes as you make them."
      >
        <div className="grid gap-4 text-slate-900">
          <p className="rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950">
            Anyone with the address can read the trip, so give it only to calendars and people you
            trust.
          </p>
          <p id={`${id}-replace`} className="text-slate-800">
            The address is shown only when it is made. Making a new address replaces the old one:
            calendars following the old address stop updating.
          </p>

          {subscription ? (
            <CopyLinkField
              label="Calendar address"
              value={subscription.webcalUrl}
              description="Paste it into your calendar application’s “subscribe” or “add calendar from URL” option, or open it directly."
            >
              <Button asChild variant="secondary">
                <a href={subscription.webcalUrl}>
                  <ExternalLink aria-hidden="true" className="size-4" />
                  Open in calendar app
                </a>
              </Button>
            </CopyLinkField>
          ) : null}

          <div className="flex flex-wrap gap-2">
            <Button
              className={PENDING_CLASS}
              aria-disabled={create.isPending || undefined}
              aria-describedby={`${id}-replace`}
              onClick={makeAddress}
            >
              {create.isPending
                ? 'Making the address…'
                : subscription
                  ? 'Make a new address'
                  : 'Make calendar address'}
            </Button>
            <Button variant="secondary" onClick={() => setStopOpen(true)}>
              Stop sharing this calendar
            </Button>
          </div>

          <p role="status" className="font-semibold text-green-900">
            {status}
          </p>
          <div role="alert">
            {failure ? (
              <p className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
                {failure}
              </p>
            ) : null}
          </div>
        </div>
        <ConfirmDialog
          open={stopOpen}
          onOpenChange={setStopOpen}
          title="Stop sharing this calendar?"
          description="The private address stops working at once, and calendars following it no longer update. The trip itself is not changed."
          confirmLabel="Stop sharing"
          pendingLabel="Stopping…"
          pending={remove.isPending}
          needsConnection
          onConfirm={stopSharing}
        />
      </DialogContent>
    </Dialog>
  );
}
