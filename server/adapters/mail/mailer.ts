import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The message's link, logged by the outbox (development) mailer only, never over SMTP. */
  link?: string;
}

export interface Mailer {
  /** Sends (or files) one message; resolves once it is handed over. */
  send(message: MailMessage): Promise<void>;
}

export interface MailLogger {
  info(details: object, message: string): void;
}

/** SMTP when SMTP_URL is set (nodemailer), for example smtp://user:pass@host:587. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ link: _link, ...message }) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * The default: each message is written as a .eml file under DATA_DIR/outbox (any mail program
 * opens it), and a log line names the file, so verification links work without a mail server.
 */
export function createOutboxMailer(dataDir: string, from: string, log: MailLogger): Mailer {
  const outbox = path.join(dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send({ link, ...message }) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ file, subject: message.subject, link }, 'mail written to the outbox');
    },
  };
}
