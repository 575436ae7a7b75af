import { z } from 'zod';
import {
  AUTH_MESSAGES,
  PASSKEY_NAME_MAX,
  PASSKEYS_PER_ACCOUNT,
  SIGN_IN_CODE_PATTERN,
} from './auth.values.js';

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

/** One passkey of the account: its name and dates, never its key. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const signedInAccountSchema = z.object({
  signedIn: z.literal(true),
  email: z.string(),
  createdAt: z.string(),
  /** The access code of a beta sign-up whose verified address is the account's. */
  betaAccessCode: z.string().nullable(),
  sessions: z.array(accountSessionSchema),
  passkeys: z.array(passkeySchema).max(PASSKEYS_PER_ACCOUNT),
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

/** A passkey's name as typed: trimmed, 1 to PASSKEY_NAME_MAX characters. */
export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.passkeyName)
  .max(PASSKEY_NAME_MAX, AUTH_MESSAGES.passkeyName);

export const renamePasskeySchema = z.object({ name: passkeyNameSchema });
export type RenamePasskey = z.infer<typeof renamePasskeySchema>;
export const passkeyParamsSchema = z.object({ id: z.string().min(1).max(100) });

/*
 * What a browser's WebAuthn call answers, as JSON (the shapes of @simplewebauthn/browser's
 * RegistrationResponseJSON and AuthenticationResponseJSON): base64url fields, each bounded; the
 * server's verification reads them, so nothing here is trusted beyond its shape.
 */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);
const credentialFields = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
};

export const registrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    userHandle: base64url(1024).optional(),
  }),
});

/** POST /api/account/passkeys: the browser's answer to the registration options, and a name. */
export const registerPasskeySchema = z.object({
  response: registrationResponseSchema,
  name: passkeyNameSchema.optional(),
});
export type RegisterPasskey = z.infer<typeof registerPasskeySchema>;

/** POST /api/auth/passkey: the browser's answer to the sign-in options. */
export const passkeySignInSchema = z.object({ response: authenticationResponseSchema });
export type PasskeySignIn = z.infer<typeof passkeySignInSchema>;

/**
 * The options of a WebAuthn call, as @simplewebauthn/server makes them and the browser's
 * library takes them (PublicKeyCredentialCreationOptionsJSON, …RequestOptionsJSON).
 */
export const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });
export type WebAuthnOptions = z.infer<typeof webAuthnOptionsSchema>;
