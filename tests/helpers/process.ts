import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '../..');
const READY_TIMEOUT_MS = 30_000;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Stops the process with a signal and waits for it to exit; resolves to its exit code. */
  stop(signal: NodeJS.Signals): Promise<number | null>;
}

/** Runs `server/main.ts` as its own process, the way `npm start` does, and waits until it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout! });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start: ${stderr}`)),
      READY_TIMEOUT_MS,
    );
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
    lines.on('line', (line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; address?: string };
        if (entry.msg === 'server ready' && entry.address) {
          clearTimeout(timer);
          resolve(entry.address);
        }
      } catch {
        // Not a log line.
      }
    });
  });

  return {
    url,
    child,
    async stop(signal) {
      if (child.exitCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}
