import { useCallback, useEffect, useId, useRef, useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { output, ZodType } from 'zod';
import { ApiError } from '../../lib/api';

/*
 * The one way the site's forms work (decision 022): react-hook-form holds the values and the
 * errors; a resolver checks them, with the contract's schema where the form's code loads zod
 * anyway; the server's field errors land on the same fields; and after a failed submit focus goes
 * to the first invalid control on screen, once its error is rendered, so the error is read with it.
 */

/** A form value's problems, by top-level field: what a resolver of this kit answers. */
export type FieldMessages<T> = Partial<Record<keyof T & string, string | undefined>>;

/** "travelInterests.0" -> "travelInterests": a form shows a list's problems at the list. */
const topLevel = (path: string) => path.split('.')[0] ?? '';

function toFieldErrors<T extends FieldValues>(messages: FieldMessages<T>): FieldErrors<T> {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const [field, message] of Object.entries(messages)) {
    if (message) errors[field] = { type: 'validate', message };
  }
  return errors as FieldErrors<T>;
}

/** The first message of each top-level field among a schema's issues. */
function firstMessages<TValues>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldMessages<TValues> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    messages[topLevel(issue.path.map(String).join('.'))] ??= issue.message;
  }
  return messages as FieldMessages<TValues>;
}

/**
 * The contract's messages for `input`, by top-level field, the first for each: the rule ApiError
 * applies to the server's (decision 021), so the browser and the server word a problem alike.
 */
export function contractMessages<TValues>(schema: ZodType, input: unknown): FieldMessages<TValues> {
  const result = schema.safeParse(input);
  return result.success ? {} : firstMessages<TValues>(result.error.issues);
}

/**
 * A resolver from the contract's zod schema. `toInput` turns the form's values into the request
 * (trimmed, empty strings left out...), which the schema checks; a valid form submits what the
 * schema parsed, an invalid one shows each field's first message (contractMessages).
 */
export function contractResolver<TValues extends FieldValues, TSchema extends ZodType>(
  schema: TSchema,
  toInput: (values: TValues) => unknown = (values) => values,
): Resolver<TValues, unknown, output<TSchema>> {
  return (values) => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return { values: result.data as output<TSchema>, errors: {} };
    return {
      values: {},
      errors: toFieldErrors(firstMessages<TValues>(result.error.issues)),
    };
  };
}

/**
 * A resolver from a plain check, for a form whose page should not load zod for one rule (the
 * landing page's search, the emergency page); the check states the contract's rule and message.
 */
