import { LogIn } from 'lucide-react';
import { useState } from 'react';
import type { SignedInAccount } from '../../../contracts/auth';
import { Button, type ButtonProps } from '../../components/ui/button';
import { lazyDialog } from '../../lib/lazy-dialog';
import { SIGN_IN_TITLE } from './copy';

// The dialog's code (its steps, the form kit) loads when the page is idle, not with the page.
const SignInDialog = lazyDialog(() => import('./SignInDialog').then((m) => m.default));

/**
 * The sign-in dialog and the function that opens it. The owner renders `signInDialog` whatever
 * the account's state: the button that opened it is replaced once signed in (by an Account link,
 * or the account itself), and the dialog must outlive it to close, say so and place focus.
 * `returnFocusTo` is where focus goes then. To sign in again to the same account (a fresh
 * sign-in, decision 026), `initialEmail` fills in its address and `onSignedIn` carries on.
 */
export function useSignInDialog(
  returnFocusTo?: () => HTMLElement | null,
  {
    initialEmail,
    onSignedIn,
  }: { initialEmail?: string; onSignedIn?: (account: SignedInAccount) => void } = {},
) {
  const [open, setOpen] = useState(false);
  return {
    openSignIn: () => setOpen(true),
    signInDialog: (
      <SignInDialog
        open={open}
        onOpenChange={setOpen}
        returnFocusTo={returnFocusTo}
        initialEmail={initialEmail}
        onSignedIn={onSignedIn}
      />
    ),
  };
}

/**
 * A "Sign in" button, for a dialog from useSignInDialog. Anywhere it is shown it is an offer:
 * nothing on the site waits for it (issue 27).
 */
export function SignInButton({
  label = SIGN_IN_TITLE,
  labelClassName,
  onOpen,
  ...buttonProps
}: Omit<ButtonProps, 'onClick' | 'children'> & {
  label?: string;
  labelClassName?: string;
  onOpen: () => void;
}) {
  return (
    <Button {...buttonProps} aria-haspopup="dialog" onClick={onOpen}>
      <LogIn aria-hidden="true" className="size-5 shrink-0" />
      <span className={labelClassName}>{label}</span>
    </Button>
  );
}
