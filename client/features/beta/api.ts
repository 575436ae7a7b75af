import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  BetaSignupRequest,
  BetaSignupResponse,
  VerificationResult,
} from '../../../contracts/beta';
import { verifyEmailApiPath } from '../../../contracts/beta.values';
import { ApiError, apiGet, apiRequest } from '../../lib/api';

/** The beta programme's query keys: each key has one shape, the one its fetcher returns. */
export const betaKeys = {
  verifyEmail: (token: string, email: string) => ['beta', 'verify-email', token, email] as const,
};

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

/** A 400 answer's message for each field ("travelInterests.0" -> travelInterests): ApiError's fieldErrors. */
export function signupFieldErrors(error: unknown): Readonly<Record<string, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  return error.fieldErrors;
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
  try {
    return await apiGet<VerificationResult>(verifyEmailApiPath(token, email));
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.status === 400 || error.status === 410) &&
      isVerificationResult(error.body)
    ) {
      return error.body;
    }
    throw error;
  }
}

/** Spec §4: the verification is asked once and never retried (the link may be single-use). */
export const verifyEmailQuery = (token: string, email: string) =>
  queryOptions({
    queryKey: betaKeys.verifyEmail(token, email),
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
