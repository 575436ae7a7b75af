import { Copy, LogOut } from 'lucide-react';
import { useState } from 'react';
import type { SignedInAccount } from '../../../contracts/auth';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { PENDING_CLASS } from '../../components/ui/pending';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { formatLocalDate } from '../../lib/dates';
import { ReaderTime } from '../../lib/reader-date';
import { useSignOut } from './api';
import { DeviceList } from './DeviceList';
import { focusPageHeadingSoon } from './page-heading';
import { PasskeyList } from './PasskeyList';
import { YourData } from './YourData';

const SECTION_HEADING = 'text-xl font-bold text-slate-900';

/**
 * The signed-in account: its address, its passkeys, the beta access code of the address's
 * sign-up, its devices with the ways out, and its data to download or delete (issue 27).
 */
export function AccountDetails({ account }: { account: SignedInAccount }) {
  return (
    <div className="grid max-w-3xl gap-10">
      <section aria-labelledby="account-address">
        <h2 id="account-address" className={SECTION_HEADING}>
          Your e-mail address
        </h2>
        <p className="mt-2 text-lg font-semibold break-all text-slate-900">{account.email}</p>
        <p className="mt-1 text-slate-700">
          You sign in with a code or a link mailed here. Account since{' '}
          <ReaderTime iso={account.createdAt} format={formatLocalDate} />.
        </p>
      </section>
      <section aria-labelledby="account-passkeys">
        <h2 id="account-passkeys" className={SECTION_HEADING}>
          Passkeys
        </h2>
        <PasskeyList passkeys={account.passkeys} />
      </section>
      {account.betaAccessCode ? <BetaAccessCode code={account.betaAccessCode} /> : null}
      <section aria-labelledby="account-devices">
        <h2 id="account-devices" className={SECTION_HEADING}>
          Signed-in devices
        </h2>
        <DeviceList sessions={account.sessions} />
        <SignOutHere />
      </section>
      <YourData email={account.email} />
    </div>
  );
}

function BetaAccessCode({ code }: { code: string }) {
  const [status, setStatus] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setStatus('Copied');
    } catch {
      setStatus('Copying is not allowed here: select the code and copy it yourself.');
    }
  }
  return (
    <section aria-labelledby="account-beta">
      <h2 id="account-beta" className={SECTION_HEADING}>
        Your beta access code
      </h2>
      <p className="mt-2 font-mono text-2xl font-bold tracking-[0.2em] break-all text-slate-900">
        {code}
      </p>
      <Button variant="secondary" className="mt-2" onClick={() => void copy()}>
        <Copy aria-hidden="true" className="size-4" />
        Copy code
      </Button>
      <p role="status" className="mt-1 text-sm font-semibold text-green-900">
        {status}
      </p>
    </section>
  );
}

/** Sign out of this device, or of every device (this one too), each confirmed for "everywhere". */
function SignOutHere() {
  const signOut = useSignOut();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pendingKind = signOut.isPending ? signOut.variables.kind : null;
  const connection = useNeedsConnection();

  function send(kind: 'this-device' | 'everywhere') {
    if (signOut.isPending) return;
    setFailure(null);
    // mutateAsync: this part is replaced by the sign-in offer once signed out, and what follows
    // must still run (a mutate callback of an unmounted component would not).
    signOut.mutateAsync({ kind }).then(
      () => {
        toast({
          title: kind === 'everywhere' ? 'Signed out everywhere' : 'Signed out of this device',
        });
        // The button pressed is gone: the page's heading takes focus, read with the new state.
        focusPageHeadingSoon();
      },
      (error: unknown) => {
        setConfirming(false);
        setFailure(errorMessage(error, 'We could not sign you out. Please try again.'));
      },
    );
  }

  return (
    <div className="mt-6 grid gap-3">
      <FormAlert>{failure}</FormAlert>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          {...connection.button({
            className: PENDING_CLASS,
            'aria-disabled': pendingKind === 'this-device',
          })}
          onClick={() => send('this-device')}
        >
          <LogOut aria-hidden="true" className="size-5" />
          {pendingKind === 'this-device' ? 'Signing out…' : 'Sign out of this device'}
        </Button>
        <Button variant="destructive" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </Button>
        {connection.note ? <div className="basis-full">{connection.note}</div> : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out everywhere?"
        description="Every device signed in to this account is signed out, this one too. Your trips, bookings and photos stay with the account: sign in again to see them."
        confirmLabel="Sign out everywhere"
        pendingLabel="Signing out…"
        pending={pendingKind === 'everywhere'}
        onConfirm={() => send('everywhere')}
        needsConnection
      />
    </div>
  );
}
