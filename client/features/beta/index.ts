// Only code without zod belongs here: the landing page imports this file in its first chunk.
export { useResendVerification, useVerifyEmail } from './api';
export { useBetaWizard } from './BetaWizardLauncher';
export { VERIFICATION_FALLBACK_ERROR } from './copy';
