import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/min';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { BETA_STEP_FIELDS, BETA_STEPS } from '../../../contracts/beta.values';
import type { BetaSignup } from '../../../contracts/beta';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { DialogContent } from '../../components/ui/dialog';
import { ErrorSummary, FormAlert, type SummaryError } from '../../components/ui/form-alert';
import { serverFieldErrors, useFormKit } from '../../components/ui/use-form-kit';
import { toast } from '../../components/ui/use-toast';
import { useBetaSignup } from './api';
import { Confirmation } from './Confirmation';
import { SIGNUP_TOASTS, WIZARD_TITLE } from './copy';
import { AgreementsStep } from './steps/AgreementsStep';
import { ContactStep } from './steps/ContactStep';
import { PreferencesStep } from './steps/PreferencesStep';
import { TravelProfileStep } from './steps/TravelProfileStep';
import { wizardDraft, type WizardValues } from './wizard-draft';
import {
  ALL_FIELDS,
  invalidPhoneMessage,
  LAST_STEP,
  stepOf,
  summaryOf,
  wizardResolver,
  type FieldName,
} from './wizard-fields';
import { WizardProgress } from './WizardProgress';

/** A refused sign-up: the toast's words (the dialog says them too) and the server's field messages. */
interface SubmitProblem {
  title: string;
  description: string;
  fields: SummaryError[];
}

/** Where focus goes once a step change has rendered. */
type FocusAfterStep =
  | { kind: 'heading' }
  | { kind: 'field'; name: FieldName }
  /** The step's first invalid field: the step was shown for its errors. */
  | { kind: 'invalid' };

/**
 * Spec §2: the beta sign-up wizard (rendered inside a Dialog root by its opener). This is its shell:
 * the progress, the step's heading (which takes focus on each new step), Previous and Next, and
 * the sign-up itself; each step's fields are in steps/.
 */
export default function BetaWizard() {
  const ids = useId();
  const fieldId = (name: FieldName) => `${ids}-${name}`;
  const [step, setStep] = useState(() => wizardDraft.current().step);
  const [joined, setJoined] = useState(() => wizardDraft.current().joined);
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const joinedHeading = useRef<HTMLHeadingElement>(null);
  const focusAfterStep = useRef<FocusAfterStep>({ kind: 'heading' });

  const form = useFormKit<WizardValues, BetaSignup>({
    resolver: wizardResolver,
    defaultValues: wizardDraft.current().values,
  });
  const { getValues, setError, setFocus, trigger, focusFirstInvalid } = form;

  // What was typed outlives the dialog (until a sign-up succeeds).
  useEffect(() => () => wizardDraft.saveValues(getValues()), [getValues]);

  function goTo(next: number, focus: FocusAfterStep = { kind: 'heading' }) {
    focusAfterStep.current = focus;
    wizardDraft.saveStep(next);
    setStep(next);
  }

  // On a step change, focus the new step's heading (or the field that needs attention).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const focus = focusAfterStep.current;
    focusAfterStep.current = { kind: 'heading' };
    if (focus.kind === 'field') setFocus(focus.name);
    else if (focus.kind === 'invalid') focusFirstInvalid();
    else stepHeading.current?.focus();
  }, [step, setFocus, focusFirstInvalid]);

  useEffect(() => {
    if (joined) joinedHeading.current?.focus();
  }, [joined]);

  /** Focuses the first field with an error, going to its step first when needed. */
  function focusFirstError(errors: Partial<Record<string, unknown>>) {
    const first = ALL_FIELDS.find((name) => errors[name]);
    if (first === undefined) return;
    const target = stepOf(first);
    if (target === step) focusFirstInvalid();
    else goTo(target, { kind: 'invalid' });
  }

  /** A field of the list of the server's messages: shown (its step) and focused. */
  function showField(name: string) {
    const field = name as FieldName;
    const target = stepOf(field);
    if (target === step) setFocus(field);
    else goTo(target, { kind: 'field', name: field });
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
      const messages = serverFieldErrors(error);
      const fields = summaryOf(messages);
      for (const field of fields) {
        setError(field.name as FieldName, { type: 'server', message: field.message });
      }
      // The toast region sits outside this modal dialog, so the dialog says it too, with a link
      // to each field the server refused (some may be on other steps).
      setProblem({ ...message, fields });
      focusFirstError(messages);
    },
  });
  // The steps are filled in on the device (the draft is kept there); only the last press sends.
  const connection = useNeedsConnection();

  async function next() {
    const fields = (BETA_STEP_FIELDS[step] ?? []) as readonly FieldName[];
    const valid = fields.length === 0 || (await trigger([...fields]));
    if (!valid) {
      focusFirstInvalid();
      return;
    }
    if (step === 0) {
      const { phone, countryCode = 'US' } = getValues();
      if (!isValidPhoneNumber(phone, countryCode as CountryCode)) {
        setError('phone', { type: 'validate', message: invalidPhoneMessage(countryCode) });
        focusFirstInvalid();
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
    void form.submit(
      (values) => {
        setProblem(null);
        signup.mutate(values);
      },
      // The step's own errors take focus by themselves; another step's are shown first.
      (errors: FieldErrors<WizardValues>) => focusFirstError(errors),
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

  const stepProps = { form, fieldId };
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
      <WizardProgress step={step} />

      <form id={form.scopeId} onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-step`}>
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

        {step === 0 ? <ContactStep {...stepProps} /> : null}
        {step === 1 ? <TravelProfileStep {...stepProps} /> : null}
        {step === 2 ? <PreferencesStep {...stepProps} /> : null}
        {step === 3 ? <AgreementsStep {...stepProps} /> : null}

        {problem ? (
          <FormAlert title={problem.title} className="mt-5">
            <p>{problem.description}</p>
            <ErrorSummary
              title="Check these answers:"
              errors={problem.fields}
              targetId={(name) => fieldId(name as FieldName)}
              onSelect={showField}
            />
          </FormAlert>
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
              {...connection.button({ 'aria-disabled': signup.isPending })}
              variant={signup.isPending ? 'busy' : 'primary'}
            >
              {signup.isPending ? 'Signing up…' : 'Complete Sign-up'}
            </Button>
          )}
          {step === LAST_STEP && connection.note ? (
            <div className="flex basis-full justify-end">{connection.note}</div>
          ) : null}
        </div>
      </form>
    </DialogContent>
  );
}
