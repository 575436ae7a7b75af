import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { labelClass } from './field';
import { CHOICE_INPUT_CLASS, FieldError, HINT_CLASS, idList } from './form-parts';

/*
 * The form kit's choices (decision 022): a checkbox of its own, and a fieldset of radios or
 * checkboxes with the group's hint and error. See form-field.tsx for how fields are wired.
 */

export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  labelClassName?: string;
}

/** One checkbox with its label beside it, and its hint and error below (an agreement, a setting). */
export function CheckboxField({
  label,
  hint,
  error,
  labelClassName,
  id: givenId,
  className,
  ...props
}: CheckboxFieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          {...props}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={idList(hint !== undefined && hintId, error && errorId)}
          className={cn(CHOICE_INPUT_CLASS, 'mt-0.5')}
        />
        <label htmlFor={id} className={labelClassName ?? 'text-slate-900'}>
          {label}
        </label>
      </div>
      <div className="pl-9">
        {hint !== undefined ? (
          <p id={hintId} className={HINT_CLASS}>
            {hint}
          </p>
        ) : null}
        {error ? <FieldError id={errorId} message={error} /> : null}
      </div>
    </div>
  );
}

export interface FieldGroupProps extends Omit<ComponentProps<'fieldset'>, 'children'> {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  legendClassName?: string;
  children: ReactNode;
}

/**
 * A fieldset of choices (radios, checkboxes) under one legend, with the group's hint and error
 * read with it. The error goes under the choices; the first choice is the one that takes focus.
 */
export function FieldGroup({
  legend,
  hint,
  error,
  legendClassName,
  children,
  ...props
}: FieldGroupProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      {...props}
      data-invalid={error ? '' : undefined}
      aria-describedby={idList(
        hint !== undefined && hintId,
        error && errorId,
        props['aria-describedby'],
      )}
    >
      <legend className={legendClassName ?? labelClass}>{legend}</legend>
      {hint !== undefined ? (
        <p id={hintId} className={HINT_CLASS}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? <FieldError id={errorId} message={error} /> : null}
    </fieldset>
  );
}

export interface ChoiceProps extends Omit<ComponentProps<'input'>, 'type'> {
  type: 'radio' | 'checkbox';
  label: ReactNode;
}

/** A radio or checkbox of a FieldGroup: the whole row, at least 44 px tall, is its label. */
export function Choice({ label, className, ...props }: ChoiceProps) {
  return (
    <label
      className={cn('flex min-h-11 cursor-pointer items-center gap-3 text-slate-900', className)}
    >
      <input {...props} className={CHOICE_INPUT_CLASS} />
      <span>{label}</span>
    </label>
  );
}
