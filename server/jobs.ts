/**
 * Background work (movie renders, thumbnails, e-mail, upload sweeps): one interface, two runners.
 *
 * - On PostgreSQL, a durable queue shared by every process (pg-boss): a job is claimed by one
 *   worker (`FOR UPDATE SKIP LOCKED`), a worker that stops sending heartbeats (killed, frozen) loses
 *   its job to another process, and a job that fails is retried.
 * - On SQLite, which one process serves, an in-process runner with the same interface: jobs live
 *   in memory, so work that must survive a restart keeps its own state in the database and is sent
 *   again at start (the movies table does that for renders).
 *
 * See docs/decisions/007-background-jobs.md.
 */
export interface JobQueue {
  readonly kind: 'postgres' | 'in-process';
  /** Declares a kind of job and its handler; before `start()`, and jobs are sent after it. */
  define<T extends object>(definition: JobDefinition<T>): void;
  /**
   * Queues a job. With `key` on a kind defined `onePerKey`, at most one job with that key waits and
   * one runs, across every process: sending the same key again while one waits adds nothing.
   */
  send<T extends object>(name: string, data: T, options?: { key?: string }): Promise<void>;
  /**
   * Runs `handler` once per period of `periodSeconds` across all processes (on PostgreSQL each
   * process offers a job per period and the queue keeps one per period), first soon after start.
   */
  every(name: string, periodSeconds: number, handler: () => Promise<void>): void;
  /** Jobs waiting or running, by name (metrics). */
  depth(): Promise<Record<string, number>>;
  start(): Promise<void>;
  /** Stops taking jobs, aborts the running ones (they are retried, here or elsewhere) and waits. */
  stop(): Promise<void>;
}

export interface JobContext {
  id: string;
  /** Aborted when the process stops or the queue takes the job back. */
  signal: AbortSignal;
}

export interface JobDefinition<T extends object> {
  name: string;
  handler: (data: T, context: JobContext) => Promise<void>;
  /** Further attempts after a failure. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Each further attempt waits about twice as long as the one before (with jitter). */
  retryBackoff?: boolean;
  /**
   * At most one job per key waits and one runs (a render is never taken twice at once); without
   * it every job sent is kept and run.
   */
  onePerKey?: boolean;
  /**
   * How long a finished job's data stays in the queue's tables (PostgreSQL; the default is a
   * week). Short for jobs whose data should not linger, such as a mail's links.
   */
  keepSeconds?: number;
  /** How long one attempt may run before it is abandoned and retried. */
  expireInSeconds: number;
  /**
   * A worker silent this long is taken as gone and its job given to another process (PostgreSQL;
   * at least 10). Unset: only `expireInSeconds` frees a dead worker's job.
   */
  heartbeatSeconds?: number;
  /** Jobs of this kind one process runs at once. */
  concurrency: number;
}

export interface JobObserver {
  /** Called after every attempt. */
  onJob?(name: string, seconds: number, ok: boolean): void;
}

export interface JobLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Jobs are looked for this often when none are signalled (pg-boss also polls). */
const POLL_SECONDS = 2;
/**
 * A worker that just took a job fetches the next at once while more than one waits, instead of after the poll
 * interval: without it each worker ran one job per interval however long the queue, and a burst of
 * thirty sign-in mails took half a minute to leave. An empty fetch returns to polling.
 */
const BURST = { burstWhenReadyExceeds: 1 } as const;
/** How often a dead worker's job is looked for: a takeover waits at most heartbeat + this. */
const SUPERVISE_SECONDS = 10;
/** How long a stop waits for aborted jobs to end. */
const STOP_TIMEOUT_MS = 10_000;

/** Abort the attempt when either the process stops or the queue takes the job back. */
function eitherSignal(a: AbortSignal, b: AbortSignal | undefined): AbortSignal {
  return b ? AbortSignal.any([a, b]) : a;
}

function timed(
  name: string,
  observer: JobObserver,
  run: () => Promise<void>,
  log: JobLogger,
  details: object,
): Promise<void> {
  const started = performance.now();
  return run().then(
    () => observer.onJob?.(name, (performance.now() - started) / 1000, true),
    (error: unknown) => {
      observer.onJob?.(name, (performance.now() - started) / 1000, false);
      log.warn({ err: error, job: name, ...details }, 'job failed');
      throw error;
    },
  );
}

