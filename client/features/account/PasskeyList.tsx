import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import {
  PASSKEY_NAME_MAX,
  renamePasskeySchema,
  type Passkey,
  type RenamePasskey,
} from '../../../contracts/auth';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { Field, Input } from '../../components/ui/form-field';
import { PENDING_CLASS } from '../../components/ui/pending';
import { useSendOnce } from '../../components/ui/use-send-once';
import { toast } from '../../components/ui/use-toast';
import { contractResolver, useFormKit } from '../../components/ui/use-form-kit';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { ReaderTime } from '../../lib/reader-date';
import { useClientValue } from '../../lib/use-client-value';
import {
  PASSKEYS_UNAVAILABLE,
  passkeyMessage,
  passkeysPossible,
  useAddPasskey,
  useRemovePasskey,
  useRenamePasskey,
} from './passkeys-api';
import { SignInButton, useSignInDialog } from './SignInButton';

const FAILED = 'That did not work. Please try again.';

/** A 403 that asks for a new sign-in first (decision 026): adding a passkey needs a fresh one. */
const asksForSignIn = (error: unknown) =>
  error instanceof ApiError &&
  (error.body as { reauthenticate?: boolean } | null)?.reauthenticate === true;

/**
 * The account's passkeys (decision 027): each with its name and dates, renamed or removed; and a
 * button that makes one on this device, a phone or a key. A passkey then signs in alone.
 */
export function PasskeyList({ passkeys }: { passkeys: readonly Passkey[] }) {
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const remove = useRemovePasskey();
  const [failure, setFailure] = useState<string | null>(null);

  function confirmRemove() {
    if (!removing || remove.isPending) return;
    setFailure(null);
    const { name } = removing;
    remove.mutate(removing.id, {
      onSuccess: () => toast({ title: `${name} is removed` }),
      onError: (error) => setFailure(passkeyMessage(error, FAILED)),
      onSettled: () => setRemoving(null),
    });
  }

  return (
    <>
      <p className="mt-2 text-slate-700">
        A passkey signs you in with this device’s screen lock, your phone or a security key: no code
        to wait for, nothing to type.
      </p>
      {passkeys.length === 0 ? (
        <p className="mt-3 font-semibold text-slate-900">No passkeys yet.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {passkeys.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-300 p-4"
            >
              <div className="flex min-w-0 items-start gap-3">
                <KeyRound aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-slate-700" />
                <div className="min-w-0">
                  <p className="font-semibold wrap-anywhere text-slate-900">{passkey.name}</p>
                  <p className="text-sm text-slate-700">
                    Added <ReaderTime iso={passkey.createdAt} format={formatDateTime} withTime />
                  </p>
                  <p className="text-sm text-slate-700">
                    {passkey.lastUsedAt ? (
                      <>
                        Last used{' '}
                        <ReaderTime iso={passkey.lastUsedAt} format={formatDateTime} withTime />
                      </>
                    ) : (
                      'Not used to sign in yet'
                    )}
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="smTall"
                  aria-label={`Rename ${passkey.name}`}
                  onClick={() => setRenaming(passkey)}
                >
                  Rename
                </Button>
                <Button
                  variant="secondary"
                  size="smTall"
                  aria-label={`Remove ${passkey.name}`}
                  onClick={() => setRemoving(passkey)}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <FormAlert className="mt-3">{failure}</FormAlert>
      <AddPasskey />
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={`Remove ${removing?.name ?? 'this passkey'}?`}
        description="It no longer signs you in. The passkey stays on the device or key until you delete it there; you can always sign in with a code by e-mail."
        confirmLabel="Remove passkey"
        pendingLabel="Removing…"
        pending={remove.isPending}
        onConfirm={confirmRemove}
        needsConnection
      />
    </>
  );
}

/** Makes a passkey; asks for a new sign-in first when the last one is too old. */
function AddPasskey() {
  const possible = useClientValue(passkeysPossible, false);
  const add = useAddPasskey();
  const [failure, setFailure] = useState<{ message: string; signIn: boolean } | null>(null);
  const { openSignIn, signInDialog } = useSignInDialog();
  // A double click's second press finds the first one's ceremony out (isPending comes a render
  // later): one passkey, one toast.
  const sendOnce = useSendOnce();
  const connection = useNeedsConnection();

  if (!possible) return <p className="mt-4 text-slate-700">{PASSKEYS_UNAVAILABLE}</p>;

  function start() {
    sendOnce((settled) => {
      setFailure(null);
      add.mutate(undefined, {
        onSuccess: (passkey) =>
          toast({ title: `Passkey added: ${passkey.name}`, description: 'It now signs you in.' }),
        onError: (error) =>
          setFailure({ message: passkeyMessage(error, FAILED), signIn: asksForSignIn(error) }),
        onSettled: settled,
      });
    });
  }

  return (
    <div className="mt-4 grid gap-3">
      <div>
        <Button
          {...connection.button({ className: PENDING_CLASS, 'aria-disabled': add.isPending })}
          onClick={start}
        >
          <Plus aria-hidden="true" className="size-5" />
          {add.isPending ? 'Waiting for your passkey…' : 'Add a passkey'}
        </Button>
        {connection.note}
      </div>
      <FormAlert>{failure?.message}</FormAlert>
      {failure?.signIn ? (
        <div>
          <SignInButton label="Sign in again" variant="secondary" onOpen={openSignIn} />
        </div>
      ) : null}
      {signInDialog}
    </div>
  );
}

function RenamePasskeyDialog({
  passkey,
  onClose,
}: {
  passkey: Passkey | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={passkey !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {passkey ? (
        <DialogContent title="Rename passkey" description={`Now called “${passkey.name}”.`}>
          <RenameForm passkey={passkey} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const form = useFormKit<RenamePasskey>({
    defaultValues: { name: passkey.name },
    resolver: contractResolver(renamePasskeySchema),
  });
  const rename = useRenamePasskey();
  const [failure, setFailure] = useState<string | null>(null);
  const connection = useNeedsConnection();

  const sendOnce = useSendOnce();
  function save({ name }: RenamePasskey) {
    sendOnce((settled) => {
      setFailure(null);
      rename.mutate(
        { id: passkey.id, name },
        {
          onSuccess: () => {
            toast({ title: `Renamed to ${name}` });
            onDone();
          },
          onError: (error) => {
            if (!form.showServerErrors(error, ['name'])) setFailure(passkeyMessage(error, FAILED));
          },
          onSettled: settled,
        },
      );
    });
  }

  return (
    <form id={form.scopeId} noValidate onSubmit={form.submit(save)} className="grid gap-4">
      <Field
        label="Name"
        hint={`Up to ${PASSKEY_NAME_MAX} characters, such as “Phone” or “Blue key”.`}
        error={form.errorOf('name')}
      >
        <Input autoComplete="off" {...form.register('name')} />
      </Field>
      <FormAlert>{failure}</FormAlert>
      <div>
        <Button
          type="submit"
          {...connection.button({ className: PENDING_CLASS, 'aria-disabled': rename.isPending })}
        >
          {rename.isPending ? 'Saving…' : 'Save name'}
        </Button>
        {connection.note}
      </div>
    </form>
  );
}
