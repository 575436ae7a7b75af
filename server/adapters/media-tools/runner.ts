import { spawn } from 'node:child_process';
import { MAX_MEDIA_PIXELS } from '../../../contracts/media.values.js';

/**
 * The one place ffmpeg and ffprobe are started. Every run is bounded work (issue 25, decision 010):
 *
 * - one thread (callers' inputs get `-threads 1` from here, outputs name their own), so a run's
 *   CPU time is its wall time and a few runs cannot take every core;
 * - a wall-clock timeout, after which the process is killed;
 * - OS limits set on the child before it runs (through util-linux's `prlimit`, as Node cannot set
 *   them on spawn): CPU seconds (RLIMIT_CPU) and memory (RLIMIT_DATA for what the program
 *   allocates, RLIMIT_AS a ceiling on its whole address space);
 * - a picture size limit before anything is decoded (`-max_pixels`);
 * - a place in this process's media work queue, which admits runs while the memory limits of
 *   those running add up to at most MEDIA_MEMORY_BUDGET_BYTES and takes waiting runs in turn by
 *   key (the uploader's address), so one address's many files cannot hold everyone else's back.
 */

const MiB = 1024 * 1024;

export interface ToolLimits {
  /** Killed after this long, whatever it is doing. */
  timeoutMs: number;
  /** RLIMIT_CPU: with one thread, about the same as the time limit. */
  cpuSeconds: number;
  /** RLIMIT_DATA: what the program may allocate (decoded pictures, buffers, its own tables). */
  memoryBytes: number;
}

/**
 * Reading a file's streams and tags (ffprobe): a few seconds at most, so a file built to be slow
 * to read (60,000 tags cost ffprobe many seconds of CPU) is refused within the record request. The
 * memory limit leaves room for an 8K video's probe (the figures these limits were set from are in
 * docs/history.md).
 */
export const PROBE_LIMITS: ToolLimits = { timeoutMs: 3_000, cpuSeconds: 2, memoryBytes: 160 * MiB };
/**
 * Decoding one picture (a thumbnail, or a photo scaled down for a movie): a photo at
 * MAX_MEDIA_PIXELS decoded as 8-bit RGBA takes 200 MB, which fits; one at 16 bits a channel does
 * not, and gets no thumbnail.
 */
export const DECODE_LIMITS: ToolLimits = {
  timeoutMs: 15_000,
  cpuSeconds: 12,
  memoryBytes: 288 * MiB,
};
/**
 * A movie's render: its inputs are already small (photos scaled down one at a time first), and
 * the two 720p encodes fit a decode's memory together. The timeout, five minutes, is well over what
 * the longest movie takes on one core (docs/history.md).
 */
export const RENDER_TIMEOUT_MS = 5 * 60_000;
export const RENDER_LIMITS: ToolLimits = {
  timeoutMs: RENDER_TIMEOUT_MS,
  cpuSeconds: RENDER_TIMEOUT_MS / 1000,
  memoryBytes: 288 * MiB,
};
/**
 * What the memory limits of the media runs of one process may add up to: a decode (or a render)
 * and a probe at once, so a render never holds an upload's probe back. With each child's resident
 * memory under its data limit, the process tree stays within this (plus the children's shared
 * libraries) above idle.
 */
export const MEDIA_MEMORY_BUDGET_BYTES = DECODE_LIMITS.memoryBytes + PROBE_LIMITS.memoryBytes;
/**
 * RLIMIT_AS: ffmpeg maps its libraries (hundreds of MB of address space, depending on the build,
 * most never read) before allocating anything, so the address space is the data limit plus this
 * allowance.
 */
const ADDRESS_SPACE_ALLOWANCE_BYTES = 768 * MiB;
/** How long a run waits for a place in the queue before its caller is told the site is busy. */
export const QUEUE_WAIT_MS = 30_000;

/** How much of stderr is kept for an error: the end is where ffmpeg says what went wrong. */
const STDERR_TAIL_CHARS = 4000;

/** ffmpeg or ffprobe ran and failed (or could not start); `stderrTail` is the end of what it said. */
export class MediaToolError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(message);
    this.name = 'MediaToolError';
  }
}

/** A run stopped by one of its limits: the file costs more to read than the site allows. */
export class MediaToolLimitError extends MediaToolError {
  constructor(
    readonly limit: 'time' | 'cpu' | 'memory',
    readonly limits: ToolLimits,
    stderrTail: string,
  ) {
    super(`the media tool went past its ${limit} limit`, null, stderrTail);
    this.name = 'MediaToolLimitError';
  }
}

/** The queue was full for QUEUE_WAIT_MS: nothing is wrong with the file, the site is busy. */
export class MediaQueueBusy extends Error {
  constructor() {
    super('media work queue busy');
    this.name = 'MediaQueueBusy';
  }
}

