/**
 * Accounts across two server processes on one database and one Redis (docs/decisions/024): the
 * mails an address may get are counted once for both, and signing a device out holds in the
 * other process at once, though it remembers anonymous sessions for the day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../contracts/auth.js';
import { SIGN_IN_MAILS_PER_HOUR_PER_EMAIL } from '../../server/features/accounts/routes.js';
import { keysUnder, probeTestRedis } from '../helpers/redis.js';
import { createVisitor, type TestServer } from '../helpers/server.js';
import { postSignInCode, readSignInMail } from '../helpers/sign-in.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.js';
import { startTwoProcesses, type TwoProcesses } from '../helpers/two-processes.js';

const SITE = 'http://journeys.test';
const redisProbe = await probeTestRedis();

describe.skipIf(!redisProbe.reachable)(`accounts across two processes${redisProbe.skipped}`, () => {
  let smtp: SmtpReceiver;
  let servers: TwoProcesses;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    servers = await startTwoProcesses('accounts', { SMTP_URL: smtp.url, APP_URL: SITE });
    ({ a, b } = servers);
  }, 120_000);
  afterAll(async () => {
    await servers?.close();
    await smtp?.close();
  });

  const ask = (server: TestServer, email: string) =>
    fetch(`${server.url}/api/auth/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });

  it('counts the mails to an address once for both processes, under hashed keys', async () => {
    const email = 'shared.limit@example.org';
    for (let i = 0; i < SIGN_IN_MAILS_PER_HOUR_PER_EMAIL; i++) {
      expect((await ask(i % 2 ? b : a, email)).status).toBe(202);
    }
    await smtp.mailFor(email, SIGN_IN_MAILS_PER_HOUR_PER_EMAIL);
    for (const server of [a, b]) {
      const refused = await ask(server, email);
      expect(refused.status).toBe(202);
      expect(await refused.json()).toEqual({ message: AUTH_MESSAGES.mailSent });
    }
    await ask(a, 'marker.shared@example.org');
    await smtp.mailFor('marker.shared@example.org');
    expect(await smtp.mailFor(email)).toHaveLength(SIGN_IN_MAILS_PER_HOUR_PER_EMAIL);
    const keys = await keysUnder(servers.redis, servers.keyPrefix);
    expect(keys.some((key) => key.includes('/api/auth/email'))).toBe(true);
    expect(keys.join(' ')).not.toContain('example.org');
  });

  it('signs a device out in both processes at once', async () => {
    const email = 'two.processes@example.org';
    const onA = createVisitor(a.url);
    await ask(a, email);
    const { code } = await readSignInMail(smtp, email, { site: SITE });
    const signedIn = await postSignInCode(onA, email, code);
    expect(signedIn.status).toBe(200);
    // The same browser on the other process: signed in there too, and read there.
    const onB = createVisitor(b.url);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    const before = await onB.request('GET', '/api/account');
    expect(await before.json()).toMatchObject({ signedIn: true, email });

    const other = createVisitor(a.url);
    await ask(a, email);
    const second = await readSignInMail(smtp, email, { site: SITE, count: 2 });
    await postSignInCode(other, email, second.code);
    expect((await other.request('POST', '/api/auth/sign-out-everywhere')).status).toBe(204);

    const after = await onB.request('GET', '/api/account');
    expect(await after.json()).toEqual({ signedIn: false });
  });
});
