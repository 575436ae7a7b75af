import { REAUTH_FRESH_MINUTES } from '../../../contracts/auth.values';

/** The words of sign-in and the account page, said once (issue 27). */

export const SIGN_IN_TITLE = 'Sign in';
/** Why to sign in, in one line: it is an offer, and nothing else needs it. */
export const SIGN_IN_WHY = 'Keep your trips, bookings and photos on every device. No password.';
export const SIGNED_OUT_LEAD =
  'You don’t need an account: browsing, searching, the assistant, planning and the beta sign-up all work without one. Signing in keeps what you make on every device you sign in on.';

export const SIGN_IN_FAILED = 'We could not sign you in. Please try again.';
export const MAIL_FAILED = 'We could not send the e-mail. Please try again.';

/* "Your data" on the account page: the download of everything, and the account's deletion. */

export const DATA_HEADING = 'Your data';
export const DOWNLOAD_LABEL = 'Download my data';
export const DELETE_LABEL = 'Delete my account';
export const SIGN_IN_AGAIN = 'Sign in again';
export const DOWNLOAD_FAILED = 'We could not start the download. Please try again.';
export const DELETE_FAILED = 'We could not delete your account. Please try again.';
/** Said before either is pressed, so the sign-in they may ask for is no surprise. */
export const FRESH_SIGN_IN_NOTE = `For your safety, both need a sign-in within the last ${REAUTH_FRESH_MINUTES} minutes. If it has been longer, we ask you to sign in again first.`;
/** What the deletion takes (server/features/accounts/service.ts deleteAccount, decision 026). */
export const DELETION_TAKES = [
  'your trips and their plans, with their share links and calendar addresses',
  'your bookings, their payments and receipts',
  'your photos, videos and travel movies, with their share links',
  'your chat with the assistant',
  'your sign-in: every device signed in to the account is signed out, this one too',
] as const;