/** Signs in stderr that an allocation failed under the memory limit. */
const OUT_OF_MEMORY =
  /Cannot allocate memory|get_buffer\(\) failed|failed to map segment|out of memory|bad_alloc/i;

// ---------------------------------------------------------------------------------------------
// The queue.

interface Waiter {
  bytes: number;
  admit: () => void;
}

/**
 * A budget of memory shared by this process's media runs, with a turn per key: waiting runs are
 * grouped by key, and the key let in longest ago goes first, so one key's many runs take turns
 * with everyone else's instead of going ahead of them. A run larger than the whole budget runs
 * alone.
 */
export function createMediaWorkQueue(budgetBytes: number) {
  let used = 0;
  let running = 0;
  const waiting = new Map<string, Waiter[]>();
  /** Per key with runs waiting or running: when it was last let in (a count of admissions). */
  const lastServed = new Map<string, number>();
  const runningByKey = new Map<string, number>();
  let admissions = 0;

  function pump() {
    for (;;) {
      // The key let in longest ago goes first (one never let in before all others), taking its
      // oldest run that fits; a run that does not fit yet leaves the way to the others.
      const turn = [...waiting.keys()].sort(
        (a, b) => (lastServed.get(a) ?? -1) - (lastServed.get(b) ?? -1),
      );
      const key = turn.find(
        (k) => running === 0 || used + waiting.get(k)![0]!.bytes <= budgetBytes,
      );
      if (key === undefined) return;
      const queue = waiting.get(key)!;
      const next = queue.shift()!;
      if (queue.length === 0) waiting.delete(key);
      used += next.bytes;
      running += 1;
      runningByKey.set(key, (runningByKey.get(key) ?? 0) + 1);
      lastServed.set(key, admissions++);
      next.admit();
    }
  }

  /** A run of `key` ended: a key with nothing left waiting or running is forgotten. */
  function finished(key: string, bytes: number) {
    used -= bytes;
    running -= 1;
    const left = (runningByKey.get(key) ?? 1) - 1;
    if (left > 0) runningByKey.set(key, left);
    else runningByKey.delete(key);
    if (left === 0 && !waiting.has(key)) lastServed.delete(key);
    pump();
  }

  return {
    /**
     * Waits for room for `bytes` in `key`'s turn; resolves to the release. Rejects with
     * MediaQueueBusy after `maxWaitMs`, or with the reason when `signal` aborts.
     */
    acquire(
      bytes: number,
      key: string,
      options: { signal?: AbortSignal; maxWaitMs?: number } = {},
    ): Promise<() => void> {
      const { signal, maxWaitMs = QUEUE_WAIT_MS } = options;
      return new Promise((resolve, reject) => {
        signal?.throwIfAborted();
        const leave = () => {
          const queue = waiting.get(key);
          const at = queue?.indexOf(waiter) ?? -1;
          if (queue && at >= 0) {
            queue.splice(at, 1);
            if (queue.length === 0) waiting.delete(key);
          }
          if (!waiting.has(key) && !runningByKey.has(key)) lastServed.delete(key);
        };
        const onAbort = () => {
          clearTimeout(timer);
          leave();
          reject(signal!.reason);
        };
        const waiter: Waiter = {
          bytes,
          admit: () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            let released = false;
            resolve(() => {
              if (released) return;
              released = true;
              finished(key, bytes);
            });
          },
        };
        const timer = setTimeout(() => {
          signal?.removeEventListener('abort', onAbort);
          leave();
          reject(new MediaQueueBusy());
        }, maxWaitMs);
        timer.unref();
        signal?.addEventListener('abort', onAbort, { once: true });
        const queue = waiting.get(key);
        if (queue) queue.push(waiter);
        else waiting.set(key, [waiter]);
        pump();
      });
    },
    /** Runs admitted and bytes held (tests, metrics). */
    state: () => ({ running, usedBytes: used, waiting: [...waiting.values()].flat().length }),
  };
}
export type MediaWorkQueue = ReturnType<typeof createMediaWorkQueue>;

/**
 * This process's queue. One per process on purpose: the budget is of this process's children, so
 * every app built in the process (tests build several) shares it.
 */
export const mediaWork = createMediaWorkQueue(MEDIA_MEMORY_BUDGET_BYTES);

/** The key of work nobody in particular asked for (files resumed at start). */
export const SHARED_WORK_KEY = 'shared';

// ---------------------------------------------------------------------------------------------
// Running.

