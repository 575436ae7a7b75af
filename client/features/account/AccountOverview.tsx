import { Skeleton } from '../../components/ui/skeleton';
import { QueryError } from '../../components/ui/query-error';
import { useMayShowAnswers } from '../../lib/rendered-with-reads';
import { AccountDetails } from './AccountDetails';
import { useAccount } from './api';
import { SIGNED_OUT_LEAD } from './copy';
import { pageHeading } from './page-heading';
import { SignInButton, useSignInDialog } from './SignInButton';

/**
 * The account page's body: signed out, why one might sign in and the button (an offer, not an
 * error); signed in, the account; and the read's loading and error states.
 */
export function AccountOverview() {
  const account = useAccount();
  const { openSignIn, signInDialog } = useSignInDialog(pageHeading);
  // Pre-rendered for everyone, the page shows the loading state; the header, hydrated before the
  // page's part, may have had the answer already, which must not show until the page is hydrated
  // too. Rendered with the visitor's answer, the page shows it on both sides from the start.
  const hydrated = useMayShowAnswers();
  return (
    <>
      <AccountState account={account} hydrated={hydrated} onSignIn={openSignIn} />
      {signInDialog}
    </>
  );
}

function AccountState({
  account,
  hydrated,
  onSignIn,
}: {
  account: ReturnType<typeof useAccount>;
  hydrated: boolean;
  onSignIn: () => void;
}) {
  if (account.isPending || !hydrated) {
    return (
      <div role="status" className="grid max-w-3xl gap-3">
        <span className="sr-only">Loading your account…</span>
        <Skeleton className="h-7 w-64" />
        <Skeleton className="h-5 w-96 max-w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (account.isError) {
    return <QueryError query={account} title="Your account could not be loaded" heading="h2" />;
  }
  if (!account.data.signedIn) {
    return (
      <div className="grid max-w-3xl gap-4">
        <p className="text-lg text-slate-800">{SIGNED_OUT_LEAD}</p>
        <div>
          <SignInButton onOpen={onSignIn} />
        </div>
      </div>
    );
  }
  return <AccountDetails account={account.data} />;
}
