import { BOOKING_TYPE_LABELS } from '../../../contracts/bookings.values';
import type { Booking, BookingPayment, BookingType } from '../../../contracts/bookings';
import { APP_ROUTES } from '../../../contracts/routes';

/** The payment step of the demo page for an existing booking (a cart booking, or a pending one). */
export function payBookingPath(bookingId: string): string {
  return `${APP_ROUTES.paymentDemo}?booking=${encodeURIComponent(bookingId)}`;
}

/** "Flight", "Car rental"; an unknown kind is shown as it is stored. */
export function bookingTypeLabel(bookingType: string): string {
  return Object.hasOwn(BOOKING_TYPE_LABELS, bookingType)
    ? BOOKING_TYPE_LABELS[bookingType as BookingType]
    : bookingType;
}

export const BOOKING_STATUS_LABELS: Record<Booking['status'], string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
};

export const PAYMENT_STATUS_LABELS: Record<Booking['paymentStatus'], string> = {
  pending: 'Not paid yet',
  paid: 'Paid',
  failed: 'Payment failed',
};

export const PAYMENT_METHOD_LABELS: Record<BookingPayment['method'], string> = {
  card: 'Card',
  crypto: 'Crypto wallet',
};

/** How a payment was checked, in words a traveller can act on (spec §7: the demo simulates it). */
export const VERIFICATION_TEXT: Record<BookingPayment['verification'], string> = {
  stripe: 'Confirmed by Stripe, our card payment provider.',
  chain:
    'Checked on the blockchain: the transaction was found on the network, sent to our payment address for the full amount.',
  simulated:
    'Simulated confirmation: no blockchain is configured for this demo, so no funds moved.',
};

export const isPaid = (booking: Booking) => booking.paymentStatus === 'paid';
