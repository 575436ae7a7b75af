import { fieldErrorClass } from './field';

/* The form kit's shared pieces (form-field.tsx, form-choice.tsx); not for forms themselves. */

export const HINT_CLASS = 'text-sm text-slate-700';
export const CHOICE_INPUT_CLASS = 'size-6 shrink-0 accent-brand-700';

/** Space-separated ids, or undefined when there are none (so no empty attribute is written). */
export const idList = (...ids: (string | false | null | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

/** The field's error, tied to its control; `announce` makes it an alert (see above). */
export function FieldError({
  id,
  message,
  announce,
}: {
  id: string;
  message: string;
  announce?: boolean;
}) {
  return (
    <p id={id} role={announce ? 'alert' : undefined} className={fieldErrorClass}>
      {message}
    </p>
  );
}
