import { useMemo, useRef, useState } from 'react';
import { AUTH_MESSAGES } from '../../../contracts/auth.values';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { Field, Input } from '../../components/ui/form-field';
import { PENDING_CLASS } from '../../components/ui/pending';
import { useFormKit } from '../../components/ui/use-form-kit';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { contactMailto, CONTACT_EMAIL } from '../../lib/site-contact';
import { needsFreshSignIn, useDeleteAccount } from './api';
import { DELETE_FAILED, DELETE_LABEL, DELETION_TAKES } from './copy';
import { deleteAccountResolver, type DeleteAccountValues } from './delete-account-form';
import { FreshSignInNeeded } from './FreshSignIn';
import { focusPageHeadingSoon } from './page-heading';
import { useSignInDialog } from './SignInButton';
import { useOnce } from './use-once';

const AFTER_FRESH_SIGN_IN = `Once you have signed in, press ${DELETE_LABEL} again. Nothing is deleted until you do.`;

/** What goes and what stays, said before the address is asked for (decision 026). */
function WhatIsDeleted() {
  return (
    <div className="grid gap-3 text-slate-800">
      <div>
        <p className="font-semibold text-slate-900">Deleted for good:</p>
        <ul className="mt-1 list-disc pl-6">
          {DELETION_TAKES.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      <p>
        A beta programme sign-up made with your address stays: it is the programme’s own record. To
        have it removed too, write to{' '}
        <a
          href={contactMailto('Remove my beta sign-up')}
          className="font-semibold break-all text-brand-800 underline"
        >
          {CONTACT_EMAIL}
        </a>
        .
      </p>
      <p>To keep a copy, cancel and download your data first.</p>
    </div>
  );
}

/**
 * The account's deletion (issue 27): says what goes, asks for the account's address typed again,
 * and sends one request however often it is pressed. A sign-in too old is refused by the server:
 * the dialog says so and offers the sign-in on top of it; the address typed stays, and deleting
 * takes one more press. Deleted, the browser is signed out: a toast says so, and focus goes to the
 * page's heading, as the account gives way to the offer to sign in.
 */
export function DeleteAccountDialog({
  email,
  open,
  onOpenChange,
}: {
  /** The account's address, shown and compared with what is typed. */
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const resolver = useMemo(() => deleteAccountResolver(email), [email]);
  const form = useFormKit<DeleteAccountValues>({ defaultValues: { confirm: '' }, resolver });
  const deletion = useDeleteAccount();
  const connection = useNeedsConnection();
  const sending = useOnce();
  const [failure, setFailure] = useState<string | null>(null);
  const [freshSignIn, setFreshSignIn] = useState<string | null>(null);
  const [signedInAgain, setSignedInAgain] = useState(false);
  const deleteButton = useRef<HTMLButtonElement | null>(null);
  const { openSignIn, signInDialog } = useSignInDialog(() => deleteButton.current, {
    initialEmail: email,
    onSignedIn: () => {
      setFreshSignIn(null);
      setSignedInAgain(true);
    },
  });

  function changeOpen(next: boolean) {
    if (deletion.isPending) return;
    if (!next) {
      form.reset();
      setFailure(null);
      setFreshSignIn(null);
      setSignedInAgain(false);
    }
    onOpenChange(next);
  }

  function refused(error: unknown) {
    sending.done();
    if (needsFreshSignIn(error)) {
      setFreshSignIn(error.serverMessage ?? AUTH_MESSAGES.reauthenticate);
    } else if (!form.showServerErrors(error, ['confirm'])) {
      setFailure(errorMessage(error, DELETE_FAILED));
    }
  }

  function send({ confirm }: DeleteAccountValues) {
    if (!sending.start()) return;
    setFailure(null);
    setFreshSignIn(null);
    setSignedInAgain(false);
    // mutateAsync: this dialog goes with the account, and what follows must still run.
    deletion.mutateAsync(confirm.trim()).then(() => {
      toast({
        title: 'Your account is deleted',
        description: 'Everything in it is gone, and this browser is signed out.',
      });
      focusPageHeadingSoon();
    }, refused);
  }

  return (
    <>
      <Dialog open={open} onOpenChange={changeOpen}>
        {open ? (
          <DialogContent
            title="Delete your account?"
            description="Your account and everything in it are deleted, on every device. This cannot be undone."
            size="xl"
          >
            <form id={form.scopeId} noValidate onSubmit={form.submit(send)} className="grid gap-5">
              <WhatIsDeleted />
              <Field
                label="Type your e-mail address to confirm"
                hint={
                  <>
                    Your account’s address is <strong className="break-all">{email}</strong>.
                  </>
                }
                error={form.errorOf('confirm')}
              >
                <Input
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  {...form.register('confirm')}
                />
              </Field>
              <FreshSignInNeeded
                message={freshSignIn}
                next={AFTER_FRESH_SIGN_IN}
                onSignIn={openSignIn}
              />
              <FormAlert>{failure}</FormAlert>
              <div>
                {/* Always rendered, so what it says later is announced; no margin while empty. */}
                <p role="status" className="mb-3 font-semibold text-slate-900 empty:mb-0">
                  {signedInAgain ? `You are signed in again. Press ${DELETE_LABEL} to finish.` : ''}
                </p>
                <div className="flex flex-wrap justify-end gap-3">
                  <DialogClose asChild>
                    <Button variant="secondary">Cancel</Button>
                  </DialogClose>
                  <Button
                    ref={deleteButton}
                    type="submit"
                    variant="destructive"
                    {...connection.button({
                      className: PENDING_CLASS,
                      'aria-disabled': deletion.isPending,
                    })}
                  >
                    {deletion.isPending ? 'Deleting…' : DELETE_LABEL}
                  </Button>
                </div>
                {connection.note ? <div className="flex justify-end">{connection.note}</div> : null}
              </div>
            </form>
          </DialogContent>
        ) : null}
      </Dialog>
      {signInDialog}
    </>
  );
}
