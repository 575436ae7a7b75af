import { ExternalLink, Link2Off } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  DEFAULT_TRIP_SHARE_EXPIRY_DAYS,
  TRIP_SHARE_EXPIRY_DAYS,
  TRIP_SHARE_MESSAGE_MAX,
} from '../../../contracts/planner.values';
import {
  createTripShareSchema,
  type CreateTripShareInput,
  type Trip,
  type TripShare,
} from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { CopyLinkField } from '../../components/ui/copy-link-field';
import { QueryError } from '../../components/ui/query-error';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { fieldClassFor, fieldErrorClass, labelClass } from '../../components/ui/field';
import { PENDING_CLASS } from '../../components/ui/pending';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError, errorMessage } from '../../lib/api';
import { formatLocalDate } from '../../lib/dates';
import { useCreateTripShare, useRevokeTripShare, useTripShares } from './api';

type Expiry = (typeof TRIP_SHARE_EXPIRY_DAYS)[number] | null;
const EXPIRY_CHOICES: { value: Expiry; label: string }[] = [
  ...TRIP_SHARE_EXPIRY_DAYS.map((days) => ({
    value: days,
    label: days === 1 ? '1 day' : `${days} days`,
  })),
  { value: null, label: 'Never' },
];

const FIELDS = ['email', 'message'] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;

const MESSAGE_WITHOUT_EMAIL =
  'The message goes with the e-mail: enter an address to send it to, or leave the message empty.';

/** The field messages of a 400 answer, by field; the general message of any other failure. */
function serverProblem(error: unknown): { fields: FieldErrors; general: string | null } {
  const fields: FieldErrors = {};
  if (error instanceof ApiError && error.status === 400) {
    for (const field of FIELDS) {
      const message = error.fieldErrors[field];
      if (message) fields[field] = message;
    }
  }
  if (Object.keys(fields).length > 0) return { fields, general: null };
  return { fields, general: errorMessage(error, 'The link could not be made. Please try again.') };
}

const expiryText = (share: Pick<TripShare, 'expiresAt'>) =>
  share.expiresAt ? `Expires ${formatLocalDate(share.expiresAt)}` : 'Never expires';

const isLive = (share: TripShare, now: number) =>
  !share.revokedAt && (!share.expiresAt || Date.parse(share.expiresAt) > now);

/**
 * Share Itinerary: a read-only link to the trip (optionally expiring, prices optionally hidden),
 * e-mailed when an address is given; and the trip's live links, each revocable.
 */
