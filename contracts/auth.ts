import { z } from 'zod';
import { AUTH_MESSAGES, SIGN_IN_CODE_PATTERN } from './auth.values.js';

export * from './auth.values.js';

/** An e-mail address as typed: trimmed; the server also lower-cases it. */
const emailSchema = z.string().trim().pipe(z.email(AUTH_MESSAGES.email).max(254));

export const requestSignInSchema = z.object({ email: emailSchema });
export type RequestSignIn = z.infer<typeof requestSignInSchema>;

export const requestSignInResponseSchema = z.object({ message: z.string() });

export const signInWithCodeSchema = z.object({
  email: emailSchema,
  // Typed from a mail, perhaps with a space in the middle: spaces are dropped before the check.
  code: z
    .string()
    .max(20, AUTH_MESSAGES.code)
    .transform((code) => code.replace(/\s+/g, ''))
    .pipe(z.string().regex(SIGN_IN_CODE_PATTERN, AUTH_MESSAGES.code)),
});
export type SignInWithCode = z.infer<typeof signInWithCodeSchema>;

export const signInWithLinkSchema = z.object({
  token: z.string().trim().min(1, AUTH_MESSAGES.linkRejected).max(200, AUTH_MESSAGES.linkRejected),
});
export type SignInWithLink = z.infer<typeof signInWithLinkSchema>;

/** One signed-in device of the account. `id` is the session's own id, never its token. */
export const accountSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** A coarse label of the browser ("Firefox on Windows"), or null when none could be read. */
  label: z.string().nullable(),
  /** Whether this is the device asking. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const signedInAccountSchema = z.object({
  signedIn: z.literal(true),
  email: z.string(),
  createdAt: z.string(),
  /** The access code of a beta sign-up whose verified address is the account's. */
  betaAccessCode: z.string().nullable(),
  sessions: z.array(accountSessionSchema),
});
export type SignedInAccount = z.infer<typeof signedInAccountSchema>;

/** GET /api/account: never a 401; a visitor who is not signed in is told so. */
export const accountSchema = z.discriminatedUnion('signedIn', [
  z.object({ signedIn: z.literal(false) }),
  signedInAccountSchema,
]);
export type Account = z.infer<typeof accountSchema>;

export const accountSessionParamsSchema = z.object({ id: z.string().min(1).max(100) });

/**
 * DELETE /api/account: the account's own e-mail address, typed again (any case, spaces around),
 * as the confirmation that everything is to go. Wrong: 400 naming `confirm`.
 */
export const deleteAccountSchema = z.object({
  confirm: z
    .string()
    .trim()
    .min(1, AUTH_MESSAGES.deleteConfirm)
    .max(254, AUTH_MESSAGES.deleteConfirm),
});
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;
