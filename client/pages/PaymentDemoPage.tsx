import { PageShell } from '../components/layout/PageShell';
import { PaymentDemo } from '../features/payments';

/** Spec §2 and §4: choose a demo booking, pay for it by card or with a crypto wallet. */
export default function PaymentDemoPage() {
  return (
    <PageShell
      title="Payment Demo"
      lead="Choose a demo booking and pay for it by card or with a crypto wallet. No travel is sold: payments here are a demonstration."
    >
      <PaymentDemo />
    </PageShell>
  );
}
