import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Clock, History, ReceiptText, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Booking } from '../../../contracts/bookings';
import { APP_ROUTES, receiptPath } from '../../../contracts/routes';
import { PageShell } from '../../components/layout/PageShell';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import {
  bookingQuery,
  isNotFound,
  payBookingPath,
  useFocusHeadingOnChange,
  useStoreBooking,
} from '../bookings';
import { PaymentConfirmed } from './PaymentConfirmed';
import { Loading } from './steps';

/** Stripe's webhook may arrive after the visitor: ask again every 2 s, for up to 30 s. */
export const PAYMENT_POLL_MS = 2000;
export const PAYMENT_POLL_LIMIT_MS = 30_000;

/** Stripe appends `redirect_status` to the return address; these mean the payment did not go through. */
const FAILED_REDIRECT_STATUSES = new Set(['failed', 'requires_payment_method', 'canceled']);

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-brand-800 underline underline-offset-4 hover:decoration-2';

/**
 * /payment-success?booking={id}: where Stripe sends the visitor back. It shows the booking's real
 * state, not the redirect's word for it: paid, still processing (the webhook may lag), or failed.
 */
export function PaymentStatus({
  bookingId,
  redirectStatus,
}: {
  bookingId: string | null;
  redirectStatus: string | null;
}) {
  if (!bookingId) return <NoBooking />;
  return <BookingPaymentStatus bookingId={bookingId} redirectStatus={redirectStatus} />;
}

function BookingPaymentStatus({
  bookingId,
  redirectStatus,
}: {
  bookingId: string;
  redirectStatus: string | null;
}) {
  const [timedOut, setTimedOut] = useState(false);
  const [pollRound, setPollRound] = useState(0);
  const booking = useQuery({
    ...bookingQuery(bookingId),
    refetchOnMount: 'always',
    // Only a card payment that was begun can still bring news.
    refetchInterval: (query) =>
      query.state.data?.paymentStatus === 'pending' &&
      query.state.data.cardPaymentStarted &&
      !timedOut
        ? PAYMENT_POLL_MS
        : false,
  });
  const storeBooking = useStoreBooking();

  // Each round of polling lasts PAYMENT_POLL_LIMIT_MS; Refresh starts another.
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [pollRound]);

  // The history shows the new state too.
  const paymentStatus = booking.data?.paymentStatus;
  const settledBooking = paymentStatus && paymentStatus !== 'pending' ? booking.data : undefined;
  useEffect(() => {
    if (settledBooking) storeBooking(settledBooking);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per settled state
  }, [settledBooking?.id, settledBooking?.paymentStatus]);

  const data = booking.data;
  const redirectFailed = redirectStatus !== null && FAILED_REDIRECT_STATUSES.has(redirectStatus);
  let view: string;
  if (booking.isPending) view = 'loading';
  else if (booking.isError) view = isNotFound(booking.error) ? 'not-found' : 'error';
  else if (data?.paymentStatus === 'paid') view = 'paid';
  else if (data?.status === 'cancelled') view = 'cancelled';
  else if (data?.paymentStatus === 'failed') view = 'failed';
  else if (data && !data.cardPaymentStarted) view = 'not-started';
  else if (redirectFailed) view = 'failed';
  else view = timedOut ? 'still-processing' : 'processing';
  useFocusHeadingOnChange(view);

  if (view === 'loading') {
    return (
      <PageShell key={view} title="Payment Status">
        <Loading text="Checking your payment…" />
      </PageShell>
    );
  }
  if (view === 'not-found') return <BookingNotFound key={view} />;
  if (view === 'error' || !data) {
    return (
      <PageShell key={view} title="Payment Status">
        <QueryError
          query={booking}
          title="Your payment’s state could not be loaded"
          className="max-w-3xl"
        />
      </PageShell>
    );
  }
  if (view === 'paid') return <Paid key={view} booking={data} />;
  if (view === 'cancelled') {
    return (
      <PageShell
        key={view}
        title="Booking Cancelled"
        lead="This booking was cancelled, so it cannot be paid and nothing was charged."
      >
        <HistoryLink />
      </PageShell>
    );
  }
  if (view === 'not-started') {
    return (
      <PageShell
        key={view}
        title="No Payment Made"
        lead={`No card payment was started for ${data.bookingDetails.title} (reference ${data.reference}), so nothing was charged and there is nothing to confirm. The booking is waiting for its payment.`}
      >
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          <li>
            <Link className={linkClass} to={payBookingPath(data.id)}>
              Pay for this booking
            </Link>
          </li>
          <li>
            <HistoryLink />
          </li>
        </ul>
      </PageShell>
    );
  }
  if (view === 'failed') {
    return (
      <PageShell key={view} title="Payment Failed">
        <div className="grid max-w-3xl gap-6">
          <p className="flex items-start gap-2 rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            Your card payment for {data.bookingDetails.title} did not go through, and nothing was
            charged. Your booking is kept: you can try again with another card or with a crypto
            wallet.
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link className={linkClass} to={payBookingPath(data.id)}>
                Try paying again
              </Link>
            </li>
            <li>
              <HistoryLink />
            </li>
          </ul>
        </div>
      </PageShell>
    );
  }
  return (
    <PageShell key={view} title="Payment processing">
      <div className="grid max-w-3xl gap-6">
        {view === 'processing' ? (
          <>
            <Loading
              text={`Stripe is confirming your payment for ${data.bookingDetails.title}. This page checks every few seconds and updates by itself.`}
            />
          </>
        ) : (
          <div className="grid gap-4">
            <p
              role="status"
              className="flex items-start gap-2 rounded-md border border-amber-700 bg-amber-50 p-4 text-amber-950"
            >
              <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              Your payment is still processing. Some banks take a few minutes to confirm; you will
              not be charged twice. Refresh to check again, or look at your booking history later.
            </p>
            <div>
              <Button
                onClick={() => {
                  setTimedOut(false);
                  setPollRound((n) => n + 1);
                  void booking.refetch();
                }}
              >
                <RefreshCw aria-hidden="true" className="size-5" />
                Refresh
              </Button>
            </div>
          </div>
        )}
        <HistoryLink />
      </div>
    </PageShell>
  );
}

