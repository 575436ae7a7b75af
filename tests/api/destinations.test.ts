import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinationListSchema } from '../../contracts/destinations.js';
import { DESTINATIONS } from '../../server/catalogue/destinations.js';
import { createVisitor, startTestServer, type TestServer } from '../helpers/server.js';

describe('destinations', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('starts empty, is populated from the catalogue once, and lists every destination', async () => {
    const visitor = createVisitor(server.url);
    const empty = await visitor.request('GET', '/api/destinations');
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual([]);

    const first = await visitor.request('POST', '/api/destinations/populate', { body: {} });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ inserted: DESTINATIONS.length });

    const second = await visitor.request('POST', '/api/destinations/populate', { body: {} });
    expect(await second.json()).toEqual({ inserted: 0 });

    const list = destinationListSchema.parse(
      await (await visitor.request('GET', '/api/destinations')).json(),
    );
    expect(list).toHaveLength(DESTINATIONS.length);
    expect(new Set(list.map((d) => d.id)).size).toBe(list.length);
    for (const word of ['Virgin Voyages', 'Timberline', 'Banff', 'Ashford', 'Milford', 'Langham']) {
      expect(
        list.some((d) => d.name.includes(word)),
        word,
      ).toBe(true);
    }
  });

  it('answers with the stored facts, typed as the contract says', async () => {
    const response = await fetch(`${server.url}/api/destinations`);
    const list = destinationListSchema.parse(await response.json());
    const banff = list.find((d) => d.id === 'banff-national-park');
    const source = DESTINATIONS.find((d) => d.id === 'banff-national-park');
    expect(banff).toMatchObject({
      name: source!.name,
      country: 'Canada',
      countryCode: 'CA',
      price: source!.price,
      currency: source!.currency,
      safetyLevel: source!.safetyLevel,
      isAccessible: source!.isAccessible,
      isVeteranFriendly: source!.isVeteranFriendly,
      isNeuroFriendly: source!.isNeuroFriendly,
      accessibilityFeatures: source!.accessibilityFeatures,
    });
    expect(typeof banff!.isAccessible).toBe('boolean');
  });

  it('is gzipped for a client that takes gzip, and the same list for one that does not', async () => {
    // fetch sends Accept-Encoding: gzip and unpacks the body; the header still says how it came.
    const gzipped = await fetch(`${server.url}/api/destinations`);
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toMatch(/accept-encoding/i);
    const plain = await fetch(`${server.url}/api/destinations`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    const list = destinationListSchema.parse(await plain.json());
    expect(list).toHaveLength(DESTINATIONS.length);
    expect(await gzipped.json()).toEqual(list);
  });

  it('populates concurrently without duplicates', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(`${server.url}/api/destinations/populate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }).then((r) => r.json() as Promise<{ inserted: number }>),
      ),
    );
    expect(results.every((r) => r.inserted === 0)).toBe(true);
  });
});
