import {
  createOutboxMailer,
  createQueuedMailer,
  createSmtpMailer,
  type Mailer,
} from './adapters/mail/mailer.js';
import type { AppContext } from './context.js';
import type { HttpServer } from './http-server.js';
import { createInProcessJobQueue, createPgJobQueue, type JobQueue } from './jobs.js';
import type { Metrics } from './metrics.js';

/**
 * Background work: on PostgreSQL a queue every process shares, on SQLite this process's own
 * (docs/decisions/007). Started when the app is ready, stopped when it closes; `app.jobs`.
 */
export function startJobQueue(
  app: HttpServer,
  { config, database }: AppContext,
  metrics: Metrics,
): JobQueue {
  const observer = { onJob: metrics.observeJob };
  const jobs =
    database.kind === 'postgres' && config.databaseUrl
      ? createPgJobQueue(config.databaseUrl, app.log, observer)
      : createInProcessJobQueue(app.log, observer);
  metrics.setQueueDepthSource(() => jobs.depth());
  app.decorate('jobs', jobs);
  // First of the ready hooks, so the others may send jobs; stopped before the database closes.
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  return jobs;
}

/** E-mail, sent by a `mail-send` job: through SMTP_URL, else written to the outbox folder. */
export function createMailer(app: HttpServer, { config }: AppContext, jobs: JobQueue): Mailer {
  return createQueuedMailer(
    jobs,
    config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(config.dataDir, config.mailFrom, app.log),
    { log: app.log },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue (tests stop it to keep work from running). */
    jobs?: JobQueue;
  }
}
