import {
  BETA_ACCESSIBILITY_NEEDS,
  BUDGET_RANGES,
  TRAVEL_FREQUENCIES,
  TRAVEL_INTERESTS,
} from '../../../../contracts/beta.values';
import { Field, Select } from '../../../components/ui/form-field';
import { Choice, FieldGroup } from '../../../components/ui/form-choice';
import type { FieldName, StepProps } from '../wizard-fields';

/** An empty choice ("Prefer not to say") is no answer, not an empty one. */
const emptyIsNone = { setValueAs: (value: string) => value || undefined };

/** Step 2: what the traveller likes and needs (nothing here is required). */
export function TravelProfileStep({ form, fieldId }: StepProps) {
  const { register, errorOf } = form;

  const choices = (name: FieldName, options: Record<string, string>) => (
    <div className="mt-2 grid grid-cols-1 gap-x-4 sm:grid-cols-2">
      {Object.entries(options).map(([value, label], index) => (
        <Choice
          key={value}
          type="checkbox"
          // The first choice is where the list of the server's messages leads.
          id={index === 0 ? fieldId(name) : undefined}
          value={value}
          label={label}
          {...register(name)}
        />
      ))}
    </div>
  );

  const select = (name: FieldName, label: string, options: Record<string, string>) => (
    <Field id={fieldId(name)} label={label} error={errorOf(name)}>
      <Select {...register(name, emptyIsNone)}>
        <option value="">Prefer not to say</option>
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Select>
    </Field>
  );

  return (
    <div className="mt-3 grid gap-5">
      <FieldGroup
        legend="Travel interests"
        hint="Choose any that apply."
        error={errorOf('travelInterests')}
      >
        {choices('travelInterests', TRAVEL_INTERESTS)}
      </FieldGroup>
      <FieldGroup
        legend="Accessibility needs"
        hint="Choose any that apply: they tell us which support our beta testers rely on."
        error={errorOf('accessibilityNeeds')}
      >
        {choices('accessibilityNeeds', BETA_ACCESSIBILITY_NEEDS)}
      </FieldGroup>
      <div className="grid gap-4 sm:grid-cols-2">
        {select('travelFrequency', 'How often do you travel?', TRAVEL_FREQUENCIES)}
        {select('budgetRange', 'Usual budget per trip', BUDGET_RANGES)}
      </div>
    </div>
  );
}
