import { Mail } from 'lucide-react';
import { SENDER_NAME_MAX, senderNameProblem } from '../../../contracts/sender.values';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/form-field';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { PENDING_CLASS } from '../../components/ui/pending';
import { checkResolver, type FormKit } from '../../components/ui/use-form-kit';
import { toast } from '../../components/ui/use-toast';
import { MEDIA_TOASTS } from './api';

export interface ShareEmailValues {
  email: string;
  senderName: string;
}

/**
 * Spec §5: an address is required (said in a toast too); no format check but the browser's. The
 * optional name is checked by the contract's rule, without loading zod with the gallery.
 */
export const shareEmailResolver = checkResolver<ShareEmailValues>(({ email, senderName }) => ({
  email: email.trim() ? undefined : MEDIA_TOASTS.emailRequiredText,
  senderName: senderNameProblem(senderName),
}));

/** The browser's own check of an e-mail field (its type), with the server's words for it. */
const INVALID_ADDRESS = 'Please enter a valid email address';

/**
 * The Email tab's form. Its state is the dialog's, so an address typed here survives a look at
 * the Social Media tab.
 */
export function ShareEmailForm({
  form,
  pending,
  sendingEmail,
  disabled,
  onAttempt,
  onSend,
}: {
  form: FormKit<ShareEmailValues, ShareEmailValues>;
  pending: boolean;
  /** The e-mail share is the request on its way (not a social one). */
  sendingEmail: boolean;
  /** Too many files are selected for one link. */
  disabled: boolean;
  /** Send via Email was pressed: what the last attempt showed goes. */
  onAttempt: () => void;
  onSend: (address: string, senderName: string | undefined) => void;
}) {
  const { register, errorOf, setError, focusFirstInvalid, scopeId } = form;
  const inputId = `${scopeId}-email`;
  const connection = useNeedsConnection();

  function send({ email, senderName }: ShareEmailValues) {
    const input = document.getElementById(inputId);
    if (input instanceof HTMLInputElement && input.validity.typeMismatch) {
      setError('email', { type: 'validate', message: INVALID_ADDRESS });
      focusFirstInvalid();
      return;
    }
    onSend(email.trim(), senderName.trim() || undefined);
  }

  return (
    <form
      id={scopeId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (pending) return;
        onAttempt();
        void form.submit(send, () =>
          toast({
            variant: 'destructive',
            title: MEDIA_TOASTS.emailRequired,
            description: MEDIA_TOASTS.emailRequiredText,
          }),
        )(event);
      }}
      className="grid gap-3"
    >
      <Field
        id={inputId}
        label="Email address"
        hint="We send them the link; nothing else about you."
        error={errorOf('email')}
        errorReplacesHint
      >
        <Input type="email" autoComplete="email" {...register('email')} />
      </Field>
      <Field
        label="Your name (optional)"
        hint={`Said in the e-mail, as in “Ana shared travel memories with you”; at most ${SENDER_NAME_MAX} characters. Left empty, it says “Someone”.`}
        error={errorOf('senderName')}
        errorReplacesHint
      >
        <Input autoComplete="name" {...register('senderName')} />
      </Field>
      <div>
        <Button
          type="submit"
          {...connection.button({ className: PENDING_CLASS, 'aria-disabled': pending || disabled })}
        >
          <Mail aria-hidden="true" className="size-5" />
          {sendingEmail ? 'Sending...' : 'Send via Email'}
        </Button>
        {connection.note}
      </div>
    </form>
  );
}
