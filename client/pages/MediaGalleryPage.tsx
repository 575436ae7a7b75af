import { PageShell } from '../components/layout/PageShell';
import { MediaGallery } from '../features/media';

/** Spec §2: the Travel Media Gallery. */
export default function MediaGalleryPage() {
  return (
    <PageShell
      title="Travel Media Gallery"
      lead="Upload your travel photos and videos, turn them into a travel movie, and share them privately."
    >
      <MediaGallery />
    </PageShell>
  );
}
