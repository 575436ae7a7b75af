import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrip } from '../factories/planner.js';
import { startServerProcess, type ServerProcess } from '../helpers/process.js';
import { createVisitor } from '../helpers/server.js';
import { decoded } from '../helpers/smtp.js';

const START_TIMEOUT_MS = 120_000;
const MAIL_WAIT_MS = 15_000;

/**
 * The outbox mailer (no SMTP_URL) as `npm start` runs it, with its log at info: the log names each
 * message's file and subject, and never holds a link, since verification and share links are
 * secrets the database keeps only as hashes.
 */
describe('outbox mail', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'aj-outbox-'));
    server = await startServerProcess(
      { DATA_DIR: dataDir, LOG_LEVEL: 'info', APP_URL: 'http://journeys.test' },
      { captureOutput: true },
    );
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('logs the file and subject of each message, never its link', async () => {
    const visitor = createVisitor(server.url);
    const signup = await visitor.request('POST', '/api/beta/signup', {
      body: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '(415) 555-0132',
        email: 'outbox-log@example.org',
        agreedToTerms: true,
        agreedToPrivacy: true,
        agreedToDataProcessing: true,
        agreedToFeedback: true,
      },
    });
    expect(signup.status).toBe(201);
    const trip = await createTrip(visitor);
    const share = await visitor.request('POST', `/api/trip-planners/${trip.id}/shares`, {
      body: { email: 'friend@example.org', expiresInDays: 7 },
    });
    expect(share.status).toBe(201);

    const outbox = path.join(dataDir, 'outbox');
    await expect
      .poll(() => readdir(outbox).catch(() => []), { timeout: MAIL_WAIT_MS })
      .toHaveLength(2);
    const links = await Promise.all(
      (await readdir(outbox)).map(async (file) => {
        const text = decoded({ to: [], raw: await readFile(path.join(outbox, file), 'utf8') });
        return /http:\/\/journeys\.test\/[^\s"<]+/.exec(text)![0].replaceAll('&amp;', '&');
      }),
    );
    // The secret part of each link: the verification token, the share token.
    const secrets = links.map((link) => {
      const url = new URL(link);
      return url.searchParams.get('token') ?? url.pathname.split('/').pop()!;
    });
    expect(secrets).toHaveLength(2);

    const logged = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('mail written to the outbox'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    await expect.poll(() => logged().length, { timeout: MAIL_WAIT_MS }).toBe(2);
    for (const line of logged()) {
      expect(line.file).toMatch(new RegExp(`^${outbox}/.+\\.eml$`));
      expect(line.subject).toEqual(expect.any(String));
      expect(line).not.toHaveProperty('link');
    }
    for (const secret of secrets) expect(server.output()).not.toContain(secret);
  });
});
