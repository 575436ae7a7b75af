import { zodResolver } from '@hookform/resolvers/zod';
import {
  getCountries,
  getCountryCallingCode,
  isValidPhoneNumber,
  type CountryCode,
} from 'libphonenumber-js/min';
import { CheckCircle2, Copy } from 'lucide-react';
import { Progress, Switch } from 'radix-ui';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  Controller,
  useForm,
  type FieldErrors,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import {
  BETA_ACCESSIBILITY_NEEDS,
  BETA_STEP_FIELDS,
  BETA_STEPS,
  BUDGET_RANGES,
  PREFERRED_CONTACTS,
  TRAVEL_FREQUENCIES,
  TRAVEL_INTERESTS,
  VERIFICATION_VALID_HOURS,
} from '../../../contracts/beta.values';
import { betaSignupSchema, type BetaSignup } from '../../../contracts/beta';
import { Button } from '../../components/ui/button';
import { DialogClose, DialogContent } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { signupFieldErrors, useBetaSignup } from './api';
import { SIGNUP_TOASTS, WIZARD_TITLE } from './copy';
import {
  AGREEMENTS,
  wizardDraft,
  type Agreement,
  type Joined,
  type WizardValues,
} from './wizard-draft';

type FieldName = keyof WizardValues;

/** Every field, on the step that shows it, in the order shown (the first invalid one takes focus). */
const STEP_FIELDS: readonly (readonly FieldName[])[] = [
  ['firstName', 'lastName', 'countryCode', 'phone', 'email'],
  ['travelInterests', 'accessibilityNeeds', 'travelFrequency', 'budgetRange'],
  [
    'preferredContact',
    'emailNotifications',
    'smsNotifications',
    'marketingEmails',
    'feedbackReminders',
    'referralSource',
  ],
  AGREEMENTS,
];
const stepOf = (field: string) =>
  STEP_FIELDS.findIndex((fields) => fields.includes(field as FieldName));
const LAST_STEP = BETA_STEPS.length - 1;

const AGREEMENT_LABELS: Record<Agreement, string> = {
  agreedToTerms: 'I agree to the terms and conditions of the beta programme',
  agreedToPrivacy: 'I agree to the privacy policy',
  agreedToDataProcessing: 'I consent to the processing of my answers to run the beta programme',
  agreedToFeedback: 'I agree to provide feedback as a beta tester',
};

const NOTIFICATIONS = [
  {
    name: 'emailNotifications',
    label: 'E-mail notifications',
    hint: 'News about the beta and new features.',
  },
  {
    name: 'smsNotifications',
    label: 'Text message notifications',
    hint: 'Short updates to your phone.',
  },
  {
    name: 'marketingEmails',
    label: 'Marketing e-mails',
    hint: 'Occasional offers and partner news.',
  },
  {
    name: 'feedbackReminders',
    label: 'Feedback reminders',
    hint: 'About once a month, a few questions about how the site works for you.',
  },
] as const;

