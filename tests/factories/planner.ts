/**
 * Trips and planner items for API tests (CONVENTIONS 17): `build*` returns a valid request body,
 * `create*` makes one through the API as the given visitor and returns it parsed. One trip to
 * Lisbon with a tram ride, so a test names only what it is about in its overrides.
 */
import { expect } from 'vitest';
import {
  plannerItemSchema,
  tripSchema,
  type CreatePlannerItemInput,
  type CreateTripInput,
  type PlannerItem,
  type Trip,
} from '../../contracts/planner.js';
import type { TestServer, Visitor } from '../helpers/server.js';

/** A three-day trip, 10 to 12 April 2027. */
export const buildTrip = (overrides: Partial<CreateTripInput> = {}): CreateTripInput => ({
  title: 'Lisbon in spring',
  destination: 'Lisbon, Portugal',
  startDate: '2027-04-10',
  endDate: '2027-04-12',
  ...overrides,
});

/** A morning activity on the trip's second day, with a price and no description. */
export const buildPlannerItem = (
  plannerId: string,
  overrides: Partial<CreatePlannerItemInput> = {},
): CreatePlannerItemInput => ({
  plannerId,
  itemType: 'activity',
  itemName: 'Tram 28',
  scheduledDate: '2027-04-11',
  scheduledTime: 'morning',
  price: '12.50',
  ...overrides,
});

export async function createTrip(
  visitor: Visitor,
  overrides: Partial<CreateTripInput> = {},
): Promise<Trip> {
  const response = await visitor.request('POST', '/api/trip-planners', {
    body: buildTrip(overrides),
  });
  expect(response.status).toBe(201);
  return tripSchema.parse(await response.json());
}

export async function createPlannerItem(
  visitor: Visitor,
  plannerId: string,
  overrides: Partial<CreatePlannerItemInput> = {},
): Promise<PlannerItem> {
  const response = await visitor.request('POST', '/api/planner-items', {
    body: buildPlannerItem(plannerId, overrides),
  });
  expect(response.status).toBe(201);
  return plannerItemSchema.parse(await response.json());
}

/** How many trips and items the database holds, to prove that a refused request wrote nothing. */
export async function plannerRowCounts(server: Pick<TestServer, 'database'>) {
  const count = async (table: 'tripPlanners' | 'plannerItems') =>
    Number(
      (
        await server.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { trips: await count('tripPlanners'), items: await count('plannerItems') };
}
