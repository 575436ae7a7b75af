import { describe, expect, it } from 'vitest';
import type { Destination } from '../../../contracts/destinations.js';
import { searchResponseSchema } from '../../../contracts/search.js';
import { DESTINATIONS } from '../../catalogue/destinations.js';
import type { DestinationService } from '../destinations/service.js';
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
