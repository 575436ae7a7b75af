import { Plus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { groupItinerary, TIME_SLOT_INFO, timeSlotOf } from '../../../contracts/planner.values';
import type { PlannerItem, Trip } from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { formatDayHeading } from '../../lib/dates';
import { useItemMutations, useItemsBetween } from './api';
import { ItemDialog } from './dialogs';
import { neighbourAfterDelete, slotHeading } from './items';
import { DayItem } from './DayItem';
import { targetOf } from './pending-changes';
import { usePendingChanges } from './use-pending-changes';

const UNREACHABLE = 'The server could not be reached.';

/**
 * Spec §2: the side panel of the selected day: its items by time slot, each with mark booked, edit
 * and delete, and the Add Item dialog. Spec §5: adding needs a selected day.
 */
export function DayPanel({ trip, date }: { trip: Trip; date: string | null }) {
  const id = useId();
  const items = useItemsBetween(date ? trip.id : null, date ?? '', date ?? '');
  const { update, remove } = useItemMutations(trip.id);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PlannerItem | null>(null);
  const [deleting, setDeleting] = useState<PlannerItem | null>(null);
  const [toggling, setToggling] = useState(false);
  const [status, setStatus] = useState('');
  const waiting = new Set(usePendingChanges().map(targetOf));
  const addButton = useRef<HTMLButtonElement>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const deleteButtons = useRef(new Map<string, HTMLButtonElement>());
  /** The delete button to focus when the confirmation closes (null: Add Item). */
  const focusAfterDelete = useRef<string | null>(null);

  // A message about one day is stale on another.
  const [shownDate, setShownDate] = useState(date);
  if (date !== shownDate) {
    setShownDate(date);
    setStatus('');
  }

  const dayItems = items.data ?? [];
  const heading = date ? `Plan for ${formatDayHeading(date)}` : 'Choose a day';
  // Moving to another day keeps the previous day's list as placeholder: not this day's plan.
  const loading = date !== null && (items.isPending || items.isPlaceholderData);

  function toggleBooked(item: PlannerItem) {
    if (toggling) return;
    const isBooked = !item.isBooked;
    setToggling(true);
    update.mutate(
      { id: item.id, changes: { isBooked } },
      {
        onSuccess: () =>
          setStatus(`${item.itemName} marked as ${isBooked ? 'booked' : 'not booked'}`),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not update the item',
            description: errorMessage(error, UNREACHABLE),
          }),
        onSettled: () => setToggling(false),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    const item = deleting;
    const order = dayItems.map((each) => each.id);
    remove.mutate(item.id, {
      onSuccess: () => {
        focusAfterDelete.current = neighbourAfterDelete(order, item.id);
        setStatus(`${item.itemName} deleted`);
        setDeleting(null);
      },
      onError: (error) => {
        setDeleting(null);
        toast({
          variant: 'destructive',
          title: 'Could not delete the item',
          description: errorMessage(error, UNREACHABLE),
        });
      },
    });
  }

  let content;
  if (!date) {
    content = null;
  } else if (loading) {
    content = (
      <div aria-hidden="true" className="mt-4 grid gap-3">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (items.isError) {
    content = (
      <QueryError
        query={items}
        title="The plan for this day could not be loaded"
        heading="h4"
        className="mt-4"
      />
    );
  } else if (dayItems.length === 0) {
    content = <p className="mt-4 text-slate-800">Nothing planned for this day yet.</p>;
  } else {
    const slots = groupItinerary(dayItems)[0]?.slots ?? [];
    content = slots.map(({ slot, items: slotItems }) => (
      <section key={slot} aria-labelledby={`${id}-${slot}`} className="mt-4">
        <h4 id={`${id}-${slot}`} className="font-bold text-slate-900">
          {slotHeading(slot)}
        </h4>
        <ul className="mt-2 grid gap-3">
          {slotItems.map((item) => (
            <DayItem
              key={item.id}
              item={item}
              toggleBusy={toggling}
              waiting={waiting.has(item.id)}
              onToggleBooked={() => toggleBooked(item)}
              onEdit={() => setEditing(item)}
              onDelete={() => {
                focusAfterDelete.current = item.id;
                setDeleting(item);
              }}
              editRef={(button) => keep(editButtons.current, item.id, button)}
              deleteRef={(button) => keep(deleteButtons.current, item.id, button)}
            />
          ))}
        </ul>
      </section>
    ));
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      aria-busy={loading}
      className="rounded-lg border border-slate-300 bg-white p-[min(1rem,4vw)]"
    >
      <h3 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        {heading}
      </h3>
      {date ? null : (
        <p id={`${id}-choose`} className="mt-1 text-slate-800">
          Select a day on the calendar to see and add its plans.
        </p>
      )}
      <Button
        ref={addButton}
        className="mt-3"
        disabled={!date}
        aria-describedby={date ? undefined : `${id}-choose`}
        onClick={() => setAdding(true)}
      >
        <Plus aria-hidden="true" className="size-5" />
        Add Item
      </Button>
      <p role="status" className="sr-only">
        {loading ? 'Loading the plan for this day' : ''}
      </p>
      <p role="status" className="mt-2 text-sm font-semibold text-slate-900">
        {status}
      </p>
      {content}

      {date ? (
        <ItemDialog
          trip={trip}
          open={adding}
          onOpenChange={setAdding}
          date={date}
          onSaved={(saved) =>
            setStatus(
              `${saved.itemName} added to ${TIME_SLOT_INFO[timeSlotOf(saved.scheduledTime)].label}`,
            )
          }
        />
      ) : null}
      {editing ? (
        <ItemDialog
          trip={trip}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          item={editing}
          onSaved={(saved) => setStatus(`${saved.itemName} saved`)}
          onCloseAutoFocus={(event) => {
            // The list is already refreshed: a moved item has a new Edit button, or none here.
            event.preventDefault();
            (editButtons.current.get(editing.id) ?? addButton.current)?.focus();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete ${deleting?.itemName ?? 'item'}?`}
        description={
          deleting
            ? `${deleting.itemName} will be removed from ${formatDayHeading(deleting.scheduledDate)}. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={(event) => {
          // Radix returns focus only to a trigger, and a deleted item's button is gone.
          event.preventDefault();
          const target = focusAfterDelete.current;
          (deleteButtons.current.get(target ?? '') ?? addButton.current)?.focus();
        }}
      />
    </section>
  );
}

function keep(map: Map<string, HTMLButtonElement>, key: string, button: HTMLButtonElement | null) {
  if (button) map.set(key, button);
  else map.delete(key);
}
