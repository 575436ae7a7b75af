import { PageShell } from '../components/layout/PageShell';

export default function PaymentSuccessPage() {
  return (
    <PageShell
      title="Payment Status"
      lead="The state of your booking after a card payment will appear here."
    />
  );
}
