import { CheckCircle2, Info } from 'lucide-react';
import type { Booking } from '../../../contracts/bookings';
import { formatPrice } from '../../lib/format';
import { PAYMENT_METHOD_LABELS, VERIFICATION_TEXT } from '../bookings';

/**
 * The facts of a paid booking: Confirmed, its confirmation code (what a traveller quotes), the
 * amount, how it was paid and how the payment was checked. Used by the demo's success step and by
 * the page Stripe returns to.
 */
export function PaymentConfirmed({ booking }: { booking: Booking }) {
  const { payment } = booking;
  return (
    <div className="grid max-w-3xl gap-4 rounded-lg border border-green-700 bg-green-50 p-5 text-green-950">
      <p className="flex items-center gap-2 text-xl font-bold">
        <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-green-700" />
        Confirmed
      </p>
      <div>
        <p className="font-semibold">Confirmation code</p>
        <p
          className="font-mono text-3xl font-bold tracking-[0.15em] break-all text-slate-900"
          data-testid="confirmation-code"
        >
          {booking.confirmationCode ?? 'Not issued'}
        </p>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-slate-900 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Booking</dt>
        <dd>{booking.bookingDetails.title}</dd>
        <dt className="font-semibold">Booking reference</dt>
        <dd className="font-mono">{booking.reference}</dd>
        <dt className="font-semibold">Amount paid</dt>
        <dd>{formatPrice(booking.totalAmount, booking.currency)}</dd>
        {payment ? (
          <>
            <dt className="font-semibold">Payment method</dt>
            <dd>{PAYMENT_METHOD_LABELS[payment.method]}</dd>
          </>
        ) : null}
      </dl>
      {payment ? (
        <p
          className={
            payment.verification === 'simulated'
              ? 'flex items-start gap-2 rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950'
              : 'flex items-start gap-2 text-slate-900'
          }
        >
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {VERIFICATION_TEXT[payment.verification]}
        </p>
      ) : null}
    </div>
  );
}
