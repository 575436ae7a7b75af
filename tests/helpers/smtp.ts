import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** The body of a received mail with quoted-printable soft breaks and escapes undone. */
export function decoded(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP receiver on a random port (no TLS, no auth) that keeps what it is sent. */
export async function startSmtpReceiver(port = 0) {
  const received: ReceivedMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiting.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    /** The mails sent to an address, waiting for the first one. */
    async mailFor(address: string, count = 1): Promise<ReceivedMail[]> {
      const wanted = address.toLowerCase();
      const mine = () => received.filter((m) => m.to.some((to) => to.toLowerCase() === wanted));
      while (mine().length < count) await new Promise<void>((wake) => waiting.push(wake));
      return mine();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A receiver started by `startSmtpReceiver`. */
export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
