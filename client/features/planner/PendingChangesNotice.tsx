import { useQueryClient } from '@tanstack/react-query';
import { CloudUpload } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  ITEM_TYPE_LABELS,
  TIME_SLOT_INFO,
  TRIP_STATUS_LABELS,
  timeSlotOf,
  type ItemType,
  type ScheduledTime,
  type TripStatus,
} from '../../../contracts/planner.values';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { formatDayHeading } from '../../lib/dates';
import { formatPriceUsd } from './overview';
import { useOnline } from '../../lib/use-online';
import { keepSendingChanges, loadPendingChanges, resolveChange, type Choice } from './change-queue';
import { differences, nameOf, type PendingChange } from './pending-changes';
import { usePendingChanges } from './use-pending-changes';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Under the header on every page: how many of the traveller's changes made offline wait to be
 * sent, announced politely as the number changes, and those the traveller must choose about
 * (changed or deleted on another device meanwhile), with a button to review them. It also starts
 * sending: whichever page the traveller is on when the network returns.
 */
export default function PendingChangesNotice() {
  const queryClient = useQueryClient();
  const online = useOnline();
  const changes = usePendingChanges();
  const [reviewing, setReviewing] = useState(false);
  useEffect(() => {
    void loadPendingChanges();
    return keepSendingChanges(queryClient);
  }, [queryClient]);

  const held = changes.filter((change) => change.problem);
  const waiting = changes.length - held.length;
  let status = '';
  if (waiting > 0) {
    status = online
      ? `Sending ${plural(waiting, 'change', 'changes')} made offline…`
      : `${plural(waiting, 'change is', 'changes are')} saved on this device and will be sent when you are back online.`;
  }
  const choose =
    held.length > 0 ? `${plural(held.length, 'change needs', 'changes need')} your choice.` : '';

  return (
    <div
      className={
        status || choose
          ? 'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-sky-800 bg-sky-50 px-4 py-2 text-sky-950'
          : undefined
      }
    >
      {/* Always there, so that a screen reader hears the count as it changes. */}
      <p role="status" className="flex min-w-0 items-start gap-2 empty:hidden">
        {status || choose ? (
          <>
            <CloudUpload aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              {status} {choose}
            </span>
          </>
        ) : null}
      </p>
      {held.length > 0 ? (
        <Button size="smTall" variant="secondary" onClick={() => setReviewing(true)}>
          Review changes
        </Button>
      ) : null}
      <Dialog open={reviewing && held.length > 0} onOpenChange={setReviewing}>
        {reviewing && held.length > 0 ? (
          <DialogContent
            size="2xl"
            title="Changes that need your choice"
            description="These changes were made on this device without a connection, and could not be made as they were: the same things were changed or deleted elsewhere meanwhile, or the server did not accept them. Choose what to keep."
          >
            <ul className="grid gap-6">
              {held.map((change) => (
                <HeldChange key={change.key} change={change} />
              ))}
            </ul>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

const FIELD_LABELS: Record<string, string> = {
  itemName: 'Name',
  itemType: 'Type',
  itemDescription: 'Description',
  scheduledDate: 'Day',
  scheduledTime: 'Time of day',
  price: 'Price',
  isBooked: 'Booked',
  priority: 'Priority',
  title: 'Title',
  destination: 'Destination',
  startDate: 'Start date',
  endDate: 'End date',
  status: 'Status',
};

/** A field's value in words. */
function shown(field: string, value: unknown): string {
  if (field === 'scheduledTime') return TIME_SLOT_INFO[timeSlotOf(value as ScheduledTime)].label;
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = String(value);
  if (field === 'scheduledDate' || field === 'startDate' || field === 'endDate') {
    return formatDayHeading(text);
  }
  if (field === 'itemType') return ITEM_TYPE_LABELS[text as ItemType] ?? text;
  if (field === 'price') return formatPriceUsd(text);
  if (field === 'status') return TRIP_STATUS_LABELS[text as TripStatus] ?? text;
  return text;
}

/** What the change was, in words: "Your change to …", "Deleting …". */
function whatWasDone(change: PendingChange): string {
  const name = `“${nameOf(change)}”`;
  switch (change.kind) {
    case 'createItem':
      return `Adding ${name}`;
    case 'deleteItem':
      return `Deleting ${name}`;
    case 'updateItem':
    case 'updateTrip':
      return `Your change to ${name}`;
  }
}

function HeldChange({ change }: { change: PendingChange }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const problem = change.problem!;
  const headingId = `held-${change.key}`;

  async function choose(choice: Choice) {
    if (busy) return;
    setBusy(true);
    try {
      await resolveChange(queryClient, change.key, choice);
    } finally {
      setBusy(false);
    }
  }

  let explanation: string;
  let choices: { choice: Choice; label: string }[];
  if (problem.type === 'changed') {
    explanation =
      change.kind === 'deleteItem'
        ? 'It was changed on another device after you deleted it here.'
        : 'It was changed on another device after you changed it here.';
    choices =
      change.kind === 'deleteItem'
        ? [
            { choice: 'mine', label: 'Delete it anyway' },
            { choice: 'theirs', label: 'Keep it' },
          ]
        : [
            { choice: 'mine', label: 'Keep my change' },
            { choice: 'theirs', label: 'Keep the other change' },
          ];
  } else if (problem.type === 'gone') {
    explanation =
      change.kind === 'updateItem'
        ? 'It was deleted on another device after you changed it here.'
        : 'It is no longer in your trips: it was deleted on another device.';
    choices =
      change.kind === 'updateItem'
        ? [
            { choice: 'mine', label: 'Add it again with my change' },
            { choice: 'theirs', label: 'Let it go' },
          ]
        : [{ choice: 'theirs', label: 'Let it go' }];
  } else {
    explanation = `The server did not accept it: ${problem.message}`;
    choices = [{ choice: 'theirs', label: 'Discard this change' }];
  }
  const rows = problem.type === 'changed' ? differences(change, problem.current) : [];

  return (
    <li aria-labelledby={headingId} className="rounded-md border border-slate-300 p-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {whatWasDone(change)}
      </h3>
      <p className="mt-1 text-slate-700">{explanation}</p>
      {rows.length > 0 ? (
        <table className="mt-3 w-full text-left">
          <caption className="sr-only">Your change and the other device’s, field by field</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-3 font-semibold">
                Field
              </th>
              <th scope="col" className="pr-3 font-semibold">
                Yours
              </th>
              <th scope="col" className="font-semibold">
                Other device
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ field, mine, theirs }) => (
              <tr key={field} className="border-t border-slate-200 align-top">
                <th scope="row" className="py-1 pr-3 font-normal text-slate-700">
                  {FIELD_LABELS[field] ?? field}
                </th>
                <td className="py-1 pr-3 wrap-anywhere">{shown(field, mine)}</td>
                <td className="py-1 wrap-anywhere">{shown(field, theirs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {choices.map(({ choice, label }) => (
          <Button
            key={choice}
            variant={choice === 'mine' ? 'primary' : 'secondary'}
            aria-disabled={busy || undefined}
            onClick={() => void choose(choice)}
          >
            {label}
          </Button>
        ))}
      </div>
    </li>
  );
}
