import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripSchema } from '../../contracts/planner.js';
import { buildTrip } from '../factories/planner.js';
import { createVisitor, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Answers read with the visitor's session are theirs: no shared cache may keep them, nor the
 * browser's disk (a shared computer). Routes that answer with an ETag keep `private, no-cache`, so
 * the browser asks again and gets a 304; the public catalogue keeps its own caching.
 */
describe('caching of visitor-scoped answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('marks every answer read with the session private, no-store, errors included', async () => {
    const visitor = createVisitor(server.url);
    const created = await visitor.request('POST', '/api/trip-planners', { body: buildTrip() });
    expect(created.headers.get('cache-control')).toBe('private, no-store');
    const trip = tripSchema.parse(await created.json());
    const unknown = crypto.randomUUID();
    for (const path of [
      '/api/trip-planners',
      `/api/trip-planners/${trip.id}`,
      `/api/trip-planners/${trip.id}/shares`,
      '/api/bookings',
      `/api/bookings/${unknown}`,
      '/api/media',
      '/api/media/movies',
      '/api/media/shares',
      '/api/chat',
    ]) {
      const response = await visitor.request('GET', path);
      expect(response.status, path).toBeLessThan(500);
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
    }
  });

  it("keeps a route's own choice: the items' ETag answers stay private, no-cache", async () => {
    const visitor = createVisitor(server.url);
    const trip = tripSchema.parse(
      await (
        await visitor.request('POST', '/api/trip-planners', {
          body: {
            title: 'Porto',
            destination: 'Porto, Portugal',
            startDate: '2027-05-01',
            endDate: '2027-05-02',
          },
        })
      ).json(),
    );
    const items = await visitor.request('GET', `/api/planner-items?plannerId=${trip.id}`);
    expect(items.headers.get('etag')).toBeTruthy();
    expect(items.headers.get('cache-control')).toBe('private, no-cache');
    const again = await visitor.request('GET', `/api/planner-items?plannerId=${trip.id}`, {
      headers: { 'if-none-match': items.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('leaves the public catalogue as it was, with no Cache-Control of its own', async () => {
    for (const path of ['/api/destinations', '/api/advisories', '/api/emergency-contacts']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBeNull();
    }
  });
});
