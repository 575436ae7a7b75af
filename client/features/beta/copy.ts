/**
 * The wizard's words that the main chunk needs too (the launcher's loading view). Kept apart from
 * contracts/beta.ts, which imports zod: the landing page loads this file, not the schema.
 */
export const WIZARD_TITLE = 'Join the Beta';
export const WIZARD_LOADING = 'Loading the sign-up form…';

/** Spec §8: the sign-up toasts, word for word. */
export const SIGNUP_TOASTS = {
  welcome: { title: 'Welcome to the Beta' },
  alreadyRegistered: {
    title: 'Already registered',
    description:
      'This email is already signed up for beta access. Check your email for your access code.',
  },
  failed: { title: 'Signup failed', description: 'Something went wrong. Please try again.' },
} as const;

/** Spec §8: the verification page's fallback error. */
export const VERIFICATION_FALLBACK_ERROR = 'An error occurred during verification.';
