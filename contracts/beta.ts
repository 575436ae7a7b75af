import { z } from 'zod';

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

const keysOf = <T extends object>(record: T) =>
  Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

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

const required = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);
const mustAgree = (message: string) => z.literal(true, { error: message });

/**
 * Spec §3 and §5: the registration payload, shared by the wizard (per step) and the server. The
 * schema's own defaults are the registration schema's (smsNotifications false); the wizard sends
 * explicit values (its own defaults, smsNotifications true).
 */
export const betaSignupSchema = z.object({
  firstName: required(BETA_MESSAGES.firstName),
  lastName: required(BETA_MESSAGES.lastName),
  phone: required(BETA_MESSAGES.phone, 40),
  email: z
    .union([z.literal(''), z.email(BETA_MESSAGES.email).max(254, BETA_MESSAGES.email)], {
      error: BETA_MESSAGES.email,
    })
    .optional(),
  /** ISO 3166-1 alpha-2 of the phone number's country. */
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Country code must be two letters, like US')
    .default('US'),
  preferredContact: z.enum(keysOf(PREFERRED_CONTACTS)).default('both'),
  travelInterests: z
    .array(z.enum(keysOf(TRAVEL_INTERESTS)))
    .max(10)
    .default([]),
  accessibilityNeeds: z
    .array(z.enum(keysOf(BETA_ACCESSIBILITY_NEEDS)))
    .max(8)
    .default([]),
  travelFrequency: z.enum(keysOf(TRAVEL_FREQUENCIES)).optional(),
  budgetRange: z.enum(keysOf(BUDGET_RANGES)).optional(),
  emailNotifications: z.boolean().default(true),
  smsNotifications: z.boolean().default(false),
  marketingEmails: z.boolean().default(false),
  feedbackReminders: z.boolean().default(true),
  agreedToTerms: mustAgree(BETA_MESSAGES.agreedToTerms),
  agreedToPrivacy: mustAgree(BETA_MESSAGES.agreedToPrivacy),
  agreedToDataProcessing: mustAgree(BETA_MESSAGES.agreedToDataProcessing),
  agreedToFeedback: mustAgree(BETA_MESSAGES.agreedToFeedback),
  referralSource: z.string().trim().max(200).optional(),
});
export type BetaSignupRequest = z.input<typeof betaSignupSchema>;
export type BetaSignup = z.output<typeof betaSignupSchema>;

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

export const betaSignupResponseSchema = z.object({
  accessCode: z.string(),
  /** Whether a verification e-mail was sent (only when an e-mail was given). */
  verificationSent: z.boolean(),
});
export type BetaSignupResponse = z.infer<typeof betaSignupResponseSchema>;

/** Spec §9: verification links are valid this long. */
export const VERIFICATION_VALID_HOURS = 24;

export const verifyEmailQuerySchema = z.object({
  token: z.string().trim().min(1).max(200).optional(),
  email: z.string().trim().min(1).max(254).optional(),
});

/** Spec §3: the verification result. */
export const verificationResultSchema = z.object({
  verified: z.boolean(),
  accessCode: z.string().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
});
export type VerificationResult = z.infer<typeof verificationResultSchema>;

export const resendVerificationSchema = z.object({
  email: z.email(BETA_MESSAGES.email).max(254),
});
export const resendVerificationResponseSchema = z.object({ message: z.string() });

/** An access code's alphabet: no 0/O or 1/I/L, so it can be read aloud and typed back. */
export const ACCESS_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** "BETA-7K3M-Q9XD" */
export const ACCESS_CODE_PATTERN = /^BETA-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;
