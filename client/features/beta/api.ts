import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  BetaSignupRequest,
  BetaSignupResponse,
  VerificationResult,
} from '../../../contracts/beta';
import { ApiError, apiRequest } from '../../lib/api';

/** POST /api/beta/signup: 201 with the access code, or an ApiError (400 with `errors`, 409, 429). */
export const signUpForBeta = (signup: BetaSignupRequest) =>
  apiRequest<BetaSignupResponse>('POST', '/api/beta/signup', signup);

type SignupCallbacks = {
  onSuccess: (result: BetaSignupResponse, signup: BetaSignupRequest) => void;
  onError: (error: Error) => void;
};

/**
 * The callbacks are the mutation's own (not `mutate`'s), so they run even when the dialog was
 * closed while the request was on its way: the code is kept and announced all the same.
 */
export function useBetaSignup(callbacks: SignupCallbacks) {
  return useMutation({ mutationFn: signUpForBeta, ...callbacks });
}

/** `{path, message}` of a 400 answer, keyed by the top-level field ("travelInterests.0" -> travelInterests). */
export function signupFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const body = JSON.parse(error.bodyText) as { errors?: { path: string; message: string }[] };
    const entries = (body.errors ?? []).map((e) => [e.path.split('.')[0], e.message] as const);
    // The first message for a field wins, as the schema reports them in order.
    return Object.fromEntries(entries.reverse());
  } catch {
    return {};
  }
}

const isVerificationResult = (value: unknown): value is VerificationResult =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as VerificationResult).verified === 'boolean';

/**
 * GET /api/beta/verify-email. A 400 or 410 still carries the result (`verified: false` and why), so
 * it resolves with that result; any other failure (a 500, no network) rejects.
 */
export async function verifyEmail(token: string, email: string): Promise<VerificationResult> {
  const query = new URLSearchParams({ token, email });
  try {
    return await apiRequest<VerificationResult>('GET', `/api/beta/verify-email?${query}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 410)) {
      try {
        const body: unknown = JSON.parse(error.bodyText);
        if (isVerificationResult(body)) return body;
      } catch {
        // Not the verification body: a plain failure.
      }
    }
    throw error;
  }
}

/** Spec §4: the verification is asked once and never retried (the link may be single-use). */
export const verifyEmailQuery = (token: string, email: string) =>
  queryOptions({
    queryKey: ['/api/beta/verify-email', token, email],
    queryFn: () => verifyEmail(token, email),
    retry: false,
    staleTime: Infinity,
  });

export function useVerifyEmail(token: string, email: string) {
  return useQuery(verifyEmailQuery(token, email));
}

/** POST /api/beta/resend-verification: the same answer whether or not the address is known. */
export const resendVerification = (email: string) =>
  apiRequest<{ message: string }>('POST', '/api/beta/resend-verification', { email });

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
