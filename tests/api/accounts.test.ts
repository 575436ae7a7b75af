/**
 * Issue 27: passwordless accounts (docs/decisions/024-passwordless-accounts.md). Codes and links
 * are read from the mails a real SMTP receiver got; expiry is set in the database; sweeps run at
 * a chosen time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  SIGN_IN_CODE_ATTEMPTS,
  accountSchema,
  signedInAccountSchema,
  type SignedInAccount,
} from '../../contracts/auth.js';
import type { MediaFile } from '../../contracts/media.js';
import type { Trip } from '../../contracts/planner.js';
import { CLAIMS } from '../../server/features/accounts/repository.js';
import {
  SIGN_IN_MAILS_PER_HOUR_PER_ADDRESS,
  SIGN_IN_MAILS_PER_HOUR_PER_EMAIL,
} from '../../server/features/accounts/routes.js';
import { VISITOR_TABLES } from '../../server/features/retention/repository.js';
import { hashToken } from '../../server/lib/tokens.js';
import { createBooking } from '../factories/bookings.js';
import { createMediaFile } from '../factories/media.js';
import { betaSignup } from '../factories/beta.js';
import { createTrip } from '../factories/planner.js';
import {
  addressesUnder,
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';
import { snakeCase, tablesWithColumn } from '../helpers/database.js';
import { makeMediaFixtures, type MediaFixtures } from '../helpers/media-files.js';
import {
  askForSignInMail,
  postSignInCode,
  postSignInLink,
  readSignInMail,
  signInByMail,
} from '../helpers/sign-in.js';
import { decoded, startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const SITE = 'http://journeys.test';

describe('passwordless accounts', () => {
  let smtp: SmtpReceiver;
  let server: TestServer;
  let fixtures: MediaFixtures;

  beforeAll(async () => {
    fixtures = await makeMediaFixtures();
    smtp = await startSmtpReceiver();
    server = await startTestServer({ SMTP_URL: smtp.url, APP_URL: SITE, TRUST_PROXY: 'loopback' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await fixtures?.close();
  });

  const db = () => server.database.db;
  // Each at an address of its own: a newcomer's limits count its address.
  const nextAddress = addressesUnder('10.9');
  const visitor = () => createVisitor(server.url, { address: nextAddress() });

  async function askForMail(who: Visitor, email: string) {
    const response = await askForSignInMail(who, email);
    return { status: response.status, body: (await response.json()) as unknown };
  }

  /** The code and the link token of the latest of `count` mails to `email` (others may be beta mails). */
  const mailed = (email: string, count = 1) => readSignInMail(smtp, email, { site: SITE, count });

  /** Signs `who` in with a new code to `email`; the `count`th mail to it. */
  const signIn = (who: Visitor, email: string, count = 1) =>
    signInByMail(smtp, who, email, { site: SITE, count });

  async function account(who: Visitor) {
    const response = await who.request('GET', '/api/account');
    expect(response.status).toBe(200);
    return accountSchema.parse(await response.json());
  }
  async function tripTitles(who: Visitor): Promise<string[]> {
    const trips = (await (await who.request('GET', '/api/trip-planners')).json()) as Trip[];
    return trips.map((trip) => trip.title).sort();
  }
  /** A photo uploaded and listed in the gallery, as the uploader does it. */
  const upload = (who: Visitor) =>
    createMediaFile(server, who, {
      bytes: fixtures.jpeg,
      fileType: 'image/jpeg',
      fileName: 'harbour.jpg',
    });

  async function rejected(response: Response, path: 'code' | 'token') {
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { path: string; message: string }[] };
    expect(body.errors).toEqual([
      {
        path,
        message: path === 'code' ? AUTH_MESSAGES.codeRejected : AUTH_MESSAGES.linkRejected,
      },
    ]);
  }

  it('signs in with the mailed code: one mail with a code and a link, stored only as hashes, used once', async () => {
    const traveller = visitor();
    const { status, body } = await askForMail(traveller, '  Grace.Hopper@Example.org ');
    expect(status).toBe(202);
    expect(body).toEqual({ message: AUTH_MESSAGES.mailSent });
    const { code, token, text } = await mailed('grace.hopper@example.org');
    expect(text).toContain('15 minutes');
    expect(text).toMatch(/Content-Type: text\/html/i);

    const row = await db()
      .selectFrom('signInCodes')
      .selectAll()
      .where('email', '=', 'grace.hopper@example.org')
      .executeTakeFirstOrThrow();
    expect(Object.values(row)).not.toContain(code);
    expect(row.linkHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // No account yet: it is made when the code is used.
    expect(await db().selectFrom('accounts').selectAll().execute()).toEqual([]);

    // Typed with a space, as read off the mail, and the address in another case.
    const response = await postSignInCode(
      traveller,
      'GRACE.hopper@example.org',
      `${code.slice(0, 3)} ${code.slice(3)}`,
    );
    expect(response.status).toBe(200);
    const signedIn = signedInAccountSchema.parse(await response.json());
    expect(signedIn).toMatchObject({ email: 'grace.hopper@example.org', betaAccessCode: null });
    expect(signedIn.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect(await account(traveller)).toEqual(signedIn);

    // Once: the code again, or the link of the same mail, signs nobody in.
    await rejected(await postSignInCode(visitor(), 'grace.hopper@example.org', code), 'code');
    await rejected(await postSignInLink(visitor(), token), 'token');
  });

  it('signs in with the mailed link’s token, once; a GET of the link signs nobody in', async () => {
    const email = 'link@example.org';
    const traveller = visitor();
    await askForMail(traveller, email);
    const { token, code } = await mailed(email);
    const page = await fetch(`${server.url}/sign-in/link?token=${token}`);
    await page.arrayBuffer();
    expect(
      await db().selectFrom('accounts').select('id').where('email', '=', email).execute(),
    ).toEqual([]);

    const response = await postSignInLink(traveller, token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ signedIn: true, email });
    await rejected(await postSignInLink(visitor(), token), 'token');
    await rejected(await postSignInCode(visitor(), email, code), 'code');
    await rejected(await postSignInLink(visitor(), 'not-a-token'), 'token');
  });

  it('answers an address with an account and one without the same, and makes no account for asking', async () => {
    const known = 'known@example.org';
    await signIn(visitor(), known);
    const forKnown = await askForMail(visitor(), known);
    const forUnknown = await askForMail(visitor(), 'nobody@example.org');
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown).toEqual({ status: 202, body: { message: AUTH_MESSAGES.mailSent } });
    await mailed('nobody@example.org');
    const accounts = await db().selectFrom('accounts').select('email').execute();
    expect(accounts.map((a) => a.email)).not.toContain('nobody@example.org');
  });

  it('mails one address at most the hourly allowance; past it, the same answer and no mail', async () => {
    const email = 'flooded@example.org';
    for (let i = 1; i <= SIGN_IN_MAILS_PER_HOUR_PER_EMAIL; i++) {
      // In any case and spacing: one address.
      expect(await askForMail(visitor(), i % 2 ? email : ` FLOODED@example.org`)).toEqual({
        status: 202,
        body: { message: AUTH_MESSAGES.mailSent },
      });
    }
    await smtp.mailFor(email, SIGN_IN_MAILS_PER_HOUR_PER_EMAIL);
    expect(await askForMail(visitor(), email)).toEqual({
      status: 202,
      body: { message: AUTH_MESSAGES.mailSent },
    });
    // A later mail to another address arrives alone.
    await askForMail(visitor(), 'marker@example.org');
    await smtp.mailFor('marker@example.org');
    expect(await smtp.mailFor(email)).toHaveLength(SIGN_IN_MAILS_PER_HOUR_PER_EMAIL);
  });

  it('refuses a network past its hourly allowance of mail requests with a 429, as every route', async () => {
    const network = createVisitor(server.url, { address: '10.20.0.1' });
    for (let i = 0; i < SIGN_IN_MAILS_PER_HOUR_PER_ADDRESS; i++) {
      expect((await askForMail(network, `member.${i}@example.org`)).status).toBe(202);
    }
    const refused = await askForMail(network, 'one.more@example.org');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: expect.stringContaining('your network') });
    // Another network is not held back.
    expect((await askForMail(visitor(), 'one.more@example.org')).status).toBe(202);
  });

  it(`kills a code after ${SIGN_IN_CODE_ATTEMPTS} wrong tries, and a new mail replaces the last one`, async () => {
    const email = 'guesser@example.org';
    await askForMail(visitor(), email);
    const { code } = await mailed(email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < SIGN_IN_CODE_ATTEMPTS; i++) {
      await rejected(await postSignInCode(visitor(), email, wrong), 'code');
    }
    await rejected(await postSignInCode(visitor(), email, code), 'code');

    await askForMail(visitor(), email);
    const second = await mailed(email, 2);
    await askForMail(visitor(), email);
    const third = await mailed(email, 3);
    // The second mail's code and link stopped working when the third was sent.
    if (second.code !== third.code)
      await rejected(await postSignInCode(visitor(), email, second.code), 'code');
    await rejected(await postSignInLink(visitor(), second.token), 'token');
    expect((await postSignInCode(visitor(), email, third.code)).status).toBe(200);
  });

  it('counts tries made at once: no more than the allowed tries are compared', async () => {
    const email = 'at.once@example.org';
    await askForMail(visitor(), email);
    const { code } = await mailed(email);
    const wrong = code === '999999' ? '999998' : '999999';
    const tries = await Promise.all(
      Array.from({ length: SIGN_IN_CODE_ATTEMPTS * 2 }, () =>
        postSignInCode(visitor(), email, wrong),
      ),
    );
    expect(tries.map((t) => t.status)).toEqual(tries.map(() => 400));
    const row = await db()
      .selectFrom('signInCodes')
      .select('attempts')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(SIGN_IN_CODE_ATTEMPTS);
    await rejected(await postSignInCode(visitor(), email, code), 'code');
  });

  it('lets the code or the link of one mail sign in, not both, when used at once', async () => {
    const email = 'race@example.org';
    await askForMail(visitor(), email);
    const { code, token } = await mailed(email);
    const [byCode, byLink] = await Promise.all([
      postSignInCode(visitor(), email, code),
      postSignInLink(visitor(), token),
    ]);
    expect([byCode.status, byLink.status].sort()).toEqual([200, 400]);
    const accounts = await db()
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(accounts).toHaveLength(1);
  });

  it('refuses an expired code and link', async () => {
    const email = 'late@example.org';
    await askForMail(visitor(), email);
    const { code, token } = await mailed(email);
    await db()
      .updateTable('signInCodes')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', email)
      .execute();
    await rejected(await postSignInCode(visitor(), email, code), 'code');
    await rejected(await postSignInLink(visitor(), token), 'token');
  });

  it('rotates the session: the cookie from before signing in no longer reaches anything', async () => {
    const traveller = visitor();
    await createTrip(traveller, { title: 'Before signing in' });
    const before = new Map(traveller.cookies);
    await signIn(traveller, 'rotate@example.org');
    expect(traveller.cookies).not.toEqual(before);
    expect(await tripTitles(traveller)).toEqual(['Before signing in']);

    // The session presented before is gone, not only emptied.
    const [, oldValue] = [...before][0]!;
    const oldToken = server.app.unsignCookie(decodeURIComponent(oldValue)).value!;
    const oldRow = await db()
      .selectFrom('sessions')
      .select('visitorId')
      .where('tokenHash', '=', hashToken(oldToken))
      .executeTakeFirst();
    expect(oldRow).toBeUndefined();
    const replay = visitor();
    for (const [name, value] of before) replay.cookies.set(name, value);
    expect(await tripTitles(replay)).toEqual([]);
    expect(await account(replay)).toEqual({ signedIn: false });
  });

  it('claims what each device made; both devices see everything, and the devices can be signed out', async () => {
    const email = 'two.devices@example.org';
    const laptop = visitor();
    await createTrip(laptop, { title: 'Lisbon' });
    const booking = await createBooking(laptop);
    await laptop.request('POST', '/api/chat', { body: { message: 'Hello from the laptop' } });
    await signIn(laptop, email);

    const phone = visitor();
    await createTrip(phone, { title: 'Kyoto' });
    await phone.request('POST', '/api/chat', { body: { message: 'Hello from the phone' } });
    const onPhone = await signIn(phone, email, 2);

    expect(await tripTitles(phone)).toEqual(['Kyoto', 'Lisbon']);
    expect(await tripTitles(laptop)).toEqual(['Kyoto', 'Lisbon']);
    expect((await phone.request('GET', `/api/bookings/${booking.id}`)).status).toBe(200);
    // The conversation goes on: the laptop's, then the phone's.
    const chat = (await (await phone.request('GET', '/api/chat')).json()) as { content: string }[];
    const mine = chat.map((m) => m.content).filter((c) => c.startsWith('Hello from'));
    expect(mine).toEqual(['Hello from the laptop', 'Hello from the phone']);

    expect(onPhone.sessions).toHaveLength(2);
    const laptopSession = onPhone.sessions.find((s) => !s.current)!;
    // No token or hash in the list: a session's own id.
    const hashes = await db().selectFrom('sessions').select('tokenHash').execute();
    expect(hashes.map((h) => h.tokenHash)).not.toContain(laptopSession.id);

    // Someone else cannot sign the laptop out; the phone can.
    const stranger = visitor();
    await createTrip(stranger, { title: 'Elsewhere' });
    const path = `/api/account/sessions/${laptopSession.id}`;
    expect((await stranger.request('DELETE', path)).status).toBe(404);
    await signIn(stranger, 'stranger@example.org');
    expect((await stranger.request('DELETE', path)).status).toBe(404);
    expect((await phone.request('DELETE', path)).status).toBe(204);
    expect(await account(laptop)).toEqual({ signedIn: false });
    expect(await tripTitles(laptop)).toEqual([]);
    expect((await phone.request('DELETE', path)).status).toBe(404);
    expect((await account(phone)) as SignedInAccount).toMatchObject({
      sessions: [expect.objectContaining({ current: true })],
    });

    // Signing out: this device is a newcomer; the things stay with the account.
    expect((await phone.request('POST', '/api/auth/sign-out')).status).toBe(204);
    expect(await account(phone)).toEqual({ signedIn: false });
    expect(await tripTitles(phone)).toEqual([]);
    await signIn(phone, email, 3);
    expect(await tripTitles(phone)).toEqual(['Kyoto', 'Lisbon']);
  });

  it('signs out nothing for an anonymous visitor: their things stay theirs', async () => {
    const traveller = visitor();
    await createTrip(traveller, { title: 'Mine alone' });
    expect((await traveller.request('POST', '/api/auth/sign-out')).status).toBe(204);
    expect((await traveller.request('POST', '/api/auth/sign-out-everywhere')).status).toBe(204);
    expect(await tripTitles(traveller)).toEqual(['Mine alone']);
  });

  it('claims photos with their stored files: another device of the account opens them', async () => {
    const email = 'photos@example.org';
    const camera = visitor();
    const photo = await upload(camera);
    await signIn(camera, email);
    const tablet = visitor();
    await signIn(tablet, email, 2);
    const gallery = (await (await tablet.request('GET', '/api/media')).json()) as MediaFile[];
    expect(gallery.map((file) => file.id)).toEqual([photo.id]);
    const content = await tablet.request('GET', `/api/media/${photo.id}/content`);
    expect(content.status).toBe(200);
    expect(Buffer.from(await content.arrayBuffer()).equals(fixtures.jpeg)).toBe(true);
  });

  it('signs every device out at once', async () => {
    const email = 'everywhere@example.org';
    const first = visitor();
    const second = visitor();
    await signIn(first, email);
    await signIn(second, email, 2);
    await createTrip(second, { title: 'Shared' });
    expect((await first.request('POST', '/api/auth/sign-out-everywhere')).status).toBe(204);
    expect(await account(first)).toEqual({ signedIn: false });
    expect(await account(second)).toEqual({ signedIn: false });
    expect(await tripTitles(second)).toEqual([]);
    const count = await db()
      .selectFrom('sessions')
      .innerJoin('accounts', 'accounts.id', 'sessions.accountId')
      .select('sessions.id')
      .where('accounts.email', '=', email)
      .execute();
    expect(count).toEqual([]);
    await signIn(first, email, 3);
    expect(await tripTitles(first)).toEqual(['Shared']);
  });

  it('shows a beta tester their access code once their address is verified', async () => {
    const email = 'tester@example.org';
    const signup = await server.app.inject({
      method: 'POST',
      url: '/api/beta/signup',
      payload: betaSignup({ email: 'Tester@Example.org' }),
      remoteAddress: '10.1.0.1',
    });
    expect(signup.statusCode).toBe(201);
    const { accessCode } = signup.json<{ accessCode: string }>();
    const traveller = visitor();
    // Not verified yet: no code.
    expect((await signIn(traveller, email, 2)).betaAccessCode).toBeNull();

    const verification = (await smtp.mailFor(email, 2))
      .map(decoded)
      .find((body) => body.includes('/verify-email'))!;
    const link = /http:\/\/journeys\.test\/verify-email\?token=[\w-]+&email=[^\s"<]+/.exec(
      verification,
    )![0];
    const query = new URL(link.replaceAll('&amp;', '&')).search;
    expect((await fetch(`${server.url}/api/beta/verify-email${query}`)).status).toBe(200);
    expect(await account(traveller)).toMatchObject({ betaAccessCode: accessCode });
  });

  it('keeps an account’s things past the retention; its sessions lapse like any', async () => {
    const email = 'long.gone@example.org';
    const traveller = visitor();
    await createTrip(traveller, { title: 'Kept' });
    await signIn(traveller, email);
    const empty = visitor();
    await signIn(empty, 'empty.account@example.org');
    const longAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    await db()
      .updateTable('sessions')
      .set({ lastSeenAt: longAgo(31) })
      .where('accountId', 'is not', null)
      .execute();
    // A signed-in session is not an empty one, even when its account holds nothing.
    await server.app.retention!.sweep(new Date());
    expect(await account(empty)).toMatchObject({ signedIn: true });

    await db()
      .updateTable('sessions')
      .set({ lastSeenAt: longAgo(500) })
      .where('accountId', 'is not', null)
      .execute();
    await server.app.retention!.sweep(new Date());
    expect(await account(traveller)).toEqual({ signedIn: false });
    const again = visitor();
    await signIn(again, email, 2);
    expect(await tripTitles(again)).toEqual(['Kept']);
  });

  it('moves every table of a visitor’s things on a claim: each one in the schema is placed', async () => {
    expect(Object.keys(CLAIMS).sort()).toEqual([...VISITOR_TABLES].sort());
    const withVisitor = (await tablesWithColumn(server.database, 'visitor_id')).filter(
      (name) => name !== 'sessions' && name !== 'accounts',
    );
    expect(withVisitor.sort()).toEqual(Object.keys(CLAIMS).map(snakeCase).sort());
  });

  it('lists the routes in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const [pathname, method] of [
      ['/api/auth/email', 'post'],
      ['/api/auth/email/code', 'post'],
      ['/api/auth/email/link', 'post'],
      ['/api/auth/sign-out', 'post'],
      ['/api/auth/sign-out-everywhere', 'post'],
      ['/api/account', 'get'],
      ['/api/account/sessions/{id}', 'delete'],
    ] as const) {
      expect(doc.paths[pathname]?.[method]?.tags, `${method} ${pathname}`).toEqual(['accounts']);
    }
  });
});

