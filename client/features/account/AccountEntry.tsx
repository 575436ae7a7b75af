import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { AUTH_PAGES } from '../../../contracts/auth.values';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useMayShowAnswers } from '../../lib/rendered-with-reads';
import { useAccount } from './api';
import { SignInButton, useSignInDialog } from './SignInButton';

const ACCOUNT_LINK = 'data-account-link';

/** The header's Account link, where focus goes once the header's Sign in has signed in. */
const accountLink = () => document.querySelector<HTMLElement>(`[${ACCOUNT_LINK}]`);

/**
 * The header's entry: Sign in (the dialog), or Account once signed in. Until the account is read
 * (and in the pre-rendered page) it offers Sign in, as most visitors are not signed in.
 */
export function AccountEntry({
  className,
  labelClassName,
}: {
  className?: string;
  /** The visible label's classes (it may be read but not shown where room is short). */
  labelClassName?: string;
}) {
  const account = useAccount();
  const { openSignIn, signInDialog } = useSignInDialog(accountLink);
  // As pre-rendered (Sign in) until hydrated, whatever the cache holds by then; where the page was
  // rendered with the visitor's account (the account page), it is said from the start.
  const hydrated = useMayShowAnswers();
  const buttonClass = cn('whitespace-nowrap', className);
  return (
    <>
      {hydrated && account.data?.signedIn ? (
        <Button asChild variant="ghost" className={buttonClass}>
          <Link to={AUTH_PAGES.account} {...{ [ACCOUNT_LINK]: '' }}>
            <UserRound aria-hidden="true" className="size-5 shrink-0" />
            <span className={labelClassName}>Account</span>
          </Link>
        </Button>
      ) : (
        <SignInButton
          variant="ghost"
          className={buttonClass}
          labelClassName={labelClassName}
          onOpen={openSignIn}
        />
      )}
      {signInDialog}
    </>
  );
}

/** The mobile menu's entry: the account page, which offers the sign-in there when signed out. */
export function useAccountMenuItem(): { label: string; to: string } {
  const account = useAccount();
  return { label: account.data?.signedIn ? 'Account' : 'Sign in', to: AUTH_PAGES.account };
}
