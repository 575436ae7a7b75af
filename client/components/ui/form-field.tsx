import { Slot } from 'radix-ui';
import { createContext, useContext, useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { fieldClassFor, fieldErrorClass, labelClass } from './field';

/*
 * The form kit's fields (decision 022). A field links its label, hint and error to its control
 * once: the control gets the id, `aria-invalid` while there is an error, and `aria-describedby`
 * naming the hint and the error, in the order they are shown. The form moves focus to the first
 * invalid control after its errors are on screen (use-form-kit.ts), so each error is read with
 * its field; an error that appears while focus is elsewhere is marked `announce` (an alert).
 */

const hintClass = 'text-sm text-slate-700';
const CHOICE_INPUT_CLASS = 'size-6 shrink-0 accent-brand-700';

interface FieldWiring {
  id: string;
  invalid: boolean;
  describedBy: string | undefined;
}

const FieldContext = createContext<FieldWiring | null>(null);

/** Space-separated ids, or undefined when there are none (so no empty attribute is written). */
const idList = (...ids: (string | false | null | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

/** The ids and state a field gives its control; for a control the kit does not wrap. */
export function useFieldControl(): FieldWiring {
  const wiring = useContext(FieldContext);
  if (!wiring) throw new Error('A field control must be inside a <Field>.');
  return wiring;
}

/** The props a control takes from its field, merged with its own. */
function controlProps<P extends { className?: string; 'aria-describedby'?: string }>(
  wiring: FieldWiring,
  props: P,
  className: string,
) {
  return {
    ...props,
    id: wiring.id,
    'aria-invalid': wiring.invalid ? true : undefined,
    'aria-describedby': idList(wiring.describedBy, props['aria-describedby']),
    className: cn(className, props.className),
  };
}

/** The field's error, tied to its control; `announce` makes it an alert (see above). */
function FieldError({
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

export interface FieldProps {
  label: ReactNode;
  /** Help shown between the label and the control, and read with the control. */
  hint?: ReactNode;
  /** The message to show; none while the value is right. */
  error?: string;
  /**
   * While there is an error it takes the hint's place, on screen and as the description (for a
   * hint that only says what the error says better).
   */
  errorReplacesHint?: boolean;
  /** An error that appears without focus moving to its field is announced as an alert. */
  announce?: boolean;
  /** The control's id; by default one of the page's own. */
  id?: string;
  className?: string;
  labelClassName?: string;
  /** The control: Input, Select, Textarea, or any element inside FieldControl. */
  children: ReactNode;
}

/** A label, an optional hint, one control and its error. */
export function Field({
  label,
  hint,
  error,
  errorReplacesHint = false,
  announce = false,
  id: givenId,
  className,
  labelClassName,
  children,
}: FieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const showHint = hint !== undefined && !(error && errorReplacesHint);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const wiring: FieldWiring = {
    id,
    invalid: Boolean(error),
    describedBy: idList(showHint && hintId, error && errorId),
  };
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName ?? labelClass}>
        {label}
      </label>
      {showHint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <FieldContext.Provider value={wiring}>{children}</FieldContext.Provider>
      {error ? <FieldError id={errorId} message={error} announce={announce} /> : null}
    </div>
  );
}

/** A text input of a Field: 44 px tall, red-bordered while invalid. */
export function Input({ type = 'text', ...props }: ComponentProps<'input'>) {
  const wiring = useFieldControl();
  return <input type={type} {...controlProps(wiring, props, fieldClassFor(wiring.invalid))} />;
}

/** A native select of a Field (the most dependable with keyboards and screen readers). */
export function Select(props: ComponentProps<'select'>) {
  const wiring = useFieldControl();
  return <select {...controlProps(wiring, props, fieldClassFor(wiring.invalid))} />;
}

export function Textarea(props: ComponentProps<'textarea'>) {
  const wiring = useFieldControl();
  return <textarea {...controlProps(wiring, props, fieldClassFor(wiring.invalid))} />;
}

/** Gives any other control (a Radix switch, say) its field's id and ARIA wiring. */
export function FieldControl({ children }: { children: ReactNode }) {
  const wiring = useFieldControl();
  return <Slot.Root {...controlProps(wiring, {}, '')}>{children}</Slot.Root>;
}

/** The asterisk of a required field; the form says once what it means (RequiredNote). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="font-bold text-red-800">
      *
    </span>
  );
}

export function RequiredNote() {
  return (
    <p className="text-sm text-slate-700">
      Required fields are marked with an asterisk (<RequiredMark />
      <span className="sr-only">asterisk</span>).
    </p>
  );
}

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
          <p id={hintId} className={hintClass}>
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
        <p id={hintId} className={hintClass}>
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
