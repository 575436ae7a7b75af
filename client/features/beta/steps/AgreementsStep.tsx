import { RequiredMark, RequiredNote } from '../../../components/ui/form-field';
import { CheckboxField } from '../../../components/ui/form-choice';
import { AGREEMENTS, type Agreement } from '../wizard-draft';
import type { StepProps } from '../wizard-fields';

const AGREEMENT_LABELS: Record<Agreement, string> = {
  agreedToTerms: 'I agree to the terms and conditions of the beta programme',
  agreedToPrivacy: 'I agree to the privacy policy',
  agreedToDataProcessing: 'I consent to the processing of my answers to run the beta programme',
  agreedToFeedback: 'I agree to provide feedback as a beta tester',
};

/** Step 4: the four agreements the programme needs (spec §5: all required). */
export function AgreementsStep({ form, fieldId }: StepProps) {
  const { register, errorOf } = form;
  return (
    <div className="mt-3 grid gap-4">
      <RequiredNote />
      <p className="text-slate-800">
        This site is in preview: no travel is sold yet and payments are a demonstration.
      </p>
      {AGREEMENTS.map((name) => (
        <CheckboxField
          key={name}
          id={fieldId(name)}
          required
          label={
            <>
              {AGREEMENT_LABELS[name]} <RequiredMark />
            </>
          }
          error={errorOf(name)}
          {...register(name)}
        />
      ))}
    </div>
  );
}