export interface RunOptions {
  signal?: AbortSignal;
  /** Called with each chunk of stdout (as text); otherwise stdout is collected and returned. */
  onStdout?: (chunk: string) => void;
  /** Called with the end of stderr when the program succeeds (its warnings). */
  onStderr?: (tail: string) => void;
  /** Without limits: only for `-version` checks, which decode nothing. */
  limits?: ToolLimits;
  /** `prlimit`'s path, or null where it is missing (then the OS limits are not set). */
  prlimitPath?: string | null;
  /** Whose turn in the queue (the uploader's address); runs without limits skip the queue. */
  workKey?: string;
}

/**
 * The prlimit arguments that bound a run. The CPU limit is hard as well as soft, so the kernel
 * kills the program outright (SIGKILL) rather than sending SIGXCPU, which ffmpeg catches and
 * turns into an ordinary exit that says nothing at `-loglevel error`.
 */
function prlimitArgs(limits: ToolLimits): string[] {
  return [
    `--cpu=${limits.cpuSeconds}`,
    `--data=${limits.memoryBytes}`,
    `--as=${limits.memoryBytes + ADDRESS_SPACE_ALLOWANCE_BYTES}`,
    '--',
  ];
}

/**
 * Runs a program without a shell; resolves with its stdout, rejects on a non-zero exit
 * (MediaToolError, or MediaToolLimitError when a limit stopped it), an abort (its reason) or a
 * queue that stayed full (MediaQueueBusy).
 */
export async function runTool(
  program: string,
  args: string[],
  options: RunOptions = {},
): Promise<string> {
  const { limits, signal } = options;
  if (!limits) return spawnOnce(program, args, options);
  const release = await mediaWork.acquire(limits.memoryBytes, options.workKey ?? SHARED_WORK_KEY, {
    signal,
  });
  try {
    return await spawnOnce(program, args, options);
  } finally {
    release();
  }
}

function spawnOnce(program: string, args: string[], options: RunOptions): Promise<string> {
  const { signal, onStdout, onStderr, limits, prlimitPath } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const [command, argv] =
      limits && prlimitPath
        ? [prlimitPath, [...prlimitArgs(limits), program, ...args]]
        : [program, args];
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const stdout: string[] = [];
    let stderr = '';
    let settled = false;
    let timedOut = false;
    const timer = limits
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, limits.timeoutMs)
      : undefined;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      settle(() => reject(abortReason(signal)));
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (onStdout) onStdout(chunk);
      else stdout.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    child.on('error', (error) =>
      settle(() =>
        reject(new MediaToolError(`${program} could not start: ${error.message}`, null, '')),
      ),
    );
    child.on('close', (code, killedBy) =>
      settle(() => {
        if (code === 0 && !timedOut) {
          onStderr?.(stderr);
          resolve(stdout.join(''));
          return;
        }
        const tail = stderr.trim();
        // prlimit's own exit codes (util-linux) when it cannot run the program.
        if (command !== program && (code === 126 || code === 127) && tail.startsWith('prlimit:')) {
          reject(new MediaToolError(`${program} could not start: ${lastLines(tail)}`, null, tail));
          return;
        }
        const limit = limits ? limitReached(timedOut, killedBy, tail) : null;
        if (limit) {
          reject(new MediaToolLimitError(limit, limits!, tail));
          return;
        }
        const how = code === null ? `was stopped by ${killedBy}` : `exited with code ${code}`;
        reject(
          new MediaToolError(`${program} ${how}${tail ? `: ${lastLines(tail)}` : ''}`, code, tail),
        );
      }),
    );
  });
}

/** Which limit ended a run, if one did. A kill by the kernel can only be the CPU limit here. */
function limitReached(
  timedOut: boolean,
  killedBy: NodeJS.Signals | null,
  stderr: string,
): 'time' | 'cpu' | 'memory' | null {
  if (timedOut) return 'time';
  if (killedBy === 'SIGXCPU' || killedBy === 'SIGKILL') return 'cpu';
  if (OUT_OF_MEMORY.test(stderr) || killedBy === 'SIGSEGV' || killedBy === 'SIGABRT') {
    return 'memory';
  }
  return null;
}

const abortReason = (signal: AbortSignal | undefined): unknown =>
  signal?.reason ?? new DOMException('The operation was aborted', 'AbortError');

/** The last few lines of stderr, enough for a log line. */
const lastLines = (text: string) => text.split('\n').slice(-3).join(' | ');

/**
 * Input options for every file ffmpeg or ffprobe opens: one decoding thread, and pictures larger
 * than MAX_MEDIA_PIXELS refused before a frame is allocated.
 */
export const BOUNDED_INPUT = ['-threads', '1', '-max_pixels', String(MAX_MEDIA_PIXELS)];

/** `args` with BOUNDED_INPUT before each input (`-i`), wherever the caller put it. */
export function boundInputs(args: string[]): string[] {
  return args.flatMap((arg) => (arg === '-i' ? [...BOUNDED_INPUT, arg] : [arg]));
}
