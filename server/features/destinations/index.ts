import { DESTINATIONS } from '../../catalogue/destinations.js';
import type { AppContext } from '../../context.js';
import type { HttpServer } from '../../http-server.js';
import { createDestinationRepository } from './repository.js';
import { destinationRoutes } from './routes.js';
import { createDestinationService, type DestinationService } from './service.js';

/** The destinations catalogue and its API; search, bookings and the assistant read it. */
export async function registerDestinations(
  app: HttpServer,
  { database }: AppContext,
): Promise<DestinationService> {
  const destinations = createDestinationService(
    createDestinationRepository(database.db),
    DESTINATIONS,
  );
  await app.register(destinationRoutes, { service: destinations });
  return destinations;
}
