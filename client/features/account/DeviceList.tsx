import { Laptop } from 'lucide-react';
import { useState } from 'react';
import type { AccountSession } from '../../../contracts/auth';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { ReaderTime, useReaderDate } from '../../lib/reader-date';
import { useSignOut } from './api';

/** A device whose browser could not be told from its request. */
const UNKNOWN_DEVICE = 'A browser we could not name';

const deviceName = (session: AccountSession) => session.label ?? UNKNOWN_DEVICE;

/** One signed-in device, with its dates as the reader reads them (the server renders the page). */
function Device({ session, onSignOut }: { session: AccountSession; onSignOut: () => void }) {
  const signedInAt = useReaderDate(session.createdAt, formatDateTime, true);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-300 p-4">
      <div className="flex items-start gap-3">
        <Laptop aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-slate-700" />
        <div>
          <p className="font-semibold text-slate-900">
            {deviceName(session)}
            {session.current ? (
              <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900">
                This device
              </span>
            ) : null}
          </p>
          <p className="text-sm text-slate-700">
            Signed in <time dateTime={session.createdAt}>{signedInAt}</time>
          </p>
          <p className="text-sm text-slate-700">
            Last seen <ReaderTime iso={session.lastSeenAt} format={formatDateTime} withTime />
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="smTall"
          aria-label={`Sign out ${deviceName(session)}, signed in ${signedInAt}`}
          onClick={onSignOut}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * The account's signed-in devices, this one first, each with when it signed in and was last seen;
 * any other can be signed out (confirmed: that device loses the account until it signs in again).
 */
export function DeviceList({ sessions }: { sessions: readonly AccountSession[] }) {
  const signOut = useSignOut();
  const [leaving, setLeaving] = useState<AccountSession | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current));

  function confirm() {
    if (!leaving || signOut.isPending) return;
    setFailure(null);
    const name = deviceName(leaving);
    signOut.mutate(
      { kind: 'device', sessionId: leaving.id },
      {
        onSuccess: () => toast({ title: `${name} is signed out` }),
        onError: (error) =>
          setFailure(errorMessage(error, 'We could not sign that device out. Please try again.')),
        onSettled: () => setLeaving(null),
      },
    );
  }

  return (
    <>
      <ul className="mt-3 grid gap-3">
        {ordered.map((session) => (
          <Device key={session.id} session={session} onSignOut={() => setLeaving(session)} />
        ))}
      </ul>
      <FormAlert className="mt-3">{failure}</FormAlert>
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(open) => {
          if (!open) setLeaving(null);
        }}
        title={`Sign out ${leaving ? deviceName(leaving) : 'that device'}?`}
        description="That device no longer sees the account’s trips, bookings and photos until it signs in again. What it made stays with the account."
        confirmLabel="Sign out"
        pendingLabel="Signing out…"
        pending={signOut.isPending}
        onConfirm={confirm}
        needsConnection
      />
    </>
  );
}
