import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { AUTH_MESSAGES, AUTH_PAGES } from '../../../contracts/auth.values';
import { APP_ROUTES } from '../../../contracts/routes';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { FormAlert } from '../../components/ui/form-alert';
import { PENDING_CLASS } from '../../components/ui/pending';
import { ApiError, errorMessage } from '../../lib/api';
import { MAIN_CONTENT_ID } from '../../lib/landmarks';
import { signInWithLink, useSignIn } from './api';
import { SIGN_IN_FAILED } from './copy';
import { SignInButton, useSignInDialog } from './SignInButton';

/** The answer's heading takes focus when it replaces the button, so it is read. */
function focusAnswer() {
  const main = document.getElementById(MAIN_CONTENT_ID);
  const heading = main?.querySelector<HTMLElement>('h2') ?? main?.querySelector<HTMLElement>('h1');
  if (heading) {
    heading.tabIndex = -1;
    heading.focus();
  }
}

const NEXT = [
  { label: 'Your trips', to: APP_ROUTES.flightPlan },
  { label: 'Your bookings', to: APP_ROUTES.bookings },
  { label: 'Your photos and videos', to: APP_ROUTES.mediaGallery },
  { label: 'Your account', to: AUTH_PAGES.account },
] as const;

/**
 * The mailed link's page (`/sign-in/link?token=…`). Opening it signs nobody in: mail scanners
 * follow links, so the person presses Sign in, which POSTs the token (decision 024). A rejected
 * link (used, expired, replaced) offers the dialog to ask for a new code.
 */
export function LinkSignIn({ token }: { token: string }) {
  const signIn = useSignIn(signInWithLink);
  const sent = useRef(false);
  const connection = useNeedsConnection();
  const settled = signIn.isSuccess || signIn.isError;
  useEffect(() => {
    if (settled) focusAnswer();
  }, [settled]);

  if (signIn.isSuccess) {
    return (
      <div className="grid max-w-3xl gap-6">
        <h2 className="flex items-start gap-2 text-2xl font-bold text-green-900">
          <CheckCircle2 aria-hidden="true" className="mt-1 size-6 shrink-0" />
          <span>
            You&rsquo;re signed in as <span className="break-all">{signIn.data.email}</span>
          </span>
        </h2>
        <p className="text-slate-800">
          What you made on this browser is now your account&rsquo;s, and every device you sign in on
          shows it.
        </p>
        <ul className="flex flex-wrap gap-3">
          {NEXT.map((link) => (
            <li key={link.label}>
              <Button asChild variant="secondary">
                <Link to={link.to}>{link.label}</Link>
              </Button>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  const rejected = signIn.error instanceof ApiError && signIn.error.status === 400;
  if (rejected) return <LinkRejected />;

  return (
    <div className="grid max-w-3xl gap-4">
      <p className="text-lg text-slate-800">Press Sign in to finish signing in on this device.</p>
      <FormAlert>{signIn.isError ? errorMessage(signIn.error, SIGN_IN_FAILED) : null}</FormAlert>
      <div>
        <Button
          {...connection.button({ className: PENDING_CLASS, 'aria-disabled': signIn.isPending })}
          onClick={() => {
            if (signIn.isPending || sent.current) return;
            sent.current = true;
            signIn.mutate(token, { onError: () => (sent.current = false) });
          }}
        >
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
        {connection.note}
      </div>
    </div>
  );
}

/** A link that is not right or has expired, or none at all: ask for a new code. */
export function LinkRejected() {
  const { openSignIn, signInDialog } = useSignInDialog(focusableHeading);
  return (
    <div className="grid max-w-3xl gap-4">
      <h2 className="flex items-start gap-2 text-xl font-bold text-red-900">
        <AlertTriangle aria-hidden="true" className="mt-1 size-5 shrink-0" />
        {AUTH_MESSAGES.linkRejected}
      </h2>
      <p className="text-slate-800">
        A new e-mail brings a new code and a new link; the code can be typed on any device.
      </p>
      <div>
        <SignInButton label="Ask for a new code" onOpen={openSignIn} />
      </div>
      {signInDialog}
    </div>
  );
}

const focusableHeading = () => document.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} h1`);
