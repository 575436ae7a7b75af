import { PageShell } from '../components/layout/PageShell';

export default function MediaGalleryPage() {
  return (
    <PageShell
      title="Travel Media Gallery"
      lead="Upload your travel photos and videos, turn them into a travel movie, and share them privately."
    />
  );
}
