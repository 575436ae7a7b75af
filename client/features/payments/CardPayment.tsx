import { AlertTriangle, Wallet } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { Booking } from '../../../contracts/bookings';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import { toast } from '../../components/ui/use-toast';
import type { ApiError } from '../../lib/api';
import { isCardUnavailable, PAYMENT_MESSAGES, paymentErrorMessage, usePaymentIntent } from './api';
import { Loading } from './steps';

// Stripe's packages load only once the server has handed out a PaymentIntent, so nothing from
// Stripe loads (and no request goes to Stripe) unless card payments are configured.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

/** Words for Stripe's 503: demo mode (spec §8), or configured but not answering. */
function unavailableTitle(error: ApiError): string {
  return /demo mode/i.test(error.serverMessage ?? '')
    ? 'Stripe Not Configured'
    : 'Card Payments Unavailable';
}

export function CardPayment({
  booking,
  active,
  onUseCrypto,
}: {
  booking: Booking;
  /** The card method is chosen: ask for the PaymentIntent. */
  active: boolean;
  onUseCrypto: () => void;
}) {
  const intent = usePaymentIntent(booking, active);
  useSetupFailedToast(intent.isError ? intent.error : null, intent.errorUpdatedAt);

  let body;
  if (intent.isError && isCardUnavailable(intent.error)) {
    const error = intent.error as ApiError;
    body = (
      <div
        role="alert"
        className="rounded-lg border border-amber-700 bg-amber-50 p-5 text-amber-950"
      >
        <p className="flex items-center gap-2 text-lg font-bold">
          <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
          {unavailableTitle(error)}
        </p>
        <p className="mt-2">{paymentErrorMessage(error, PAYMENT_MESSAGES.setupFailed)}</p>
        <Button className="mt-4" onClick={onUseCrypto}>
          <Wallet aria-hidden="true" className="size-5" />
          Pay with crypto wallet instead
        </Button>
      </div>
    );
  } else if (intent.isError) {
    body = (
      <QueryError
        query={intent}
        title="Payment Setup Failed"
        message={paymentErrorMessage(intent.error, PAYMENT_MESSAGES.setupFailed)}
        size="lg"
      />
    );
  } else if (intent.data) {
    body = (
      <Suspense fallback={<Loading text="Loading the card form…" />}>
        <StripeCardForm booking={booking} payment={intent.data} />
      </Suspense>
    );
  } else {
    body = <Loading text="Setting up card payment…" />;
  }

  return (
    <section aria-labelledby="card-payment-heading">
      <h3 id="card-payment-heading" className="mb-3 text-xl font-bold">
        Pay by card
      </h3>
      {body}
    </section>
  );
}

/** Spec §8: a failed setup toasts once per failure; demo mode has its own message instead. */
function useSetupFailedToast(error: Error | null, errorUpdatedAt: number) {
  const shown = useRef(0);
  useEffect(() => {
    if (!error || isCardUnavailable(error) || shown.current === errorUpdatedAt) return;
    shown.current = errorUpdatedAt;
    toast({
      variant: 'destructive',
      title: 'Payment Setup Failed',
      description: paymentErrorMessage(error, PAYMENT_MESSAGES.setupFailed),
    });
  }, [error, errorUpdatedAt]);
}
