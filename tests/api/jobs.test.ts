import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueuedMailer, createSmtpMailer } from '../../server/adapters/mail/mailer.js';
import { createInProcessJobQueue, createPgJobQueue, type JobQueue } from '../../server/jobs.js';
import { createTestDatabaseUrl } from '../helpers/database.js';
import { decoded, startSmtpReceiver } from '../helpers/smtp.js';

/** What the queue logs: the failed attempts' messages. */
let logged: string[] = [];
const log = {
  warn: (_details: object, message: string) => void logged.push(message),
  error: (_details: object, message: string) => void logged.push(message),
};

/** Both runners behind the one interface: this process's own, and PostgreSQL's when configured. */
const runners: [string, () => Promise<{ jobs: JobQueue; drop: () => Promise<void> }>][] = [
  ['in process', async () => ({ jobs: createInProcessJobQueue(log), drop: async () => {} })],
];
if (process.env.TEST_DATABASE_URL) {
  runners.push([
    'on PostgreSQL',
    async () => {
      const database = (await createTestDatabaseUrl())!;
      return { jobs: createPgJobQueue(database.url, log), drop: database.drop };
    },
  ]);
}

/** A port nothing listens on, until a test starts its mail server there. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(runners)('the job queue %s', (_name, make) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    logged = [];
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function queue(): Promise<JobQueue> {
    const { jobs, drop } = await make();
    cleanups.push(drop, () => jobs.stop());
    return jobs;
  }

  it('tries a failing job again until it succeeds, and no more', async () => {
    const jobs = await queue();
    const attempts: number[] = [];
    jobs.define<{ n: number }>({
      name: 'flaky',
      handler: async ({ n }) => {
        attempts.push(Date.now());
        if (attempts.length < 3) throw new Error(`not yet (${n})`);
      },
      concurrency: 1,
      retryLimit: 5,
      retryDelaySeconds: 1,
      retryBackoff: true,
      expireInSeconds: 30,
    });
    await jobs.start();
    await jobs.send('flaky', { n: 1 });
    await until(() => attempts.length === 3);
    // Nothing further once it has succeeded.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(attempts).toHaveLength(3);
    expect(logged).toEqual(['job failed', 'job failed']);
  });

  it('keeps one waiting job per key for kinds defined so, and every job for the others', async () => {
    const jobs = await queue();
    const ran: string[] = [];
    for (const [name, onePerKey] of [
      ['keyed', true],
      ['plain', false],
    ] as const) {
      jobs.define<{ id: string }>({
        name,
        handler: async ({ id }) => {
          ran.push(`${name}:${id}`);
          await new Promise((resolve) => setTimeout(resolve, 300));
        },
        onePerKey,
        concurrency: 2,
        retryLimit: 0,
        retryDelaySeconds: 0,
        expireInSeconds: 30,
      });
    }
    await jobs.start();
    for (const id of ['a', 'a', 'a', 'a', 'b']) {
      await jobs.send('keyed', { id }, { key: id });
      await jobs.send('plain', { id }, { key: id });
    }
    await until(() => ran.filter((r) => r.startsWith('plain:')).length === 5);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // Sent in a burst: one ran (or was running) while one waited, and the repeats added nothing.
    const keyedA = ran.filter((r) => r === 'keyed:a').length;
    expect(keyedA).toBeGreaterThanOrEqual(1);
    expect(keyedA).toBeLessThanOrEqual(2);
    expect(ran.filter((r) => r === 'keyed:b')).toHaveLength(1);
  });

  it('queues mail while the mail server is away and delivers it once it answers', async () => {
    const jobs = await queue();
    const port = await freePort();
    const mailer = createQueuedMailer(
      jobs,
      createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Accessible Journeys <hello@example.test>'),
      { retryDelaySeconds: 1 },
    );
    await jobs.start();
    // Handed over at once although nothing can take it yet.
    await mailer.send({
      to: 'traveller@example.test',
      subject: 'Your trip',
      text: 'See you in Banff',
      html: '<p>See you in Banff</p>',
    });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const smtp = await startSmtpReceiver(port);
    cleanups.push(() => smtp.close());
    const [mail, ...more] = await smtp.mailFor('traveller@example.test');
    expect(decoded(mail!)).toContain('See you in Banff');
    expect(more).toHaveLength(0);
  });

  it('hands a mail over at once when the queue cannot take it (stopped), rather than lose it', async () => {
    const jobs = await queue();
    const smtp = await startSmtpReceiver();
    cleanups.push(() => smtp.close());
    const mailer = createQueuedMailer(
      jobs,
      createSmtpMailer(smtp.url, 'Accessible Journeys <hello@example.test>'),
      { log },
    );
    await jobs.start();
    await jobs.stop();
    await mailer.send({
      to: 'late@example.test',
      subject: 'Your link',
      text: 'Sent while stopping',
      html: '<p>Sent while stopping</p>',
    });
    expect(smtp.received.map((m) => m.to)).toEqual([['late@example.test']]);
    expect(logged).toEqual(['mail not queued; sent at once']);
  });
});
