/**
 * What the benchmarks share: the production server's environment, the machine line, autocannon
 * runs with their status counts, a bare node:http server in its own process answering captured
 * bytes, the server's (and its process tree's) resident memory read from /proc, and a large trip's
 * items written straight into the SQLite file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type SQLite from 'better-sqlite3';
import { ITEM_TYPES, SCHEDULED_TIMES } from '../contracts/planner.js';
import { startServerProcess, type ServerProcess } from '../tests/helpers/process.js';

export const MB = 1024 * 1024;
const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The environment of the server under load: as `npm start` runs it in production. The server reads
 * no NODE_ENV itself (server/config.ts); it is set for the libraries and so the figures stand for
 * a production deployment. Logging at warn: one line per request would measure the terminal.
 */
/**
 * The server as production runs it: the build (made current by bench/run.ts before any benchmark),
 * with `env`.
 */
export function startBenchServer(env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess(env, { built: true });
}

export function productionEnv(dataDir: string): Record<string, string> {
  return { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir };
}

/** One line that says what the figures were measured on. */
export function machineLine(): string {
  const [one, five] = loadavg();
  const cpu = cpus();
  return (
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), load average ` +
    `${one!.toFixed(2)} (1 min) ${five!.toFixed(2)} (5 min), Node ${process.version}, ` +
    `${new Date().toISOString()}`
  );
}

/** The q-th percentile of the samples (nearest rank). */
export function percentile(samples: number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)]!;
}

export const mean = (values: number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;

/** Responses by status class, as autocannon counts them, and connection errors and timeouts. */
export interface StatusCounts {
  '1xx': number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
  errors: number;
  timeouts: number;
}

export interface LoadFigures {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: StatusCounts;
}

export interface LoadOptions {
  seconds: number;
  connections: number;
}

export function statusCounts(result: autocannon.Result): StatusCounts {
  return {
    '1xx': result['1xx'],
    '2xx': result['2xx'],
    '3xx': result['3xx'],
    '4xx': result['4xx'],
    '5xx': result['5xx'],
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Anything but a 2xx answer: a 4xx, a 5xx, a connection error or a timeout. */
export const notOk = (s: StatusCounts) => s['1xx'] + s['3xx'] + s['4xx'] + s['5xx'] + s.errors;

interface Run {
  result: autocannon.Result;
  /** Every response's time, ms: autocannon reports p97.5 but not p95. */
  times: number[];
}

async function run(options: autocannon.Options, { seconds, connections }: LoadOptions) {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...options, connections, duration: seconds }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  return { result, times };
}

/** The figures of runs of one target taken together: requests over their seconds, percentiles. */
function figuresOf(runs: Run[], seconds: number): LoadFigures {
  const times = runs.flatMap((r) => r.times);
  const statuses = runs.map((r) => statusCounts(r.result));
  const sum = (key: keyof StatusCounts) => statuses.reduce((n, s) => n + s[key], 0);
  const requests = runs.reduce((n, r) => n + r.result.requests.total, 0);
  return {
    requests,
    rps: requests / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    statuses: {
      '1xx': sum('1xx'),
      '2xx': sum('2xx'),
      '3xx': sum('3xx'),
      '4xx': sum('4xx'),
      '5xx': sum('5xx'),
      errors: sum('errors'),
      timeouts: sum('timeouts'),
    },
  };
}

/** Runs autocannon against one target for the given seconds. */
export async function load(options: autocannon.Options, opts: LoadOptions): Promise<LoadFigures> {
  return figuresOf([await run(options, opts)], opts.seconds);
}

/**
 * Runs autocannon against several targets in turn, one slice of `sliceSeconds` each, until each
 * had `seconds`: on a shared machine whose load changes from second to second, all meet the same
 * moments, where one run after the other would not. autocannon ends a slice without waiting for
 * the answers still being made, so `between` (after each slice) can wait for the server to finish
 * them, when they are long enough to weigh on the next target's slice.
 */
export async function loadInTurns(
  targets: autocannon.Options[],
  { seconds, connections }: LoadOptions,
  sliceSeconds = 1,
  between?: () => Promise<void>,
): Promise<LoadFigures[]> {
  const runs: Run[][] = targets.map(() => []);
  let done = 0;
  while (done < seconds) {
    const slice = { seconds: Math.min(sliceSeconds, seconds - done), connections };
    for (const [i, target] of targets.entries()) {
      runs[i]!.push(await run(target, slice));
      await between?.();
    }
    done += slice.seconds;
  }
  return runs.map((r) => figuresOf(r, seconds));
}

/** loadInTurns for two targets. */
export async function loadInTurn(
  first: autocannon.Options,
  second: autocannon.Options,
  options: LoadOptions,
  sliceSeconds = 1,
): Promise<[LoadFigures, LoadFigures]> {
  const [a, b] = await loadInTurns([first, second], options, sliceSeconds);
  return [a!, b!];
}

/** One answer as it went over the wire, to be served again by the bare server. */
export interface CapturedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The headers a bare server must send to answer the same bytes: type and encoding. */
const KEPT_HEADERS = ['content-type', 'content-encoding'];

/**
 * Sends one request and keeps its answer's status, content type, content encoding and body bytes
 * exactly as they came (fetch would decompress a gzipped body, so node:http is used).
 */
export async function capture(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<CapturedResponse> {
  const req = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} });
  const answered = once(req, 'response') as Promise<[IncomingMessage]>;
  req.end(init.body);
  const [response] = await answered;
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return { status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) };
}

export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A bare node:http server in its own process (as our server is: autocannon runs in this one, and
 * must not share its event loop with either), answering every request with the captured bytes.
 */
export async function startBareServer(
  answer: CapturedResponse,
  scratchFile: string,
): Promise<BareServer> {
  await writeFile(
    scratchFile,
    JSON.stringify({
      status: answer.status,
      headers: answer.headers,
      body: answer.body.toString('base64'),
    }),
  );
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/bare-server.ts'), scratchFile],
    { cwd: ROOT, env: { PATH: process.env.PATH, NODE_ENV: 'production' }, stdio: 'pipe' },
  );
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^listening (\d+)$/m.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}: ${err}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A process's resident memory (VmRSS in /proc/<pid>/status) in bytes; null once it is gone. */
export async function residentBytes(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

async function childrenOf(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const children: number[] = [];
  for (const task of tasks) {
    const text = await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '');
    children.push(...text.split(' ').filter(Boolean).map(Number));
  }
  return children;
}

/** The process and all its descendants, from /proc. */
export async function processTree(root: number): Promise<number[]> {
  const all: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    all.push(pid);
    queue.push(...(await childrenOf(pid)));
  }
  return all;
}

/** The resident memory of a process and all its descendants, added up, in bytes. */
export async function treeResidentBytes(root: number): Promise<number> {
  let total = 0;
  for (const pid of await processTree(root)) total += (await residentBytes(pid)) ?? 0;
  return total;
}

/** The days from `first` to `last` (YYYY-MM-DD), both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (
    let day = new Date(`${first}T00:00:00Z`);
    day.toISOString().slice(0, 10) <= last;
    day = new Date(day.getTime() + 86_400_000)
  ) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** The n-th item of a trip over `days`: spread evenly over the days, the types and the time slots. */
export function plannerItemFields(n: number, days: readonly string[]) {
  const itemType = ITEM_TYPES[n % ITEM_TYPES.length]!;
  return {
    itemType,
    itemName: `${itemType} ${n + 1}`,
    itemDescription: n % 3 === 0 ? null : `Step-free access confirmed for item ${n + 1}`,
    scheduledDate: days[n % days.length]!,
    scheduledTime: SCHEDULED_TIMES[n % SCHEDULED_TIMES.length]!,
    priceCents: (n * 137) % 50_000,
    priority: (n % 7) - 3,
  };
}

/** What an item written straight into the database holds, from its number and the trip's days. */
export type PlannerItemFields = (n: number, days: readonly string[]) => Record<string, unknown>;

/**
 * Writes a trip's items n = from..to-1 (plannerItemFields, or `fields`) into a stopped server's
 * SQLite file,
 * with the columns the repository writes, and raises the trip's items version as every write of
 * the repository does, so listings served before are no longer current. Call it inside a
 * transaction: a trip of thousands of items is then one write.
 */
export function insertPlannerItems(
  sqlite: SQLite.Database,
  plannerId: string,
  {
    from,
    to,
    days,
    fields = plannerItemFields,
  }: { from: number; to: number; days: readonly string[]; fields?: PlannerItemFields },
): void {
  const insert = sqlite.prepare(
    `insert into planner_items (id, planner_id, item_type, item_name, item_description,
      scheduled_date, scheduled_time, price_cents, is_booked, priority, created_at, updated_at)
     values (@id, @plannerId, @itemType, @itemName, @itemDescription, @scheduledDate,
      @scheduledTime, @priceCents, 0, @priority, @createdAt, @createdAt)`,
  );
  const touch = sqlite.prepare(
    'update trip_planners set items_version = items_version + 1 where id = ?',
  );
  const start = Date.now();
  for (let n = from; n < to; n++) {
    insert.run({
      id: randomUUID(),
      plannerId,
      ...fields(n, days),
      createdAt: new Date(start + n).toISOString(),
    });
  }
  touch.run(plannerId);
}

/** A session cookie (name=value) from an answer that set one. */
export function sessionCookie(response: Response, what: string): string {
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error(`${what} set no session cookie`);
  return cookie;
}

export async function expectOk(response: Response, what: string): Promise<void> {
  if (!response.ok) {
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  }
}

/** Runs `task` over `items` with at most `width` at a time. */
export async function inBatches<T, R>(
  items: T[],
  width: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}
