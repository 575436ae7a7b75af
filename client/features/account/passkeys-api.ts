import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { Passkey, SignedInAccount } from '../../../contracts/auth';
import { AUTH_PATHS, passkeyPath } from '../../../contracts/auth.values';
import { apiRequest, errorMessage } from '../../lib/api';
import { accountKeys } from './api';

/*
 * Passkeys in the browser (docs/decisions/027): the server's options, the browser's WebAuthn call
 * through @simplewebauthn/browser (loaded only when a passkey is used), and the answer posted
 * back. The sign-in goes through `useSignIn` (api.ts), like a code.
 */

const webAuthn = () => import('@simplewebauthn/browser');

/** What went wrong at the browser's or the authenticator's end, said for the reader. */
export class PasskeyProblem extends Error {
  override name = 'PasskeyProblem';
}

/** The browser's WebAuthn errors, in words; a server's answer keeps its own message. */
function ceremonyProblem(registering: boolean) {
  return (error: unknown): never => {
    const { name, code } = (error ?? {}) as { name?: string; code?: string };
    if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
      throw new PasskeyProblem(
        'This device or key already holds a passkey for your account: it is in the list.',
      );
    }
    if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') {
      throw new PasskeyProblem(PASSKEYS_UNAVAILABLE);
    }
    throw new PasskeyProblem(
      registering
        ? 'No passkey was made: it was cancelled or took too long. You can try again.'
        : 'No passkey was used: it was cancelled, took too long, or this device holds none for this site. Try again, or sign in with a code by e-mail.',
    );
  };
}

export const PASSKEYS_UNAVAILABLE =
  'Passkeys do not work at this address of the site. Sign in with a code by e-mail instead.';

/**
 * Whether this browser can use passkeys here: WebAuthn, a secure context, and a host name
 * (browsers refuse passkeys on a bare IP address). Read on the client only (useClientValue).
 */
export function passkeysPossible(): boolean {
  if (typeof window === 'undefined' || !window.isSecureContext) return false;
  if (typeof window.PublicKeyCredential !== 'function') return false;
  return !/^[\d.]+$|^\[/.test(window.location.hostname);
}

/** A passkey's failure in words: the browser's, else the server's message, else `fallback`. */
export const passkeyMessage = (error: unknown, fallback: string): string =>
  error instanceof PasskeyProblem ? error.message : errorMessage(error, fallback);

/** Signs in with any passkey this device holds for the site: no address asked. */
export async function signInWithPasskey(): Promise<SignedInAccount> {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    webAuthn(),
    apiRequest<PublicKeyCredentialRequestOptionsJSON>('POST', AUTH_PATHS.passkeySignInOptions),
  ]);
  const response = await startAuthentication({ optionsJSON }).catch(ceremonyProblem(false));
  return apiRequest<SignedInAccount>('POST', AUTH_PATHS.passkeySignIn, { response });
}

/** Makes a passkey on this device (or a key) and adds it to the account. */
async function addPasskey(): Promise<Passkey> {
  const [{ startRegistration }, optionsJSON] = await Promise.all([
    webAuthn(),
    apiRequest<PublicKeyCredentialCreationOptionsJSON>('POST', AUTH_PATHS.passkeyRegisterOptions),
  ]);
  const response = await startRegistration({ optionsJSON }).catch(ceremonyProblem(true));
  return apiRequest<Passkey>('POST', AUTH_PATHS.passkeys, { response });
}

/** A change to the account's passkeys: the account is read again (its list is in it). */
function usePasskeyChange<TVariables, TResult>(send: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

export const useAddPasskey = () => usePasskeyChange(addPasskey);
export const useRenamePasskey = () =>
  usePasskeyChange(({ id, name }: { id: string; name: string }) =>
    apiRequest<void>('PATCH', passkeyPath(id), { name }),
  );
export const useRemovePasskey = () =>
  usePasskeyChange((id: string) => apiRequest<void>('DELETE', passkeyPath(id)));
