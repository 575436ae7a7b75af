import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { COSEALG } from '@simplewebauthn/server/helpers';
import {
  AUTH_MESSAGES,
  PASSKEYS_PER_ACCOUNT,
  type Passkey,
  type PasskeySignIn,
  type RegisterPasskey,
  type WebAuthnOptions,
} from '../../../contracts/auth.js';
import { BadRequest, Conflict, NotFound } from '../../errors.js';
import type { PasskeyRow, PasskeysRepository } from './passkeys-repository.js';
import type { AccountRow } from './repository.js';

/** The name a passkey dialog of the browser or phone shows for the site. */
const RP_NAME = 'Accessible Journeys';
/** How long a challenge waits for the person at their authenticator (a slow hand, a PIN). */
const CHALLENGE_MINUTES = 5;
const CHALLENGE_MS = CHALLENGE_MINUTES * 60_000;
/** What the browser is told it may take: the challenge's own life. */
const CEREMONY_TIMEOUT_MS = CHALLENGE_MS;

/**
 * The keys accepted, as the library's defaults were before it began probing Node's experimental
 * post-quantum Web Crypto (a warning in the log at every start): EdDSA, ES256, RS256.
 */
const ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/** The one answer to a sign-in that fails, whatever failed: it names no account. */
const rejected = () => new BadRequest(AUTH_MESSAGES.passkeyRejected);
const notAdded = () => new BadRequest(AUTH_MESSAGES.passkeyNotAdded);
const notFound = () => new NotFound(AUTH_MESSAGES.passkeyNotFound);

/** A passkey as the account page shows it: its name and dates, never its key. */
export const passkeyView = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
});

/** The library's options, as the JSON object the route answers (and the contract describes). */
const asOptions = (options: object) => options as WebAuthnOptions;

const transportsOf = (row: PasskeyRow): string[] | undefined =>
  row.transports ? (JSON.parse(row.transports) as string[]) : undefined;

/** The account id as the authenticator keeps it (the passkey's user handle). */
const userHandle = (accountId: string) => Buffer.from(accountId, 'utf8');

export interface PasskeysDeps {
  repository: PasskeysRepository;
  /** The site's address: its host is the passkeys' RP ID and its origin the only one accepted. */
  appUrl: string;
  now?: () => Date;
}

/**
 * Passkeys (WebAuthn, through SimpleWebAuthn; docs/decisions/027-passkeys.md): a signed-in
 * account registers several, each named; any one of them signs in alone, as a discoverable
 * credential, so the sign-in asks for no address and says nothing of which accounts exist.
 * Each ceremony's challenge is kept by the server and used once.
 */
export function createPasskeys(deps: PasskeysDeps) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());
  const { origin, hostname: rpID } = new URL(deps.appUrl);

  async function keepChallenge(
    challenge: string,
    purpose: 'register' | 'sign-in',
    accountId: string | null,
  ) {
    const at = now();
    await repository.keepChallenge(
      {
        challenge,
        purpose,
        accountId,
        expiresAt: new Date(at.getTime() + CHALLENGE_MS).toISOString(),
      },
      at.toISOString(),
    );
  }
  const takeChallenge =
    (purpose: 'register' | 'sign-in', accountId: string | null) => (challenge: string) =>
      repository.takeChallenge(challenge, purpose, accountId, now().toISOString());

  return {
    list: async (accountId: string): Promise<Passkey[]> =>
      (await repository.ofAccount(accountId)).map(passkeyView),

    /**
     * The options of registering one more passkey for the account: its own passkeys excluded
     * (one authenticator, one passkey), and a discoverable credential required, so the passkey
     * signs in without an address.
     */
    async registrationOptions(account: AccountRow): Promise<WebAuthnOptions> {
      const existing = await repository.ofAccount(account.id);
      if (existing.length >= PASSKEYS_PER_ACCOUNT) throw new Conflict(AUTH_MESSAGES.passkeyLimit);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID,
        userName: account.email,
        userDisplayName: account.email,
        userID: userHandle(account.id),
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({
          id: row.credentialId,
          transports: transportsOf(row),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      await keepChallenge(options.challenge, 'register', account.id);
      return asOptions(options);
    },

    /**
     * Verifies the browser's answer to the registration options and stores the passkey, named
     * as its owner said or after the browser that made it.
     */
    async register(
      account: AccountRow,
      { response, name }: RegisterPasskey,
      fallbackName: string,
    ): Promise<Passkey> {
      const existing = await repository.ofAccount(account.id);
      if (existing.length >= PASSKEYS_PER_ACCOUNT) throw new Conflict(AUTH_MESSAGES.passkeyLimit);
      const verification = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: takeChallenge('register', account.id),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
        supportedAlgorithmIDs: ALGORITHMS,
      }).catch(() => null);
      if (!verification?.verified) throw notAdded();
      const { credential } = verification.registrationInfo;
      const row = {
        id: randomUUID(),
        accountId: account.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ? JSON.stringify(credential.transports) : null,
        name: name ?? fallbackName,
        createdAt: now().toISOString(),
        lastUsedAt: null,
      };
      if (!(await repository.insert(row))) throw notAdded();
      return passkeyView(row);
    },

    /** The options of signing in with any passkey of this site: no address, no account named. */
    async signInOptions(): Promise<WebAuthnOptions> {
      const options = await generateAuthenticationOptions({
        rpID,
        timeout: CEREMONY_TIMEOUT_MS,
        userVerification: 'preferred',
      });
      await keepChallenge(options.challenge, 'sign-in', null);
      return asOptions(options);
    },

    /**
     * Verifies a sign-in with a passkey: its challenge (once), origin, site, signature and
     * counter. Returns the account's id; any failure is the same 400.
     */
    async verifySignIn({ response }: PasskeySignIn): Promise<string> {
      const passkey = await repository.byCredential(response.id);
      if (!passkey) throw rejected();
      const handle = response.response.userHandle;
      if (handle && handle !== userHandle(passkey.accountId).toString('base64url'))
        throw rejected();
      const verification = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: takeChallenge('sign-in', null),
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: Number(passkey.counter),
          transports: transportsOf(passkey),
        },
        requireUserVerification: false,
      }).catch(() => null);
      if (!verification?.verified) throw rejected();
      await repository.used(
        passkey.id,
        verification.authenticationInfo.newCounter,
        now().toISOString(),
      );
      return passkey.accountId;
    },

    async rename(accountId: string, id: string, name: string): Promise<void> {
      if (!(await repository.rename(accountId, id, name))) throw notFound();
    },

    async remove(accountId: string, id: string): Promise<void> {
      if (!(await repository.remove(accountId, id))) throw notFound();
    },
  };
}
export type Passkeys = ReturnType<typeof createPasskeys>;
