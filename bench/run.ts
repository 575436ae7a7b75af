/**
 * Load benchmark: the production server next to a bare node:http server answering the same bytes,
 * in the same run, so the ratio means something on a shared, noisy machine.
 * Then the upload benchmark (bench/upload.ts): a 100 MB PUT, also next to bare node:http.
 * Then the planner benchmark (bench/planner.ts): a month of a 5,000-item trip, next to GET /api/health.
 * Usage: npm run bench [-- --seconds 10 --connections 20] [--only load|upload|planner] [--rounds 3]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startServerProcess } from '../tests/helpers/process.js';
import { runPlannerBench } from './planner.js';
import { runUploadBench } from './upload.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    /** Only one part: `load` (the request benchmarks), `upload` or `planner`. */
    only: { type: 'string' },
    /** Uploads to each server in the upload benchmark. */
    rounds: { type: 'string', default: '3' },
  },
});
const PARTS = ['load', 'upload', 'planner'] as const;
if (values.only !== undefined && !(PARTS as readonly string[]).includes(values.only)) {
  throw new Error(`--only must be one of ${PARTS.join(', ')}, not ${values.only}`);
}
const runs = (part: (typeof PARTS)[number]) => values.only === undefined || values.only === part;
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
/** Enough visitors that none sends 30 messages in the run's minute. */
const VISITORS = 1000;

interface LoadInit {
  method?: 'GET' | 'POST';
  body?: string;
  /** Cookies to spread the requests over, one per request in turn (one per visitor). */
  cookies?: string[];
}

interface Figures {
  rps: number;
  p95: number;
  p99: number;
  errors: number;
}

/** The q-th percentile of the samples (nearest rank). */
function percentile(samples: number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)]!;
}

async function load(url: string, init: LoadInit = {}): Promise<Figures> {
  let turn = 0;
  const { cookies } = init;
  // autocannon reports p97.5 but not p95: each response's time is kept to compute it.
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: init.method ?? 'GET',
        body: init.body,
        headers: init.body ? { 'content-type': 'application/json' } : {},
        connections: CONNECTIONS,
        duration: SECONDS,
        ...(cookies
          ? {
              requests: [
                {
                  setupRequest: (request) => ({
                    ...request,
                    headers: { ...request.headers, cookie: cookies[turn++ % cookies.length]! },
                  }),
                },
              ],
            }
          : {}),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  return {
    rps: result.requests.average,
    p95: percentile(times, 95),
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

async function loadBench(): Promise<void> {
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

    // Built-in assistant: the requests are spread over many visitors (sessions made beforehand), so
    // the per-visitor limit of 30 a minute does not apply; every reply reads the catalogue and
    // writes the exchange.
    const cookies: string[] = [];
    for (let i = 0; i < VISITORS; i++) {
      const response = await fetch(`${app.url}/api/chat`);
      cookies.push(response.headers.getSetCookie()[0]!.split(';')[0]!);
    }
    const question = 'Which destinations have step-free access in Canada under $50?';
    const chat = await load(`${app.url}/api/chat`, {
      method: 'POST',
      body: JSON.stringify({ message: question }),
      cookies,
    });
    const health = await load(`${app.url}/api/health`);
    rows.push(
      [
        'POST /api/chat (built-in)'.padEnd(26),
        `${chat.rps.toFixed(0).padStart(7)} replies/s`,
        `p95 ${chat.p95.toFixed(1).padStart(5)} ms (target < 50: ${chat.p95 < 50 ? 'met' : 'MISSED'})`,
        `p99 ${String(chat.p99).padStart(4)} ms`,
        `| GET /api/health ${health.rps.toFixed(0).padStart(7)} req/s`,
        `| ratio ${(chat.rps / health.rps).toFixed(2)}`,
        chat.errors + health.errors > 0 ? `| errors ${chat.errors + health.errors}` : '',
      ].join('  '),
    );

    console.log(
      `\n${SECONDS}s per run, ${CONNECTIONS} connections, response ${bytes.length} bytes\n`,
    );
    for (const row of rows) console.log(row);
  } finally {
    await app.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (runs('load')) await loadBench();
if (runs('upload')) {
  for (const line of await runUploadBench({ rounds: Number(values.rounds) })) console.log(line);
}
if (runs('planner')) {
  for (const line of await runPlannerBench({ seconds: SECONDS, connections: CONNECTIONS })) {
    console.log(line);
  }
}
