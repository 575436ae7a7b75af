import { PageShell } from '../components/layout/PageShell';

export default function FlightPlanPage() {
  return (
    <PageShell
      title="Flight Plan"
      lead="Plan your trip day by day: flights, hotels, cars and activities on one calendar."
    />
  );
}
