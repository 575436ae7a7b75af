import { AlertTriangle, ArrowLeft, History, ReceiptText, RotateCcw } from 'lucide-react';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Booking, DemoBooking } from '../../../contracts/bookings';
import { APP_ROUTES, receiptPath } from '../../../contracts/routes';
import { Button } from '../../components/ui/button';
import { useSendOnce } from '../../components/ui/use-send-once';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { CancelBooking, isNotFound, isPaid, useBooking, useCreateBooking } from '../bookings';
import { BookingSummary } from './BookingSummary';
import { DemoBookingList } from './DemoBookingList';
import { PaymentConfirmed } from './PaymentConfirmed';
import { PaymentMethods } from './PaymentMethods';
import { Loading, StepHeading, StepIndicator, useFocusStepHeading } from './steps';

/** The query parameter naming the booking being paid: /payment-demo?booking={id} (from the cart too). */
export const BOOKING_PARAM = 'booking';

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-brand-800 underline underline-offset-4 hover:decoration-2';

/**
 * Spec §4: select, then payment (once the booking exists), then success (once it is paid). The
 * step follows from the URL and the booking's own state, so a reload, the browser's Back button
 * and a link from the cart all land on the right step.
 */
export function PaymentDemo() {
  const [params, setParams] = useSearchParams();
  const bookingId = params.get(BOOKING_PARAM)?.trim() || null;
  const booking = useBooking(bookingId);
  const create = useCreateBooking();
  const sendOnce = useSendOnce();
  const container = useRef<HTMLDivElement>(null);

  function openBooking(id: string) {
    setParams({ [BOOKING_PARAM]: id });
  }

  function startOver() {
    create.reset();
    setParams({});
  }

  /** One booking per press: a double click's second press finds the first one's request out. */
  function select(demo: DemoBooking) {
    if (create.isPending) return;
    sendOnce((settled) =>
      create.mutate(
        { ...demo, status: 'pending', paymentStatus: 'pending' },
        {
          onSuccess: (created) => openBooking(created.id),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Booking Failed',
              description: errorMessage(error, 'Failed to create booking'),
            }),
          onSettled: settled,
        },
      ),
    );
  }

  const loaded = bookingId !== null ? booking.data : undefined;
  let stepKey: string;
  if (bookingId !== null && booking.isPending) stepKey = 'loading';
  else if (loaded && isPaid(loaded)) stepKey = `success:${loaded.id}`;
  else if (loaded) stepKey = `payment:${loaded.id}`;
  else stepKey = 'select';
  useFocusStepHeading(stepKey, container);

  let content;
  if (stepKey === 'loading') {
    content = <Loading text="Loading your booking…" />;
  } else if (loaded && isPaid(loaded)) {
    content = <SuccessStep booking={loaded} onStartOver={startOver} />;
  } else if (loaded) {
    content = <PaymentStep booking={loaded} onBack={startOver} />;
  } else {
    content = (
      <>
        <StepIndicator current={1} />
        <section aria-labelledby="select-step-heading" className="grid gap-6">
          <StepHeading step={1} id="select-step-heading">
            Choose a booking
          </StepHeading>
          {bookingId !== null && booking.isError ? (
            <BookingNotLoaded
              error={booking.error}
              retrying={booking.isFetching}
              onRetry={() => void booking.refetch()}
            />
          ) : null}
          <p className="max-w-3xl text-slate-800">
            Each booking below is a sample trip with its accessibility arrangements. Choosing one
            creates it as a pending booking in your booking history; you then pay for it by card or
            with a crypto wallet.
          </p>
          {create.isError ? (
            <p className="flex max-w-3xl items-start gap-2 rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              Booking Failed: {errorMessage(create.error, 'Failed to create booking')}. Please try
              again.
            </p>
          ) : null}
          <DemoBookingList
            pendingType={create.isPending ? (create.variables?.bookingType ?? null) : null}
            onSelect={select}
          />
          <p role="status" className="sr-only">
            {create.isPending ? 'Creating your booking…' : ''}
          </p>
        </section>
      </>
    );
  }

  return <div ref={container}>{content}</div>;
}

/** `?booking=` named a booking that is not there (or could not be fetched): say so above the list. */
function BookingNotLoaded({
  error,
  retrying,
  onRetry,
}: {
  error: Error;
  retrying: boolean;
  onRetry: () => void;
}) {
  if (isNotFound(error)) {
    return (
      <div className="max-w-3xl rounded-md border border-amber-700 bg-amber-50 p-4 text-amber-950">
        <p className="font-bold">Booking not found</p>
        <p className="mt-1">
          The booking in this link does not exist, or it was made in another browser (bookings
          belong to the browser they were made in). Choose a demo booking below, or look in your{' '}
          <Link className="font-semibold underline underline-offset-4" to={APP_ROUTES.bookings}>
            booking history
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <div className="max-w-3xl rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
      <p className="font-bold">Your booking could not be loaded</p>
      <p className="mt-1">{errorMessage(error, 'The server could not be reached.')}</p>
      <Button
        className="mt-3"
        variant="secondary"
        aria-disabled={retrying ? true : undefined}
        onClick={() => {
          if (!retrying) onRetry();
        }}
      >
        {retrying ? 'Trying again…' : 'Try again'}
      </Button>
    </div>
  );
}

function PaymentStep({ booking, onBack }: { booking: Booking; onBack: () => void }) {
  const cancelled = booking.status === 'cancelled';
  return (
    <>
      <StepIndicator current={2} />
      <section aria-labelledby="payment-step-heading" className="grid gap-6">
        <StepHeading step={2} id="payment-step-heading">
          Pay for your booking
        </StepHeading>
        <BookingSummary booking={booking} />
        {cancelled ? (
          <p className="max-w-3xl rounded-md border border-slate-400 bg-slate-50 p-4 text-slate-900">
            This booking was cancelled, so it cannot be paid. Choose another booking instead.
          </p>
        ) : (
          <PaymentMethods key={booking.id} booking={booking} />
        )}
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={onBack}>
            <ArrowLeft aria-hidden="true" className="size-5" />
            Back to Booking Selection
          </Button>
          <CancelBooking
            booking={booking}
            focusAfter={() => document.getElementById('payment-step-heading')}
          />
        </div>
      </section>
    </>
  );
}

function SuccessStep({ booking, onStartOver }: { booking: Booking; onStartOver: () => void }) {
  return (
    <>
      <StepIndicator current={3} />
      <section aria-labelledby="success-step-heading" className="grid gap-6">
        <StepHeading step={3} id="success-step-heading">
          Booking Confirmed
        </StepHeading>
        <PaymentConfirmed booking={booking} />
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          <li>
            <Link className={linkClass} to={receiptPath(booking.id)}>
              <ReceiptText aria-hidden="true" className="size-5" />
              View receipt
            </Link>
          </li>
          <li>
            <Link className={linkClass} to={APP_ROUTES.bookings}>
              <History aria-hidden="true" className="size-5" />
              Booking history
            </Link>
          </li>
        </ul>
        <div>
          <Button onClick={onStartOver}>
            <RotateCcw aria-hidden="true" className="size-5" />
            Try Another Booking
          </Button>
        </div>
      </section>
    </>
  );
}
