/**
 * The baseline of the load benchmark: a bare node:http server answering every request with one
 * captured answer (status, content type and encoding, body bytes), nothing else. Run by
 * bench/common.ts (startBareServer) as its own process: `bench/bare-server.ts <answer.json>`.
 * Prints `listening PORT` once it listens on 127.0.0.1.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <answer.json>');
const answer = JSON.parse(readFileSync(file, 'utf8')) as Answer;
const body = Buffer.from(answer.body, 'base64');
const headers = { ...answer.headers, 'content-length': String(body.length) };

const server = createServer((_request, response) => {
  response.writeHead(answer.status, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  process.stdout.write(`listening ${address.port}\n`);
});
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