function Paid({ booking }: { booking: Booking }) {
  return (
    <PageShell title="Payment Confirmed" lead="Thank you: your booking is paid and confirmed.">
      <div className="grid max-w-3xl gap-6">
        <PaymentConfirmed booking={booking} />
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          <li>
            <Link className={linkClass} to={receiptPath(booking.id)}>
              <ReceiptText aria-hidden="true" className="size-5" />
              View receipt
            </Link>
          </li>
          <li>
            <HistoryLink />
          </li>
        </ul>
      </div>
    </PageShell>
  );
}

function HistoryLink() {
  return (
    <Link className={linkClass} to={APP_ROUTES.bookings}>
      <History aria-hidden="true" className="size-5" />
      Booking history
    </Link>
  );
}

/** The address names no booking (opened by hand, or cut short): nothing to look up. */
function NoBooking() {
  return (
    <PageShell
      title="Payment Status"
      lead="This page shows how a card payment went once you come back from paying. The link you followed does not say which booking it is about, so there is nothing to show."
    >
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <HistoryLink />
        </li>
        <li>
          <Link className={linkClass} to={APP_ROUTES.paymentDemo}>
            Payment demo
          </Link>
        </li>
      </ul>
    </PageShell>
  );
}

function BookingNotFound() {
  return (
    <PageShell
      title="Booking Not Found"
      lead="We could not find the booking this page is about. The link may be incomplete, or the booking was made in another browser: bookings belong to the browser they were made in."
    >
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <HistoryLink />
        </li>
        <li>
          <Link className={linkClass} to={APP_ROUTES.paymentDemo}>
            Payment demo
          </Link>
        </li>
      </ul>
    </PageShell>
  );
}
