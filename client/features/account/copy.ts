/** The words of sign-in and the account page, said once (issue 27). */

export const SIGN_IN_TITLE = 'Sign in';
/** Why to sign in, in one line: it is an offer, and nothing else needs it. */
export const SIGN_IN_WHY = 'Keep your trips, bookings and photos on every device. No password.';
export const SIGNED_OUT_LEAD =
  'You don’t need an account: browsing, searching, the assistant, planning and the beta sign-up all work without one. Signing in keeps what you make on every device you sign in on.';

export const SIGN_IN_FAILED = 'We could not sign you in. Please try again.';
export const MAIL_FAILED = 'We could not send the e-mail. Please try again.';
