import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import type { SignedInAccount } from '../../../contracts/auth';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { FormAlert } from '../../components/ui/form-alert';
import { PENDING_CLASS } from '../../components/ui/pending';
import { useSendOnce } from '../../components/ui/use-send-once';
import { useClientValue } from '../../lib/use-client-value';
import { useSignIn } from './api';
import { SIGN_IN_FAILED } from './copy';
import { passkeyMessage, passkeysPossible, signInWithPasskey } from './passkeys-api';

/**
 * The sign-in dialog's other way in: a passkey added to the account earlier, on this device or on
 * a phone or security key. No address is asked; the browser offers the passkeys it holds for the
 * site. Shown only where the browser can use passkeys.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (account: SignedInAccount) => void }) {
  const possible = useClientValue(passkeysPossible, false);
  const signIn = useSignIn(signInWithPasskey);
  const [failure, setFailure] = useState<string | null>(null);
  const sendOnce = useSendOnce();
  const connection = useNeedsConnection();
  if (!possible) return null;

  function start() {
    sendOnce((settled) => {
      setFailure(null);
      signIn.mutate(undefined, {
        onSuccess: onSignedIn,
        onError: (error) => setFailure(passkeyMessage(error, SIGN_IN_FAILED)),
        onSettled: settled,
      });
    });
  }

  return (
    <div className="mt-6 grid gap-3 border-t border-slate-300 pt-5">
      <p className="text-slate-700">Added a passkey to your account? Use it instead of a code.</p>
      <div>
        <Button
          variant="secondary"
          {...connection.button({ className: PENDING_CLASS, 'aria-disabled': signIn.isPending })}
          onClick={start}
        >
          <KeyRound aria-hidden="true" className="size-5 shrink-0" />
          {signIn.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
        </Button>
        {connection.note}
      </div>
      <FormAlert>{failure}</FormAlert>
    </div>
  );
}
