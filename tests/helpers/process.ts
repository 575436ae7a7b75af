import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
// A cold start compiles the server with tsx: on a loaded CI machine that has taken over 15 s.
const READY_TIMEOUT_MS = 60_000;
const READY_POLL_MS = 100;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Stops the process with a signal and waits for it to exit; resolves to its exit code. */
  stop(signal: NodeJS.Signals): Promise<number | null>;
  /** What the server wrote so far: stderr, and with `captureOutput` stdout (its log) as well. */
  output(): string;
}

export interface ServerProcessOptions {
  /** Keep what the server writes to stdout (the pino log), for `output()`. Off: stdout is dropped. */
  captureOutput?: boolean;
  /**
   * Run the production build (`dist/server`, as `npm start` does) rather than the sources through
   * tsx: the benchmarks measure what production runs. The caller builds it first.
   */
  built?: boolean;
}

/** The production build's entry (scripts/build-if-stale.mjs writes it). */
export const BUILT_ENTRY = 'dist/server/server/main.js';

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Runs `server/main.ts` as its own process, the way `npm start` does, and waits until it answers. */
export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const args = options.built
    ? ['--enable-source-maps', BUILT_ENTRY]
    : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', options.captureOutput ? 'pipe' : 'ignore', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${stderr}`);
    }
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }

  return {
    url,
    child,
    output: () => stdout + stderr,
    async stop(signal) {
      if (child.exitCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}