export function checkResolver<TValues extends FieldValues>(
  check: (values: TValues) => FieldMessages<TValues>,
): Resolver<TValues> {
  return (values) => {
    const errors = toFieldErrors<TValues>(check(values));
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/** The first message for each field of a 400 answer (ApiError's `fieldErrors`), or none. */
export function serverFieldErrors(error: unknown): Readonly<Record<string, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  return error.fieldErrors;
}

/** A control whose value is wrong, or the first control of a group whose choice is (FieldGroup). */
const INVALID_CONTROL =
  '[aria-invalid="true"], fieldset[data-invalid] :is(input, select, textarea, button)';

/** The first control in `scope` whose value is wrong, in the order they are on screen. */
export function firstInvalidControl(scope: ParentNode | null): HTMLElement | null {
  return scope?.querySelector<HTMLElement>(INVALID_CONTROL) ?? null;
}

export interface FormKitOptions<TValues extends FieldValues, TOutput> extends UseFormProps<
  TValues,
  unknown,
  TOutput
> {
  /**
   * Fields whose errors also go when this one changes: a rule between two fields (a check-out
   * date before the check-in date) is no longer known to hold once either changes. A constant.
   */
  clearsAlso?: Partial<Record<FieldPath<TValues>, readonly FieldPath<TValues>[]>>;
}

export interface FormKit<TValues extends FieldValues, TOutput> extends UseFormReturn<
  TValues,
  unknown,
  TOutput
> {
  /**
   * The id to give the element that holds the form's fields (the form, or a dialog's body): the
   * first invalid control is looked for in it.
   */
  scopeId: string;
  /**
   * The submit handler: checks the values, and either calls `onValid` with what the resolver
   * parsed or focuses the first invalid control (after calling `onInvalid`).
   */
  submit: (
    onValid: SubmitHandler<TOutput>,
    onInvalid?: SubmitErrorHandler<TValues>,
  ) => (event?: BaseSyntheticEvent) => Promise<void>;
  /**
   * Puts a 400 answer's field messages on those of `fields` (every field of the form by default)
   * and focuses the first; true when at least one field took a message.
   */
  showServerErrors: (error: unknown, fields?: readonly FieldPath<TValues>[]) => boolean;
  /** Focuses the first invalid control once the errors set so far are on screen. */
  focusFirstInvalid: () => void;
  /** The message of a top-level field's error, if any. */
  errorOf: (name: FieldPath<TValues>) => string | undefined;
}

/**
 * react-hook-form with the site's defaults: errors are shown after a submit and each goes as soon
 * as its field changes (the form checks again on the next submit); no focus is moved by
 * react-hook-form itself, which would focus fields in the order they were registered.
 */
export function useFormKit<TValues extends FieldValues, TOutput = TValues>({
  clearsAlso,
  ...options
}: FormKitOptions<TValues, TOutput>): FormKit<TValues, TOutput> {
  const form = useForm<TValues, unknown, TOutput>({
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
    ...options,
  });
  const { clearErrors, getFieldState, getValues, handleSubmit, setError, subscribe } = form;
  const scopeId = useId();
  const focusPending = useRef(false);
  const [, setFocusRequest] = useState(0);

  // After the render that put the errors on screen: the first invalid control takes focus.
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    firstInvalidControl(document.getElementById(scopeId))?.focus();
  });

  const focusFirstInvalid = useCallback(() => {
    focusPending.current = true;
    setFocusRequest((count) => count + 1);
  }, []);

  // A field's error goes when the traveller changes it (and with it those it is checked against).
  useEffect(() => {
    return subscribe({
      formState: { values: true },
      callback: ({ name, type }) => {
        if (type !== 'change' || !name) return;
        const field = topLevel(name) as FieldPath<TValues>;
        const stale = [field, ...(clearsAlso?.[field] ?? [])].filter(
          (each) => getFieldState(each).error,
        );
        if (stale.length > 0) clearErrors(stale);
      },
    });
  }, [subscribe, getFieldState, clearErrors, clearsAlso]);

  const submit = useCallback<FormKit<TValues, TOutput>['submit']>(
    (onValid, onInvalid) => async (event) => {
      let invalid = false;
      await handleSubmit(onValid, (errors, submitEvent) => {
        invalid = true;
        return onInvalid?.(errors, submitEvent);
      })(event);
      // After handleSubmit has put the errors in the form's state, so they render first.
      if (invalid) focusFirstInvalid();
    },
    [handleSubmit, focusFirstInvalid],
  );

  const showServerErrors = useCallback<FormKit<TValues, TOutput>['showServerErrors']>(
    (error, fields) => {
      const known = fields ?? (Object.keys(getValues()) as FieldPath<TValues>[]);
      let shown = false;
      for (const [name, message] of Object.entries(serverFieldErrors(error))) {
        if (!known.includes(name as FieldPath<TValues>)) continue;
        setError(name as FieldPath<TValues>, { type: 'server', message });
        shown = true;
      }
      if (shown) focusFirstInvalid();
      return shown;
    },
    [getValues, setError, focusFirstInvalid],
  );

  const errorOf = (name: FieldPath<TValues>) => {
    const error = getFieldState(name, form.formState).error;
    return typeof error?.message === 'string' ? error.message : undefined;
  };

  return {
    ...form,
    scopeId,
    submit,
    showServerErrors,
    focusFirstInvalid,
    errorOf,
  };
}
