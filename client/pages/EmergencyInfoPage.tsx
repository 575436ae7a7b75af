import { PageShell } from '../components/layout/PageShell';

export default function EmergencyInfoPage() {
  return (
    <PageShell
      title="Emergency Information"
      lead="Contact local emergency services first. Emergency numbers, safety tips and official resources for travellers are being gathered here."
    />
  );
}
