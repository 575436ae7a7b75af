/** A text field, select or textarea of a form: 44 px tall, a border with enough contrast. */
export const fieldClass =
  'mt-1 block min-h-11 w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900';
/** The label above a field. */
export const labelClass = 'block font-semibold text-slate-900';
/** A field's error message, tied to it with aria-describedby. */
export const fieldErrorClass = 'mt-1 text-sm font-semibold text-red-800';
