import { forgetVisitorCaches } from '../../lib/offline';
import { forgetSavedReads } from '../../lib/saved-reads';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Account, SignedInAccount } from '../../../contracts/auth';
import { accountSessionPath, AUTH_MESSAGES, AUTH_PATHS } from '../../../contracts/auth.values';
import type { ErrorBody } from '../../../contracts/errors';
import { ApiError, apiGet, apiRequest } from '../../lib/api';

/*
 * Passwordless sign-in and the account page (docs/decisions/024). The features never see an
 * account: a signed-in browser's visitor is the account's, so signing in or out changes what every
 * visitor-scoped read (trips, bookings, media, chat...) answers. Each of those is reset after it.
 */

/** The account's query keys: each key has one shape, the one its fetcher returns. */
export const accountKeys = {
  all: ['account'] as const,
  current: () => ['account', 'current'] as const,
};

/** GET /api/account: who is signed in on this browser (never a 401), and the account's devices. */
export const fetchAccount = (signal?: AbortSignal) => apiGet<Account>(AUTH_PATHS.account, signal);

export const accountQuery = queryOptions({
  queryKey: accountKeys.current(),
  queryFn: ({ signal }) => fetchAccount(signal),
  // The account page is rendered with it (server/features/accounts/index.ts).
  meta: { readPath: AUTH_PATHS.account },
});

export function useAccount() {
  return useQuery(accountQuery);
}

/**
 * After a sign-in or a sign-out the browser is someone else to the server: the account is set
 * (or read again) and every other read is reset, so nothing of the previous identity stays on
 * screen or in the cache; the reads on screen ask again, the others when next shown.
 */
export async function identityChanged(queryClient: QueryClient, account?: Account): Promise<void> {
  await queryClient.cancelQueries();
  void forgetVisitorCaches();
  void forgetSavedReads();
  // Loaded only then: the queue's code stays out of every page's first load.
  if (account && !account.signedIn) {
    void import('../planner/change-queue').then((queue) => queue.forgetPendingChanges());
  }
  if (account) queryClient.setQueryData(accountQuery.queryKey, account);
  else void queryClient.invalidateQueries({ queryKey: accountKeys.all });
  void queryClient.resetQueries({
    predicate: (query) => query.queryKey[0] !== accountKeys.all[0],
  });
}

/** POST /api/auth/email: 202 and the same message for every address (no account discovery). */
export const requestSignInMail = (email: string) =>
  apiRequest<{ message: string }>('POST', AUTH_PATHS.requestEmail, { email });

/** POST /api/auth/email/code: the account's summary, or a 400 naming `code`. */
export const signInWithCode = (email: string, code: string) =>
  apiRequest<SignedInAccount>('POST', AUTH_PATHS.emailCode, { email, code });

/** POST /api/auth/email/link: the link's page posts its token (a GET never signs in). */
export const signInWithLink = (token: string) =>
  apiRequest<SignedInAccount>('POST', AUTH_PATHS.emailLink, { token });

export function useRequestSignInMail() {
  return useMutation({ mutationFn: requestSignInMail });
}

/** Signs in with a code or a link's token; on success the identity changes (see above). */
export function useSignIn<TVariables>(send: (variables: TVariables) => Promise<SignedInAccount>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (account) => identityChanged(queryClient, account),
  });
}

/** The three ways out: this device, another device, every device. */
export type SignOut =
  { kind: 'this-device' } | { kind: 'device'; sessionId: string } | { kind: 'everywhere' };

function sendSignOut(signOut: SignOut): Promise<void> {
  if (signOut.kind === 'device') {
    return apiRequest<void>('DELETE', accountSessionPath(signOut.sessionId));
  }
  return apiRequest<void>(
    'POST',
    signOut.kind === 'everywhere' ? AUTH_PATHS.signOutEverywhere : AUTH_PATHS.signOut,
  );
}

/**
 * Signs a device out. Signing this browser out (alone or with every device) makes it a newcomer,
 * so every read is reset; another device's leaves this one as it was, with its list read again.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSignOut,
    onSuccess: (_, signOut) => {
      if (signOut.kind === 'device') {
        return queryClient.invalidateQueries({ queryKey: accountKeys.all });
      }
      return identityChanged(queryClient, { signedIn: false });
    },
  });
}

/**
 * Whether a refusal asks for a fresh sign-in before the request is repeated: the account's
 * download and deletion answer 403 `{message, reauthenticate: true}` (decision 026).
 */
export function needsFreshSignIn(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    (error.body as Partial<ErrorBody> | undefined)?.reauthenticate === true
  );
}

/**
 * HEAD of the download: the same check of the sign-in as its GET, with no archive made or sent.
 * A HEAD's answer has no body, so its 403 is given the words of a sign-in too old (the page asking
 * is signed in); the hour's allowance and the archive's size are only known to the GET.
 */
export async function checkDownload(): Promise<void> {
  const response = await fetch(AUTH_PATHS.accountExport, {
    method: 'HEAD',
    credentials: 'include',
    cache: 'no-store',
  });
  if (response.ok) return;
  if (response.status === 403) {
    const body: ErrorBody = { message: AUTH_MESSAGES.reauthenticate, reauthenticate: true };
    throw new ApiError(403, JSON.stringify(body));
  }
  throw await ApiError.from(response);
}

/**
 * DELETE /api/account with the address typed to confirm. On success the browser is a newcomer
 * (its session went with the account), so every read is reset as after a sign-out.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) => apiRequest<void>('DELETE', AUTH_PATHS.account, { confirm }),
    onSuccess: () => identityChanged(queryClient, { signedIn: false }),
  });
}
