import { useParams } from 'react-router';
import { PageShell } from '../components/layout/PageShell';
import { SharedGallery } from '../features/media';

/** The public, read-only page a share link opens (`/shared/:token`). */
export default function SharedMediaPage() {
  const { token = '' } = useParams();
  return (
    <PageShell
      title="Shared travel media"
      lead="Photos and videos a traveller shared with you. You can look at them and play them here."
    >
      <SharedGallery token={token} />
    </PageShell>
  );
}
