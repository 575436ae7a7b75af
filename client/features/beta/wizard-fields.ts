import { BETA_STEPS } from '../../../contracts/beta.values';
import { betaSignupSchema, type BetaSignup } from '../../../contracts/beta';
import type { SummaryError } from '../../components/ui/form-alert';
import { contractResolver, type FormKit } from '../../components/ui/use-form-kit';
import { AGREEMENTS, type WizardValues } from './wizard-draft';

export type FieldName = keyof WizardValues & string;
/** The wizard's form: the answers as typed, the payload once the contract's schema parsed them. */
export type WizardForm = FormKit<WizardValues, BetaSignup>;

/** What every step is given: the form, and the page's id prefix for its fields' ids. */
export interface StepProps {
  form: WizardForm;
  fieldId: (name: FieldName) => string;
}

/** Every field, on the step that shows it, in the order shown (the first invalid one takes focus). */
export const STEP_FIELDS: readonly (readonly FieldName[])[] = [
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
export const ALL_FIELDS: readonly FieldName[] = STEP_FIELDS.flat();

export const stepOf = (field: string) =>
  STEP_FIELDS.findIndex((fields) => fields.includes(field as FieldName));
export const LAST_STEP = BETA_STEPS.length - 1;

/** The fields' labels, as on screen, for the list of the server's messages. */
export const FIELD_LABELS: Record<FieldName, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  countryCode: 'Country of your phone number',
  phone: 'Phone number',
  email: 'E-mail',
  travelInterests: 'Travel interests',
  accessibilityNeeds: 'Accessibility needs',
  travelFrequency: 'How often do you travel?',
  budgetRange: 'Usual budget per trip',
  preferredContact: 'How should we contact you?',
  emailNotifications: 'E-mail notifications',
  smsNotifications: 'Text message notifications',
  marketingEmails: 'Marketing e-mails',
  feedbackReminders: 'Feedback reminders',
  referralSource: 'How did you hear about us?',
  agreedToTerms: 'Terms and conditions',
  agreedToPrivacy: 'Privacy policy',
  agreedToDataProcessing: 'Processing of your answers',
  agreedToFeedback: 'Feedback as a beta tester',
};

/**
 * The server checks that the number exists in the chosen country (with the same library); checking
 * it on Next too spares the traveller from finding out only after step 4. Same words as the server.
 */
export const invalidPhoneMessage = (countryCode: string) =>
  `Please enter a valid phone number for ${countryCode}`;

// contracts/beta.ts types the agreements as `true` (the payload); the form holds booleans until then.
export const wizardResolver = contractResolver<WizardValues, typeof betaSignupSchema>(
  betaSignupSchema,
);

/** The server's field messages, in the form's order, as the alert lists them (each a link). */
export const summaryOf = (messages: Readonly<Record<string, string>>): SummaryError[] =>
  ALL_FIELDS.filter((name) => messages[name]).map((name) => ({
    name,
    label: FIELD_LABELS[name],
    message: messages[name] ?? '',
  }));
