import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SendMailOptions, SentMessageInfo, TransportOptions } from 'nodemailer';
import type { JobQueue } from '../../jobs.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends (or files, or queues) one message; resolves once it is handed over. */
  send(message: MailMessage): Promise<void>;
}

export interface MailLogger {
  info(details: object, message: string): void;
}

/**
 * A nodemailer transport made on the first message: nodemailer is loaded then, not at start, which
 * is most of a process's life without a mail to send (docs/quality.md, cold start).
 */
function lazyTransport(options: TransportOptions | Record<string, unknown>) {
  let transport: Promise<{ sendMail(mail: SendMailOptions): Promise<SentMessageInfo> }> | undefined;
  return async (mail: SendMailOptions): Promise<SentMessageInfo> => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(options as TransportOptions),
    );
    return (await transport).sendMail(mail);
  };
}

/** SMTP when SMTP_URL is set (nodemailer), for example smtp://user:pass@host:587. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // A mail server that does not answer fails the attempt well inside the job's time limit, and the
  // queue tries again later.
  const sendMail = lazyTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await sendMail({ from, ...message });
    },
  };
}

/**
 * The default: each message is written as a .eml file under DATA_DIR/outbox (any mail program
 * opens it), and a log line names the file, so verification links work without a mail server.
 * The line holds the file and subject only: verification and share links are secrets (the
 * database keeps their hashes), and logs travel further than the outbox, which is the owner's.
 */
export function createOutboxMailer(dataDir: string, from: string, log: MailLogger): Mailer {
  const outbox = path.join(dataDir, 'outbox');
  const sendMail = lazyTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await sendMail({ from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ file, subject: message.subject }, 'mail written to the outbox');
    },
  };
}

/** The job that hands one message to the mail server (or the outbox). */
export const MAIL_JOB = 'mail-send';

/**
 * Mail through the job queue: the request that asks for a mail only queues it, and a mail server
 * that is away or refuses for a while delays the message instead of losing it. Further attempts
 * wait about twice as long each time from `retryDelaySeconds` (30 s: some hours in all); a message
 * that kept failing is logged. Queued messages hold their links, so the queue forgets a message an
 * hour after it is sent.
 */
export function createQueuedMailer(
  jobs: JobQueue,
  transport: Mailer,
  {
    retryDelaySeconds = 30,
    log,
  }: { retryDelaySeconds?: number; log?: { warn(details: object, message: string): void } } = {},
): Mailer {
  jobs.define<MailMessage>({
    name: MAIL_JOB,
    handler: (message) => transport.send(message),
    concurrency: 2,
    retryLimit: 9,
    retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 60,
    keepSeconds: 60 * 60,
  });
  return {
    async send(message) {
      try {
        await jobs.send(MAIL_JOB, message);
      } catch (error) {
        // The queue cannot take it (stopping, or its database away): handed over now instead,
        // in this request, so the message is not lost.
        log?.warn({ err: error }, 'mail not queued; sent at once');
        await transport.send(message);
      }
    },
  };
}
