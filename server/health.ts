import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { healthSchema, readinessSchema, type Readiness } from '../contracts/health.js';
import type { Db } from './db/database.js';

/** One dependency's readiness: resolves when it answers, rejects (or hangs) when it does not. */
export type HealthCheck = () => Promise<void>;

/** How long one readiness check may take before it counts as failed. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

export interface HealthOptions {
  /** Named checks run by `/api/health/ready`, all at once; add one per shared dependency. */
  checks: Record<string, HealthCheck>;
  timeoutMs?: number;
}

/** The database answers a trivial query. */
export const databaseCheck =
  (db: Db): HealthCheck =>
  async () => {
    await sql`select 1`.execute(db);
  };

type Outcome = Readiness['checks'][string];

/**
 * `GET /api/health`, liveness: the process answers (a restart is the cure when it does not).
 * `GET /api/health/ready`, readiness: every check in `checks` passed within its timeout (else 503,
 * and a proxy or orchestrator sends the traffic elsewhere). Failures are logged with their error;
 * the answer names only which check failed. Concurrent probes share one run of the checks.
 */
export function registerHealth(app: FastifyInstance, options: HealthOptions): void {
  const { checks, timeoutMs = READINESS_CHECK_TIMEOUT_MS } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  async function runCheck(name: string, check: HealthCheck): Promise<Outcome> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const outcome = await Promise.race([check().then(() => 'ok' as const), timeout]);
      if (outcome === 'timeout') {
        app.log.warn({ check: name, timeoutMs }, 'readiness check timed out');
      }
      return outcome;
    } catch (error) {
      app.log.warn({ err: error, check: name }, 'readiness check failed');
      return 'failed';
    } finally {
      clearTimeout(timer);
    }
  }

  let running: Promise<Readiness> | undefined;
  const runAll = () =>
    (running ??= (async () => {
      const entries = Object.entries(checks);
      const outcomes = await Promise.all(entries.map(([name, check]) => runCheck(name, check)));
      const results = Object.fromEntries(entries.map(([name], i) => [name, outcomes[i]!]));
      return {
        status: outcomes.every((o) => o === 'ok') ? ('ready' as const) : ('unready' as const),
        checks: results,
      };
    })().finally(() => (running = undefined)));

  typed.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const }),
  );
  typed.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database and storage (and any other shared service) answer',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const readiness = await runAll();
      // Probes poll: an answer is never cached by anything in between.
      reply.header('cache-control', 'no-store');
      return reply.code(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );
}