describe('signing in under https', () => {
  const HTTPS_SITE = 'https://journeys.test';
  let smtp: SmtpReceiver;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({ SMTP_URL: smtp.url, APP_URL: HTTPS_SITE });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('rotates to a __Host- cookie, Secure, HttpOnly, for the whole site and no other host', async () => {
    const email = 'secure@example.org';
    const traveller = createVisitor(server.url);
    await askForSignInMail(traveller, email);
    const { code, text } = await readSignInMail(smtp, email, { site: HTTPS_SITE });
    expect(text).toContain('https://journeys.test/sign-in/link?token=');
    // A browser with no cookie yet: the cookie handed out on arrival is replaced, not doubled.
    const phone = createVisitor(server.url);
    const fresh = await postSignInCode(phone, email, code);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.getSetCookie()).toHaveLength(1);
    expect(await (await phone.request('GET', '/api/account')).json()).toMatchObject({ email });

    await askForSignInMail(traveller, email);
    const again = await readSignInMail(smtp, email, { site: HTTPS_SITE, count: 2 });
    const before = new Map(traveller.cookies);
    const response = await postSignInCode(traveller, email, again.code);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toHaveLength(1);
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-sid=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(traveller.cookies.get('__Host-sid')).not.toBe(before.get('__Host-sid'));

    const signOut = await traveller.request('POST', '/api/auth/sign-out');
    expect(signOut.headers.getSetCookie()[0]).toMatch(/^__Host-sid=.*; Secure/i);
    expect(await (await traveller.request('GET', '/api/account')).json()).toEqual({
      signedIn: false,
    });
  });
});
