import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisoryListSchema } from '../../contracts/advisories.js';
import { ADVISORIES } from '../../server/catalogue/advisories.js';
import { DESTINATIONS } from '../../server/catalogue/destinations.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('advisories', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('lists every curated advisory, most serious first, with its date and source', async () => {
    const response = await fetch(`${server.url}/api/advisories`);
    expect(response.status).toBe(200);
    const list = advisoryListSchema.parse(await response.json());
    expect(list).toHaveLength(ADVISORIES.length);
    const levels = list.map((a) => a.level);
    expect(levels).toEqual([...levels].sort((a, b) => b - a));
    for (const advisory of list) {
      expect(advisory.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(advisory.source).toMatch(/^https:\/\//);
    }
    expect(list.find((a) => a.country === 'Myanmar')?.level).toBe(4);
  });

  it('covers the country of every destination, at the level the destination shows', async () => {
    const list = advisoryListSchema.parse(
      await (await fetch(`${server.url}/api/advisories`)).json(),
    );
    const byCode = new Map(list.map((a) => [a.countryCode, a]));
    for (const d of DESTINATIONS) {
      expect(byCode.get(d.countryCode)?.level, d.name).toBe(d.safetyLevel);
    }
  });
});