/**
 * The pg-boss schema: `pgboss`, or, when the connection names a `search_path` (one schema per
 * deployment or per test), that schema's name followed by `_jobs`, so deployments sharing a
 * database keep their jobs apart.
 */
export function jobsSchema(connectionString: string): string {
  const options = new URL(connectionString).searchParams.get('options') ?? '';
  const match = /search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(options);
  return match ? `${match[1]}_jobs` : 'pgboss';
}

export function createPgJobQueue(
  connectionString: string,
  log: JobLogger,
  observer: JobObserver = {},
): JobQueue {
  // Loaded here, with the queue: a process on SQLite never loads pg-boss (docs/quality.md).
  const boss = import('pg-boss').then(({ PgBoss }) => {
    const created = new PgBoss({
      connectionString,
      schema: jobsSchema(connectionString),
      max: 4,
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      // Queue depths (metrics) are counted on each monitor pass.
      monitorIntervalSeconds: 15,
      // The backlog each worker reads to decide whether to fetch again at once (BURST below).
      queueCacheIntervalSeconds: POLL_SECONDS,
    });
    created.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
    return created;
  });
  const definitions: JobDefinition<object>[] = [];
  const periodic: { name: string; periodSeconds: number; handler: () => Promise<void> }[] = [];
  const timers: NodeJS.Timeout[] = [];
  const stopping = new AbortController();
  let started = false;

  const offer = (name: string, periodSeconds: number) =>
    boss
      .then((queue) =>
        queue.send(name, {}, { singletonKey: name, singletonSeconds: periodSeconds }),
      )
      .catch((error: unknown) => log.warn({ err: error, job: name }, 'periodic job not offered'));

  return {
    kind: 'postgres',
    define(definition) {
      definitions.push(definition as JobDefinition<object>);
    },
    async send(name, data, options = {}) {
      await (await boss).send(name, data, options.key ? { singletonKey: options.key } : {});
    },
    every(name, periodSeconds, handler) {
      periodic.push({ name, periodSeconds, handler });
    },
    async depth() {
      const queues = await (
        await boss
      ).getQueues([...definitions.map((d) => d.name), ...periodic.map((p) => p.name)]);
      return Object.fromEntries(queues.map((q) => [q.name, q.queuedCount + q.activeCount]));
    },
    async start() {
      const queue = await boss;
      await queue.start();
      started = true;
      for (const d of definitions) {
        const options = {
          // `stately`: one job per state (waiting, running) per singleton key.
          policy: d.onePerKey ? ('stately' as const) : ('standard' as const),
          retryLimit: d.retryLimit,
          retryDelay: d.retryDelaySeconds,
          retryBackoff: d.retryBackoff ?? false,
          expireInSeconds: d.expireInSeconds,
          ...(d.heartbeatSeconds ? { heartbeatSeconds: d.heartbeatSeconds } : {}),
          ...(d.keepSeconds ? { deleteAfterSeconds: d.keepSeconds } : {}),
        };
        // Created once (later calls change nothing), so these settings hold from the first start.
        await queue.createQueue(d.name, options);
        await queue.work<object>(
          d.name,
          { localConcurrency: d.concurrency, pollingIntervalSeconds: POLL_SECONDS, ...BURST },
          async ([job]) => {
            if (!job) return;
            await timed(
              d.name,
              observer,
              () =>
                d.handler(job.data, {
                  id: job.id,
                  signal: eitherSignal(stopping.signal, job.signal),
                }),
              log,
              { jobId: job.id },
            );
          },
        );
      }
      for (const p of periodic) {
        await queue.createQueue(p.name, { retryLimit: 0, expireInSeconds: p.periodSeconds });
        await queue.work(p.name, { pollingIntervalSeconds: POLL_SECONDS }, () =>
          timed(p.name, observer, p.handler, log, {}),
        );
        void offer(p.name, p.periodSeconds);
        timers.push(
          setInterval(() => void offer(p.name, p.periodSeconds), p.periodSeconds * 1000).unref(),
        );
      }
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      if (!started) return;
      stopping.abort();
      await (await boss).stop({ graceful: true, close: true, timeout: STOP_TIMEOUT_MS });
    },
  };
}

