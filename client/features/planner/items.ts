import {
  ITEM_TYPE_LABELS,
  QUICK_ADD,
  TIME_SLOT_INFO,
  timeSlotOf,
} from '../../../contracts/planner.values';
import type {
  CreatePlannerItemInput,
  ItemType,
  PlannerItem,
  TimeSlot,
  UpdatePlannerItemInput,
} from '../../../contracts/planner';
import { toCents } from '../../../contracts/money.values';

/** What the Add/Edit Item form holds: text as typed, before the contract checks it. */
export interface ItemFormValues {
  itemName: string;
  itemType: ItemType;
  itemDescription: string;
  /** As typed; empty means no price (0.00). */
  price: string;
  scheduledDate: string;
  scheduledTime: TimeSlot;
}

/** The form's fields, in screen order: a check reports each one's first problem. */
export const ITEM_FORM_FIELDS = [
  'scheduledDate',
  'itemName',
  'itemType',
  'itemDescription',
  'price',
] as const;
export type ItemFormField = (typeof ITEM_FORM_FIELDS)[number];
export type ItemFormErrors = Partial<Record<ItemFormField, string>>;

export function emptyItemForm(
  itemType: ItemType,
  scheduledDate: string,
  scheduledTime: TimeSlot = 'allday',
): ItemFormValues {
  return { itemName: '', itemType, itemDescription: '', price: '', scheduledDate, scheduledTime };
}

export function itemFormFrom(item: PlannerItem): ItemFormValues {
  return {
    itemName: item.itemName,
    itemType: item.itemType,
    itemDescription: item.itemDescription ?? '',
    price: item.price,
    scheduledDate: item.scheduledDate,
    scheduledTime: timeSlotOf(item.scheduledTime),
  };
}

/** The body of POST /api/planner-items for the form; an empty price is left to the default 0.00. */
export function toCreateInput(plannerId: string, values: ItemFormValues): CreatePlannerItemInput {
  const price = values.price.trim();
  return {
    plannerId,
    itemType: values.itemType,
    itemName: values.itemName,
    itemDescription: values.itemDescription,
    scheduledDate: values.scheduledDate,
    scheduledTime: values.scheduledTime,
    ...(price ? { price } : {}),
    priority: 0,
  };
}

/** The body of PATCH /api/planner-items/:id: every field of the form (an empty price is 0.00). */
export function toUpdateInput(values: ItemFormValues): UpdatePlannerItemInput {
  return {
    itemType: values.itemType,
    itemName: values.itemName,
    itemDescription: values.itemDescription,
    scheduledDate: values.scheduledDate,
    scheduledTime: values.scheduledTime,
    price: values.price.trim() || '0.00',
  };
}

/** The body of a Quick Add: the type's default name, description and price (spec §9). */
export function quickAddInput(
  plannerId: string,
  itemType: ItemType,
  scheduledDate: string,
  scheduledTime: TimeSlot,
): CreatePlannerItemInput {
  // The type's hint is not sent: it is for the owner, and a description is shown to everyone.
  const { itemName, price } = QUICK_ADD[itemType];
  return { plannerId, itemType, itemName, price, scheduledDate, scheduledTime, priority: 0 };
}

/** "$350" for a Quick Add button: whole dollars without cents, as the spec writes the prices. */
export function formatQuickAddPrice(price: string): string {
  const cents = toCents(price);
  return cents % 100 === 0 ? `$${cents / 100}` : `$${price}`;
}

/** "Morning (6AM-12PM)", or "All Day". */
export function slotHeading(slot: TimeSlot): string {
  const { label, hours } = TIME_SLOT_INFO[slot];
  return hours ? `${label} (${hours})` : label;
}

/** "Flight added to Morning": what a Quick Add announces. */
export const quickAddedMessage = (itemType: ItemType, slot: TimeSlot): string =>
  `${ITEM_TYPE_LABELS[itemType]} added to ${TIME_SLOT_INFO[slot].label}`;

/**
 * Where focus goes once an item is deleted: the item after it in the day's order, else the one
 * before it, else nowhere (null: the caller picks, e.g. the Add Item button).
 */
export function neighbourAfterDelete(
  orderedIds: readonly string[],
  deletedId: string,
): string | null {
  const index = orderedIds.indexOf(deletedId);
  if (index === -1) return null;
  return orderedIds[index + 1] ?? orderedIds[index - 1] ?? null;
}
