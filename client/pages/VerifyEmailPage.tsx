import { AlertTriangle, CheckCircle2, Clock, Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { VERIFICATION_VALID_HOURS } from '../../contracts/beta.values';
import { APP_ROUTES } from '../../contracts/routes';
import { MAIN_CONTENT_ID } from '../lib/landmarks';
import { PageShell } from '../components/layout/PageShell';
import { Button } from '../components/ui/button';
import {
  useResendVerification,
  useVerifyEmail,
  VERIFICATION_FALLBACK_ERROR,
} from '../features/beta';
import { errorMessage } from '../lib/api';

/** Spec §2: the link from the verification e-mail, /verify-email?token=…&email=… */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  if (!token || !email) return <InvalidLink />;
  // A new link (another token or address) is a new verification, with its own state.
  return <Verification key={`${token} ${email}`} token={token} email={email} />;
}

function ReturnHome({ primary = false }: { primary?: boolean }) {
  return (
    <Button asChild variant={primary ? 'primary' : 'secondary'}>
      <Link to={APP_ROUTES.home}>Return home</Link>
    </Button>
  );
}

/** Spec §8: a parameter is missing, so nothing is asked of the server. */
function InvalidLink() {
  return (
    <PageShell
      title="Invalid Verification Link"
      lead="This link is missing its token or its e-mail address, so it cannot confirm anything."
    >
      <p className="max-w-3xl text-slate-800">
        Open the link in your verification e-mail again. If your mail program split it over two
        lines, copy the whole address into your browser&rsquo;s address bar.
      </p>
      <div className="mt-6">
        <ReturnHome primary />
      </div>
    </PageShell>
  );
}

/** The server's answer replaces the spinner: focus moves to the new heading so it is announced. */
function useFocusHeadingWhenSettled(pending: boolean) {
  useEffect(() => {
    if (pending) return;
    const heading = document.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} h1`);
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [pending]);
}

function Verification({ token, email }: { token: string; email: string }) {
  const verification = useVerifyEmail(token, email);
  useFocusHeadingWhenSettled(verification.isPending);

  if (verification.isPending) {
    return (
      <PageShell title="Verify Your Email">
        <p role="status" className="flex items-center gap-3 text-lg text-slate-800">
          {/* Under prefers-reduced-motion the spinner stands still. */}
          <Loader2 aria-hidden="true" className="size-7 text-brand-700 motion-safe:animate-spin" />
          Verifying your email…
        </p>
      </PageShell>
    );
  }
  const result = verification.data;
  if (result?.verified && result.accessCode) return <Verified accessCode={result.accessCode} />;
  return <Failed email={email} error={result?.error || VERIFICATION_FALLBACK_ERROR} />;
}

const DONE = [
  'Your e-mail address is confirmed.',
  'Your beta access is active.',
  'Your access code is linked to your sign-up.',
];

const NEXT_STEPS = [
  'Keep your access code: it identifies you as a beta tester.',
  'Search destinations and ask Beth, the assistant, about places, safety and budgets for your needs.',
  'If you chose feedback reminders, we will ask how the site works for you about once a month.',
];

function Verified({ accessCode }: { accessCode: string }) {
  return (
    <PageShell
      title="Email Verified"
      lead="Welcome to the Accessible Journeys beta. Thank you for helping us make travel planning work for everyone."
    >
      <div className="grid max-w-3xl gap-8">
        <div className="rounded-lg border border-green-700 bg-green-50 p-5 text-green-950">
          <h2 className="text-lg font-bold">Your access code</h2>
          <p className="mt-2 font-mono text-3xl font-bold tracking-[0.2em] break-all text-slate-900">
            {accessCode}
          </p>
        </div>
        <section aria-labelledby="verified-done">
          <h2 id="verified-done" className="text-xl font-bold text-slate-900">
            What is done
          </h2>
          <ul className="mt-3 grid gap-2">
            {DONE.map((item) => (
              <li key={item} className="flex items-start gap-2 text-slate-800">
                <CheckCircle2
                  aria-hidden="true"
                  className="mt-0.5 size-5 shrink-0 text-green-700"
                />
                {item}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="verified-next">
          <h2 id="verified-next" className="text-xl font-bold text-slate-900">
            What&rsquo;s next
          </h2>
          <ol className="mt-3 grid list-decimal gap-2 pl-6 text-slate-800">
            {NEXT_STEPS.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
        </section>
        <div>
          <Button asChild>
            <Link to={APP_ROUTES.home}>Start Using</Link>
          </Button>
        </div>
      </div>
    </PageShell>
  );
}

function Failed({ email, error }: { email: string; error: string }) {
  const resend = useResendVerification();
  const expired = /expired/i.test(error);

  function send() {
    if (!resend.isPending) resend.mutate(email);
  }

  return (
    <PageShell title="Verification Failed">
      <div className="grid max-w-3xl gap-6">
        <p className="flex items-start gap-2 rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {error}
        </p>
        {expired ? (
          <p className="flex items-start gap-2 rounded-md border border-amber-700 bg-amber-50 p-4 text-amber-950">
            <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            Verification links expire after {VERIFICATION_VALID_HOURS} hours for your security. Ask
            for a new one below: it replaces the old link.
          </p>
        ) : null}
        <div>
          <p className="text-slate-800">
            We can send a new verification link to <strong>{email}</strong>.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button
              onClick={send}
              // aria-disabled, not disabled: the button keeps focus while the request is on its way.
              aria-disabled={resend.isPending ? true : undefined}
            >
              {resend.isPending ? 'Sending…' : 'Resend Verification Email'}
            </Button>
            <ReturnHome />
          </div>
          <p role="status" className="mt-4 font-medium text-slate-900">
            {resend.data?.message}
          </p>
          {resend.isError ? (
            <p role="alert" className="mt-2 font-medium text-red-800">
              We could not send a new link:{' '}
              {errorMessage(resend.error, 'the server could not be reached. Please try again.')}
            </p>
          ) : null}
        </div>
      </div>
    </PageShell>
  );
}
