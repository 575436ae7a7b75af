import { z } from 'zod';

/** `GET /api/health`: liveness; the process answers HTTP (nothing else is checked). */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

/** How one readiness check went; the reason of a failure is logged, never sent. */
export const readinessCheckResultSchema = z.enum(['ok', 'failed', 'timeout']);

/**
 * `GET /api/health/ready`: readiness; 200 with `ready` when every dependency answered (database,
 * storage, ...), else 503 with `unready` and each check's result, so a proxy stops sending traffic.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unready']),
  checks: z.record(z.string(), readinessCheckResultSchema),
});
export type Readiness = z.infer<typeof readinessSchema>;
