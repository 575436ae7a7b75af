import { CreditCard, History, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Booking, BookingPayment } from '../../../contracts/bookings';
import { APP_ROUTES } from '../../../contracts/routes';
import { PageShell } from '../../components/layout/PageShell';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import { formatDateTime } from '../../lib/dates';
import { formatPrice } from '../../lib/format';
import { isNotFound, useBooking } from './api';
import { useFocusHeadingOnChange } from './focus';
import {
  BOOKING_STATUS_LABELS,
  bookingTypeLabel,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  payBookingPath,
  VERIFICATION_TEXT,
} from './describe';
import { ReaderTime } from '../../lib/reader-date';

const SITE_NAME = 'Accessible Journeys';

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-brand-800 underline underline-offset-4 hover:decoration-2';

/** What the payment's reference is, in words. */
const REFERENCE_LABELS: Record<BookingPayment['method'], string> = {
  card: 'Stripe payment reference',
  crypto: 'Transaction hash',
};

/** "$687.50 USD": the currency is named even where "$" could mean several. */
function amountWithCurrency(booking: Booking): string {
  const price = formatPrice(booking.totalAmount, booking.currency);
  return booking.currency === 'USD' ? `${price} USD` : price;
}

/** Touchdown > Final Trip Receipt: one paid booking's receipt, printable. */
export function Receipt({ bookingId }: { bookingId: string }) {
  const booking = useBooking(bookingId);
  const data = booking.data;
  let view: string;
  if (booking.isPending) view = 'loading';
  else if (booking.isError) view = isNotFound(booking.error) ? 'not-found' : 'error';
  else view = data?.paymentStatus === 'paid' && data.payment ? 'receipt' : 'not-paid';
  useFocusHeadingOnChange(view);

  if (booking.isPending) {
    return (
      <PageShell key={view} title="Receipt">
        <p role="status" className="text-slate-800">
          Loading your receipt…
        </p>
      </PageShell>
    );
  }
  if (booking.isError) {
    if (isNotFound(booking.error)) {
      return (
        <PageShell
          key={view}
          title="Receipt Not Found"
          lead="There is no booking with this receipt's reference in this browser. Bookings belong to the browser they were made in; your booking history lists them all."
        >
          <HistoryLink />
        </PageShell>
      );
    }
    return (
      <PageShell key={view} title="Receipt">
        <QueryError query={booking} title="The receipt could not be loaded" className="max-w-3xl" />
      </PageShell>
    );
  }
  const loaded = booking.data;
  if (loaded.paymentStatus !== 'paid' || !loaded.payment) {
    return <NotPaidYet key={view} booking={loaded} />;
  }
  return <PaidReceipt key={view} booking={loaded} payment={loaded.payment} />;
}

function HistoryLink() {
  return (
    <Link className={linkClass} to={APP_ROUTES.bookings}>
      <History aria-hidden="true" className="size-5" />
      Booking history
    </Link>
  );
}

/** A booking without a payment has no receipt: say so, and offer to pay. */
function NotPaidYet({ booking }: { booking: Booking }) {
  const payable = booking.status !== 'cancelled';
  return (
    <PageShell
      title="Not paid yet"
      lead={`There is no receipt for ${booking.bookingDetails.title} yet: this booking has not been paid.`}
    >
      <dl className="grid max-w-3xl gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <Row term="Amount due">{amountWithCurrency(booking)}</Row>
        <Row term="Status">{BOOKING_STATUS_LABELS[booking.status]}</Row>
        <Row term="Payment">{PAYMENT_STATUS_LABELS[booking.paymentStatus]}</Row>
        <Row term="Booked on">
          <ReaderTime iso={booking.createdAt} format={formatDateTime} withTime />
        </Row>
      </dl>
      <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        {payable ? (
          <li>
            <Link className={linkClass} to={payBookingPath(booking.id)}>
              <CreditCard aria-hidden="true" className="size-5" />
              Pay now<span className="sr-only"> for {booking.bookingDetails.title}</span>
            </Link>
          </li>
        ) : null}
        <li>
          <HistoryLink />
        </li>
      </ul>
    </PageShell>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-900">{term}</dt>
      <dd className="text-slate-800">{children}</dd>
    </>
  );
}

function PaidReceipt({ booking, payment }: { booking: Booking; payment: BookingPayment }) {
  const { title, description, details, accessibility } = booking.bookingDetails;
  return (
    <PageShell
      title="Receipt"
      documentTitle={`Receipt ${booking.confirmationCode ?? ''}`.trim()}
      lead={`${SITE_NAME}: your receipt for ${title}. Keep it for your records.`}
    >
      {/* data-print-receipt: index.css prints this alone, without the site's header and footer. */}
      <div data-print-receipt="" className="grid max-w-3xl gap-8">
        <section aria-labelledby="receipt-payment">
          <h2 id="receipt-payment" className="text-xl font-bold text-slate-900">
            Payment
          </h2>
          <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
            <Row term="Confirmation code">
              <span className="font-mono text-xl font-bold text-slate-900">
                {booking.confirmationCode ?? 'Not issued'}
              </span>
            </Row>
            <Row term="Amount paid">{amountWithCurrency(booking)}</Row>
            <Row term="Status">
              {BOOKING_STATUS_LABELS[booking.status]},{' '}
              {PAYMENT_STATUS_LABELS[booking.paymentStatus]}
            </Row>
            <Row term="Payment method">{PAYMENT_METHOD_LABELS[payment.method]}</Row>
            <Row term="Verification">{VERIFICATION_TEXT[payment.verification]}</Row>
            <Row term={REFERENCE_LABELS[payment.method]}>
              <span className="font-mono break-all">{payment.reference}</span>
            </Row>
            {payment.payer ? (
              <Row term="Paid from wallet">
                <span className="font-mono break-all">{payment.payer}</span>
              </Row>
            ) : null}
            <Row term="Paid at">
              <ReaderTime iso={payment.paidAt} format={formatDateTime} withTime />
            </Row>
            <Row term="Booked at">
              <ReaderTime iso={booking.createdAt} format={formatDateTime} withTime />
            </Row>
            <Row term="Booking reference">
              <span className="font-mono">{booking.reference}</span>
            </Row>
          </dl>
        </section>

        <section aria-labelledby="receipt-booking">
          <h2 id="receipt-booking" className="text-xl font-bold text-slate-900">
            Booking
          </h2>
          <p className="mt-3 font-semibold text-slate-900">
            {title}{' '}
            <span className="font-normal text-slate-700">
              ({bookingTypeLabel(booking.bookingType)})
            </span>
          </p>
          {description ? <p className="mt-1 text-slate-800">{description}</p> : null}
          {details.length > 0 ? (
            <>
              <h3 className="mt-4 font-semibold text-slate-900">Details</h3>
              <ul className="mt-1 grid list-disc gap-1 pl-6 text-slate-800">
                {details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : null}
          {accessibility.length > 0 ? (
            <>
              <h3 className="mt-4 font-semibold text-slate-900">Accessibility</h3>
              <ul className="mt-1 grid list-disc gap-1 pl-6 text-slate-800">
                {accessibility.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : null}
        </section>

        <p className="text-sm text-slate-700">
          {SITE_NAME} is in preview: no travel is sold until our seller-of-travel registration is
          active.
        </p>

        <div className="flex flex-wrap items-center gap-x-6 gap-y-2 print:hidden">
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-5" />
            Print receipt
          </Button>
          <HistoryLink />
        </div>
      </div>
    </PageShell>
  );
}
