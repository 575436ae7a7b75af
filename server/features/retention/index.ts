import type { AppContext } from '../../context.js';
import type { HttpServer } from '../../http-server.js';
import type { JobQueue } from '../../jobs.js';
import { createRetentionRepository } from './repository.js';
import { createRetentionService, type RetentionService } from './service.js';

/**
 * Deletes sessions by the retention rules (server/features/retention), once per
 * `SESSION_SWEEP_SECONDS` across processes.
 */
const SESSION_SWEEP_JOB = 'session-sweep';

/**
 * Session retention (docs/decisions/011): a job sweeps old sessions and what they own, the
 * visitor's media through `removeMedia` (the media feature's). `app.retention`; returned, for
 * the deletion of an account (`erase`).
 */
export function registerRetention(
  app: HttpServer,
  { config, database }: AppContext,
  deps: { jobs: JobQueue; removeMedia: (visitorId: string) => Promise<number> },
): RetentionService {
  const retention = createRetentionService({
    repository: createRetentionRepository(database.db),
    removeMedia: deps.removeMedia,
    emptySessionDays: config.sessionRetention.emptySessionDays,
    retentionDays: config.sessionRetention.retentionDays,
    log: app.log,
  });
  deps.jobs.every(SESSION_SWEEP_JOB, config.sessionRetention.sweepSeconds, async () => {
    await retention.sweep();
  });
  app.decorate('retention', retention);
  return retention;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The session sweep, so tests can run it at a chosen time. */
    retention?: RetentionService;
  }
}
