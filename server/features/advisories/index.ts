import { ADVISORIES } from '../../catalogue/advisories.js';
import type { HttpServer } from '../../http-server.js';
import { advisoryRoutes } from './routes.js';
import { createAdvisoryService, type AdvisoryService } from './service.js';

/** Travel advisories; the safety kits and the assistant read them too. */
export async function registerAdvisories(app: HttpServer): Promise<AdvisoryService> {
  const advisories = createAdvisoryService(ADVISORIES);
  await app.register(advisoryRoutes, { service: advisories });
  return advisories;
}
