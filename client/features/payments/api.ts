import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Booking } from '../../../contracts/bookings';
import type {
  BlockchainPaymentResponse,
  ConfirmBlockchainPaymentRequest,
  ConfirmBlockchainPaymentResponse,
  CreateBlockchainPaymentRequest,
  PaymentIntentResponse,
} from '../../../contracts/payments';
import { ApiError, apiRequest } from '../../lib/api';
import { postOnce, useIntentKeys } from '../../lib/intent-keys';
import { useStoreBooking } from '../bookings';

/** The payments feature's query keys: each key has one shape, the one its fetcher returns. */
export const paymentsKeys = {
  intent: (booking: Booking) =>
    ['payments', 'intent', booking.id, booking.totalAmount, booking.currency] as const,
  stripeJs: (publishableKey: string) => ['payments', 'stripe.js', publishableKey] as const,
};

/** Spec §8's default words for each failure. */
export const PAYMENT_MESSAGES = {
  setupFailed: 'Failed to initialize payment',
  cardFailed: 'Payment failed',
  blockchainFailed: 'Blockchain payment failed',
} as const;

/** POST /api/create-payment-intent: the booking's PaymentIntent (the server reuses one per booking). */
export const createPaymentIntent = (booking: Booking) =>
  apiRequest<PaymentIntentResponse>('POST', '/api/create-payment-intent', {
    bookingId: booking.id,
    amount: booking.totalAmount,
    currency: booking.currency,
  });

/**
 * Asked as a query, not a mutation: choosing "Card" asks for the intent, and asking again for the
 * same booking gets the same intent (so a remount or StrictMode's double effect costs nothing).
 */
export const paymentIntentQuery = (booking: Booking) =>
  queryOptions({
    queryKey: paymentsKeys.intent(booking),
    queryFn: () => createPaymentIntent(booking),
  });

export function usePaymentIntent(booking: Booking, enabled: boolean) {
  return useQuery({ ...paymentIntentQuery(booking), enabled });
}

/** 503: Stripe is not configured (demo mode), or not answering. */
export const isCardUnavailable = (error: unknown) =>
  error instanceof ApiError && error.status === 503;

/** 409 with "already paid": the booking was paid meanwhile (another tab, a card payment). */
export const isAlreadyPaid = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 409 &&
  /already paid/i.test(error.serverMessage ?? '');

/**
 * POST /api/create-blockchain-payment: where to send how much, on which chain. A request repeated
 * as it was (a retry, a second press) goes with the same Idempotency-Key: one payment, one quote.
 */
export function useCreateBlockchainPayment() {
  const keys = useIntentKeys();
  return useMutation({
    mutationFn: (request: CreateBlockchainPaymentRequest) =>
      postOnce<BlockchainPaymentResponse>(keys, '/api/create-blockchain-payment', request),
  });
}

/** POST /api/confirm-blockchain-payment: 200 once the transaction paid the booking. */
export const confirmBlockchainPayment = (request: ConfirmBlockchainPaymentRequest) =>
  apiRequest<ConfirmBlockchainPaymentResponse>('POST', '/api/confirm-blockchain-payment', request);

export function useConfirmBlockchainPayment() {
  const storeBooking = useStoreBooking();
  return useMutation({
    mutationFn: confirmBlockchainPayment,
    onSuccess: (answer) => storeBooking(answer.booking),
  });
}

/**
 * The transaction was sent but the server could not confirm it yet: not mined (409 saying so), or
 * the network did not answer (503, or no answer at all). Asking again with the same hash is safe;
 * sending the transaction again would pay twice.
 */
export function isUnconfirmed(error: unknown): boolean {
  if (!(error instanceof ApiError)) return error instanceof TypeError; // fetch: no network
  if (error.status === 503 || error.status === 502 || error.status === 504) return true;
  return error.status === 409 && /not mined/i.test(error.serverMessage ?? '');
}

/**
 * The words to show for a failed payment call: the first field message of a 400 (it says what is
 * wrong, e.g. the booking's real amount), else the server's message, else `fallback`.
 */
export function paymentErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const first = error.status === 400 ? error.issues[0]?.message : undefined;
  return first || (error.serverMessage ?? fallback);
}

/**
 * Stripe.js, loaded from js.stripe.com (Stripe requires it) when the card form first shows; it can
 * fail to load (offline, or blocked by an extension). Its module is fetched only then too.
 */
export const stripeJsQuery = (publishableKey: string) =>
  queryOptions({
    queryKey: paymentsKeys.stripeJs(publishableKey),
    queryFn: async () => {
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const loaded = await loadStripe(publishableKey);
      if (!loaded) throw new Error('Stripe.js is not available in this browser');
      return loaded;
    },
    staleTime: Infinity,
    retry: false,
  });
