import { useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { TRIP_STATUS_LABELS, TRIP_STATUSES } from '../../../contracts/planner.values';
import {
  createTripSchema,
  updateTripSchema,
  type Trip,
  type TripStatus,
} from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { Field, Input, Select } from '../../components/ui/form-field';
import { PENDING_CLASS } from '../../components/ui/pending';
import { contractResolver, useFormKit } from '../../components/ui/use-form-kit';
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

/** The contract's schemas check the form: a new trip's fields, or an edited trip's changes. */
const createResolver = contractResolver<Draft, typeof createTripSchema>(
  createTripSchema,
  ({ title, destination, startDate, endDate }) => ({ title, destination, startDate, endDate }),
);
const editResolver = contractResolver<Draft, typeof updateTripSchema>(updateTripSchema);
type Checked = z.output<typeof createTripSchema> | z.output<typeof updateTripSchema>;

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
  const editing = trip !== undefined;
  const form = useFormKit<Draft, Checked>({
    defaultValues: draftOf(trip),
    resolver: editing ? editResolver : createResolver,
  });
  const { register, errorOf, setFocus } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateTrip();
  const update = useUpdateTrip();
  const pending = create.isPending || update.isPending;
  const [title, destination] = form.watch(['title', 'destination']);
  const ready = title.trim() !== '' && destination.trim() !== '';
  // A new trip's heading takes the focus (the page moves it); New Trip must not take it back.
  const created = useRef(false);

  function save() {
    setFailure(null);
    // The fields as typed: the server trims them and reads an empty date as none.
    const { status, ...values } = form.getValues();
    const done = {
      onSuccess: (saved: Trip) => {
        created.current = !trip;
        onSaved(saved);
      },
      onError: (error: unknown) => {
        form.showServerErrors(error, FIELDS);
        setFailure(
          errorMessage(
            error,
            editing
              ? 'The trip could not be saved. Please try again.'
              : 'The trip could not be created. Please try again.',
          ),
        );
      },
    };
    if (trip) update.mutate({ id: trip.id, changes: { ...values, status } }, done);
    else create.mutate(values, done);
  }

  const field = (name: Field, label: string, type: 'text' | 'date', required: boolean) => (
    <Field
      label={
        <>
          {label}
          {required ? null : <span className="font-normal text-slate-700"> (optional)</span>}
        </>
      }
      error={errorOf(name)}
    >
      <Input type={type} required={required} autoComplete="off" {...register(name)} />
    </Field>
  );

  return (
    <DialogContent
      // Straight into the first field, not the Close button.
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        setFocus('title');
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
      <form
        id={form.scopeId}
        noValidate
        onSubmit={(event) => {
          // Spec §5: nothing is sent without a title and a destination (the button says so),
          // nor while the last save is on its way.
          if (ready && !pending) void form.submit(save)(event);
          else event.preventDefault();
        }}
        className="grid gap-4"
      >
        {field('title', 'Trip Title', 'text', true)}
        {field('destination', 'Destination', 'text', true)}
        <div className="grid gap-4 sm:grid-cols-2">
          {field('startDate', 'Start Date', 'date', false)}
          {field('endDate', 'End Date', 'date', false)}
        </div>
        {editing ? (
          <Field label="Status">
            <Select {...register('status')}>
              {TRIP_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {TRIP_STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <FormAlert>{failure}</FormAlert>
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
