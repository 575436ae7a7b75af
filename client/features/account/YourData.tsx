import { Download, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ACCOUNT_EXPORT, AUTH_MESSAGES, AUTH_PATHS } from '../../../contracts/auth.values';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { FormAlert } from '../../components/ui/form-alert';
import { PENDING_CLASS } from '../../components/ui/pending';
import { ApiError, errorMessage } from '../../lib/api';
import { checkDownload, needsFreshSignIn } from './api';
import {
  DATA_HEADING,
  DELETE_LABEL,
  DOWNLOAD_FAILED,
  DOWNLOAD_LABEL,
  FRESH_SIGN_IN_NOTE,
} from './copy';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { FreshSignInNeeded } from './FreshSignIn';
import { useSignInDialog } from './SignInButton';
import { useOnce } from './use-once';

const SECTION_HEADING = 'text-xl font-bold text-slate-900';
const SUBHEADING = 'text-lg font-bold text-slate-900';

/**
 * How long the button stays pending once the download is asked for: the browser takes a moment to
 * show it, and a second press meanwhile would start a second download.
 */
const STARTING_MS = 4000;

const DOWNLOAD_STARTED = `Your download has started: your browser saves ${ACCOUNT_EXPORT.fileName} with your other downloads. With many photos and videos it can take a few minutes.`;
const TOO_MANY_CHECKS =
  'Downloads have been asked for too often from your network this hour. Please try again later.';

/**
 * Hands the download to the browser, which saves it to disk as it arrives (the archive can be
 * gigabytes: it never passes through this page's memory). A link with `download`: a refusal of
 * the GET ends as a failed download in the browser's list, never as an error page in this tab.
 */
function saveFromServer(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Download my data: asks the server first (a HEAD, no archive) whether the sign-in is fresh; if
 * it is not, says so and offers the sign-in, after which the download starts by itself.
 */
function DownloadData({ email }: { email: string }) {
  const [starting, setStarting] = useState(false);
  const busy = useOnce();
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [freshSignIn, setFreshSignIn] = useState<string | null>(null);
  const connection = useNeedsConnection();
  const button = useRef<HTMLButtonElement | null>(null);
  const { openSignIn, signInDialog } = useSignInDialog(() => button.current, {
    initialEmail: email,
    onSignedIn: () => void start(),
  });

  // Pending a little longer once started; then another download may be asked for.
  useEffect(() => {
    if (!starting || !status) return;
    const timer = setTimeout(() => {
      busy.done();
      setStarting(false);
    }, STARTING_MS);
    return () => clearTimeout(timer);
  }, [busy, starting, status]);

  function refused(error: unknown) {
    busy.done();
    setStarting(false);
    if (needsFreshSignIn(error)) {
      setFreshSignIn(error.serverMessage ?? AUTH_MESSAGES.reauthenticate);
    } else if (error instanceof ApiError && error.status === 429) {
      setFailure(errorMessage(error, TOO_MANY_CHECKS));
    } else {
      setFailure(errorMessage(error, DOWNLOAD_FAILED));
    }
  }

  async function start() {
    if (!busy.start()) return;
    setStarting(true);
    setStatus('');
    setFailure(null);
    setFreshSignIn(null);
    try {
      await checkDownload();
    } catch (error) {
      refused(error);
      return;
    }
    saveFromServer(AUTH_PATHS.accountExport, ACCOUNT_EXPORT.fileName);
    setStatus(DOWNLOAD_STARTED);
  }

  return (
    <div className="mt-3 grid gap-3">
      <p className="text-slate-800">
        One ZIP file with everything your account holds: a file named {ACCOUNT_EXPORT.recordsFile}{' '}
        with your trips, bookings, chat and devices, and each photo, video and travel movie as its
        own file. You can download it {ACCOUNT_EXPORT.perHour} times an hour.
      </p>
      <div>
        <Button
          ref={button}
          variant="secondary"
          {...connection.button({ className: PENDING_CLASS, 'aria-disabled': starting })}
          onClick={() => void start()}
        >
          <Download aria-hidden="true" className="size-5" />
          {starting ? 'Starting the download…' : DOWNLOAD_LABEL}
        </Button>
        {connection.note}
        {/* Always rendered, so what it says later is announced; no margin while empty. */}
        <p role="status" className="mt-2 font-semibold text-slate-900 empty:mt-0">
          {status}
        </p>
      </div>
      <FreshSignInNeeded
        message={freshSignIn}
        next="Once you have signed in, your download starts by itself."
        onSignIn={openSignIn}
      />
      <FormAlert>{failure}</FormAlert>
      {signInDialog}
    </div>
  );
}

/** Delete my account: what it means in a line, and the dialog that asks to confirm it. */
function DeleteAccount({ email }: { email: string }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="mt-3 grid gap-3">
      <p className="text-slate-800">
        Deletes your account and everything in it, on every device, for good. To keep a copy,
        download your data first.
      </p>
      <div>
        <Button variant="destructive" aria-haspopup="dialog" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" className="size-5" />
          {DELETE_LABEL}
        </Button>
      </div>
      <DeleteAccountDialog email={email} open={confirming} onOpenChange={setConfirming} />
    </div>
  );
}

/** The account page's "Your data": download everything, or delete it all (issue 27). */
export function YourData({ email }: { email: string }) {
  return (
    <section aria-labelledby="account-data" className="grid gap-6">
      <div>
        <h2 id="account-data" className={SECTION_HEADING}>
          {DATA_HEADING}
        </h2>
        <p className="mt-2 text-slate-700">{FRESH_SIGN_IN_NOTE}</p>
      </div>
      <div>
        <h3 className={SUBHEADING}>Download a copy</h3>
        <DownloadData email={email} />
      </div>
      <div>
        <h3 className={SUBHEADING}>Delete your account</h3>
        <DeleteAccount email={email} />
      </div>
    </section>
  );
}
