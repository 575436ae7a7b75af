import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESSIBILITY_FEATURE_GROUPS } from '../../contracts/accessibility.js';
import type { Destination } from '../../contracts/destinations.js';
import {
  quickSearchResponseSchema,
  searchResponseSchema,
  type SearchRequest,
} from '../../contracts/search.js';
import { DESTINATIONS } from '../../server/catalogue/destinations.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('search', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function search(body: SearchRequest) {
    const response = await post('/api/search', body);
    expect(response.status).toBe(200);
    return searchResponseSchema.parse(await response.json());
  }
  const ids = (results: Destination[]) => results.map((d) => d.id);
  const hasGroupFeature = (d: Destination, group: keyof typeof ACCESSIBILITY_FEATURE_GROUPS) =>
    d.accessibilityFeatures.some((f) =>
      (ACCESSIBILITY_FEATURE_GROUPS[group] as readonly string[]).includes(f),
    );

  it('answers an empty query with the whole catalogue, ranked, even before it was populated', async () => {
    const body = await search({});
    expect(body.count).toBe(DESTINATIONS.length);
    expect(body.results).toHaveLength(DESTINATIONS.length);
    expect(body.nights).toBeNull();
    // With nothing asked, safer countries come first, then better documented places.
    const levels = body.results.map((d) => d.safetyLevel);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    const levelOne = body.results.filter((d) => d.safetyLevel === 1);
    const featureCounts = levelOne.map((d) => d.accessibilityFeatures.length);
    expect(featureCounts).toEqual([...featureCounts].sort((a, b) => b - a));
  });

  it('answers a request with no body as the empty query', async () => {
    const response = await fetch(`${server.url}/api/search`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(searchResponseSchema.parse(await response.json()).count).toBe(DESTINATIONS.length);
  });

  it('treats empty strings as "not given", as a form with blank fields sends them', async () => {
    const body = await search({ from: '', to: '', checkinDate: '', checkoutDate: '' });
    expect(body.count).toBe(DESTINATIONS.length);
  });

  it('matches the To text against the name and puts the best name match first', async () => {
    const body = await search({ to: 'Banff' });
    expect(ids(body.results)).toEqual(['banff-national-park']);

    // The whole text is searched: the places called or located in a national park come first;
    // after them only places whose text says it (Pearl Harbor is a National Park Service site).
    const parks = await search({ to: 'national park' });
    expect(parks.count).toBeGreaterThan(1);
    const named = parks.results.map((d) =>
      /national park/i.test(`${d.name} ${d.location} ${d.category}`),
    );
    expect(named[0]).toBe(true);
    expect(named).toEqual([...named].sort((a, b) => Number(b) - Number(a)));
    for (const d of parks.results.filter((_, i) => !named[i])) {
      expect(d.description).toMatch(/national park/i);
    }
  });

  it('matches location, country (and its other names) and category, ignoring case and accents', async () => {
    expect(ids((await search({ to: 'paris' })).results)).toContain('louvre-museum');
    const canada = await search({ to: 'CANADA' });
    expect(canada.results.every((d) => d.country === 'Canada')).toBe(true);
    expect(canada.count).toBeGreaterThan(0);
    const uk = await search({ to: 'UK' });
    expect(uk.results.every((d) => d.countryCode === 'GB')).toBe(true);
    expect(uk.count).toBeGreaterThan(0);
    const museums = await search({ to: 'museums' });
    expect(museums.count).toBeGreaterThan(1);
    expect(museums.results.every((d) => /museum/i.test(`${d.name} ${d.category}`))).toBe(true);
    expect(ids((await search({ to: 'Grindavík' })).results)).toEqual(['blue-lagoon']);
  });

  it('finds what people type: words of the description, typos and swapped letters (issue 28)', async () => {
    expect(ids((await search({ to: 'Lake Louise' })).results)).toEqual(['banff-national-park']);
    expect((await search({ to: 'Yosemitee' })).results[0]!.id).toBe('yosemite-national-park');
    expect((await search({ to: 'sydeny opera' })).results[0]!.id).toBe('sydney-opera-house');
    expect(ids((await search({ to: 'lake lou' })).results)).toEqual(['banff-national-park']);
  });

  it('ranks a name match above a place that only matches by location or category', async () => {
    const body = await search({ to: 'Yosemite' });
    expect(body.results[0]!.id).toBe('yosemite-national-park');
    const museum = await search({ to: 'air and space museum' });
    expect(museum.results[0]!.id).toBe('national-air-and-space-museum');
  });

  it('needs every word of the To text to match, and answers an unknown place with no results', async () => {
    const body = await search({ to: 'Banff Louvre' });
    expect(body.count).toBe(0);
    const none = await search({ to: 'Atlantis' });
    expect(none).toMatchObject({ count: 0, results: [] });
    expect(none.summary).toContain('0 results');
  });

  it('filters Mobility Support to accessible places', async () => {
    const body = await search({ accessibilityNeeds: ['Mobility Support'] });
    expect(body.count).toBeGreaterThan(0);
    expect(body.count).toBeLessThan(DESTINATIONS.length);
    for (const d of body.results) {
      expect(d.isAccessible || d.accessibilityFeatures.includes('step_free_access')).toBe(true);
    }
    expect(ids(body.results)).not.toContain('timberline-lodge');
  });

  it('filters Visual and Hearing Support to places with a feature of that group', async () => {
    const visual = await search({ accessibilityNeeds: ['Visual Support'] });
    expect(visual.count).toBeGreaterThan(0);
    for (const d of visual.results) expect(hasGroupFeature(d, 'visual')).toBe(true);

    const hearing = await search({ accessibilityNeeds: ['Hearing Support'] });
    expect(hearing.count).toBeGreaterThan(0);
    for (const d of hearing.results) expect(hasGroupFeature(d, 'hearing')).toBe(true);
  });

  it('filters Neurodiversity to neuro-friendly places', async () => {
    const body = await search({ accessibilityNeeds: ['Neurodiversity'] });
    expect(body.count).toBeGreaterThan(0);
    for (const d of body.results) {
      expect(d.isNeuroFriendly || hasGroupFeature(d, 'neurodiversity')).toBe(true);
    }
  });

  it('applies several needs together, each narrowing the results', async () => {
    const one = await search({ accessibilityNeeds: ['Mobility Support'] });
    const two = await search({ accessibilityNeeds: ['Mobility Support', 'Neurodiversity'] });
    expect(two.count).toBeGreaterThan(0);
    expect(two.count).toBeLessThan(one.count);
    expect(ids(one.results)).toEqual(expect.arrayContaining(ids(two.results)));
    expect(two.summary).toContain('Mobility Support, Neurodiversity');
  });

  it('ranks places with more documented features for the asked needs first', async () => {
    const body = await search({ accessibilityNeeds: ['Hearing Support'] });
    const hearing = ACCESSIBILITY_FEATURE_GROUPS.hearing as readonly string[];
    const counts = body.results.map(
      (d) => d.accessibilityFeatures.filter((f) => hearing.includes(f)).length,
    );
    expect(counts.length).toBeGreaterThan(1);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('counts the nights between the dates', async () => {
    const body = await search({ checkinDate: '2027-03-01', checkoutDate: '2027-03-05' });
    expect(body.nights).toBe(4);
    expect((await search({ checkinDate: '2027-03-01', checkoutDate: '2027-03-01' })).nights).toBe(
      0,
    );
  });

  it.each([
    [
      { checkinDate: '2027-03-05', checkoutDate: '2027-03-01' },
      'checkoutDate',
      /before the check-in/,
    ],
    [{ checkinDate: '2027-02-30' }, 'checkinDate', /real date written YYYY-MM-DD/],
    [{ checkoutDate: '03/01/2027' }, 'checkoutDate', /real date written YYYY-MM-DD/],
    [{ accessibilityNeeds: 'Mobility Support' }, 'accessibilityNeeds', /must be a list/],
    [{ accessibilityNeeds: ['Wings'] }, 'accessibilityNeeds.0', /Unknown accessibility need/],
    [{ to: 'x'.repeat(201) }, 'to', /At most 200/],
  ])('refuses %j with a 400 naming %s', async (body, path, message) => {
    const response = await post('/api/search', body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { errors: { path: string; message: string }[] };
    expect(error.errors).toEqual(
      expect.arrayContaining([{ path, message: expect.stringMatching(message) }]),
    );
  });

  describe('No Frills Shortcuts', () => {
    async function quick(body: Record<string, unknown>) {
      const response = await post('/api/search/quick', body);
      expect(response.status).toBe(200);
      return quickSearchResponseSchema.parse(await response.json());
    }

    it('hotels: places to stay, never a theme park or a cruise', async () => {
      const body = await quick({ type: 'hotels' });
      expect(body.type).toBe('hotels');
      expect(body.count).toBeGreaterThan(0);
      expect(ids(body.results)).toEqual(
        expect.arrayContaining(['the-langham-london', 'ashford-castle']),
      );
      expect(ids(body.results)).not.toContain('louvre-museum');
      // Issue 28: a theme park (Walt Disney World Resort) and a cruise were listed.
      expect(body.results.some((d) => ['Theme Park', 'Cruise'].includes(d.category))).toBe(false);
      expect(body.summary).toContain('Places to stay');
    });

    it('camping: national parks', async () => {
      const body = await quick({ type: 'camping' });
      expect(body.count).toBeGreaterThan(0);
      for (const d of body.results) expect(`${d.category} ${d.name}`).toMatch(/national park/i);
    });

    it('roadtrip: places within a day’s drive of the departure city, nearest first', async () => {
      // Issue 28: from Calgary it offered Walt Disney World and not Banff (90 minutes away).
      const calgary = await quick({ type: 'roadtrip', from: 'Calgary, Canada' });
      expect(ids(calgary.results)).toEqual(['banff-national-park']);
      expect(calgary.summary).toContain("within a day's drive");

      const la = await quick({ type: 'roadtrip', from: 'Los Angeles' });
      expect(ids(la.results)).toEqual(['yosemite-national-park', 'grand-canyon-south-rim']);
    });

    it('roadtrip without a city: places reachable by road in the country, the United States by default', async () => {
      const us = await quick({ type: 'roadtrip' });
      expect(us.count).toBeGreaterThan(0);
      expect(us.results.every((d) => d.countryCode === 'US')).toBe(true);
      expect(ids(us.results)).not.toContain('pearl-harbor-national-memorial');
      expect(ids(us.results)).not.toContain('virgin-voyages');
      expect(us.summary).toContain('the United States');
      expect(us.summary).toMatch(/type the city you leave from/i);

      const canada = await quick({ type: 'roadtrip', from: 'Canada' });
      expect(canada.results.every((d) => d.countryCode === 'CA')).toBe(true);
    });

    it('flights: places abroad from the departure country', async () => {
      const body = await quick({ type: 'flights', from: 'London' });
      expect(body.count).toBeGreaterThan(0);
      expect(body.results.every((d) => d.countryCode !== 'GB')).toBe(true);
      expect(body.summary).toContain('the United Kingdom');
    });

    it('applies the search fields too: the To text and the needs', async () => {
      const all = await quick({ type: 'camping' });
      const filtered = await quick({ type: 'camping', accessibilityNeeds: ['Hearing Support'] });
      expect(filtered.count).toBeLessThanOrEqual(all.count);
      const grand = await quick({ type: 'camping', to: 'grand canyon' });
      expect(ids(grand.results)).toEqual(['grand-canyon-south-rim']);
    });

    it('refuses an unknown type, impossible dates and a non-list of needs, naming the field', async () => {
      for (const [body, path] of [
        [{ type: 'teleport' }, 'type'],
        [{}, 'type'],
        [{ type: 'hotels', checkinDate: '2027-05-02', checkoutDate: '2027-05-01' }, 'checkoutDate'],
        [{ type: 'hotels', accessibilityNeeds: 7 }, 'accessibilityNeeds'],
      ] as const) {
        const response = await post('/api/search/quick', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        const error = (await response.json()) as { errors: { path: string }[] };
        expect(error.errors.map((e) => e.path)).toContain(path);
      }
    });
  });
});
