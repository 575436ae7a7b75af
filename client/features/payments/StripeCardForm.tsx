import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Loader2, Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Booking } from '../../../contracts/bookings';
import type { PaymentIntentResponse } from '../../../contracts/payments';
import { APP_ROUTES } from '../../../contracts/routes';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { QueryError } from '../../components/ui/query-error';
import { toast } from '../../components/ui/use-toast';
import { formatPrice } from '../../lib/format';
import { PAYMENT_MESSAGES, stripeJsQuery } from './api';
import { Loading } from './steps';

/** The Payment Element in the site's colours, with a focus ring as visible as the site's own. */
const APPEARANCE: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#1d4ed8',
    colorText: '#0f172a',
    colorDanger: '#b91c1c',
    fontSizeBase: '16px',
    borderRadius: '6px',
  },
  rules: {
    '.Input:focus': { outline: '3px solid #1d4ed8', outlineOffset: '2px' },
    '.Tab:focus': { outline: '3px solid #1d4ed8', outlineOffset: '2px' },
  },
};

/** Where Stripe sends the visitor back after the payment (and after any bank check on the way). */
function returnUrl(bookingId: string): string {
  const url = new URL(APP_ROUTES.paymentSuccess, window.location.origin);
  url.searchParams.set('booking', bookingId);
  return url.toString();
}

/**
 * Stripe.js comes from js.stripe.com (Stripe requires it), so it can fail to load: offline, or
 * blocked by an extension. That is said plainly, with a way to try again.
 */
export default function StripeCardForm({
  booking,
  payment,
}: {
  booking: Booking;
  payment: PaymentIntentResponse;
}) {
  const stripe = useQuery(stripeJsQuery(payment.publishableKey));

  if (stripe.isPending) return <Loading text="Loading the card form…" />;
  if (stripe.isError) {
    return (
      <QueryError
        query={stripe}
        title="The card form could not load"
        message="Stripe, our card payment provider, did not answer. Check your internet connection or any content blocker, then try again; you can also pay with a crypto wallet."
        size="lg"
      />
    );
  }
  return (
    <Elements
      stripe={stripe.data}
      options={{ clientSecret: payment.clientSecret, appearance: APPEARANCE }}
    >
      <CardForm booking={booking} />
    </Elements>
  );
}

function CardForm({ booking }: { booking: Booking }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const amount = formatPrice(booking.totalAmount, booking.currency);
  const unavailable = !stripe || !elements || !ready || submitting;
  const connection = useNeedsConnection();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || unavailable) return;
    setSubmitting(true);
    setFailure(null);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: returnUrl(booking.id) },
    });
    // Only reached when the payment did not go through: on success Stripe redirects.
    const message = error.message || PAYMENT_MESSAGES.cardFailed;
    toast({ variant: 'destructive', title: 'Payment Failed', description: message });
    setFailure(message);
    setSubmitting(false);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid max-w-xl gap-4">
      {ready ? null : <Loading text="Loading the card form…" />}
      <PaymentElement onReady={() => setReady(true)} />
      {failure ? (
        <p className="flex items-start gap-2 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          Payment Failed: {failure}
        </p>
      ) : null}
      <div>
        <Button type="submit" {...connection.button({ 'aria-disabled': unavailable })}>
          {submitting ? (
            <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
          ) : (
            <Lock aria-hidden="true" className="size-5" />
          )}
          {submitting ? 'Paying…' : `Pay ${amount}`}
        </Button>
        {connection.note}
      </div>
      <p role="status" className="sr-only">
        {submitting ? 'Sending your payment to Stripe…' : ''}
      </p>
    </form>
  );
}