export function ShareTripDialog({
  trip,
  open,
  onOpenChange,
}: {
  trip: Trip;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateTripShare(trip.id);
  // Kept here, not in the form, so revoking the link just made takes it off the screen too.
  const [created, setCreated] = useState<TripShare | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && create.isPending) return;
        if (!next) {
          // The link is shown once: closing the dialog puts it away.
          create.reset();
          setCreated(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Share Itinerary"
        description={`A read-only link to ${trip.title}: whoever has it sees the plan day by day, and cannot change anything.`}
      >
        <div className="grid gap-6">
          <ShareForm trip={trip} create={create} created={created} onCreated={setCreated} />
          <ActiveLinks
            trip={trip}
            onRevoked={(shareId) => {
              if (created?.id === shareId) setCreated(null);
            }}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ShareForm({
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
  const id = useId();
  const [expiresInDays, setExpiresInDays] = useState<Expiry>(DEFAULT_TRIP_SHARE_EXPIRY_DAYS);
  const [hidePrices, setHidePrices] = useState(false);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const pending = create.isPending;

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first === 'email') emailRef.current?.focus();
    else if (first === 'message') messageRef.current?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    onCreated(null);
    const input: CreateTripShareInput = {
      expiresInDays,
      hidePrices,
      ...(email.trim() ? { email: email.trim() } : {}),
      ...(email.trim() && message.trim() ? { message: message.trim() } : {}),
    };
    const found: FieldErrors = {};
    const parsed = createTripShareSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FIELDS.find((name) => name === issue.path[0]);
        if (field && !found[field]) found[field] = issue.message;
      }
    }
    if (message.trim() && !email.trim()) found.message ??= MESSAGE_WITHOUT_EMAIL;
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    create.mutate(input, {
      onSuccess: (share) => {
        onCreated(share);
        requestAnimationFrame(() => resultRef.current?.focus());
      },
      onError: (error) => {
        const problem = serverProblem(error);
        showErrors(problem.fields);
        setFailure(problem.general);
      },
    });
  }

  const describedBy = (field: Field, hint?: string) =>
    errors[field] ? `${id}-${field}-error` : hint;

  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={submit} className="grid gap-4">
        <fieldset>
          <legend className={labelClass}>Link expires after</legend>
          <div className="mt-1 flex flex-wrap gap-x-4">
            {EXPIRY_CHOICES.map((choice) => (
              <label
                key={String(choice.value)}
                className="inline-flex min-h-11 items-center gap-2 text-slate-900"
              >
                <input
                  type="radio"
                  name={`${id}-expiry`}
                  className="size-5"
                  checked={expiresInDays === choice.value}
                  onChange={() => setExpiresInDays(choice.value)}
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>

        <div>
          <label className="inline-flex min-h-11 items-center gap-2 font-semibold text-slate-900">
            <input
              type="checkbox"
              className="size-5"
              checked={hidePrices}
              aria-describedby={`${id}-prices-hint`}
              onChange={(event) => setHidePrices(event.target.checked)}
            />
            Hide prices
          </label>
          <p id={`${id}-prices-hint`} className="text-sm text-slate-800">
            Whoever opens the link sees the plan without what each item costs.
          </p>
        </div>

        <div>
          <label htmlFor={`${id}-email`} className={labelClass}>
            Send the link to (optional)
          </label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (errors.email) setErrors({ ...errors, email: undefined });
            }}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email', `${id}-email-hint`)}
            className={fieldClassFor(errors.email)}
          />
          {errors.email ? (
            <p id={`${id}-email-error`} className={fieldErrorClass}>
              {errors.email}
            </p>
          ) : (
            <p id={`${id}-email-hint`} className="mt-1 text-sm text-slate-800">
              An e-mail address; we send them the link and nothing else about you.
            </p>
          )}
        </div>

        <div>
          <label htmlFor={`${id}-message`} className={labelClass}>
            Message (optional)
          </label>
          <textarea
            ref={messageRef}
            id={`${id}-message`}
            rows={3}
            value={message}
            onChange={(event) => {
              setMessage(event.target.value);
              if (errors.message) setErrors({ ...errors, message: undefined });
            }}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy('message', `${id}-message-hint`)}
            className={fieldClassFor(errors.message)}
          />
          {errors.message ? (
            <p id={`${id}-message-error`} className={fieldErrorClass}>
              {errors.message}
            </p>
          ) : (
            <p id={`${id}-message-hint`} className="mt-1 text-sm text-slate-800">
              Goes with the e-mail; at most {TRIP_SHARE_MESSAGE_MAX} characters.
            </p>
          )}
        </div>

        <div>
          <Button type="submit" className={PENDING_CLASS} aria-disabled={pending || undefined}>
            {pending ? 'Creating link…' : 'Create link'}
          </Button>
        </div>
      </form>

      <div role="alert">
        {failure ? (
          <p className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">{failure}</p>
        ) : null}
      </div>

      {created ? (
        <section
          aria-labelledby={`${id}-created`}
          className="rounded-md border border-green-700 bg-green-50 p-4 text-slate-900"
        >
          <h3
            id={`${id}-created`}
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

function ActiveLinks({ trip, onRevoked }: { trip: Trip; onRevoked: (shareId: string) => void }) {
  const id = useId();
  const shares = useTripShares(trip.id);
  const revoke = useRevokeTripShare(trip.id);
  const [toRevoke, setToRevoke] = useState<TripShare | null>(null);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const afterClose = useRef<() => void>(() => {});
  const revokeSelector = (shareId: string) => `[data-revoke-trip-share="${CSS.escape(shareId)}"]`;

  function confirmRevoke() {
    const share = toRevoke;
    if (!share) return;
    setFailure(null);
    revoke.mutate(share.id, {
      onSuccess: () => {
        setStatus('Link revoked: it no longer opens for anyone.');
        onRevoked(share.id);
        // Its button is gone with it; the list's heading is the nearest place to carry on from.
        afterClose.current = () => headingRef.current?.focus();
        setToRevoke(null);
      },
      onError: (error) => {
        setFailure(errorMessage(error, 'The link could not be revoked. Please try again.'));
        afterClose.current = () =>
          document.querySelector<HTMLElement>(revokeSelector(share.id))?.focus();
        setToRevoke(null);
      },
    });
  }

  let content;
  if (shares.isPending) {
    content = (
      <div aria-hidden="true" className="grid gap-2">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  } else if (shares.isError) {
    content = <QueryError query={shares} title="The links could not be loaded" />;
  } else {
    // Live as of when the list arrived; it is fetched again after every change.
    const live = shares.data.filter((share) => isLive(share, shares.dataUpdatedAt));
    content =
      live.length === 0 ? (
        <p className="text-slate-800">No links yet.</p>
      ) : (
        <ul className="grid gap-2">
          {live.map((share) => {
            const created = formatLocalDate(share.createdAt);
            return (
              <li
                key={share.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-300 bg-white p-3"
              >
                <div className="grid min-w-0 gap-0.5 text-sm text-slate-800">
                  <p className="font-semibold text-slate-900">
                    Created <time dateTime={share.createdAt}>{created}</time>
                  </p>
                  <p>{expiryText(share)}</p>
                  {share.hidePrices ? <p>Prices hidden</p> : null}
                  {share.email ? <p className="break-all">Sent to {share.email}</p> : null}
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  data-revoke-trip-share={share.id}
                  onClick={() => setToRevoke(share)}
                >
                  <Link2Off aria-hidden="true" className="size-4" />
                  Revoke link
                  <span className="sr-only">
                    {` created ${created}${share.email ? `, sent to ${share.email}` : ''}`}
                  </span>
                </Button>
              </li>
            );
          })}
        </ul>
      );
  }

  return (
    <section aria-labelledby={`${id}-heading`} aria-busy={shares.isPending}>
      <h3
        id={`${id}-heading`}
        ref={headingRef}
        tabIndex={-1}
        className="mb-1 text-lg font-bold text-slate-900"
      >
        Active links
      </h3>
      <p className="mb-3 text-sm text-slate-800">
        A link’s address is shown only when it is made; revoke a link to turn it off.
      </p>
      <p role="status" className="sr-only">
        {shares.isPending ? 'Loading the links' : status}
      </p>
      <div role="alert">
        {failure ? (
          <p className="mb-3 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
            {failure}
          </p>
        ) : null}
      </div>
      {content}
      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(next) => {
          if (!next) {
            const share = toRevoke;
            afterClose.current = () => {
              if (share) document.querySelector<HTMLElement>(revokeSelector(share.id))?.focus();
            };
            setToRevoke(null);
          }
        }}
        title="Revoke this link?"
        description="The link stops working at once for everyone who has it. This cannot be undone."
        confirmLabel="Revoke"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const focus = afterClose.current;
          afterClose.current = () => {};
          focus();
        }}
      />
    </section>
  );
}
