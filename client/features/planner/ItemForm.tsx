import { useId, useMemo, useRef, useState } from 'react';
import {
  ITEM_DESCRIPTION_MAX,
  ITEM_NAME_MAX,
  ITEM_TYPE_LABELS,
  ITEM_TYPES,
  QUICK_ADD,
} from '../../../contracts/planner.values';
import type { PlannerItem, Trip } from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { Field, Input, Select, Textarea } from '../../components/ui/form-field';
import { PENDING_CLASS } from '../../components/ui/pending';
import { useFormKit } from '../../components/ui/use-form-kit';
import { errorMessage } from '../../lib/api';
import type { useItemMutations } from './api';
import { ITEM_FORM_FIELDS, toCreateInput, toUpdateInput, type ItemFormValues } from './items';
import { QuickAdd, SAVE_FAILED } from './QuickAdd';
import { TimeSlotGroup } from './TimeSlotGroup';
import { itemFormResolver, validateItemForm } from './validate-item-form';

/**
 * The Add/Edit Item dialog's body: the day (when the dialog was not opened on one), the time of
 * day, Quick Add (new items only) and the custom item form. The contract's check gives the
 * messages, so they are the server's.
 */
export function ItemForm({
  trip,
  mutations,
  initial,
  item,
  showDate,
  onSaved,
}: {
  trip: Trip;
  mutations: ReturnType<typeof useItemMutations>;
  initial: ItemFormValues;
  item?: PlannerItem;
  showDate: boolean;
  onSaved: (item: PlannerItem, close: boolean) => void;
}) {
  const id = useId();
  const resolver = useMemo(() => itemFormResolver(trip.id), [trip.id]);
  const form = useFormKit<ItemFormValues>({ defaultValues: initial, resolver });
  const { register, errorOf, getValues, setError, setValue, focusFirstInvalid } = form;
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

  function save(values: ItemFormValues) {
    sendOnce((settled) => {
      const handlers = {
        onSuccess: (saved: PlannerItem) => onSaved(saved, true),
        onError: (error: unknown) => {
          form.showServerErrors(error, ITEM_FORM_FIELDS);
          setFailure(errorMessage(error, SAVE_FAILED));
        },
        onSettled: settled,
      };
      if (item) update.mutate({ id: item.id, changes: toUpdateInput(values) }, handlers);
      else create.mutate(toCreateInput(trip.id, values), handlers);
    });
  }

  /** Quick Add uses the Date field too: a bad one is shown there first. */
  function dayIsValid(): boolean {
    if (!showDate) return true;
    const message = validateItemForm(trip.id, getValues()).scheduledDate;
    if (!message) return true;
    setError('scheduledDate', { type: 'validate', message });
    focusFirstInvalid();
    return false;
  }

  return (
    <div id={form.scopeId} className="grid gap-6">
      {showDate ? (
        <Field label="Date" error={errorOf('scheduledDate')}>
          <Input type="date" required {...register('scheduledDate')} />
        </Field>
      ) : null}

      <TimeSlotGroup
        value={form.watch('scheduledTime')}
        onChange={(slot) => setValue('scheduledTime', slot)}
      />

      {editing ? null : (
        <QuickAdd
          trip={trip}
          create={create}
          sendOnce={sendOnce}
          chosenTime={() => getValues()}
          beforeAdd={dayIsValid}
          onAdded={(saved) => onSaved(saved, false)}
        />
      )}

      <form
        noValidate
        onSubmit={(event) => {
          if (sending.current) {
            event.preventDefault();
            return;
          }
          setFailure(null);
          void form.submit(save)(event);
        }}
        aria-labelledby={editing ? undefined : `${id}-custom`}
      >
        {editing ? null : (
          <h3 id={`${id}-custom`} className="text-lg font-bold text-slate-900">
            Custom item
          </h3>
        )}
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          Item name is required; the rest is optional.
        </p>
        <div className="mt-3 grid gap-4">
          <Field label="Item name" error={errorOf('itemName')}>
            <Input
              required
              maxLength={ITEM_NAME_MAX}
              autoComplete="off"
              {...register('itemName')}
            />
          </Field>
          <Field label="Type" error={errorOf('itemType')}>
            <Select {...register('itemType')}>
              {ITEM_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ITEM_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label="Description"
            hint={`For example: ${QUICK_ADD[form.watch('itemType')].hint}. Anyone you share the trip with sees it.`}
            error={errorOf('itemDescription')}
          >
            <Textarea rows={3} maxLength={ITEM_DESCRIPTION_MAX} {...register('itemDescription')} />
          </Field>
          <Field
            label="Price"
            hint="In US dollars, for example 120 or 49.99. Leave it empty for no price."
            error={errorOf('price')}
          >
            <Input inputMode="decimal" autoComplete="off" {...register('price')} />
          </Field>
          <FormAlert>{failure}</FormAlert>
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
