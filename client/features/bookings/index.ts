// Only the lazily loaded pages import this feature (contracts/bookings brings zod along).
export {
  bookingQuery,
  bookingsKeys,
  isNotFound,
  useBooking,
  useBookings,
  useCreateBooking,
  useStoreBooking,
} from './api';
export {
  BOOKING_STATUS_LABELS,
  bookingTypeLabel,
  isPaid,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  payBookingPath,
  VERIFICATION_TEXT,
} from './describe';
export { BookingHistory } from './BookingHistory';
export { CancelBooking } from './CancelBooking';
export { Receipt } from './Receipt';
export { useFocusHeadingOnChange } from './focus';
