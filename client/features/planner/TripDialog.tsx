import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { TRIP_STATUS_LABELS, TRIP_STATUSES } from '../../../contracts/planner.values';
import {
  createTripSchema,
  updateTripSchema,
  type Trip,
  type TripStatus,
} from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { fieldClass, fieldErrorClass, labelClass } from '../../components/ui/field';
import { PENDING_CLASS } from '../../components/ui/pending';
import { errorMessage } from '../../lib/api';
import { useCreateTrip, useUpdateTrip } from './api';

type Field = 'title' | 'destination' | 'startDate' | 'endDate';
const FIELDS: readonly Field[] = ['title', 'destination', 'startDate', 'endDate'];

interface Draft {
  title: string;
  destination: string;
  startDate: string;
  endDate: string;
  status: TripStatus;
}

const draftOf = (trip?: Trip): Draft => ({
  title: trip?.title ?? '',
  destination: trip?.destination ?? '',
  startDate: trip?.startDate ?? '',
  endDate: trip?.endDate ?? '',
  status: trip?.status ?? 'planning',
});

/**
 * Spec §2 and §5: the New Trip dialog (Trip Title, Destination, Start Date, End Date, Create Trip
 * Plan, disabled until the title and destination are filled in), and the same form to edit a trip,
 * with its status. The contract's schema checks it, so its messages are the server's.
 */
export function TripDialog({
  open,
  onOpenChange,
  trip,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this trip; without it the dialog creates one. */
  trip?: Trip;
  onSaved: (trip: Trip) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <TripForm
          // A fresh draft every time the dialog opens.
          key={trip?.id ?? 'new'}
          trip={trip}
          onSaved={(saved) => {
            onOpenChange(false);
            onSaved(saved);
          }}
        />
      ) : null}
    </Dialog>
  );
}

function TripForm({ trip, onSaved }: { trip?: Trip; onSaved: (trip: Trip) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(trip));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const create = useCreateTrip();
  const update = useUpdateTrip();
  const pending = create.isPending || update.isPending;
  const editing = trip !== undefined;
  const ready = draft.title.trim() !== '' && draft.destination.trim() !== '';
  // A new trip's heading takes the focus (the page moves it); New Trip must not take it back.
  const created = useRef(false);

  function set<K extends keyof Draft>(key: K, value: Draft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || !ready) return;
    setFailure(null);
    const values = {
      title: draft.title,
      destination: draft.destination,
      startDate: draft.startDate,
      endDate: draft.endDate,
    };
    const parsed = trip
      ? updateTripSchema.safeParse({ ...values, status: draft.status })
      : createTripSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (FIELDS.includes(field)) found[field] ??= issue.message;
      }
      setErrors(found);
      const first = FIELDS.find((field) => found[field]);
      if (first) refs.current[first]?.focus();
      return;
    }
    setErrors({});
    const done = {
      onSuccess: (saved: Trip) => {
        created.current = !trip;
        onSaved(saved);
      },
      onError: failed,
    };
    if (trip) update.mutate({ id: trip.id, changes: { ...values, status: draft.status } }, done);
    else create.mutate(values, done);
  }

  function failed(error: unknown) {
    setFailure(
      errorMessage(
        error,
        editing
          ? 'The trip could not be saved. Please try again.'
          : 'The trip could not be created. Please try again.',
      ),
    );
  }

  const field = (name: Field, label: ReactNode, type: 'text' | 'date', required: boolean) => {
    const error = errors[name];
    return (
      <div>
        <label htmlFor={`${id}-${name}`} className={labelClass}>
          {label}
          {required ? null : <span className="font-normal text-slate-700"> (optional)</span>}
        </label>
        <input
          id={`${id}-${name}`}
          ref={(element) => {
            refs.current[name] = element;
          }}
          type={type}
          className={fieldClass}
          value={draft[name]}
          onChange={(event) => set(name, event.target.value)}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          autoComplete="off"
        />
        {error ? (
          <p id={`${id}-${name}-error`} className={fieldErrorClass}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <DialogContent
      // Straight into the first field, not the Close button.
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        refs.current.title?.focus();
      }}
      onCloseAutoFocus={(event) => {
        if (created.current) event.preventDefault();
      }}
      title={editing ? 'Edit trip' : 'New Trip'}
      description={
        editing
          ? 'Change the trip’s details or its status.'
          : 'Give your trip a title and a destination; the dates can wait.'
      }
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        {field('title', 'Trip Title', 'text', true)}
        {field('destination', 'Destination', 'text', true)}
        <div className="grid gap-4 sm:grid-cols-2">
          {field('startDate', 'Start Date', 'date', false)}
          {field('endDate', 'End Date', 'date', false)}
        </div>
        {editing ? (
          <div>
            <label htmlFor={`${id}-status`} className={labelClass}>
              Status
            </label>
            <select
              id={`${id}-status`}
              className={fieldClass}
              value={draft.status}
              onChange={(event) => set('status', event.target.value as TripStatus)}
            >
              {TRIP_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {TRIP_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {failure ? (
          <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-end gap-3">
          {ready ? null : (
            <p id={`${id}-hint`} className="mr-auto text-sm text-slate-700">
              Enter a trip title and a destination first.
            </p>
          )}
          <Button
            type="submit"
            disabled={!ready}
            aria-disabled={pending || undefined}
            aria-describedby={ready ? undefined : `${id}-hint`}
            className={PENDING_CLASS}
          >
            {editing
              ? pending
                ? 'Saving…'
                : 'Save trip'
              : pending
                ? 'Creating…'
                : 'Create Trip Plan'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
