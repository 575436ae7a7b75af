import { useEffect, useId, useState, type RefObject } from 'react';
import type { SignedInAccount } from '../../../contracts/auth';
import { AUTH_MESSAGES, SIGN_IN_CODE_VALID_MINUTES } from '../../../contracts/auth.values';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { FormAlert } from '../../components/ui/form-alert';
import { Field, Input } from '../../components/ui/form-field';
import { PENDING_CLASS } from '../../components/ui/pending';
import { useFormKit } from '../../components/ui/use-form-kit';
import { errorMessage } from '../../lib/api';
import { formatClockTime } from '../../lib/dates';
import { signInWithCode, useRequestSignInMail, useSignIn } from './api';
import { MAIL_FAILED, SIGN_IN_FAILED } from './copy';
import { useOnce } from './use-once';
import {
  codeAsSent,
  codeResolver,
  emailResolver,
  type CodeValues,
  type EmailValues,
} from './sign-in-form';

/** Joins the kit's ref of a field with the dialog's, which focuses it when the dialog opens. */
function withFieldRef<T extends { ref: (element: HTMLInputElement | null) => void }>(
  registered: T,
  fieldRef: RefObject<HTMLInputElement | null>,
): T {
  return {
    ...registered,
    ref: (element: HTMLInputElement | null) => {
      registered.ref(element);
      fieldRef.current = element;
    },
  };
}

/** A step shown after another takes the focus to its field; the first is focused by the dialog. */
function useFocusWhenShown(fieldRef: RefObject<HTMLInputElement | null>, focus: boolean) {
  useEffect(() => {
    if (focus) fieldRef.current?.focus();
  }, [fieldRef, focus]);
}

export function EmailStep({
  email,
  fieldRef,
  focusOnShow,
  onSent,
}: {
  email: string;
  fieldRef: RefObject<HTMLInputElement | null>;
  focusOnShow: boolean;
  onSent: (email: string) => void;
}) {
  const form = useFormKit<EmailValues>({ defaultValues: { email }, resolver: emailResolver });
  const mail = useRequestSignInMail();
  const once = useOnce();
  const [failure, setFailure] = useState<string | null>(null);
  const connection = useNeedsConnection();
  useFocusWhenShown(fieldRef, focusOnShow);

  function send({ email: typed }: EmailValues) {
    if (!once.start()) return;
    setFailure(null);
    const address = typed.trim();
    mail.mutate(address, {
      onSuccess: () => onSent(address),
      onError: (error) => {
        if (!form.showServerErrors(error, ['email'])) setFailure(errorMessage(error, MAIL_FAILED));
      },
      onSettled: once.done,
    });
  }

  return (
    <form id={form.scopeId} noValidate onSubmit={form.submit(send)} className="grid gap-4">
      <Field
        label="E-mail address"
        hint="We e-mail you a six-digit code and a link; either one signs you in."
        error={form.errorOf('email')}
      >
        <Input
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          {...withFieldRef(form.register('email'), fieldRef)}
        />
      </Field>
      <FormAlert>{failure}</FormAlert>
      <div>
        <Button
          type="submit"
          {...connection.button({ className: PENDING_CLASS, 'aria-disabled': mail.isPending })}
        >
          {mail.isPending ? 'Sending…' : 'Send code'}
        </Button>
        {connection.note}
      </div>
    </form>
  );
}

export function CodeStep({
  email,
  fieldRef,
  focusOnShow,
  onDifferentAddress,
  onSignedIn,
}: {
  email: string;
  fieldRef: RefObject<HTMLInputElement | null>;
  focusOnShow: boolean;
  onDifferentAddress: () => void;
  onSignedIn: (account: SignedInAccount) => void;
}) {
  const id = useId();
  const form = useFormKit<CodeValues>({ defaultValues: { code: '' }, resolver: codeResolver });
  const signIn = useSignIn((code: string) => signInWithCode(email, code));
  const mail = useRequestSignInMail();
  const once = useOnce();
  const again = useOnce();
  const [failure, setFailure] = useState<string | null>(null);
  // When a new code was last asked for: the status line changes, so it is announced again.
  const [resentAt, setResentAt] = useState<string | null>(null);
  const connection = useNeedsConnection();
  useFocusWhenShown(fieldRef, focusOnShow);

  function submit({ code }: CodeValues) {
    if (!once.start()) return;
    setFailure(null);
    signIn.mutate(codeAsSent(code), {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (!form.showServerErrors(error, ['code']))
          setFailure(errorMessage(error, SIGN_IN_FAILED));
      },
      onSettled: once.done,
    });
  }

  function sendAgain() {
    if (!again.start()) return;
    setFailure(null);
    mail.mutate(email, {
      // The same answer whether a mail went or the address's hourly allowance is spent.
      onSuccess: () => setResentAt(formatClockTime(new Date().toISOString())),
      onError: (error) => setFailure(errorMessage(error, MAIL_FAILED)),
      onSettled: again.done,
    });
  }

  return (
    <form id={form.scopeId} noValidate onSubmit={form.submit(submit)} className="grid gap-4">
      <div id={`${id}-sent`} className="rounded-md border border-brand-700 bg-brand-50 p-3">
        <p>
          {AUTH_MESSAGES.mailSent} to <strong className="break-all">{email}</strong>.
        </p>
        <p className="mt-1 text-sm">
          The code and the link work for {SIGN_IN_CODE_VALID_MINUTES} minutes. You can open the link
          on any device instead.
        </p>
      </div>
      <Field label="Sign-in code" hint="Six digits, from the e-mail." error={form.errorOf('code')}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          aria-describedby={`${id}-sent`}
          className="max-w-48 font-mono text-lg tracking-widest"
          {...withFieldRef(form.register('code'), fieldRef)}
        />
      </Field>
      <FormAlert>{failure}</FormAlert>
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          {...connection.button({ className: PENDING_CLASS, 'aria-disabled': signIn.isPending })}
        >
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
        <Button
          variant="secondary"
          {...connection.button({ className: PENDING_CLASS, 'aria-disabled': mail.isPending })}
          onClick={sendAgain}
        >
          {mail.isPending ? 'Sending…' : 'Send a new code'}
        </Button>
        <Button variant="ghost" onClick={onDifferentAddress}>
          Use a different address
        </Button>
        {/* One note for both buttons that send: each names it in its description. */}
        {connection.note ? <div className="basis-full">{connection.note}</div> : null}
      </div>
      <p role="status" className="text-sm font-medium text-slate-900">
        {resentAt ? `New code asked for at ${resentAt}. ${AUTH_MESSAGES.mailSent}.` : ''}
      </p>
    </form>
  );
}
