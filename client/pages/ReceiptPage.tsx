import { useParams } from 'react-router';
import { Receipt } from '../features/bookings';

/** Touchdown > Final Trip Receipt: /bookings/:bookingId/receipt. */
export default function ReceiptPage() {
  const { bookingId = '' } = useParams();
  // A new booking is a new receipt, with its own state.
  return <Receipt key={bookingId} bookingId={bookingId} />;
}
