/**
 * Issue 27: passkeys (docs/decisions/027-passkeys.md). A software authenticator answers the
 * server's options with real keys and signatures, so every check of the verification runs:
 * the one-use challenge, the origin, the site, the signature, the counter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  PASSKEYS_PER_ACCOUNT,
  PASSKEY_NAME_MAX,
  REAUTH_FRESH_MINUTES,
  accountSchema,
  passkeySchema,
  signedInAccountSchema,
  type WebAuthnOptions,
} from '../../contracts/auth.js';
import type { Trip } from '../../contracts/planner.js';
import { createTrip } from '../factories/planner.js';
import {
  addressesUnder,
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';
import { signInByMail } from '../helpers/sign-in.js';
import { startSmtpReceiver } from '../helpers/smtp.js';
import { softAuthenticator, type SoftAuthenticator } from '../helpers/soft-authenticator.js';

const SITE = 'http://journeys.test';
/** What the creation options carry that the software authenticator reads. */
type CreationOptions = WebAuthnOptions & {
  rp: { id: string; name: string };
  user: { id: string; name: string };
  excludeCredentials: { id: string }[];
  authenticatorSelection: { residentKey: string };
};

describe('passkeys', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({ SMTP_URL: smtp.url, APP_URL: SITE, TRUST_PROXY: 'loopback' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const db = () => server.database.db;
  const nextAddress = addressesUnder('10.8');
  const visitor = () => createVisitor(server.url, { address: nextAddress() });
  let mails = 0;
  const newEmail = () => `passkey-${++mails}@example.org`;

  const signInByCode = (who: Visitor, email: string) =>
    signInByMail(smtp, who, email, { site: SITE });

  async function creationOptions(who: Visitor): Promise<CreationOptions> {
    const response = await who.request('POST', '/api/account/passkeys/options');
    expect(response.status).toBe(200);
    return (await response.json()) as CreationOptions;
  }

  /** Registers a new passkey of `authenticator` for `who`'s account. */
  async function addPasskey(who: Visitor, authenticator: SoftAuthenticator, name?: string) {
    const response = await who.request('POST', '/api/account/passkeys', {
      body: { response: authenticator.create(await creationOptions(who)), name },
    });
    expect(response.status).toBe(201);
    return passkeySchema.parse(await response.json());
  }

  async function signInOptions(who: Visitor): Promise<WebAuthnOptions & { rpId: string }> {
    const response = await who.request('POST', '/api/auth/passkey/options');
    expect(response.status).toBe(200);
    return (await response.json()) as WebAuthnOptions & { rpId: string };
  }
  const withPasskey = (who: Visitor, response: unknown) =>
    who.request('POST', '/api/auth/passkey', { body: { response } });

  async function account(who: Visitor) {
    return accountSchema.parse(await (await who.request('GET', '/api/account')).json());
  }

  it('registers passkeys for a signed-in account, each named, and lists them', async () => {
    const laptop = visitor();
    const email = newEmail();
    await signInByCode(laptop, email);
    const authenticator = softAuthenticator(SITE);

    const options = await creationOptions(laptop);
    expect(options.rp).toEqual({ id: 'journeys.test', name: 'Accessible Journeys' });
    expect(options.user.name).toBe(email);
    expect(options.excludeCredentials).toEqual([]);
    // Discoverable, so the passkey signs in without an address.
    expect(options.authenticatorSelection.residentKey).toBe('required');
    const added = await laptop.request('POST', '/api/account/passkeys', {
      body: { response: authenticator.create(options) },
    });
    expect(added.status).toBe(201);
    // Named by nobody: after the browser that made it (the test's fetch has no known browser).
    expect(passkeySchema.parse(await added.json()).name).toBe('Passkey');

    const named = await addPasskey(laptop, softAuthenticator(SITE), '  Phone  ');
    expect(named.name).toBe('Phone');
    const listed = await account(laptop);
    expect(listed.signedIn && listed.passkeys.map((p) => p.name)).toEqual(['Passkey', 'Phone']);
    // The next options exclude both: one authenticator, one passkey.
    expect((await creationOptions(laptop)).excludeCredentials).toHaveLength(2);
  });

  it('signs a new browser in with a passkey alone, claiming what it made, on a new session', async () => {
    const laptop = visitor();
    const email = newEmail();
    await signInByCode(laptop, email);
    const authenticator = softAuthenticator(SITE);
    await addPasskey(laptop, authenticator, 'Laptop');

    const phone = visitor();
    await createTrip(phone, { title: 'Made before signing in' });
    const anonymousCookie = [...phone.cookies.values()].join();
    const options = await signInOptions(phone);
    // Nothing in the options names an account.
    expect(options).not.toHaveProperty('allowCredentials');
    expect(options.rpId).toBe('journeys.test');
    const answer = await withPasskey(phone, authenticator.get(options));
    expect(answer.status).toBe(200);
    expect(signedInAccountSchema.parse(await answer.json()).email).toBe(email);
    expect([...phone.cookies.values()].join()).not.toBe(anonymousCookie);
    const trips = (await (await laptop.request('GET', '/api/trip-planners')).json()) as Trip[];
    expect(trips.map((trip) => trip.title)).toContain('Made before signing in');
    // The passkey's use is dated; the sign-in counts as fresh (adding another passkey works).
    const listed = await account(phone);
    expect(listed.signedIn && listed.passkeys[0]!.lastUsedAt).toBeTruthy();
    expect((await phone.request('POST', '/api/account/passkeys/options')).status).toBe(200);
  });

  it('refuses every sign-in that does not hold, with one answer', async () => {
    const laptop = visitor();
    await signInByCode(laptop, newEmail());
    const authenticator = softAuthenticator(SITE);
    await addPasskey(laptop, authenticator);
    const stranger = visitor();
    const refused = async (response: unknown) => {
      const answer = await withPasskey(stranger, response);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toBe(
        AUTH_MESSAGES.passkeyRejected,
      );
    };

    // A challenge is used once: the same answer again is refused.
    const options = await signInOptions(stranger);
    const first = authenticator.get(options);
    expect((await withPasskey(visitor(), first)).status).toBe(200);
    await refused(first);
    // A challenge the server never gave.
    await refused(authenticator.get({ ...options, challenge: 'bm90LWEtY2hhbGxlbmdl' }));
    // An answer made for another site (a phishing page's origin).
    const phished = softAuthenticator('http://journeys.example.net');
    phished.credentials.push(...authenticator.credentials);
    await refused(phished.get(await signInOptions(stranger)));
    // A credential the server does not know.
    const unknown = softAuthenticator(SITE);
    unknown.create(await creationOptions(laptop));
    await refused(unknown.get(await signInOptions(stranger)));
    // A counter that went back: a cloned authenticator.
    const credential = authenticator.credentials[0]!;
    await refused(authenticator.get(await signInOptions(stranger), credential, 1));
    // An expired challenge.
    const late = await signInOptions(stranger);
    await db()
      .updateTable('webauthnChallenges')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('challenge', '=', late.challenge)
      .execute();
    await refused(authenticator.get(late, credential, credential.counter + 1));
    // A signature over other data.
    const forged = authenticator.get(await signInOptions(stranger));
    forged.response.signature = authenticator.get(await signInOptions(stranger)).response.signature;
    await refused(forged);
    expect((await account(stranger)).signedIn).toBe(false);
  });

  it('needs a fresh sign-in to add a passkey, and a sign-in to rename or remove one', async () => {
    const stranger = visitor();
    const signedOut = await stranger.request('POST', '/api/account/passkeys/options');
    expect(signedOut.status).toBe(403);
    expect(await signedOut.json()).toMatchObject({ reauthenticate: true });

    const owner = visitor();
    await signInByCode(owner, newEmail());
    const authenticator = softAuthenticator(SITE);
    const passkey = await addPasskey(owner, authenticator);
    const options = await creationOptions(owner);
    await db()
      .updateTable('sessions')
      .set({ createdAt: new Date(Date.now() - (REAUTH_FRESH_MINUTES + 1) * 60_000).toISOString() })
      .where('accountId', 'is not', null)
      .execute();
    const stale = await owner.request('POST', '/api/account/passkeys', {
      body: { response: softAuthenticator(SITE).create(options) },
    });
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ reauthenticate: true });

    const path = `/api/account/passkeys/${passkey.id}`;
    // Another account, or nobody, cannot touch it.
    const other = visitor();
    await signInByCode(other, newEmail());
    expect((await other.request('PATCH', path, { body: { name: 'Mine' } })).status).toBe(404);
    expect((await other.request('DELETE', path)).status).toBe(404);
    expect((await stranger.request('DELETE', path)).status).toBe(404);

    const tooLong = await owner.request('PATCH', path, {
      body: { name: 'x'.repeat(PASSKEY_NAME_MAX + 1) },
    });
    expect(tooLong.status).toBe(400);
    expect((await owner.request('PATCH', path, { body: { name: 'Blue key' } })).status).toBe(204);
    let listed = await account(owner);
    expect(listed.signedIn && listed.passkeys.map((p) => p.name)).toEqual(['Blue key']);
    expect((await owner.request('DELETE', path)).status).toBe(204);
    listed = await account(owner);
    expect(listed.signedIn && listed.passkeys).toEqual([]);
    // Removed, it signs nobody in.
    const answer = await withPasskey(stranger, authenticator.get(await signInOptions(stranger)));
    expect(answer.status).toBe(400);
  });

  it('holds at most PASSKEYS_PER_ACCOUNT passkeys', async () => {
    const owner = visitor();
    const { email } = await signInByCode(owner, newEmail());
    const row = await db()
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await db()
      .insertInto('passkeys')
      .values(
        Array.from({ length: PASSKEYS_PER_ACCOUNT }, (_, index) => ({
          id: `limit-${index}-${row.id}`,
          accountId: row.id,
          credentialId: `limit-${index}-${row.id}`,
          publicKey: 'AA',
          counter: 0,
          transports: null,
          name: `Key ${index}`,
          createdAt: at,
          lastUsedAt: null,
        })),
      )
      .execute();
    const full = await owner.request('POST', '/api/account/passkeys/options');
    expect(full.status).toBe(409);
    expect(((await full.json()) as { message: string }).message).toBe(AUTH_MESSAGES.passkeyLimit);
  });

  it('goes with its account: no passkey or challenge is left, and it signs nobody in', async () => {
    const owner = visitor();
    const { email } = await signInByCode(owner, newEmail());
    const authenticator = softAuthenticator(SITE);
    await addPasskey(owner, authenticator);
    await creationOptions(owner);
    const { id } = await db()
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

    const exported = await owner.request('GET', '/api/account/export');
    expect(exported.status).toBe(200);
    expect(
      (await owner.request('DELETE', '/api/account', { body: { confirm: email } })).status,
    ).toBe(204);
    expect(
      await db().selectFrom('passkeys').where('accountId', '=', id).selectAll().execute(),
    ).toEqual([]);
    expect(
      await db().selectFrom('webauthnChallenges').where('accountId', '=', id).selectAll().execute(),
    ).toEqual([]);
    const stranger = visitor();
    const answer = await withPasskey(stranger, authenticator.get(await signInOptions(stranger)));
    expect(answer.status).toBe(400);
  });
});
