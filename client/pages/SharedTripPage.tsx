import { useParams } from 'react-router';
import { PageShell } from '../components/layout/PageShell';
import { SharedItinerary } from '../features/planner-share/SharedItinerary';

/** The public, read-only itinerary an itinerary link opens (`/shared-trip/:token`). */
export default function SharedTripPage() {
  const { token = '' } = useParams();
  return (
    <PageShell
      title="Shared trip itinerary"
      lead="A trip plan a traveller shared with you. You can read it and print it here."
    >
      <SharedItinerary token={token} />
    </PageShell>
  );
}