/** The SQLite runner: the same interface in this process's memory. */
export function createInProcessJobQueue(log: JobLogger, observer: JobObserver = {}): JobQueue {
  interface Pending {
    id: number;
    name: string;
    data: object;
    key: string | undefined;
    attempt: number;
  }
  const definitions = new Map<string, JobDefinition<object>>();
  const waiting: Pending[] = [];
  const running = new Map<number, { job: Pending; done: Promise<void> }>();
  const timers = new Set<NodeJS.Timeout>();
  const stopping = new AbortController();
  let started = false;
  let nextId = 1;

  const busy = (name: string) => [...running.values()].filter((r) => r.job.name === name).length;

  function drain() {
    if (!started || stopping.signal.aborted) return;
    for (let i = 0; i < waiting.length; i++) {
      const job = waiting[i]!;
      const definition = definitions.get(job.name)!;
      const keyBusy =
        job.key !== undefined &&
        [...running.values()].some((r) => r.job.name === job.name && r.job.key === job.key);
      if (keyBusy || busy(job.name) >= definition.concurrency) continue;
      waiting.splice(i--, 1);
      const attempt = new AbortController();
      const expiry = setTimeout(() => attempt.abort(), definition.expireInSeconds * 1000).unref();
      const done = timed(
        job.name,
        observer,
        () =>
          definition.handler(job.data, {
            id: String(job.id),
            signal: AbortSignal.any([stopping.signal, attempt.signal]),
          }),
        log,
        { jobId: job.id },
      )
        .catch(() => {
          if (stopping.signal.aborted || job.attempt >= definition.retryLimit) return;
          const delay = definition.retryBackoff
            ? definition.retryDelaySeconds * 2 ** job.attempt * (0.5 + Math.random() / 2)
            : definition.retryDelaySeconds;
          const retry = setTimeout(() => {
            timers.delete(retry);
            waiting.push({ ...job, attempt: job.attempt + 1 });
            drain();
          }, delay * 1000);
          timers.add(retry);
        })
        .finally(() => {
          clearTimeout(expiry);
          running.delete(job.id);
          drain();
        });
      running.set(job.id, { job, done });
    }
  }

  return {
    kind: 'in-process',
    define(definition) {
      definitions.set(definition.name, definition as JobDefinition<object>);
    },
    async send(name, data, options = {}) {
      if (!definitions.has(name)) throw new Error(`no job named ${name}`);
      // As on PostgreSQL: a stopped queue takes nothing (the job would wait for ever).
      if (stopping.signal.aborted) throw new Error('the job queue is stopped');
      const key = definitions.get(name)!.onePerKey ? options.key : undefined;
      if (key !== undefined && waiting.some((j) => j.name === name && j.key === key)) return;
      waiting.push({ id: nextId++, name, data, key, attempt: 0 });
      drain();
    },
    every(name, periodSeconds, handler) {
      definitions.set(name, {
        name,
        handler,
        retryLimit: 0,
        retryDelaySeconds: 0,
        expireInSeconds: periodSeconds,
        concurrency: 1,
        onePerKey: true,
      });
      const offer = () => void this.send(name, {}, { key: name }).catch(() => undefined);
      const start = setTimeout(() => {
        timers.delete(start);
        offer();
        timers.add(setInterval(offer, periodSeconds * 1000).unref());
      }, 0).unref();
      timers.add(start);
    },
    async depth() {
      const counts: Record<string, number> = {};
      for (const name of definitions.keys()) counts[name] = 0;
      for (const job of waiting) counts[job.name] = (counts[job.name] ?? 0) + 1;
      for (const { job } of running.values()) counts[job.name] = (counts[job.name] ?? 0) + 1;
      return counts;
    },
    async start() {
      started = true;
      drain();
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      stopping.abort();
      waiting.length = 0;
      await Promise.all([...running.values()].map((r) => r.done));
    },
  };
}
