import { describe, expect, it } from 'vitest';
import type { Destination } from '../../../contracts/destinations.js';
import { searchResponseSchema } from '../../../contracts/search.js';
import { DESTINATIONS } from '../../catalogue/destinations.js';
import type { DestinationService } from '../destinations/service.js';
import { DESTINATION_PLACES } from '../../catalogue/geography.js';
import { DAY_DRIVE_KM, drivingKm, resolveDeparture } from './geo.js';
import { createSearchService } from './service.js';

const asDestination = ({ source: _s, checkedAt: _c, ...d }: (typeof DESTINATIONS)[number]) =>
  d satisfies Destination;

/** A destination service whose catalogue is whatever `current` holds at the time. */
function catalogueOf(initial: Destination[]) {
  const state = { current: initial };
  const service = {
    listOrPopulate: async () => state.current,
  } as unknown as DestinationService;
  return { state, service };
}

const answer = (json: Buffer) => searchResponseSchema.parse(JSON.parse(json.toString('utf8')));

describe('the search service', () => {
  it('answers a repeated query with the same JSON while the catalogue stays the same', async () => {
    const { service } = catalogueOf(DESTINATIONS.map(asDestination));
    const search = createSearchService(service);
    const first = await search.search({
      to: 'national park',
      accessibilityNeeds: ['Mobility Support'],
    });
    const again = await search.search({
      to: 'national park',
      accessibilityNeeds: ['Mobility Support'],
    });
    expect(again).toBe(first);
    expect(answer(first).count).toBeGreaterThan(0);
    // Another query is another answer.
    const other = await search.search({ to: 'national park' });
    expect(answer(other).summary).not.toBe(answer(first).summary);
  });

  it('ranks again when the catalogue changes (populate makes a new list)', async () => {
    const all = DESTINATIONS.map(asDestination);
    const { state, service } = catalogueOf(all.slice(0, 1));
    const search = createSearchService(service);
    const before = answer(await search.search({}));
    expect(before.count).toBe(1);
    state.current = all;
    const after = answer(await search.search({}));
    expect(after.count).toBe(all.length);
  });
});

describe('the No Frills Shortcuts', () => {
  const all = DESTINATIONS.map(asDestination);
  const search = createSearchService(catalogueOf(all).service);
  const quick = async (query: Parameters<typeof search.quickSearch>[0]) =>
    answer(await search.quickSearch(query));
  const ids = (results: Destination[]) => results.map((d) => d.id);

  it('Road Trip: the places within a day’s drive of the departure city, nearest first', async () => {
    // Issue 28: from Calgary it offered Walt Disney World and not Banff, 90 minutes away.
    const calgary = await quick({ type: 'roadtrip', from: 'Calgary' });
    expect(ids(calgary.results)).toContain('banff-national-park');
    expect(ids(calgary.results)).not.toContain('walt-disney-world');
    expect(calgary.summary).toContain('Calgary');

    for (const from of ['Los Angeles', 'London', 'Orlando', 'Sydney', 'Philadelphia']) {
      const departure = resolveDeparture(from, all);
      if (departure?.kind !== 'city') throw new Error(`${from} is a known city`);
      const body = await quick({ type: 'roadtrip', from });
      expect(body.count, from).toBeGreaterThan(0);
      const kms = body.results.map((d) => drivingKm(departure.place, DESTINATION_PLACES[d.id]!));
      for (const km of kms) expect(km, from).not.toBeNull();
      for (const km of kms) expect(km!, from).toBeLessThanOrEqual(DAY_DRIVE_KM);
      expect(kms, from).toEqual([...kms].sort((a, b) => a! - b!));
      // Every place within that drive is offered, a cruise excepted.
      const within = all.filter((d) => {
        const km = drivingKm(departure.place, DESTINATION_PLACES[d.id]!);
        return d.category !== 'Cruise' && km !== null && km <= DAY_DRIVE_KM;
      });
      expect(ids(body.results).sort(), from).toEqual(ids(within).sort());
    }
  });

  it('Road Trip: nothing across the sea, and a country alone asks for the city', async () => {
    const auckland = await quick({ type: 'roadtrip', from: 'Auckland' });
    expect(ids(auckland.results)).not.toContain('milford-sound');
    const dublin = await quick({ type: 'roadtrip', from: 'Dublin' });
    expect(ids(dublin.results)).toEqual(['ashford-castle']);

    const us = await quick({ type: 'roadtrip' });
    expect(us.count).toBeGreaterThan(0);
    expect(us.results.every((d) => d.countryCode === 'US' && d.category !== 'Cruise')).toBe(true);
    expect(ids(us.results)).not.toContain('pearl-harbor-national-memorial');
    expect(us.summary).toMatch(/the United States.*type the city you leave from/i);

    const unknown = await quick({ type: 'roadtrip', from: 'Xyzzy' });
    expect(unknown.summary).toContain('We could not place "Xyzzy"');
  });

  it('Hotels Only: places to stay, never a theme park or a cruise', async () => {
    const body = await quick({ type: 'hotels' });
    expect(ids(body.results).sort()).toEqual(
      ['ashford-castle', 'the-langham-london', 'timberline-lodge'].sort(),
    );
    for (const d of body.results) expect(d.category).toMatch(/hotel|lodge|inn/i);
    const list = [
      { ...all[0]!, id: 'resort', name: 'Seaside Resort', category: 'Resort' },
      { ...all[0]!, id: 'park', name: 'Fun World Resort', category: 'Theme Park' },
      { ...all[0]!, id: 'ship', name: 'Ocean Hotel Line', category: 'Cruise' },
      { ...all[0]!, id: 'bnb', name: 'Rose Cottage', category: 'Bed and Breakfast' },
    ];
    const made = createSearchService(catalogueOf(list).service);
    const found = answer(await made.quickSearch({ type: 'hotels' }));
    expect(ids(found.results).sort()).toEqual(['bnb', 'resort']);
  });

  it('Flights Only: abroad, across the sea or past a day’s drive, never the drive next door', async () => {
    const calgary = await quick({ type: 'flights', from: 'Calgary' });
    expect(ids(calgary.results)).not.toContain('banff-national-park');
    expect(ids(calgary.results)).toContain('walt-disney-world');
    const toronto = await quick({ type: 'flights', from: 'Toronto' });
    expect(ids(toronto.results)).toContain('banff-national-park');
    for (const body of [calgary, toronto]) {
      expect(body.results.every((d) => d.category !== 'Cruise')).toBe(true);
    }
  });
});
