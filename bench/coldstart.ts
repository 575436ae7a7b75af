/**
 * Cold-start benchmark (issue 30): how long from starting the server to its first healthy answer
 * (200 from GET /api/health), and how much memory its process tree holds at that moment.
 *
 * - The server as `npm start` ends up running it: `node --enable-source-maps
 *   dist/server/server/main.js` with a current build (bench/run.ts makes it current first),
 *   NODE_ENV=production, LOG_LEVEL=warn; on a fresh DATA_DIR each time (migrations, the session
 *   secret written) and again on an existing one (a DATA_DIR a server has run on and written to).
 * - `npm start` itself, on the existing DATA_DIR: npm, scripts/check-node.cjs and
 *   scripts/build-if-stale.mjs (which finds the build current) before the same server. This is
 *   what a newcomer types, so it is timed too, labelled apart.
 *
 * Each is started `starts` times, one after the other; the median and the slowest are reported,
 * against the aim of under 2 s. The time runs from the spawn to the first 200, polled every
 * POLL_MS (a refused connection costs next to nothing), so the figure is late by at most that.
 * The processes are spawned here rather than with tests/helpers/process.ts, whose start is the
 * thing measured here and is hidden there (and polled too seldom to time it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BUILT_ENTRY, freePort } from '../tests/helpers/process.js';
import {
  MB,
  expectOk,
  percentile,
  processTree,
  productionEnv,
  residentBytes,
  sessionCookie,
  treeResidentBytes,
} from './common.js';

/** Issue 30: from start to the first healthy answer in under 2 s. */
export const COLD_START_TARGET_MS = 2000;
const POLL_MS = 10;
/** A start slower than this is a failure, not a figure. */
const READY_TIMEOUT_MS = 60_000;
/** How long a stopped server may take to exit before it is killed. */
const STOP_GRACE_MS = 15_000;
const ROOT = path.resolve(import.meta.dirname, '..');

type Kind = 'fresh' | 'existing' | 'npmStart';
const KINDS: readonly Kind[] = ['fresh', 'existing', 'npmStart'];
const KIND_NAMES: Record<Kind, string> = {
  fresh: `node ${BUILT_ENTRY}, fresh DATA_DIR`,
  existing: `node ${BUILT_ENTRY}, existing DATA_DIR`,
  npmStart: 'npm start (check-node, build-if-stale, the server), existing DATA_DIR',
};

interface Start {
  /** From the spawn to the first 200 from GET /api/health. */
  ms: number;
  /** Resident memory at that moment: the server's own process, and every process of the tree. */
  serverBytes: number;
  treeBytes: number;
  /** The tree's processes by name (npm start runs npm and a shell above the server). */
  processes: string[];
}

interface KindFigures {
  command: string;
  starts: Start[];
  medianMs: number;
  maxMs: number;
  medianServerBytes: number;
  medianTreeBytes: number;
  met: boolean;
}

/** Whether GET /api/health answers 200 now (false for a refused connection or any other answer). */
function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/health', agent: false, timeout: READY_TIMEOUT_MS },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode === 200));
        response.once('error', () => resolve(false));
      },
    );
    req.once('error', () => resolve(false));
    req.once('timeout', () => req.destroy());
    req.end();
  });
}

/** The pid of the tree's process running the server's entry (the root itself for a direct start). */
async function serverPid(tree: number[]): Promise<number | undefined> {
  for (const pid of tree) {
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (command.split('\0').includes(BUILT_ENTRY)) return pid;
  }
  return undefined;
}

/** Waits for the child to exit; past STOP_GRACE_MS it (the one process started here) is killed. */
async function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  const late = await Promise.race([
    exited.then(() => false),
    sleep(STOP_GRACE_MS).then(() => true),
  ]);
  if (late) child.kill('SIGKILL');
  await exited;
}

/**
 * Starts the server (directly or through npm start), times it to its first healthy answer, reads
 * its tree's memory then, and runs `whileUp` (if given) before stopping it with SIGTERM.
 */
