import type { HttpServer } from '../../http-server.js';
import type { DestinationService } from '../destinations/service.js';
import { searchRoutes } from './routes.js';
import { createSearchService } from './service.js';

/** Search over the destinations catalogue. */
export async function registerSearch(
  app: HttpServer,
  { destinations }: { destinations: DestinationService },
): Promise<void> {
  await app.register(searchRoutes, { service: createSearchService(destinations) });
}
