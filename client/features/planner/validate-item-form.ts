/*
 * The Add/Edit Item form's check against the contract. A module of its own: it brings zod and the
 * planner's schemas, which only the (lazily loaded) item dialog needs, not the planner's first render.
 */
import { createPlannerItemSchema } from '../../../contracts/planner';
import { checkResolver } from '../../components/ui/use-form-kit';
import { ITEM_FORM_FIELDS, toCreateInput, type ItemFormErrors, type ItemFormValues } from './items';

/**
 * The contract's messages for a form, by field; empty when it is valid. The edit form sends every
 * field, so the create schema checks both modes alike (the server checks again either way).
 */
export function validateItemForm(plannerId: string, values: ItemFormValues): ItemFormErrors {
  const input = toCreateInput(plannerId, values);
  // A blank date is a missing one, so the contract says it is required rather than badly written.
  const result = createPlannerItemSchema.safeParse({
    ...input,
    scheduledDate: input.scheduledDate.trim() || undefined,
  });
  if (result.success) return {};
  const errors: ItemFormErrors = {};
  for (const issue of result.error.issues) {
    const field = ITEM_FORM_FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The Add/Edit Item form's resolver: the contract's check above, for the trip's items. */
export const itemFormResolver = (plannerId: string) =>
  checkResolver<ItemFormValues>((values) => validateItemForm(plannerId, values));