async function timeStart(
  kind: Kind,
  dataDir: string,
  whileUp?: (url: string) => Promise<void>,
): Promise<Start> {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? '',
    HOST: '127.0.0.1',
    ...productionEnv(dataDir),
    PORT: String(port),
  };
  const [command, args] =
    kind === 'npmStart'
      ? ['npm', ['start']]
      : [process.execPath, ['--enable-source-maps', BUILT_ENTRY]];
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    // npm reads its cache and configuration under HOME; nothing else here needs it.
    env:
      kind === 'npmStart'
        ? { ...env, HOME: process.env.HOME ?? '', npm_config_update_notifier: 'false' }
        : env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let server: number | undefined;
  try {
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(`${command} exited with ${child.exitCode}: ${stderr}`);
      }
      if (performance.now() - started > READY_TIMEOUT_MS) {
        throw new Error(`${command} did not answer in ${READY_TIMEOUT_MS} ms: ${stderr}`);
      }
      if (await healthy(port)) break;
      await sleep(POLL_MS);
    }
    const ms = performance.now() - started;
    const tree = await processTree(child.pid!);
    server = await serverPid(tree);
    const start: Start = {
      ms,
      serverBytes: server === undefined ? 0 : ((await residentBytes(server)) ?? 0),
      treeBytes: await treeResidentBytes(child.pid!),
      processes: await Promise.all(
        tree.map(async (pid) =>
          (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim(),
        ),
      ),
    };
    await whileUp?.(`http://127.0.0.1:${port}`);
    return start;
  } finally {
    // The server itself is stopped, so npm (and its shell) end as they do when it ends.
    if (child.exitCode === null && child.signalCode === null) {
      if (server !== undefined) process.kill(server, 'SIGTERM');
      else child.kill('SIGTERM');
    }
    await exitOf(child);
  }
}

/** Writes what a visitor leaves: a session and a trip with items, so the DATA_DIR holds data. */
async function writeSomething(url: string): Promise<void> {
  const read = await fetch(`${url}/api/trip-planners`);
  await expectOk(read, 'GET /api/trip-planners');
  const cookie = sessionCookie(read, 'GET /api/trip-planners');
  const post = async (pathname: string, body: unknown) => {
    const response = await fetch(`${url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    await expectOk(response, `POST ${pathname}`);
    return (await response.json()) as { id: string };
  };
  const trip = await post('/api/trip-planners', { title: 'Lisbon', destination: 'Lisbon' });
  for (const itemName of ['Step-free hotel', 'Tram 28 (low-floor)', 'Oceanarium']) {
    await post('/api/planner-items', {
      plannerId: trip.id,
      itemType: 'activity',
      itemName,
      scheduledDate: '2027-05-10',
    });
  }
}

function summary(kind: Kind, starts: Start[]): KindFigures {
  const medianMs = percentile(
    starts.map((s) => s.ms),
    50,
  );
  const maxMs = Math.max(...starts.map((s) => s.ms));
  return {
    command: KIND_NAMES[kind],
    starts,
    medianMs,
    maxMs,
    medianServerBytes: percentile(
      starts.map((s) => s.serverBytes),
      50,
    ),
    medianTreeBytes: percentile(
      starts.map((s) => s.treeBytes),
      50,
    ),
    met: maxMs < COLD_START_TARGET_MS,
  };
}

/** Runs the cold-start benchmark and returns the lines to print and the figures. */
export async function runColdStartBench({
  starts,
}: {
  starts: number;
}): Promise<{ lines: string[]; figures: Record<string, unknown> }> {
  const dirs: string[] = [];
  const newDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'aj-bench-coldstart-'));
    dirs.push(dir);
    return dir;
  };
  try {
    const byKind = {} as Record<Kind, KindFigures>;
    // The first fresh start's DATA_DIR is written to and becomes the existing one.
    const existing = await newDir();
    const fresh: Start[] = [await timeStart('fresh', existing, writeSomething)];
    for (let i = 1; i < starts; i++) fresh.push(await timeStart('fresh', await newDir()));
    byKind.fresh = summary('fresh', fresh);
    for (const kind of ['existing', 'npmStart'] as const) {
      const runs: Start[] = [];
      for (let i = 0; i < starts; i++) runs.push(await timeStart(kind, existing));
      byKind[kind] = summary(kind, runs);
    }

    const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
    const lines = [
      `\nCold start: from the spawn to the first 200 from GET /api/health (polled every ${POLL_MS} ms), ${starts} starts each, one after the other; NODE_ENV=production, a current build`,
      ...KINDS.map((kind) => {
        const f = byKind[kind];
        return [
          `  ${f.command.padEnd(72)}`,
          `median ${f.medianMs.toFixed(0).padStart(5)} ms`,
          `max ${f.maxMs.toFixed(0).padStart(5)} ms`,
          `(target < ${COLD_START_TARGET_MS} ms: ${f.met ? 'met' : 'NOT MET'})`,
          `RSS then: server ${mb(f.medianServerBytes)}, process tree ${mb(f.medianTreeBytes)} (median)`,
        ].join('  ');
      }),
    ];
    return {
      lines,
      figures: { targetMs: COLD_START_TARGET_MS, pollMs: POLL_MS, starts, ...byKind },
    };
  } finally {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}
