/**
 * Load benchmark: the production server next to a bare node:http server answering the same bytes,
 * in the same run, so the ratio means something on a shared, noisy machine.
 * Usage: npm run bench [-- --seconds 10 --connections 20]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startServerProcess } from '../tests/helpers/process.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);

interface Figures {
  rps: number;
  p99: number;
  errors: number;
}

async function load(
  url: string,
  init: { method?: 'GET' | 'POST'; body?: string } = {},
): Promise<Figures> {
  const result = await autocannon({
    url,
    method: init.method ?? 'GET',
    body: init.body,
    headers: init.body ? { 'content-type': 'application/json' } : {},
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function bareServer(
  body: Buffer,
  contentType: string,
): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'aj-bench-'));
const app = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
try {
  await fetch(`${app.url}/api/destinations/populate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const sample = await fetch(`${app.url}/api/destinations`);
  const bytes = Buffer.from(await sample.arrayBuffer());
  const bare = await bareServer(bytes, sample.headers.get('content-type') ?? 'application/json');

  const rows: string[] = [];
  const endpoint = 'GET /api/destinations';
  const ours = await load(`${app.url}/api/destinations`);
  const baseline = await load(bare.url);
  rows.push(
    [
      endpoint.padEnd(26),
      `${ours.rps.toFixed(0).padStart(7)} req/s`,
      `p99 ${String(ours.p99).padStart(4)} ms`,
      `| bare node:http ${baseline.rps.toFixed(0).padStart(7)} req/s`,
      `p99 ${String(baseline.p99).padStart(4)} ms`,
      `| ratio ${(ours.rps / baseline.rps).toFixed(2)}`,
      ours.errors + baseline.errors > 0 ? `| errors ${ours.errors + baseline.errors}` : '',
    ].join('  '),
  );
  bare.server.close();

  console.log(
    `\n${SECONDS}s per run, ${CONNECTIONS} connections, response ${bytes.length} bytes\n`,
  );
  for (const row of rows) console.log(row);
} finally {
  await app.stop('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
}
