import { Check } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  ITEM_DESCRIPTION_MAX,
  ITEM_NAME_MAX,
  ITEM_TYPE_LABELS,
  ITEM_TYPES,
  QUICK_ADD,
  TIME_SLOT_INFO,
  TIME_SLOTS,
} from '../../../contracts/planner.values';
import type { ItemType, PlannerItem, TimeSlot, Trip } from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { fieldClassFor, fieldErrorClass, labelClass } from '../../components/ui/field';
import { PENDING_CLASS } from '../../components/ui/pending';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDayHeading } from '../../lib/dates';
import { useItemMutations } from './api';
import { todayIso } from './calendar-grid';
import {
  emptyItemForm,
  firstInvalidField,
  formatQuickAddPrice,
  itemFormFrom,
  quickAddedMessage,
  quickAddInput,
  toCreateInput,
  toUpdateInput,
  type ItemFormErrors,
  type ItemFormField,
  type ItemFormValues,
} from './items';
import { validateItemForm } from './validate-item-form';

type Mutations = ReturnType<typeof useItemMutations>;

const SAVE_FAILED = 'The item could not be saved. Check your connection and try again.';
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

function ItemForm({
  trip,
  mutations,
  initial,
  item,
  showDate,
  onSaved,
}: {
  trip: Trip;
  mutations: Mutations;
  initial: ItemFormValues;
  item?: PlannerItem;
  showDate: boolean;
  onSaved: (item: PlannerItem, close: boolean) => void;
}) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ItemFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { create, update } = mutations;
  const pending = create.isPending || update.isPending;
  const editing = item !== undefined;
  const sending = useRef(false);

  /**
   * One request at a time. The mutation's pending state reaches the screen a moment later, and a
   * quick second press (a double click, a tremor) must not save the item twice.
   */
  function sendOnce(send: (settled: () => void) => void) {
    if (sending.current) return;
    sending.current = true;
    send(() => {
      sending.current = false;
    });
  }

  function set<K extends keyof ItemFormValues>(field: K, value: ItemFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (field in errors) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** Shows the contract's messages and focuses the first bad field; true when the form is valid. */
  function check(found: ItemFormErrors): boolean {
    setErrors(found);
    const first = firstInvalidField(found);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
    return first === undefined;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    setFailure(null);
    if (!check(validateItemForm(trip.id, values))) return;
    sendOnce((settled) => {
      const handlers = {
        onSuccess: (saved: PlannerItem) => onSaved(saved, true),
        onError: (error: unknown) => setFailure(errorMessage(error, SAVE_FAILED)),
        onSettled: settled,
      };
      if (item) update.mutate({ id: item.id, changes: toUpdateInput(values) }, handlers);
      else create.mutate(toCreateInput(trip.id, values), handlers);
    });
  }

  const field = (name: ItemFormField) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    className: fieldClassFor(errors[name]),
  });
  const describedBy = (name: ItemFormField, hint?: string) =>
    [errors[name] ? `${id}-${name}-error` : null, hint].filter(Boolean).join(' ') || undefined;
  const fieldError = (name: ItemFormField) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className={fieldErrorClass}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <div className="grid gap-6">
      {showDate ? (
        <div>
          <label htmlFor={`${id}-scheduledDate`} className={labelClass}>
            Date
          </label>
          <input
            {...field('scheduledDate')}
            type="date"
            required
            value={values.scheduledDate}
            onChange={(event) => set('scheduledDate', event.target.value)}
            aria-describedby={describedBy('scheduledDate')}
          />
          {fieldError('scheduledDate')}
        </div>
      ) : null}

      <TimeSlotGroup value={values.scheduledTime} onChange={(slot) => set('scheduledTime', slot)} />

      {editing ? null : (
        <QuickAdd
          trip={trip}
          create={create}
          sendOnce={sendOnce}
          values={values}
          // Quick Add uses the Date field too: a bad one is shown there first.
          beforeAdd={() =>
            !showDate || check({ scheduledDate: validateItemForm(trip.id, values).scheduledDate })
          }
          onAdded={(saved) => onSaved(saved, false)}
        />
      )}

      <form noValidate onSubmit={submit} aria-labelledby={editing ? undefined : `${id}-custom`}>
        {editing ? null : (
          <h3 id={`${id}-custom`} className="text-lg font-bold text-slate-900">
            Custom item
          </h3>
        )}
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          Item name is required; the rest is optional.
        </p>
        <div className="mt-3 grid gap-4">
          <div>
            <label htmlFor={`${id}-itemName`} className={labelClass}>
              Item name
            </label>
            <input
              {...field('itemName')}
              type="text"
              required
              maxLength={ITEM_NAME_MAX}
              autoComplete="off"
              value={values.itemName}
              onChange={(event) => set('itemName', event.target.value)}
              aria-describedby={describedBy('itemName')}
            />
            {fieldError('itemName')}
          </div>
          <div>
            <label htmlFor={`${id}-itemType`} className={labelClass}>
              Type
            </label>
            <select
              {...field('itemType')}
              value={values.itemType}
              onChange={(event) => set('itemType', event.target.value as ItemType)}
              aria-describedby={describedBy('itemType')}
            >
              {ITEM_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ITEM_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
            {fieldError('itemType')}
          </div>
          <div>
            <label htmlFor={`${id}-itemDescription`} className={labelClass}>
              Description
            </label>
            <textarea
              {...field('itemDescription')}
              rows={3}
              maxLength={ITEM_DESCRIPTION_MAX}
              value={values.itemDescription}
              onChange={(event) => set('itemDescription', event.target.value)}
              aria-describedby={describedBy('itemDescription')}
            />
            {fieldError('itemDescription')}
          </div>
          <div>
            <label htmlFor={`${id}-price`} className={labelClass}>
              Price
            </label>
            <input
              {...field('price')}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={values.price}
              onChange={(event) => set('price', event.target.value)}
              aria-describedby={describedBy('price', `${id}-price-hint`)}
            />
            <p id={`${id}-price-hint`} className="mt-1 text-sm text-slate-700">
              In US dollars, for example 120 or 49.99. Leave it empty for no price.
            </p>
            {fieldError('price')}
          </div>
          {failure ? (
            <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
              {failure}
            </p>
          ) : null}
          <div className="flex justify-end">
            <Button
              type="submit"
              className={PENDING_CLASS}
              aria-disabled={pending || undefined}
              aria-describedby={`${id}-hint`}
            >
              {editing
                ? update.isPending
                  ? 'Saving…'
                  : 'Save changes'
                : create.isPending
                  ? 'Adding…'
                  : 'Add to plan'}
            </Button>
          </div>
        </div>
      </form>
    </div>
  );
}

