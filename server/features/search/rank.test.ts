import { describe, expect, it } from 'vitest';
import type { Destination } from '../../../contracts/destinations.js';
import { DESTINATIONS } from '../../catalogue/destinations.js';
import { rankDestinations, textScores } from './rank.js';
import { allowedEdits, MAX_QUERY_TERMS, singular } from './text-index.js';

const CATALOGUE: Destination[] = DESTINATIONS.map(({ source: _s, checkedAt: _c, ...d }) => d);

const ids = (to: string, list: readonly Destination[] = CATALOGUE) =>
  rankDestinations(list, { to }).map((d) => d.id);

/** A place of a made-up catalogue: only what a test is about is given. */
function place(id: string, fields: Partial<Destination>): Destination {
  return {
    id,
    name: id,
    location: '',
    country: 'Canada',
    countryCode: 'CA',
    price: 0,
    priceBasis: '',
    currency: 'CAD',
    category: 'City',
    description: '',
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: false,
    isVeteranFriendly: false,
    isNeuroFriendly: false,
    accessibilityFeatures: [],
    ...fields,
  };
}

describe('the To text', () => {
  it('is found anywhere in a place’s text: a phrase of the description finds the place', () => {
    // "Lake Louise" is only in Banff's description.
    expect(ids('Lake Louise')).toEqual(['banff-national-park']);
    expect(ids('lake louise shoreline')).toEqual(['banff-national-park']);
    // An accessibility feature's words find the places that document it.
    expect(ids('hearing loop')).toContain('sydney-opera-house');
  });

  it('forgives typos, more of them in longer words', () => {
    expect(ids('Yosemitee')[0]).toBe('yosemite-national-park');
    expect(ids('Yosemte')[0]).toBe('yosemite-national-park');
    expect(ids('Louvere')).toEqual(['louvre-museum']);
    expect(ids('Grindavick')).toEqual(['blue-lagoon']);
    // Two letters swapped are one typo.
    expect(ids('Sydeny')[0]).toBe('sydney-opera-house');
    expect(ids('Yosmeite')[0]).toBe('yosemite-national-park');
  });

  it('takes a word of the catalogue typed correctly as meant, not as a typo of another', () => {
    // One letter apart, both real: each finds its own country only.
    expect(ids('Ireland')).toEqual(['ashford-castle']);
    expect(ids('Iceland')).toEqual(['blue-lagoon']);
    // Unless nothing matches so: "harbour" is a word of Sydney's text, but Pearl Harbor is meant.
    expect(ids('Pearl Harbour')).toEqual(['pearl-harbor-national-memorial']);
  });

  it('keeps short words exact, so a typo allowance does not turn them into other words', () => {
    expect([allowedEdits('uk'), allowedEdits('park'), allowedEdits('banff')]).toEqual([0, 0, 1]);
    expect([allowedEdits('yosemite'), allowedEdits('yosemitee')]).toEqual([2, 2]);
    const list = [
      place('bark', { name: 'Bark Lodge' }),
      place('park', { name: 'Park Hotel' }),
      place('parking', { name: 'Town Centre', description: 'Parking near the door.' }),
    ];
    // "park" is a whole word of the catalogue: it is not the start of "parking" too.
    expect(ids('park', list)).toEqual(['park']);
  });

  it('reads the last word as the start of a longer one while it is not a word of its own', () => {
    expect(ids('lake lou')).toEqual(['banff-national-park']);
    expect(ids('yosem')[0]).toBe('yosemite-national-park');
    // Only the last word: "yos park" needs a word "yos".
    expect(ids('yos park')).toEqual([]);
  });

  it('needs every word to match, and an unknown place matches nothing', () => {
    expect(ids('Banff Louvre')).toEqual([]);
    expect(ids('Atlantis')).toEqual([]);
  });

  it('matches a country by its name, its code and the other names travellers use', () => {
    for (const q of ['uk', 'Britain', 'england', 'GB']) {
      const found = rankDestinations(CATALOGUE, { to: q });
      expect(found.length, q).toBeGreaterThan(0);
      expect(found[0]!.countryCode, q).toBe('GB');
    }
    expect(ids('eire')).toEqual(['ashford-castle']);
    expect(ids('aotearoa')).toEqual(['milford-sound']);
    const usa = rankDestinations(CATALOGUE, { to: 'USA' });
    expect(usa.length).toBeGreaterThan(5);
    expect(usa.every((d) => d.countryCode === 'US')).toBe(true);
  });

  it('folds accents and case on both sides', () => {
    const list = [place('montreal', { name: 'Vieux-Port', location: 'Montréal, Québec' })];
    expect(ids('MONTREAL', list)).toEqual(['montreal']);
    expect(ids('quebec', list)).toEqual(['montreal']);
    expect(ids('Grindavík')).toEqual(['blue-lagoon']);
    expect(ids('grindavik')).toEqual(['blue-lagoon']);
  });

  it('reads plurals as their singular', () => {
    expect(singular('museums')).toBe('museum');
    expect(singular('glasses')).toBe('glass');
    expect(singular('paris')).toBe('paris');
    expect(singular('access')).toBe('access');
    const museums = ids('museums');
    expect(museums.length).toBeGreaterThan(1);
    expect(museums.slice(0, 3).every((id) => id.includes('museum'))).toBe(true);
  });

  it('ranks the name above the location, the location above the description', () => {
    const list = [
      place('described', { name: 'Harbour Walk', description: 'A walk near the Cedar Falls.' }),
      place('located', { name: 'Riverside Hotel', location: 'Cedar Falls, Iowa' }),
      place('named', { name: 'Cedar Falls Lodge' }),
    ];
    expect(ids('cedar falls', list)).toEqual(['named', 'located', 'described']);
  });

  it('keeps the accessibility rules: places that do not meet a need are left out, equal matches rank by the features serving it', () => {
    const list = [
      place('none', { name: 'Lake Walk A', isAccessible: false }),
      place('one', {
        name: 'Lake Walk B',
        isAccessible: true,
        accessibilityFeatures: ['step_free_access'],
      }),
      place('two', {
        name: 'Lake Walk C',
        isAccessible: true,
        accessibilityFeatures: ['step_free_access', 'accessible_parking'],
      }),
    ];
    const found = rankDestinations(list, { to: 'lake walk', needs: ['Mobility Support'] });
    expect(found.map((d) => d.id)).toEqual(['two', 'one']);
  });

  it(`looks up at most ${MAX_QUERY_TERMS} words of a long text`, () => {
    const words = 'banff canada alberta rocky mountain calgary lake louise'.split(' ');
    expect(words).toHaveLength(MAX_QUERY_TERMS);
    expect(ids(words.join(' '))).toEqual(['banff-national-park']);
    // Words past the limit are not looked up, so they cannot empty the answer.
    expect(ids(`${words.join(' ')} atlantis`)).toEqual(['banff-national-park']);
  });

  it('searches a part of the catalogue through the catalogue’s index, returning only that part', () => {
    expect(textScores(CATALOGUE, 'national park').size).toBeGreaterThan(2);
    const part = CATALOGUE.filter((d) => d.countryCode === 'CA');
    const scores = textScores(part, 'national park');
    expect([...scores.keys()].map((d) => d.id)).toEqual(['banff-national-park']);
  });
});
