import { z } from 'zod';
import {
  BETA_ACCESSIBILITY_NEEDS,
  BETA_MESSAGES,
  BUDGET_RANGES,
  PREFERRED_CONTACTS,
  TRAVEL_FREQUENCIES,
  TRAVEL_INTERESTS,
} from './beta.values.js';

export * from './beta.values.js';

const keysOf = <T extends object>(record: T) =>
  Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

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

export const betaSignupResponseSchema = z.object({
  accessCode: z.string(),
  /** Whether a verification e-mail was sent (only when an e-mail was given). */
  verificationSent: z.boolean(),
});
export type BetaSignupResponse = z.infer<typeof betaSignupResponseSchema>;

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
