import type { ItemType, PlannerItem, Trip } from '../../../contracts/planner';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { formatDayHeading } from '../../lib/dates';
import { useItemMutations } from './api';
import { todayIso } from './calendar-grid';
import { ItemForm } from './ItemForm';
import { emptyItemForm, itemFormFrom } from './items';

const DEFAULT_CUSTOM_TYPE: ItemType = 'activity';

/**
 * Spec §2 and §9: the Add Item dialog (time-slot buttons, Quick Add, a custom item form) and the
 * same form to edit an item. The contract's schema checks the form, so its messages are the server's.
 */
export function ItemDialog({
  trip,
  open,
  onOpenChange,
  date,
  defaultType,
  item,
  onSaved,
  onCloseAutoFocus,
}: {
  trip: Trip;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The day to add to. Without it (adding from a Flights/Hotels/... tab) the form has a Date field,
   * first set to the trip's start (or today). In edit mode the Date field is always there.
   */
  date?: string;
  /** Preselects the type of the custom form (the type tabs pass theirs). */
  defaultType?: ItemType;
  /** Edit this item: the form is filled in and saves with PATCH. */
  item?: PlannerItem;
  /** After each successful save (a Quick Add included), with the saved item. */
  onSaved?: (item: PlannerItem) => void;
  /**
   * Where focus goes on closing (call preventDefault and focus it); by default back to what had
   * focus when the dialog opened. For when that may be gone, e.g. an item moved to another day.
   */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const mutations = useItemMutations(trip.id);
  const pending = mutations.create.isPending || mutations.update.isPending;
  const day = item?.scheduledDate ?? date;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing mid-request would hide whether the item was saved.
        if (!next && pending) return;
        onOpenChange(next);
      }}
    >
      {open ? (
        <DialogContent
          title={item ? `Edit ${item.itemName}` : 'Add Item'}
          description={day ? formatDayHeading(day) : `Add to ${trip.title}`}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <ItemForm
            // A fresh draft every time the dialog opens.
            key={item?.id ?? 'new'}
            trip={trip}
            mutations={mutations}
            initial={
              item
                ? itemFormFrom(item)
                : emptyItemForm(
                    defaultType ?? DEFAULT_CUSTOM_TYPE,
                    date ?? trip.startDate ?? todayIso(),
                  )
            }
            item={item}
            showDate={item !== undefined || date === undefined}
            onSaved={(saved, close) => {
              if (close) onOpenChange(false);
              onSaved?.(saved);
            }}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
