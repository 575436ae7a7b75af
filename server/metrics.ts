import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Where Prometheus scrapes; excluded from the request metrics, absent from the OpenAPI document. */
export const METRICS_PATH = '/metrics';

/** The number of jobs waiting, by job name (from the job queue, read at each scrape). */
export type QueueDepthSource = () => Promise<Record<string, number>>;

export interface Metrics {
  /** This app's registry: its own metrics and the process's default ones. */
  readonly registry: Registry;
  /** One answered request: `route` is the route's pattern (`/api/destinations/:id`), never a URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** Bytes of an upload accepted into a gallery (checked and recorded), whatever the storage. */
  countUploadBytes(bytes: number): void;
  /** One finished run of a background job; a failed one also counts in `jobs_failed_total`. */
  observeJob(job: string, seconds: number, ok: boolean): void;
  /** Where `jobs_queued` is read from at each scrape; until set, it has no samples. */
  setQueueDepthSource(source: QueueDepthSource): void;
}

/** Background jobs run from milliseconds (an e-mail) to many minutes (a movie render). */
const JOB_BUCKETS_SECONDS = [0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

/**
 * The process's default metrics (CPU, memory, event loop, GC, handles) live in one registry per
 * process, shared by every app's registry: collecting them sets up observers that are never torn
 * down, so they are set up once, however many apps a test process builds.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The metrics of one app, in a registry of its own (never prom-client's global one, so apps built
 * side by side in one process do not share or clash).
 */
export function createMetrics(): Metrics {
  const own = new Registry();
  const registers = [own];

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const uploadBytes = new Counter({
    name: 'media_upload_bytes_total',
    help: 'Bytes of uploads accepted into galleries (checked and recorded)',
    registers,
  });
  const jobDuration = new Histogram({
    name: 'jobs_duration_seconds',
    help: 'Run time of background jobs, by job and outcome (ok or failed)',
    labelNames: ['job', 'outcome'] as const,
    buckets: JOB_BUCKETS_SECONDS,
    registers,
  });
  const jobsFailed = new Counter({
    name: 'jobs_failed_total',
    help: 'Background job runs that failed, by job',
    labelNames: ['job'] as const,
    registers,
  });
  let queueDepth: QueueDepthSource | undefined;
  new Gauge({
    name: 'jobs_queued',
    help: 'Background jobs waiting to run, by job (read from the queue at each scrape)',
    labelNames: ['job'] as const,
    registers,
    async collect() {
      this.reset();
      if (!queueDepth) return;
      let depths: Record<string, number>;
      try {
        depths = await queueDepth();
      } catch {
        // An unreachable queue leaves the gauge empty rather than failing the whole scrape.
        return;
      }
      for (const [job, count] of Object.entries(depths)) this.set({ job }, count);
    },
  });

  return {
    // The same metric objects as `own` and the process's registry, in one registry.
    registry: Registry.merge([processMetrics(), own]),
    observeRequest(method, route, statusCode, seconds) {
      requestDuration.observe({ method, route, status_code: statusCode }, seconds);
    },
    countUploadBytes(bytes) {
      if (bytes > 0) uploadBytes.inc(bytes);
    },
    observeJob(job, seconds, ok) {
      jobDuration.observe({ job, outcome: ok ? 'ok' : 'failed' }, seconds);
      if (!ok) jobsFailed.inc({ job });
    },
    setQueueDepthSource(source) {
      queueDepth = source;
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `header` is `Bearer <token>`, compared in constant time (both sides hashed first). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * Times every answered request into `metrics` (by route pattern; requests matching no route count
 * as `unmatched`; scrapes are left out) and serves `GET /metrics` in Prometheus's text format.
 * `/metrics` answers only `Authorization: Bearer <token>` (else 401); without a token configured it
 * answers as a path that does not exist. Call before any plugin is registered, so the hook sees every route.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  options: { token: string | undefined },
): void {
  const { token } = options;
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route !== METRICS_PATH) {
      metrics.observeRequest(
        request.method,
        route ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    }
    done();
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    // Not configured: answered as any path that does not exist.
    if (!token) return reply.callNotFound();
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'A valid bearer token is needed' });
    }
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics: for background work (the job queue) to record into. */
    metrics: Metrics;
  }
}
