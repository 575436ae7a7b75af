import { useRef, useState } from 'react';
import type { SignedInAccount } from '../../../contracts/auth';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { SIGN_IN_TITLE, SIGN_IN_WHY } from './copy';
import { PasskeySignIn } from './PasskeySignIn';
import { CodeStep, EmailStep } from './SignInSteps';

/** Where the dialog is: asking for the address, or for the code mailed to it. */
type Step = { kind: 'email'; email: string } | { kind: 'code'; email: string };

/**
 * Passwordless sign-in (issue 27): an e-mail address, then the six-digit code mailed to it (the
 * mail's link signs in too, on any device), or a passkey added earlier. Signing in is an offer: closing the dialog changes
 * nothing, and the step reached is kept until the page is reloaded, so a reader who went to read
 * the mail comes back to the code. On success the dialog closes and the reader stays where they
 * were; every read is asked again as the account (api.ts, identityChanged).
 */
export default function SignInDialog({
  open,
  onOpenChange,
  returnFocusTo,
  initialEmail = '',
  onSignedIn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Where focus goes after a sign-in, when the button that opened the dialog is gone (the
   * header's Sign in becomes Account, the account page shows the account).
   */
  returnFocusTo?: () => HTMLElement | null;
  /** The address the first step starts with: the account's, when it asks for a fresh sign-in. */
  initialEmail?: string;
  /** After a sign-in, as the dialog closes: what the opener does next. */
  onSignedIn?: (account: SignedInAccount) => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'email', email: initialEmail });
  // A step reached from another takes the focus itself; on opening, the dialog gives it.
  const [moved, setMoved] = useState(false);
  const goTo = (next: Step) => {
    setStep(next);
    setMoved(true);
  };
  const changeOpen = (next: boolean) => {
    if (!next) setMoved(false);
    onOpenChange(next);
  };
  // The code step's field, focused when the step opens (not the dialog's Close button).
  const firstField = useRef<HTMLInputElement | null>(null);
  const signedIn = useRef(false);
  /** Signed in, by a code or a passkey: the dialog closes and says so. */
  const finish = (account: SignedInAccount) => {
    signedIn.current = true;
    setStep({ kind: 'email', email: initialEmail });
    changeOpen(false);
    toast({ title: `Signed in as ${account.email}` });
    onSignedIn?.(account);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      {open ? (
        <DialogContent
          title={SIGN_IN_TITLE}
          description={SIGN_IN_WHY}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            firstField.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (!signedIn.current || !returnFocusTo) return;
            signedIn.current = false;
            event.preventDefault();
            // After the render that shows the account in the opener's place.
            requestAnimationFrame(() => returnFocusTo()?.focus());
          }}
        >
          {step.kind === 'email' ? (
            <>
              <EmailStep
                key="email"
                email={step.email}
                fieldRef={firstField}
                focusOnShow={moved}
                onSent={(email) => goTo({ kind: 'code', email })}
              />
              <PasskeySignIn onSignedIn={finish} />
            </>
          ) : (
            <CodeStep
              key={`code ${step.email}`}
              email={step.email}
              fieldRef={firstField}
              focusOnShow={moved}
              onDifferentAddress={() => goTo({ kind: 'email', email: step.email })}
              onSignedIn={finish}
            />
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