/** Spec §9: the five time slots as one choice (a radio group: arrow keys move and choose). */
function TimeSlotGroup({
  value,
  onChange,
}: {
  value: TimeSlot;
  onChange: (slot: TimeSlot) => void;
}) {
  const id = useId();
  return (
    <div>
      <p id={id} className={labelClass}>
        Time of day
      </p>
      <RadioGroup.Root
        aria-labelledby={id}
        value={value}
        onValueChange={(next) => onChange(next as TimeSlot)}
        className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3"
      >
        {TIME_SLOTS.map((slot) => {
          const { label, hours } = TIME_SLOT_INFO[slot];
          return (
            <RadioGroup.Item
              key={slot}
              value={slot}
              className="flex min-h-11 items-center gap-2 rounded-md border border-slate-500 bg-white px-3 py-2 text-left text-slate-900 hover:bg-slate-100 data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700 data-[state=checked]:text-white"
            >
              <span className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-current">
                <RadioGroup.Indicator>
                  <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
                </RadioGroup.Indicator>
              </span>
              <span className="flex flex-col leading-tight">
                <span className="font-semibold">{label}</span>
                {hours ? (
                  <>
                    {' '}
                    <span className="text-sm">{hours}</span>
                  </>
                ) : null}
              </span>
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
    </div>
  );
}

/**
 * Spec §9: one press adds the type's default item to the chosen day and slot. The dialog stays
 * open so several can be added in a row; focus stays on the button, and the result is announced.
 */
function QuickAdd({
  trip,
  create,
  sendOnce,
  values,
  beforeAdd,
  onAdded,
}: {
  trip: Trip;
  create: Mutations['create'];
  sendOnce: (send: (settled: () => void) => void) => void;
  values: ItemFormValues;
  beforeAdd: () => boolean;
  onAdded: (item: PlannerItem) => void;
}) {
  const id = useId();
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  function add(itemType: ItemType) {
    if (create.isPending || !beforeAdd()) return;
    const slot = values.scheduledTime;
    sendOnce((settled) => {
      setFailure(null);
      setStatus(`Adding ${ITEM_TYPE_LABELS[itemType]}…`);
      create.mutate(quickAddInput(trip.id, itemType, values.scheduledDate, slot), {
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
      <ul className="mt-3 grid grid-cols-2 gap-2">
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
      {failure ? (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
