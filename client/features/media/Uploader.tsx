// The uploader's own chunk: Uppy (core, Dashboard, S3 uploader, Golden Retriever, thumbnails) and
// its stylesheets load only when the upload dialog first opens, never with the gallery page.
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import Dashboard from '@uppy/react/dashboard';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { THUMBNAIL_TYPE, THUMBNAIL_WIDTH_PX } from '../../../contracts/media.values';
import { MEDIA_TOASTS } from './api';
import { UPLOAD_LIMITS_NOTE } from './upload';
import './uploader.css';
import { finishSession, getSession, type UploadUppy } from './upload-session';

/** Spec §2: the visitor names each file and describes it; the description is the photo's alt. */
const META_FIELDS = [
  { id: 'name', name: 'File name', placeholder: 'The name shown in your gallery' },
  {
    id: 'description',
    // The hint is in the label, not only the placeholder, which disappears once typing starts.
    name: "Description (the photo's text alternative)",
    placeholder: 'What it shows, for people who cannot see it',
  },
];

/** Closes the Dashboard's own overlay (a file's details, "add more") if one is open. */
function closeDashboardOverlay(uppy: UploadUppy): boolean {
  const dashboard = uppy.getPlugin('Dashboard');
  const state = dashboard?.getPluginState() as { activeOverlayType?: string | null } | undefined;
  if (!dashboard || !state?.activeOverlayType) return false;
  dashboard.setPluginState({
    activeOverlayType: null,
    fileCardFor: null,
    showAddFilesPanel: false,
  });
  return true;
}

const DASHBOARD_HEIGHT_PX = 420;

/**
 * Uppy Dashboard 6.0 renders a lone file's item (role=listitem) without its role=list wrapper (FileList's
 * single-file branch), which leaves a list item outside any list for screen readers. Supplies the
 * missing role until Uppy does.
 */
function fixSingleFileList(root: HTMLElement | null): (() => void) | undefined {
  if (!root) return undefined;
  const apply = () => {
    for (const list of root.querySelectorAll('.uppy-Dashboard-files:not([role])')) {
      list.setAttribute('role', 'list');
    }
  };
  apply();
  const observer = new MutationObserver(apply);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * Uppy's Dashboard, inline inside our dialog (Radix traps focus and returns it; the Dashboard
 * brings its own labelled controls, progress and informer). `escapeRef` lets the dialog's Escape
 * close a Dashboard overlay first instead of the whole dialog.
 */
export default function Uploader({
  onAllDone,
  escapeRef,
}: {
  onAllDone: () => void;
  escapeRef: RefObject<(() => boolean) | null>;
}) {
  const queryClient = useQueryClient();
  const [current] = useState(() => getSession(queryClient));
  const problems = useSyncExternalStore(current.subscribe, current.getProblems);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => current.onDone(onAllDone), [current, onAllDone]);
  useEffect(() => {
    escapeRef.current = () => closeDashboardOverlay(current.uppy);
    return () => {
      escapeRef.current = null;
    };
  }, [current, escapeRef]);
  useEffect(() => fixSingleFileList(container.current), []);

  return (
    <div ref={container} className="grid gap-4">
      <Dashboard
        uppy={current.uppy}
        width="100%"
        height={DASHBOARD_HEIGHT_PX}
        metaFields={META_FIELDS}
        note={UPLOAD_LIMITS_NOTE}
        proudlyDisplayPoweredByUppy={false}
        thumbnailWidth={THUMBNAIL_WIDTH_PX}
        thumbnailType={THUMBNAIL_TYPE}
        theme="light"
        // One file is shown like many: Uppy's full-size single-file view covers its Remove button
        // on narrow screens.
        singleFileFullScreen={false}
        doneButtonHandler={finishSession}
      />
      {problems.length > 0 ? (
        <div className="rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
          <p className="flex items-center gap-2 font-bold">
            <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
            Not added to your gallery
          </p>
          <ul className="mt-2 grid list-disc gap-1 pl-6">
            {problems.map((problem) => (
              <li key={`${problem.kind}-${problem.fileId}`}>
                <span className="font-semibold">{problem.fileName}</span>:{' '}
                {problem.kind === 'record'
                  ? `${MEDIA_TOASTS.recordFailed} ${problem.reason}`.trim()
                  : problem.reason}{' '}
                {problem.kind === 'record'
                  ? 'Remove it and add it again.'
                  : 'Retry it, or remove it.'}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
