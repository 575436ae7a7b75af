import { PageShell } from '../components/layout/PageShell';

export default function PaymentDemoPage() {
  return (
    <PageShell
      title="Payment Demo"
      lead="Choose a demo booking and pay for it by card or with a crypto wallet. No travel is sold: payments here are a demonstration."
    />
  );
}
