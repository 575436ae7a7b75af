import { useSearchParams } from 'react-router';
import { PaymentStatus } from '../features/payments';

/** Spec §2: /payment-success?booking={id}, where the card payment provider sends the visitor back. */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  return (
    <PaymentStatus
      bookingId={params.get('booking')?.trim() || null}
      // Stripe adds it to the return address: succeeded, processing or failed.
      redirectStatus={params.get('redirect_status')}
    />
  );
}
