/*
 * Passwordless sign-in and the account page: paths, limits and messages, without zod, so a page
 * can show them at first render (docs/decisions/013). The schemas are in auth.ts, which
 * re-exports all of this. Signing in is an offer, never a wall (issue 27): nothing else needs it.
 */

/** The API's paths of sign-in and the account. */
export const AUTH_PATHS = {
  requestEmail: '/api/auth/email',
  emailCode: '/api/auth/email/code',
  emailLink: '/api/auth/email/link',
  signOut: '/api/auth/sign-out',
  signOutEverywhere: '/api/auth/sign-out-everywhere',
  /** GET: who is signed in. DELETE: the account and everything in it (fresh sign-in, `{confirm}`). */
  account: '/api/account',
  accountSession: '/api/account/sessions/:id',
  /** GET: one ZIP of everything the account holds (fresh sign-in): see ACCOUNT_EXPORT. */
  accountExport: '/api/account/export',
  /** POST: the options of signing in with a passkey (a one-use challenge). */
  passkeySignInOptions: '/api/auth/passkey/options',
  /** POST `{response}`: signs in with the passkey the browser used. */
  passkeySignIn: '/api/auth/passkey',
  /** POST (fresh sign-in): the options of registering a passkey for the signed-in account. */
  passkeyRegisterOptions: '/api/account/passkeys/options',
  /** POST `{response, name}` (fresh sign-in): stores the new passkey. */
  passkeys: '/api/account/passkeys',
  /** PATCH `{name}`: renames one; DELETE: removes it. */
  passkey: '/api/account/passkeys/:id',
} as const;

/**
 * The client's pages of sign-in. The mailed link opens `signInLink` with `?token=`; that page
 * POSTs the token, since a GET must never sign in by itself (mail scanners follow links).
 */
export const AUTH_PAGES = {
  account: '/account',
  signInLink: '/sign-in/link',
} as const;

/** The address of one of the account's sessions, to sign that device out. */
export const accountSessionPath = (id: string): string =>
  AUTH_PATHS.accountSession.replace(':id', encodeURIComponent(id));

/** The address of one of the account's passkeys, to rename or remove it. */
export const passkeyPath = (id: string): string =>
  AUTH_PATHS.passkey.replace(':id', encodeURIComponent(id));

/** A passkey's name: what its owner calls it ("Phone", "Chrome on Windows"). */
export const PASSKEY_NAME_MAX = 60;
/** Passkeys one account can hold: several devices and a spare key, with room to spare. */
export const PASSKEYS_PER_ACCOUNT = 20;

/** A code and a link are valid this long after they are mailed. */
export const SIGN_IN_CODE_VALID_MINUTES = 15;
/** Digits of the mailed code. */
export const SIGN_IN_CODE_DIGITS = 6;
/** Wrong tries a code takes before it stops working (a new one can be asked for). */
export const SIGN_IN_CODE_ATTEMPTS = 5;

/**
 * Downloading one's data and deleting the account need a fresh sign-in: a session signed in (by a
 * code, a link or, later, a passkey) within this many minutes. Past it, both answer 403 with
 * `reauthenticate: true`, and the page asks for a new code: signing in again makes it fresh.
 */
export const REAUTH_FRESH_MINUTES = 10;

/** The archive of `GET /api/account/export` (docs/features/account-data.md). */
export const ACCOUNT_EXPORT = {
  /** The download's name. */
  fileName: 'accessible-journeys-data.zip',
  /** The records: the account, its devices, and every row of every table of its things. */
  recordsFile: 'account.json',
  /** Each photo's and video's bytes: `media/<id>-<file name>`; movies: `movies/<id>-<file>`. */
  mediaFolder: 'media/',
  moviesFolder: 'movies/',
  /** Version of the archive's layout, in `account.json`'s `format`. */
  format: 1,
  /** Downloads one account may make an hour (each reads every row and file it holds). */
  perHour: 3,
} as const;

export const AUTH_MESSAGES = {
  /** The same for every address, known or not: the answer says nothing about an account. */
  mailSent: 'If the address can receive mail, a code and a link are on their way',
  email: 'Please enter a valid email address',
  code: 'Enter the six-digit code from the e-mail',
  codeRejected: 'That code is not right or has expired. Ask for a new one.',
  linkRejected: 'That sign-in link is not right or has expired. Ask for a new one.',
  sessionNotFound: 'That device is not signed in to your account',
  /** Export and delete when the browser is not signed in (403, `reauthenticate: true`). */
  signInFirst: 'Sign in to your account first.',
  /** Export and delete past REAUTH_FRESH_MINUTES since the sign-in (403, `reauthenticate: true`). */
  reauthenticate: `For your safety, sign in again before you do this: a sign-in counts for ${REAUTH_FRESH_MINUTES} minutes.`,
  /** The deletion's `confirm` is not the account's e-mail address (400, path `confirm`). */
  deleteConfirm: 'Type your account’s e-mail address to confirm that everything is to be deleted',
  /** Every passkey sign-in that fails, whatever the reason (400): says nothing of accounts. */
  passkeyRejected: 'That passkey did not sign you in. Try again, or sign in with a code by e-mail.',
  /** A registration the server could not verify (400). */
  passkeyNotAdded: 'The passkey could not be added. Please try again.',
  passkeyName: `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX} characters`,
  passkeyNotFound: 'That passkey is not on your account',
  passkeyLimit: `Your account holds ${PASSKEYS_PER_ACCOUNT} passkeys, the most it can. Remove one you no longer use first.`,
  /** An archive past what one ZIP can hold (409). */
  exportTooLarge:
    'Your photos and videos are more than one download can hold (4 GB). Download the largest ones from the gallery, delete them, and try again.',
} as const;

/** Matches the code as typed once spaces are gone: six digits. */
export const SIGN_IN_CODE_PATTERN = /^\d{6}$/;

/** How an e-mail address is kept and compared: trimmed and lower-cased. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
