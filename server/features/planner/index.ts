import { monthOf, visibleRange } from '../../../contracts/calendar.values.js';
import {
  plannerItemsApiPath,
  sharedTripApiPath,
  TRIPS_PATH,
} from '../../../contracts/planner.values.js';
import { APP_ROUTES } from '../../../contracts/routes.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { AppContext } from '../../context.js';
import type { HttpServer } from '../../http-server.js';
import type { PagePreloads } from '../../plugins/spa.js';
import { createCalendarRepository } from './calendar-repository.js';
import { calendarFeedRoutes, calendarRoutes } from './calendar-routes.js';
import { createCalendarService } from './calendar-service.js';
import { createPlannerRepository, type PlannerRepository } from './repository.js';
import { plannerItemRoutes, tripRoutes } from './routes.js';
import { createPlannerService, type PlannerService } from './service.js';
import { createTripShareRepository } from './share-repository.js';
import { sharedTripRoutes, tripShareRoutes } from './share-routes.js';
import { createTripShareService } from './share-service.js';

/** The planner's service, for the features that read a visitor's trips, and its repository. */
export interface Planner {
  service: PlannerService;
  /** For the planner's own calendars and share links, which read trips as stored. */
  repository: PlannerRepository;
  pagePreloads: PagePreloads;
}

/** Trips and their items. */
export async function registerPlanner(app: HttpServer, { database }: AppContext): Promise<Planner> {
  const repository = createPlannerRepository(database.db);
  const service = createPlannerService(repository);
  await app.register(tripRoutes, { service });
  await app.register(plannerItemRoutes, { service });
  return {
    service,
    repository,
    pagePreloads: {
      /*
       * The planner's page is the same for everyone (pre-rendered, or the app shell with
       * `?trip=`): the visitor's trips and the chosen trip's month arrive by two reads, the second
       * asked only once the first has answered and the page's code has run. Named here, both are
       * on their way while that code loads. The trip is chosen as the page chooses it (the
       * address's, else the first), and its month is its start's; a trip with no start opens on
       * the visitor's own today, which only their browser knows, so only the trips are named.
       */
      [APP_ROUTES.flightPlan]: async (request, _params, query) => {
        const visitorId = await request.findVisitorId();
        // Only a returning visitor has trips: a read would start a session to find none.
        if (!visitorId) return [];
        const trips = await service.listTrips(visitorId);
        const trip = trips.find(({ id }) => id === query.get('trip')) ?? trips[0];
        const range = trip?.startDate ? visibleRange(monthOf(trip.startDate)) : undefined;
        return [
          { fetch: TRIPS_PATH },
          ...(trip && range ? [{ fetch: plannerItemsApiPath(trip.id, range) }] : []),
        ];
      },
    },
  };
}

/**
 * A trip's calendar (iCalendar) address, its file built in a worker-thread pool that closes with
 * the app (docs/decisions/012).
 */
export async function registerCalendar(
  app: HttpServer,
  { config, database }: AppContext,
  { planner }: { planner: Planner },
): Promise<void> {
  const calendars = createCalendarService({
    plannerRepository: planner.repository,
    repository: createCalendarRepository(database.db),
    appUrl: config.appUrl,
  });
  app.addHook('onClose', () => calendars.close());
  await app.register(calendarRoutes, { service: calendars });
  await app.register(calendarFeedRoutes, { service: calendars });
}

/** Share links to a trip's itinerary, sent by e-mail or copied; their page is public. */
export async function registerTripShares(
  app: HttpServer,
  { config, database }: AppContext,
  { planner, mailer }: { planner: Planner; mailer: Mailer },
): Promise<{ pagePreloads: PagePreloads }> {
  const shares = createTripShareService({
    planner: planner.service,
    plannerRepository: planner.repository,
    repository: createTripShareRepository(database.db),
    mailer,
    appUrl: config.appUrl,
  });
  await app.register(tripShareRoutes, { service: shares });
  await app.register(sharedTripRoutes, { service: shares });
  return {
    pagePreloads: {
      [APP_ROUTES.sharedTrip]: async (_request, { token }) =>
        token ? [{ data: sharedTripApiPath(token) }] : [],
    },
  };
}
