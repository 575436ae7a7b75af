const FIELD_BASE =
  'mt-1 block min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900';
/** A text field, select or textarea of a form: 44 px tall, a border with enough contrast. */
export const fieldClass = `${FIELD_BASE} border-slate-500`;
/** The same field while its value is wrong: a red border (its error message says why). */
export const invalidFieldClass = `${FIELD_BASE} border-red-700`;
/** The class of a field whose error (a message, or nothing when it is right) is `error`. */
export function fieldClassFor(error: unknown): string {
  return error ? invalidFieldClass : fieldClass;
}
/** The label above a field. */
export const labelClass = 'block font-semibold text-slate-900';
/** A field's error message, tied to it with aria-describedby. */
export const fieldErrorClass = 'mt-1 text-sm font-semibold text-red-800';
