import { Switch } from 'radix-ui';
import { Controller } from 'react-hook-form';
import { PREFERRED_CONTACTS } from '../../../../contracts/beta.values';
import { Field, FieldControl, Input } from '../../../components/ui/form-field';
import { Choice, FieldGroup } from '../../../components/ui/form-choice';
import type { StepProps } from '../wizard-fields';

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

/** Step 3: how and about what the programme writes to the traveller. */
export function PreferencesStep({ form, fieldId }: StepProps) {
  const { register, errorOf, control } = form;
  return (
    <div className="mt-3 grid gap-5">
      <FieldGroup legend="How should we contact you?" error={errorOf('preferredContact')}>
        <div className="mt-2 grid gap-1 sm:grid-cols-3">
          {Object.entries(PREFERRED_CONTACTS).map(([value, label], index) => (
            <Choice
              key={value}
              type="radio"
              id={index === 0 ? fieldId('preferredContact') : undefined}
              value={value}
              label={label}
              {...register('preferredContact')}
            />
          ))}
        </div>
      </FieldGroup>
      <FieldGroup legend="Notifications">
        <div className="mt-2 grid gap-3">
          {NOTIFICATIONS.map((option) => (
            <Field
              key={option.name}
              id={fieldId(option.name)}
              label={option.label}
              hint={option.hint}
              error={errorOf(option.name)}
              // The switch sits to the right of its label and hint.
              className="grid grid-cols-[1fr_auto] items-start gap-x-4"
              labelClassName="font-medium text-slate-900"
            >
              <Controller
                control={control}
                name={option.name}
                render={({ field }) => (
                  <FieldControl>
                    <Switch.Root
                      ref={field.ref}
                      checked={Boolean(field.value)}
                      onCheckedChange={field.onChange}
                      onBlur={field.onBlur}
                      className="relative col-start-2 row-span-2 row-start-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-slate-600 bg-slate-200 data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700"
                    >
                      <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow ring-1 ring-slate-600 data-[state=checked]:translate-x-[1.3rem] motion-safe:transition-transform" />
                    </Switch.Root>
                  </FieldControl>
                )}
              />
            </Field>
          ))}
        </div>
      </FieldGroup>
      <Field
        id={fieldId('referralSource')}
        label="How did you hear about us? (optional)"
        error={errorOf('referralSource')}
      >
        <Input maxLength={200} {...register('referralSource')} />
      </Field>
    </div>
  );
}
