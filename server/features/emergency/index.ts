import { placeNames } from '../../../contracts/countries.js';
import { DESTINATIONS } from '../../catalogue/destinations.js';
import { EMERGENCY_CONTACTS } from '../../catalogue/emergency-contacts.js';
import type { HttpServer } from '../../http-server.js';
import type { AdvisoryService } from '../advisories/service.js';
import type { PlannerService } from '../planner/service.js';
import { helpLinesRoutes } from './help-lines-routes.js';
import { emergencyRoutes } from './routes.js';
import { safetyKitRoutes } from './safety-kit-routes.js';
import { createSafetyKitService } from './safety-kit-service.js';
import { createEmergencyService, type EmergencyService } from './service.js';

/** Emergency contacts and help lines; the safety kits and the assistant read the contacts. */
export async function registerEmergency(app: HttpServer): Promise<EmergencyService> {
  const emergency = createEmergencyService(EMERGENCY_CONTACTS);
  await app.register(emergencyRoutes, { service: emergency });
  await app.register(helpLinesRoutes);
  return emergency;
}

/**
 * Safety kits (PDFs of the contacts and advisories of the visitor's trips), made in a worker-thread
 * pool that closes with the app (docs/decisions/012).
 */
export async function registerSafetyKits(
  app: HttpServer,
  deps: { emergency: EmergencyService; advisories: AdvisoryService; planner: PlannerService },
): Promise<void> {
  const { emergency, advisories, planner } = deps;
  const safetyKits = createSafetyKitService({
    emergency,
    advisories,
    tripDestinations: async (visitorId) =>
      (await planner.listTrips(visitorId)).map((trip) => trip.destination),
    places: placeNames(DESTINATIONS),
  });
  app.addHook('onClose', () => safetyKits.close());
  await app.register(safetyKitRoutes, { service: safetyKits });
}
