import { AlertTriangle } from 'lucide-react';
import type { Booking } from '../../../contracts/bookings';
import { formatPrice } from '../../lib/format';
import { bookingTypeLabel } from '../bookings';

/** The booking being paid for, as the payment step shows it. */
export function BookingSummary({ booking }: { booking: Booking }) {
  const { title, description, details, accessibility } = booking.bookingDetails;
  return (
    <section
      aria-labelledby="payment-booking-summary"
      className="rounded-lg border border-slate-300 bg-slate-50 p-5"
    >
      <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
        {bookingTypeLabel(booking.bookingType)}
      </p>
      <h3 id="payment-booking-summary" className="mt-1 text-xl font-bold text-slate-900">
        {title}
      </h3>
      {description ? <p className="mt-2 text-slate-800">{description}</p> : null}
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-900">Amount to pay</dt>
        <dd className="text-2xl font-bold text-slate-900">
          {formatPrice(booking.totalAmount, booking.currency)}
        </dd>
        <dt className="font-semibold text-slate-900">Booking reference</dt>
        <dd className="font-mono text-slate-800">{booking.reference}</dd>
        {details.length > 0 ? (
          <>
            <dt className="font-semibold text-slate-900">Details</dt>
            <dd>
              <ul className="grid list-disc gap-1 pl-5 text-slate-800">
                {details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        {accessibility.length > 0 ? (
          <>
            <dt className="font-semibold text-slate-900">Accessibility</dt>
            <dd>
              <ul className="grid list-disc gap-1 pl-5 text-slate-800">
                {accessibility.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      {booking.paymentStatus === 'failed' ? (
        <p className="mt-4 flex items-start gap-2 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          The last payment for this booking failed and nothing was charged. You can try again below.
        </p>
      ) : null}
    </section>
  );
}
