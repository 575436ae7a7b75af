import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { ServiceUnavailable } from '../errors.js';

/**
 * CPU-bound work (a PDF) done in worker threads, so that the event loop keeps answering everyone
 * else while it runs (issue 25: fifty-country safety kits from one client held `/api/health` for
 * seconds). The pool is small and its queue bounded: past it, the request is refused with 503 and
 * Retry-After at once instead of waiting behind a flood. Each task has a time limit, each thread a
 * heap limit. A module for a pool default-exports its task, a function of structured-clonable data.
 */
export interface WorkerPool<In, Out> {
  run(input: In): Promise<Out>;
  close(): Promise<void>;
}

export interface WorkerPoolOptions {
  /** The task's module, as the compiled server names it: `new URL('./x-worker.js', import.meta.url)`. */
  module: URL;
  /** Names the pool in its threads' names. */
  name: string;
  /** Tasks waiting for a thread beyond which the next is refused. */
  maxQueue: number;
  /** What a refused request is told (503). */
  busyMessage: string;
  /** A task running longer is stopped and its request fails (503). */
  timeoutMs: number;
  /** Heap of each thread, in MB. */
  heapMb: number;
  /** Default: one thread per core beyond the first, at least one, at most two. */
  threads?: number;
  /**
   * Keep one thread alive when idle, for work people wait for at any time (a page): a thread that
   * starts and loads its modules first takes a few hundred milliseconds more.
   */
  keepWarm?: boolean;
}

/** Under tsx or Vitest this module is its TypeScript source, and so is every task's. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const SOURCE_WORKER = new URL('./source-worker.mjs', import.meta.url);
const BUSY_RETRY_SECONDS = 5;

export function createWorkerPool<In, Out>(options: WorkerPoolOptions): WorkerPool<In, Out> {
  const threads = options.threads ?? Math.min(2, Math.max(1, availableParallelism() - 1));
  const module = FROM_SOURCE ? options.module.href.replace(/\.js$/, '.ts') : options.module.href;
  const pool = new Piscina<In, Out>({
    name: 'default',
    filename: FROM_SOURCE ? SOURCE_WORKER.href : module,
    workerData: FROM_SOURCE ? { module } : undefined,
    minThreads: options.keepWarm ? 1 : 0,
    maxThreads: threads,
    // A thread is kept a while after its last task: starting one costs tens of milliseconds.
    idleTimeout: 60_000,
    maxQueue: options.maxQueue,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
  });
  return {
    async run(input) {
      if (pool.queueSize >= options.maxQueue) {
        throw new ServiceUnavailable(options.busyMessage, BUSY_RETRY_SECONDS);
      }
      try {
        return await pool.run(input, { signal: AbortSignal.timeout(options.timeoutMs) });
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') {
          throw new ServiceUnavailable(options.busyMessage, BUSY_RETRY_SECONDS);
        }
        throw error;
      }
    },
    close: () => pool.destroy(),
  };
}
