import { XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Booking } from '../../../contracts/bookings';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { useCancelBooking } from './api';

/**
 * "Cancel booking" for an unpaid booking, asked first. Rendered for every booking: the button
 * shows only while the booking can be cancelled, and the dialog stays mounted after it goes, so
 * that focus can move on to `focusAfter` (the booking's heading). After a refusal (paid meanwhile,
 * a card payment processing) focus returns to the button and a toast says why.
 */
export function CancelBooking({
  booking,
  focusAfter,
}: {
  booking: Booking;
  focusAfter: () => HTMLElement | null;
}) {
  const cancel = useCancelBooking();
  const [open, setOpen] = useState(false);
  const cancelled = useRef(false);
  const { title } = booking.bookingDetails;

  function confirm() {
    cancel.mutate(booking.id, {
      onSuccess: () => {
        cancelled.current = true;
        toast({ title: 'Booking cancelled', description: `${title} (${booking.reference})` });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Not cancelled',
          description: errorMessage(error, 'The booking could not be cancelled. Please try again.'),
        }),
      onSettled: () => setOpen(false),
    });
  }

  const cancellable = booking.status === 'pending' && booking.paymentStatus !== 'paid';
  return (
    <>
      {cancellable ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <XCircle aria-hidden="true" className="size-5" />
          Cancel booking<span className="sr-only"> {title}</span>
        </Button>
      ) : null}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel this booking?"
        description={`${title}, reference ${booking.reference}, will be cancelled and can no longer be paid. Nothing has been charged for it.`}
        confirmLabel="Cancel booking"
        cancelLabel="Keep booking"
        pendingLabel="Cancelling…"
        pending={cancel.isPending}
        onConfirm={confirm}
        needsConnection
        onCloseAutoFocus={(event) => {
          if (!cancelled.current) return;
          event.preventDefault();
          focusAfter()?.focus();
        }}
      />
    </>
  );
}
