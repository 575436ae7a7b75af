import { CheckCircle2, CircleDashed, CreditCard, ReceiptText, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { Booking } from '../../../contracts/bookings';
import { APP_ROUTES, receiptPath } from '../../../contracts/routes';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/dates';
import { formatPrice } from '../../lib/format';
import { useBookings } from './api';
import { CancelBooking } from './CancelBooking';
import {
  BOOKING_STATUS_LABELS,
  bookingTypeLabel,
  PAYMENT_STATUS_LABELS,
  payBookingPath,
} from './describe';

const LOADING_PLACEHOLDERS = 3;

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-brand-800 underline underline-offset-4 hover:decoration-2';

/** Touchdown > Booking History: the visitor's bookings, newest first, each with its receipt. */
export function BookingHistory() {
  const bookings = useBookings();

  let content;
  if (bookings.isPending) {
    content = (
      <ul aria-hidden="true" className="grid gap-4">
        {Array.from({ length: LOADING_PLACEHOLDERS }, (_, i) => (
          <li key={i} className="rounded-lg border border-slate-200 p-5">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="mt-4 h-4 w-1/2" />
            <Skeleton className="mt-2 h-4 w-1/3" />
          </li>
        ))}
      </ul>
    );
  } else if (bookings.isError) {
    content = (
      <QueryError
        query={bookings}
        title="Your bookings could not be loaded"
        className="max-w-3xl"
      />
    );
  } else if (bookings.data.length === 0) {
    content = (
      <div className="max-w-3xl rounded-lg border border-slate-300 bg-slate-50 p-5 text-slate-800">
        <p className="text-lg font-semibold text-slate-900">You have no bookings yet.</p>
        <p className="mt-1">
          Bookings you make in this browser, from the cart or the payment demo, appear here with
          their receipts.
        </p>
        <Link className={cn(linkClass, 'mt-2')} to={APP_ROUTES.paymentDemo}>
          Choose a booking on the payment demo
        </Link>
      </div>
    );
  } else {
    const count = bookings.data.length;
    content = (
      <>
        <p className="mb-4 text-slate-800">
          {count} {count === 1 ? 'booking' : 'bookings'}, newest first.
        </p>
        <ul className="grid gap-4">
          {bookings.data.map((booking) => (
            <li key={booking.id}>
              <BookingEntry booking={booking} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <div aria-busy={bookings.isPending}>
      <p role="status" className="sr-only">
        {bookings.isPending ? 'Loading your bookings…' : ''}
      </p>
      {content}
    </div>
  );
}

function StatusBadge({ booking }: { booking: Booking }) {
  const paid = booking.paymentStatus === 'paid';
  const failed = booking.paymentStatus === 'failed' || booking.status === 'cancelled';
  const Icon = paid ? CheckCircle2 : failed ? XCircle : CircleDashed;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm font-semibold',
        // A paid booking that was cancelled is red, as a failed one.
        failed
          ? 'border-red-700 bg-red-50 text-red-900'
          : paid
            ? 'border-green-700 bg-green-50 text-green-900'
            : 'border-amber-700 bg-amber-50 text-amber-950',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {BOOKING_STATUS_LABELS[booking.status]}
    </span>
  );
}

function BookingEntry({ booking }: { booking: Booking }) {
  const headingId = `booking-${booking.id}`;
  const { title } = booking.bookingDetails;
  const payable = booking.paymentStatus !== 'paid' && booking.status !== 'cancelled';
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} tabIndex={-1} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <StatusBadge booking={booking} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-900">Booking reference</dt>
        <dd className="font-mono text-slate-900">{booking.reference}</dd>
        <dt className="font-semibold text-slate-900">Type</dt>
        <dd className="text-slate-800">{bookingTypeLabel(booking.bookingType)}</dd>
        <dt className="font-semibold text-slate-900">Booked on</dt>
        <dd className="text-slate-800">
          <time dateTime={booking.createdAt}>{formatDateTime(booking.createdAt)}</time>
        </dd>
        <dt className="font-semibold text-slate-900">Amount</dt>
        <dd className="text-slate-800">{formatPrice(booking.totalAmount, booking.currency)}</dd>
        <dt className="font-semibold text-slate-900">Status</dt>
        <dd className="text-slate-800">{BOOKING_STATUS_LABELS[booking.status]}</dd>
        <dt className="font-semibold text-slate-900">Payment</dt>
        <dd className="text-slate-800">{PAYMENT_STATUS_LABELS[booking.paymentStatus]}</dd>
        <dt className="font-semibold text-slate-900">Confirmation code</dt>
        <dd className="font-mono text-slate-900">{booking.confirmationCode ?? 'Not issued yet'}</dd>
      </dl>
      <ul className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2">
        <li>
          <Link className={linkClass} to={receiptPath(booking.id)}>
            <ReceiptText aria-hidden="true" className="size-5" />
            Receipt<span className="sr-only"> for {title}</span>
          </Link>
        </li>
        {payable ? (
          <li>
            <Link className={linkClass} to={payBookingPath(booking.id)}>
              <CreditCard aria-hidden="true" className="size-5" />
              Pay now<span className="sr-only"> for {title}</span>
            </Link>
          </li>
        ) : null}
      </ul>
      <div className="mt-3 empty:hidden">
        <CancelBooking booking={booking} focusAfter={() => document.getElementById(headingId)} />
      </div>
    </article>
  );
}
