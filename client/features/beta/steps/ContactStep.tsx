import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { VERIFICATION_VALID_HOURS } from '../../../../contracts/beta.values';
import {
  Field,
  Input,
  RequiredMark,
  RequiredNote,
  Select,
} from '../../../components/ui/form-field';
import type { StepProps } from '../wizard-fields';

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

/** Step 1: who the traveller is and how to reach them. */
export function ContactStep({ form, fieldId }: StepProps) {
  const { register, errorOf } = form;
  return (
    <div className="mt-3 grid gap-4">
      <RequiredNote />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={fieldId('firstName')}
          label={
            <>
              First name <RequiredMark />
            </>
          }
          error={errorOf('firstName')}
        >
          <Input required autoComplete="given-name" {...register('firstName')} />
        </Field>
        <Field
          id={fieldId('lastName')}
          label={
            <>
              Last name <RequiredMark />
            </>
          }
          error={errorOf('lastName')}
        >
          <Input required autoComplete="family-name" {...register('lastName')} />
        </Field>
      </div>
      <Field
        id={fieldId('countryCode')}
        label="Country of your phone number"
        error={errorOf('countryCode')}
      >
        <Select autoComplete="country" {...register('countryCode')}>
          {COUNTRY_OPTIONS.map((country) => (
            <option key={country.code} value={country.code}>
              {country.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={fieldId('phone')}
        label={
          <>
            Phone number <RequiredMark />
          </>
        }
        hint="Include the area code."
        error={errorOf('phone')}
      >
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required
          {...register('phone')}
        />
      </Field>
      <Field
        id={fieldId('email')}
        label="E-mail (optional)"
        hint={`We send a link to confirm it, valid for ${VERIFICATION_VALID_HOURS} hours. Leave it empty if you prefer.`}
        error={errorOf('email')}
      >
        <Input type="email" autoComplete="email" {...register('email')} />
      </Field>
    </div>
  );
}
