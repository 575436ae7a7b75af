import { Upload } from 'lucide-react';
import { Component, lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { Waiting } from './Waiting';

// Uppy and its stylesheets load when the dialog first opens; a failed load can be tried again.
const loadUploader = () => import('./Uploader');
let LazyUploader = lazy(loadUploader);

class UploaderBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
        <p className="font-bold">The uploader could not be loaded.</p>
        <p className="mt-1">Check your connection, then try again.</p>
        <Button
          className="mt-3"
          variant="secondary"
          onClick={() => {
            LazyUploader = lazy(loadUploader);
            this.setState({ failed: false });
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
}

/**
 * Spec §2: the Upload Media button and its dialog; it closes by itself once every file is in.
 * Offline the button says it needs a connection and the dialog does not open: nothing could be
 * uploaded, and the uploader's own code may not be on the device. Uploads already under way carry
 * on (Uppy retries them when the network returns).
 */
export function UploadDialog() {
  const [open, setOpen] = useState(false);
  const escapeRef = useRef<(() => boolean) | null>(null);
  const close = useCallback(() => setOpen(false), []);
  const connection = useNeedsConnection();

  return (
    <div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button {...connection.button()}>
            <Upload aria-hidden="true" className="size-5" />
            Upload Media
          </Button>
        </DialogTrigger>
        <DialogContent
          title="Upload Media"
          description="Pick photos and videos, check them, describe each one, then upload. You can close this window: uploads carry on."
          size="3xl"
          onEscapeKeyDown={(event) => {
            // Escape closes the uploader's own panel (a file's details) before the dialog.
            if (escapeRef.current?.()) event.preventDefault();
          }}
        >
          <UploaderBoundary>
            <Suspense fallback={<Waiting text="Loading the uploader…" />}>
              <LazyUploader onAllDone={close} escapeRef={escapeRef} />
            </Suspense>
          </UploaderBoundary>
        </DialogContent>
      </Dialog>
      {connection.note}
    </div>
  );
}
