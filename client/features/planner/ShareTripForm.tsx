import { ExternalLink } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  DEFAULT_TRIP_SHARE_EXPIRY_DAYS,
  TRIP_SHARE_EXPIRY_DAYS,
  TRIP_SHARE_MESSAGE_MAX,
} from '../../../contracts/planner.values';
import { SENDER_NAME_MAX } from '../../../contracts/sender.values';
import {
  createTripShareSchema,
  type CreateTripShareInput,
  type Trip,
  type TripShare,
} from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { CopyLinkField } from '../../components/ui/copy-link-field';
import { FormAlert } from '../../components/ui/form-alert';
import { Field, Input, Textarea } from '../../components/ui/form-field';
import { CheckboxField, Choice, FieldGroup } from '../../components/ui/form-choice';
import { PENDING_CLASS } from '../../components/ui/pending';
import { useSendOnce } from '../../components/ui/use-send-once';
import { checkResolver, contractMessages, useFormKit } from '../../components/ui/use-form-kit';
import { errorMessage } from '../../lib/api';
import type { useCreateTripShare } from './api';
import { expiryText } from './share-expiry';

type Expiry = (typeof TRIP_SHARE_EXPIRY_DAYS)[number] | null;
const EXPIRY_CHOICES: { value: Expiry; label: string }[] = [
  ...TRIP_SHARE_EXPIRY_DAYS.map((days) => ({
    value: days,
    label: days === 1 ? '1 day' : `${days} days`,
  })),
  { value: null, label: 'Never' },
];

interface ShareValues {
  expiresInDays: Expiry;
  hidePrices: boolean;
  email: string;
  senderName: string;
  message: string;
}

const MESSAGE_WITHOUT_EMAIL =
  'The message goes with the e-mail: enter an address to send it to, or leave the message empty.';
const NAME_WITHOUT_EMAIL =
  'Your name goes with the e-mail: enter an address to send it to, or leave your name empty.';

/** The request: the address when one is given, and the name and message only with it. */
function toInput({
  expiresInDays,
  hidePrices,
  email,
  senderName,
  message,
}: ShareValues): CreateTripShareInput {
  const mailed = email.trim() !== '';
  return {
    expiresInDays,
    hidePrices,
    ...(mailed ? { email: email.trim() } : {}),
    // Sent as typed (the contract trims it), so a name it refuses is shown as refused, not dropped.
    ...(mailed && senderName.trim() ? { senderName } : {}),
    ...(mailed && message.trim() ? { message: message.trim() } : {}),
  };
}

/** The contract's checks, and the form's own: a name or a message needs an address to go to. */
const shareResolver = checkResolver<ShareValues>((values) => {
  const messages = contractMessages<ShareValues>(createTripShareSchema, toInput(values));
  if (!values.email.trim()) {
    if (values.senderName.trim()) messages.senderName ??= NAME_WITHOUT_EMAIL;
    if (values.message.trim()) messages.message ??= MESSAGE_WITHOUT_EMAIL;
  }
  return messages;
});

/**
 * Makes an itinerary link (optionally expiring, prices optionally hidden), e-mailed when an address
 * is given; the link made is shown once, below the form, and its heading takes focus.
 */
export function ShareTripForm({
  trip,
  create,
  created,
  onCreated,
}: {
  trip: Trip;
  create: ReturnType<typeof useCreateTripShare>;
  created: TripShare | null;
  onCreated: (share: TripShare | null) => void;
}) {
  const form = useFormKit<ShareValues>({
    defaultValues: {
      expiresInDays: DEFAULT_TRIP_SHARE_EXPIRY_DAYS,
      hidePrices: false,
      email: '',
      senderName: '',
      message: '',
    },
    resolver: shareResolver,
  });
  const { register, errorOf, setValue } = form;
  const expiresInDays = form.watch('expiresInDays');
  const [failure, setFailure] = useState<string | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const pending = create.isPending;
  const sendOnce = useSendOnce();

  /** One link per press: a double click's second submit finds the first one's request out. */
  function send(values: ShareValues) {
    sendOnce((settled) =>
      create.mutate(toInput(values), {
        onSuccess: (share) => {
          onCreated(share);
          requestAnimationFrame(() => resultRef.current?.focus());
        },
        onError: (error) => {
          if (form.showServerErrors(error, ['email', 'senderName', 'message'])) return;
          setFailure(errorMessage(error, 'The link could not be made. Please try again.'));
        },
        onSettled: settled,
      }),
    );
  }

  return (
    <div className="grid gap-4">
      <form
        id={form.scopeId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (pending) return;
          setFailure(null);
          onCreated(null);
          void form.submit(send)(event);
        }}
        className="grid gap-4"
      >
        <FieldGroup legend="Link expires after">
          <div className="mt-1 flex flex-wrap gap-x-4">
            {EXPIRY_CHOICES.map((choice) => (
              <Choice
                key={String(choice.value)}
                type="radio"
                name={`${form.scopeId}-expiry`}
                label={choice.label}
                checked={expiresInDays === choice.value}
                onChange={() => setValue('expiresInDays', choice.value)}
              />
            ))}
          </div>
        </FieldGroup>

        <CheckboxField
          label="Hide prices"
          labelClassName="font-semibold text-slate-900"
          hint="Whoever opens the link sees the plan without what each item costs."
          {...register('hidePrices')}
        />

        <Field
          label="Send the link to (optional)"
          hint="An e-mail address; we send them the link and nothing else about you."
          error={errorOf('email')}
          errorReplacesHint
        >
          <Input type="email" autoComplete="email" {...register('email')} />
        </Field>

        <Field
          label="Your name (optional)"
          hint={`Said in the e-mail, as in “Ana shared a trip with you”; at most ${SENDER_NAME_MAX} characters. Left empty, it says “Someone”.`}
          error={errorOf('senderName')}
          errorReplacesHint
        >
          <Input autoComplete="name" {...register('senderName')} />
        </Field>

        <Field
          label="Message (optional)"
          hint={`Goes with the e-mail; at most ${TRIP_SHARE_MESSAGE_MAX} characters.`}
          error={errorOf('message')}
          errorReplacesHint
        >
          <Textarea rows={3} {...register('message')} />
        </Field>

        <div>
          <Button type="submit" className={PENDING_CLASS} aria-disabled={pending || undefined}>
            {pending ? 'Creating link…' : 'Create link'}
          </Button>
        </div>
      </form>

      <FormAlert>{failure}</FormAlert>

      {created ? (
        <section
          aria-labelledby={`${form.scopeId}-created`}
          className="rounded-md border border-green-700 bg-green-50 p-4 text-slate-900"
        >
          <h3
            id={`${form.scopeId}-created`}
            ref={resultRef}
            tabIndex={-1}
            className="text-lg font-bold text-slate-900"
          >
            Link created
          </h3>
          <p role="status" className="mt-1 text-slate-900">
            {created.email ? `Sent to ${created.email}. ` : ''}
            {expiryText(created)}
            {created.hidePrices ? '; prices hidden' : ''}.
          </p>
          <div className="mt-3">
            <CopyLinkField
              label="Itinerary link"
              value={created.shareUrl}
              description={`This is the only time the link is shown. Anyone who has it can see ${trip.title} until it expires or you revoke it.`}
            >
              <Button asChild variant="secondary">
                <a href={created.shareUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" className="size-4" />
                  Open link
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            </CopyLinkField>
          </div>
        </section>
      ) : null}
    </div>
  );
}
