import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emergencyContactListSchema } from '../../contracts/emergency.js';
import { EMERGENCY_CONTACTS } from '../../server/catalogue/emergency-contacts.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('emergency contacts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const get = async (query = '') => {
    const response = await fetch(`${server.url}/api/emergency-contacts${query}`);
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('lists every curated country, sorted by country, in the contract shape', async () => {
    const { status, body } = await get();
    expect(status).toBe(200);
    const list = emergencyContactListSchema.parse(body);
    expect(list).toHaveLength(EMERGENCY_CONTACTS.length);
    const names = list.map((c) => c.country);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    for (const contact of list) {
      expect(contact.source).toMatch(/^https:\/\//);
      expect(contact.checkedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(list.find((c) => c.countryCode === 'GB')?.aliases).toContain('UK');
    expect(list.find((c) => c.countryCode === 'US')).toMatchObject({
      country: 'United States',
      emergencyNumber: '911',
    });
  });

  it('filters by country name, by ISO code, in any case', async () => {
    for (const query of ['Japan', 'JP', 'jp', 'JAPAN', 'japan']) {
      const { status, body } = await get(`?country=${encodeURIComponent(query)}`);
      expect(status, query).toBe(200);
      const list = emergencyContactListSchema.parse(body);
      expect(
        list.map((c) => c.countryCode),
        query,
      ).toEqual(['JP']);
      expect(list[0]).toMatchObject({ emergencyNumber: '110', ambulance: '119', fire: '119' });
    }
  });

  it('ignores accents and knows other names of a country', async () => {
    for (const query of ['Türkiye', 'turkiye', 'Turkey']) {
      const { body } = await get(`?country=${encodeURIComponent(query)}`);
      expect(
        emergencyContactListSchema.parse(body).map((c) => c.countryCode),
        query,
      ).toEqual(['TR']);
    }
  });

  it('answers an unknown country with 200 and an empty list, not an error', async () => {
    expect(await get('?country=Atlantis')).toEqual({ status: 200, body: [] });
  });

  it('treats an empty country filter as no filter', async () => {
    const { status, body } = await get('?country=');
    expect(status).toBe(200);
    expect(emergencyContactListSchema.parse(body)).toHaveLength(EMERGENCY_CONTACTS.length);
  });

  it('rejects an oversized filter with the error envelope', async () => {
    const { status, body } = await get(`?country=${'x'.repeat(101)}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: expect.any(String) });
  });

  it('is documented in the OpenAPI document under the emergency tag', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    const doc = (await response.json()) as {
      paths: Record<string, { get?: { tags?: string[] } }>;
    };
    expect(doc.paths['/api/emergency-contacts']?.get?.tags).toEqual(['emergency']);
  });
});
