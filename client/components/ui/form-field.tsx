import { Slot } from 'radix-ui';
import { createContext, useContext, useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { fieldClassFor, labelClass } from './field';
import { FieldError, HINT_CLASS, idList } from './form-parts';

/*
 * The form kit's fields (decision 022). A field links its label, hint and error to its control
 * once: the control gets the id, `aria-invalid` while there is an error, and `aria-describedby`
 * naming the hint and the error, in the order they are shown. The form moves focus to the first
 * invalid control after its errors are on screen (use-form-kit.ts), so each error is read with
 * its field; an error that appears while focus is elsewhere is marked `announce` (an alert).
 */

interface FieldWiring {
  id: string;
  invalid: boolean;
  describedBy: string | undefined;
}

const FieldContext = createContext<FieldWiring | null>(null);

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
        <p id={hintId} className={HINT_CLASS}>
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
