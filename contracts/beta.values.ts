/*
 * The beta programme contract's steps, choices, messages and wizard defaults. Without zod: the
 * browser's pages import these at first render, and evaluating zod and every schema costs a phone's
 * main thread noticeably (docs/decisions/013). The schemas and their types are in beta.ts, which
 * re-exports all of this.
 */
import type { BetaSignupRequest } from './beta.js';

/** Spec §2: the wizard's four steps, in order. */
export const BETA_STEPS = [
  'Contact Information',
  'Travel Profile',
  'Communication Preferences',
  'Legal Agreements',
] as const;

/** Spec §2, step 2: travel interests, with the labels the wizard shows. */
export const TRAVEL_INTERESTS = {
  cruise: 'Cruises',
  resort: 'Resorts',
  parks: 'National parks',
  adventure: 'Adventure',
  historic: 'Historic sites',
  unique: 'Unique stays',
  luxury: 'Luxury',
  budget: 'Budget travel',
  family: 'Family trips',
  solo: 'Solo travel',
} as const;
export type TravelInterest = keyof typeof TRAVEL_INTERESTS;

/** Spec §2, step 2: accessibility needs, with the labels the wizard shows. */
export const BETA_ACCESSIBILITY_NEEDS = {
  mobility: 'Mobility',
  veteran: 'Veteran',
  neurodiversity: 'Neurodiversity',
  visual: 'Visual',
  hearing: 'Hearing',
  cognitive: 'Cognitive',
  service_animal: 'Service animal',
  dietary: 'Dietary',
} as const;
export type BetaAccessibilityNeed = keyof typeof BETA_ACCESSIBILITY_NEEDS;

export const TRAVEL_FREQUENCIES = {
  monthly: 'Monthly',
  quarterly: 'Every few months',
  annually: 'Once a year',
  rarely: 'Rarely',
} as const;
export const BUDGET_RANGES = {
  under_1000: 'Under $1,000',
  '1000_5000': '$1,000 to $5,000',
  '5000_plus': 'Over $5,000',
} as const;
export const PREFERRED_CONTACTS = { sms: 'Text message', email: 'E-mail', both: 'Both' } as const;

/** Spec §5: the messages of the registration schema, word for word. */
export const BETA_MESSAGES = {
  phone: 'Phone number is required',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Please enter a valid email address',
  agreedToTerms: 'You must agree to the terms and conditions',
  agreedToPrivacy: 'You must agree to the privacy policy',
  agreedToDataProcessing: 'You must consent to data processing',
  agreedToFeedback: 'You must agree to provide feedback as a beta tester',
} as const;

/** The fields each wizard step checks before Next (spec §5: steps 2 and 3 check nothing). */
export const BETA_STEP_FIELDS: readonly (readonly (keyof BetaSignupRequest)[])[] = [
  ['firstName', 'lastName', 'phone', 'email', 'countryCode'],
  [],
  [],
  ['agreedToTerms', 'agreedToPrivacy', 'agreedToDataProcessing', 'agreedToFeedback'],
];

/** Spec §3: the wizard's payload defaults (smsNotifications true, all agreements false). */
export const WIZARD_DEFAULTS = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  countryCode: 'US',
  preferredContact: 'both',
  travelInterests: [],
  accessibilityNeeds: [],
  emailNotifications: true,
  smsNotifications: true,
  marketingEmails: false,
  feedbackReminders: true,
  agreedToTerms: false,
  agreedToPrivacy: false,
  agreedToDataProcessing: false,
  agreedToFeedback: false,
  referralSource: '',
} as const;

/** Spec §9: verification links are valid this long. */
export const VERIFICATION_VALID_HOURS = 24;

/** An access code's alphabet: no 0/O or 1/I/L, so it can be read aloud and typed back. */
export const ACCESS_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** "BETA-7K3M-Q9XD" */
export const ACCESS_CODE_PATTERN = /^BETA-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/** GET: checks an e-mail verification link's token for its address. */
export const verifyEmailApiPath = (token: string, email: string) =>
  `/api/beta/verify-email?${new URLSearchParams({ token, email }).toString()}`;
