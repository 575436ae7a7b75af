import { PageShell } from '../components/layout/PageShell';
import { TripPlanner } from '../features/planner';

/** Spec §2: the Flight Plan page (trip planner). */
export default function FlightPlanPage() {
  return (
    <PageShell
      title="Flight Plan"
      lead="Plan your trip day by day: flights, hotels, cars and activities on one calendar."
    >
      <TripPlanner />
    </PageShell>
  );
}