/** The phone's country, by name, with its calling code: "United Kingdom (+44)". */
const COUNTRY_OPTIONS = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return getCountries()
    .map((code) => ({
      code,
      label: `${names.of(code) ?? code} (+${getCountryCallingCode(code)})`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
})();

/**
 * The server checks that the number exists in the chosen country (with the same library); checking
 * it on Next too spares the traveller from finding out only after step 4. Same words as the server.
 */
const invalidPhoneMessage = (countryCode: string) =>
  `Please enter a valid phone number for ${countryCode}`;

// contracts/beta.ts types the agreements as `true` (the payload); the form holds booleans until then.
const resolver = zodResolver(betaSignupSchema) as unknown as Resolver<
  WizardValues,
  unknown,
  BetaSignup
>;

const inputClass =
  'mt-1 block min-h-11 w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-700';
const checkboxClass = 'mt-0.5 size-6 shrink-0 accent-brand-700';

/** Spec §2: the beta sign-up wizard (rendered inside a Dialog root by its opener). */
export default function BetaWizard() {
  const ids = useId();
  const [step, setStep] = useState(() => wizardDraft.current().step);
  const [joined, setJoined] = useState(() => wizardDraft.current().joined);
  const [submitError, setSubmitError] = useState<{ title: string; description: string } | null>(
    null,
  );
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const joinedHeading = useRef<HTMLHeadingElement>(null);
  /** The field to focus once a step change has rendered (instead of the step's heading). */
  const focusAfterStep = useRef<FieldName | null>(null);

  const form = useForm<WizardValues, unknown, BetaSignup>({
    resolver,
    defaultValues: wizardDraft.current().values,
    shouldFocusError: false,
  });
  const { register, control, formState, getValues, setError, setFocus, trigger } = form;
  const errors: FieldErrors<WizardValues> = formState.errors;

  // What was typed outlives the dialog (until a sign-up succeeds).
  useEffect(() => () => wizardDraft.saveValues(getValues()), [getValues]);

  function goTo(next: number, focusField: FieldName | null = null) {
    focusAfterStep.current = focusField;
    wizardDraft.saveStep(next);
    setStep(next);
  }

  // On a step change, focus the new step's heading (or the field that needs attention).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const field = focusAfterStep.current;
    focusAfterStep.current = null;
    if (field) setFocus(field);
    else stepHeading.current?.focus();
  }, [step, setFocus]);

  useEffect(() => {
    if (joined) joinedHeading.current?.focus();
  }, [joined]);

  /** Focuses the first field with an error, going to its step first when needed. */
  function focusFirstError(fieldErrors: Partial<Record<string, unknown>>) {
    const first = STEP_FIELDS.flat().find((name) => fieldErrors[name]);
    if (!first) return;
    const target = stepOf(first);
    if (target === step) setFocus(first);
    else goTo(target, first);
  }

  const signup = useBetaSignup({
    onSuccess: (result, payload) => {
      const done = { ...result, email: payload.email ?? '' };
      wizardDraft.finish(done);
      toast({
        title: SIGNUP_TOASTS.welcome.title,
        description: `Your access code is ${result.accessCode}.`,
      });
      setJoined(done);
    },
    onError: (error) => {
      const alreadyRegistered = /already registered/i.test(error.message);
      const message = alreadyRegistered ? SIGNUP_TOASTS.alreadyRegistered : SIGNUP_TOASTS.failed;
      toast({ variant: 'destructive', ...message });
      // The toast region sits outside this modal dialog, so the dialog says it too.
      setSubmitError(message);
      const fieldErrors = signupFieldErrors(error);
      for (const [name, text] of Object.entries(fieldErrors)) {
        if (stepOf(name) >= 0) setError(name as FieldName, { type: 'server', message: text });
      }
      focusFirstError(fieldErrors);
    },
  });

  async function next() {
    const fields = (BETA_STEP_FIELDS[step] ?? []) as readonly FieldName[];
    const valid = fields.length === 0 || (await trigger(fields as FieldName[]));
    if (!valid) {
      const first = (STEP_FIELDS[step] ?? []).find((name) => form.getFieldState(name).error);
      if (first) setFocus(first);
      return;
    }
    if (step === 0) {
      const { phone, countryCode = 'US' } = getValues();
      if (!isValidPhoneNumber(phone, countryCode as CountryCode)) {
        setError('phone', { type: 'validate', message: invalidPhoneMessage(countryCode) });
        setFocus('phone');
        return;
      }
    }
    goTo(step + 1);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signup.isPending) return;
    if (step < LAST_STEP) {
      void next();
      return;
    }
    void form.handleSubmit(
      (values) => {
        setSubmitError(null);
        signup.mutate(values);
      },
      (fieldErrors) => focusFirstError(fieldErrors),
    )(event);
  }

  if (joined) {
    return (
      <DialogContent
        title={SIGNUP_TOASTS.welcome.title}
        size="xl"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          joinedHeading.current?.focus();
        }}
      >
        <Confirmation joined={joined} headingRef={joinedHeading} />
      </DialogContent>
    );
  }

  const percent = Math.round(((step + 1) / BETA_STEPS.length) * 100);
  const fieldIds = (name: FieldName, hint = false) => {
    const id = `${ids}-${name}`;
    const describedBy = [hint ? `${id}-hint` : null, errors[name] ? `${id}-error` : null]
      .filter(Boolean)
      .join(' ');
    return {
      id,
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': describedBy || undefined,
    } as const;
  };
  const errorText = (name: FieldName) => (
    <FieldError id={`${ids}-${name}-error`} message={errors[name]?.message} />
  );

  return (
    <DialogContent
      title={WIZARD_TITLE}
      description="No purchase required · 30-60 second sign-up"
      size="xl"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        if (step === 0) setFocus('firstName');
        else stepHeading.current?.focus();
      }}
    >
      <div className="mb-5">
        {/* The progress bar says the same to assistive technology (its name and value text). */}
        <p aria-hidden="true" className="flex justify-between text-sm font-semibold">
          <span>
            Step {step + 1} of {BETA_STEPS.length}
          </span>
          <span>{percent}%</span>
        </p>
        <Progress.Root
          value={percent}
          getValueLabel={(value) => `Step ${step + 1} of ${BETA_STEPS.length}, ${value}%`}
          aria-label="Sign-up progress"
          className="mt-1 h-3 overflow-hidden rounded-full border border-slate-500 bg-slate-100"
        >
          <Progress.Indicator
            className="h-full bg-brand-700 motion-safe:transition-transform"
            style={{ transform: `translateX(-${100 - percent}%)` }}
          />
        </Progress.Root>
      </div>

      <form onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-step`}>
        <h3
          id={`${ids}-step`}
          ref={stepHeading}
          tabIndex={-1}
          className="text-lg font-bold text-slate-900"
        >
          <span className="sr-only">
            Step {step + 1} of {BETA_STEPS.length}:{' '}
          </span>
          {BETA_STEPS[step]}
        </h3>

        {step === 0 ? (
          <div className="mt-3 grid gap-4">
            <RequiredNote />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="First name"
                required
                field={fieldIds('firstName')}
                input={register('firstName')}
                autoComplete="given-name"
                error={errorText('firstName')}
              />
              <TextField
                label="Last name"
                required
                field={fieldIds('lastName')}
                input={register('lastName')}
                autoComplete="family-name"
                error={errorText('lastName')}
              />
            </div>
            <div>
              <label htmlFor={`${ids}-countryCode`} className="font-semibold text-slate-900">
                Country of your phone number
              </label>
              <select
                {...fieldIds('countryCode')}
                {...register('countryCode')}
                autoComplete="country"
                className={inputClass}
              >
                {COUNTRY_OPTIONS.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.label}
                  </option>
                ))}
              </select>
              {errorText('countryCode')}
            </div>
            <TextField
              label="Phone number"
              required
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              hint="Include the area code."
              field={fieldIds('phone', true)}
              input={register('phone')}
              error={errorText('phone')}
            />
            <TextField
              label="E-mail (optional)"
              type="email"
              autoComplete="email"
              hint={`We send a link to confirm it, valid for ${VERIFICATION_VALID_HOURS} hours. Leave it empty if you prefer.`}
              field={fieldIds('email', true)}
              input={register('email')}
              error={errorText('email')}
            />
          </div>
        ) : null}

        {step === 1 ? (
          <div className="mt-3 grid gap-5">
            <CheckboxGroup
              legend="Travel interests"
              hint="Choose any that apply."
              options={TRAVEL_INTERESTS}
              idPrefix={`${ids}-interest`}
              input={register('travelInterests')}
            />
            <CheckboxGroup
              legend="Accessibility needs"
              hint="Choose any that apply: they tell us which support our beta testers rely on."
              options={BETA_ACCESSIBILITY_NEEDS}
              idPrefix={`${ids}-need`}
              input={register('accessibilityNeeds')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="How often do you travel?"
                field={fieldIds('travelFrequency')}
                input={register('travelFrequency', { setValueAs: (v: string) => v || undefined })}
                options={TRAVEL_FREQUENCIES}
                error={errorText('travelFrequency')}
              />
              <SelectField
                label="Usual budget per trip"
                field={fieldIds('budgetRange')}
                input={register('budgetRange', { setValueAs: (v: string) => v || undefined })}
                options={BUDGET_RANGES}
                error={errorText('budgetRange')}
              />
            </div>
          </div>
        ) : null}

        {step === 2 ? (
          <div className="mt-3 grid gap-5">
            <fieldset>
              <legend className="font-semibold text-slate-900">How should we contact you?</legend>
              <div className="mt-2 grid gap-1 sm:grid-cols-3">
                {Object.entries(PREFERRED_CONTACTS).map(([value, label]) => (
                  <div key={value} className="flex min-h-11 items-center gap-3">
                    <input
                      type="radio"
                      id={`${ids}-contact-${value}`}
                      value={value}
                      {...register('preferredContact')}
                      className={checkboxClass}
                    />
                    <label htmlFor={`${ids}-contact-${value}`} className="text-slate-900">
                      {label}
                    </label>
                  </div>
                ))}
              </div>
              {errorText('preferredContact')}
            </fieldset>
            <fieldset>
              <legend className="font-semibold text-slate-900">Notifications</legend>
              <div className="mt-2 grid gap-3">
                {NOTIFICATIONS.map((option) => {
                  const id = `${ids}-${option.name}`;
                  return (
                    <div key={option.name} className="flex items-start justify-between gap-4">
                      <div>
                        <label htmlFor={id} className="font-medium text-slate-900">
                          {option.label}
                        </label>
                        <p id={`${id}-hint`} className="text-sm text-slate-700">
                          {option.hint}
                        </p>
                      </div>
                      <Controller
                        control={control}
                        name={option.name}
                        render={({ field }) => (
                          <Switch.Root
                            id={id}
                            ref={field.ref}
                            checked={Boolean(field.value)}
                            onCheckedChange={field.onChange}
                            onBlur={field.onBlur}
                            aria-describedby={`${id}-hint`}
                            className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-slate-600 bg-slate-200 data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700"
                          >
                            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow ring-1 ring-slate-600 data-[state=checked]:translate-x-[1.3rem] motion-safe:transition-transform" />
                          </Switch.Root>
                        )}
                      />
                    </div>
                  );
                })}
              </div>
            </fieldset>
            <TextField
              label="How did you hear about us? (optional)"
              field={fieldIds('referralSource')}
              input={register('referralSource')}
              maxLength={200}
              error={errorText('referralSource')}
            />
          </div>
        ) : null}

        {step === 3 ? (
          <div className="mt-3 grid gap-4">
            <RequiredNote />
            <p className="text-slate-800">
              This site is in preview: no travel is sold yet and payments are a demonstration.
            </p>
            {AGREEMENTS.map((name) => {
              const field = fieldIds(name);
              return (
                <div key={name}>
                  <div className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      required
                      {...field}
                      {...register(name)}
                      className={checkboxClass}
                    />
                    <label htmlFor={field.id} className="text-slate-900">
                      {AGREEMENT_LABELS[name]} <RequiredMark />
                    </label>
                  </div>
                  <div className="pl-9">{errorText(name)}</div>
                </div>
              );
            })}
          </div>
        ) : null}

        {submitError ? (
          <div
            role="alert"
            className="mt-5 rounded-md border border-red-700 bg-red-50 p-3 text-red-900"
          >
            <p className="font-semibold">{submitError.title}</p>
            <p>{submitError.description}</p>
          </div>
        ) : null}

        <div className="mt-6 flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
          {step > 0 ? (
            <Button variant="secondary" className="mr-auto" onClick={() => goTo(step - 1)}>
              Previous
            </Button>
          ) : null}
          {step < LAST_STEP ? (
            <Button type="submit">Next</Button>
          ) : (
            <Button
              type="submit"
              // aria-disabled, not disabled: the button keeps focus while the request is on its way.
              aria-disabled={signup.isPending ? true : undefined}
              variant={signup.isPending ? 'busy' : 'primary'}
            >
              {signup.isPending ? 'Signing up…' : 'Complete Sign-up'}
            </Button>
          )}
        </div>
      </form>
    </DialogContent>
  );
}

function RequiredMark() {
  return (
    <span aria-hidden="true" className="font-bold text-red-800">
      *
    </span>
  );
}

function RequiredNote() {
  return (
    <p className="text-sm text-slate-700">
      Required fields are marked with an asterisk (<RequiredMark />
      <span className="sr-only">asterisk</span>).
    </p>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

type FieldAttributes = {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

function TextField({
  label,
  required = false,
  hint,
  field,
  input,
  error,
  type = 'text',
  ...props
}: {
  label: string;
  required?: boolean;
  hint?: string;
  field: FieldAttributes;
  input: UseFormRegisterReturn;
  error: ReactNode;
  type?: string;
  autoComplete?: string;
  inputMode?: 'tel' | 'email' | 'text';
  maxLength?: number;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="font-semibold text-slate-900">
        {label} {required ? <RequiredMark /> : null}
      </label>
      {hint ? (
        <p id={`${field.id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <input
        type={type}
        required={required}
        {...field}
        {...input}
        {...props}
        className={inputClass}
      />
      {error}
    </div>
  );
}

