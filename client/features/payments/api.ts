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
import { useStoreBooking } from '../bookings';

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
    queryKey: ['/api/create-payment-intent', booking.id, booking.totalAmount, booking.currency],
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

/** POST /api/create-blockchain-payment: where to send how much, on which chain. */
export const createBlockchainPayment = (request: CreateBlockchainPaymentRequest) =>
  apiRequest<BlockchainPaymentResponse>('POST', '/api/create-blockchain-payment', request);

export function useCreateBlockchainPayment() {
  return useMutation({ mutationFn: createBlockchainPayment });
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
  if (error.status === 400) {
    try {
      const body = JSON.parse(error.bodyText) as { errors?: { message?: unknown }[] };
      const first = body.errors?.find((e) => typeof e.message === 'string')?.message;
      if (typeof first === 'string' && first) return first;
    } catch {
      // Not the JSON envelope: fall through to the server's message.
    }
  }
  return error.serverMessage ?? fallback;
}
