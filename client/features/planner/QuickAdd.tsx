import { useId, useState } from 'react';
import { ITEM_TYPE_LABELS, ITEM_TYPES, QUICK_ADD } from '../../../contracts/planner.values';
import type { ItemType, PlannerItem, TimeSlot, Trip } from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { PENDING_CLASS } from '../../components/ui/pending';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import type { useItemMutations } from './api';
import { formatQuickAddPrice, quickAddedMessage, quickAddInput } from './items';

/** Said when a save fails without the server saying why. */
export const SAVE_FAILED = 'The item could not be saved. Check your connection and try again.';

/**
 * Spec §9: one press adds the type's default item to the chosen day and slot. The dialog stays
 * open so several can be added in a row; focus stays on the button, and the result is announced.
 */
export function QuickAdd({
  trip,
  create,
  sendOnce,
  chosenTime,
  beforeAdd,
  onAdded,
}: {
  trip: Trip;
  create: ReturnType<typeof useItemMutations>['create'];
  sendOnce: (send: (settled: () => void) => void) => void;
  /** The day and time of day chosen in the dialog, when the button is pressed. */
  chosenTime: () => { scheduledDate: string; scheduledTime: TimeSlot };
  /** Checks the day first (false after showing why it cannot be used). */
  beforeAdd: () => boolean;
  onAdded: (item: PlannerItem) => void;
}) {
  const id = useId();
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  function add(itemType: ItemType) {
    if (create.isPending || !beforeAdd()) return;
    const { scheduledDate, scheduledTime: slot } = chosenTime();
    sendOnce((settled) => {
      setFailure(null);
      setStatus(`Adding ${ITEM_TYPE_LABELS[itemType]}…`);
      create.mutate(quickAddInput(trip.id, itemType, scheduledDate, slot), {
        onSuccess: (saved) => {
          setStatus(quickAddedMessage(itemType, slot));
          onAdded(saved);
        },
        onError: (error) => {
          setStatus('');
          setFailure(
            `${ITEM_TYPE_LABELS[itemType]} was not added. ${errorMessage(error, SAVE_FAILED)}`,
          );
        },
        onSettled: settled,
      });
    });
  }

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        Quick Add
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Adds the item with a suggested name and price to the time of day above; change it later.
      </p>
      <ul className="mt-3 grid grid-cols-[repeat(auto-fit,minmax(min(100%,8rem),1fr))] gap-2">
        {ITEM_TYPES.map((type) => (
          <li key={type}>
            <Button
              variant="secondary"
              className={cn('w-full', PENDING_CLASS)}
              aria-disabled={create.isPending || undefined}
              onClick={() => add(type)}
            >
              Add {ITEM_TYPE_LABELS[type]} ({formatQuickAddPrice(QUICK_ADD[type].price)})
            </Button>
          </li>
        ))}
      </ul>
      <p role="status" className="mt-2 min-h-6 font-semibold text-slate-900">
        {status}
      </p>
      <FormAlert>{failure}</FormAlert>
    </section>
  );
}