function SelectField({
  label,
  field,
  input,
  options,
  error,
}: {
  label: string;
  field: FieldAttributes;
  input: UseFormRegisterReturn;
  options: Record<string, string>;
  error: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="font-semibold text-slate-900">
        {label}
      </label>
      <select {...field} {...input} className={inputClass}>
        <option value="">Prefer not to say</option>
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {error}
    </div>
  );
}

function CheckboxGroup({
  legend,
  hint,
  options,
  idPrefix,
  input,
}: {
  legend: string;
  hint: string;
  options: Record<string, string>;
  idPrefix: string;
  input: UseFormRegisterReturn;
}) {
  return (
    <fieldset aria-describedby={`${idPrefix}-hint`}>
      <legend className="font-semibold text-slate-900">{legend}</legend>
      <p id={`${idPrefix}-hint`} className="text-sm text-slate-700">
        {hint}
      </p>
      <div className="mt-2 grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        {Object.entries(options).map(([value, label]) => (
          <div key={value} className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              id={`${idPrefix}-${value}`}
              value={value}
              {...input}
              className={checkboxClass}
            />
            <label htmlFor={`${idPrefix}-${value}`} className="text-slate-900">
              {label}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** Spec §2: after success the dialog shows the access code instead of the form. */
function Confirmation({
  joined,
  headingRef,
}: {
  joined: Joined;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const [copyStatus, setCopyStatus] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(joined.accessCode);
      setCopyStatus('Copied');
    } catch {
      setCopyStatus('Copying is not allowed here: select the code and copy it yourself.');
    }
  }

  return (
    <div className="grid gap-4">
      <div className="rounded-lg border border-green-700 bg-green-50 p-5 text-green-950">
        <h3 ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-lg font-bold">
          <CheckCircle2 aria-hidden="true" className="size-6 shrink-0" />
          Your access code
        </h3>
        <p className="mt-3 font-mono text-3xl font-bold tracking-[0.2em] break-all text-slate-900">
          {joined.accessCode}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden="true" className="size-4" />
            Copy code
          </Button>
          <p role="status" className="font-medium">
            {copyStatus}
          </p>
        </div>
      </div>
      {joined.verificationSent ? (
        <p className="text-slate-800">
          We sent a verification e-mail to <strong>{joined.email}</strong>. Open the link in it
          within {VERIFICATION_VALID_HOURS} hours to confirm your address. Keep your access code: it
          identifies you as a beta tester.
        </p>
      ) : (
        <p className="text-slate-800">
          You did not give an e-mail address, so no verification e-mail was sent. Keep this code: it
          is how we recognise you as a beta tester.
        </p>
      )}
      <DialogClose asChild>
        <Button className="justify-self-end">Done</Button>
      </DialogClose>
    </div>
  );
}
