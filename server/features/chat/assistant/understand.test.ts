import { describe, expect, it } from 'vitest';
import { ADVISORIES } from '../../../catalogue/advisories.js';
import { DESTINATIONS } from '../../../catalogue/destinations.js';
import { EMERGENCY_CONTACTS } from '../../../catalogue/emergency-contacts.js';
import type { Destination } from '../../../../contracts/destinations.js';
import { placesFor } from './places.js';
import { understand } from './understand.js';

const destinations = DESTINATIONS as unknown as Destination[];
const places = placesFor(destinations, ADVISORIES, EMERGENCY_CONTACTS);
const read = (text: string) =>
  understand(text, { places, destinations, now: new Date('2026-11-25T12:00:00Z') });

describe('understand', () => {
  it.each([
    ['under $200', { amount: 200, currency: 'USD' }],
    ['under about 1,500 dollars', { amount: 1500, currency: 'USD' }],
    ['€40 max', { amount: 40, currency: 'EUR' }],
    ['budget of 300', { amount: 300 }],
  ])('reads the budget in %j', (text, budget) => {
    expect(read(text).budget).toEqual(budget);
  });

  it.each([
    ['put a flight to paris on dec 10 for 420 dollars', 420],
    ['add a hotel on friday for $420', 420],
    ['add a car on 3 december for 420', 420],
  ])('reads the price of an item in %j', (text, amount) => {
    expect(read(text).price?.amount).toBe(amount);
    expect(read(text).budget).toBeUndefined();
  });

  it.each(['step-free access', 'step free paths', 'barrier-free hotel'])(
    '%j is about access, not price',
    (text) => {
      expect(read(text).budget).toBeUndefined();
      expect(read(text).free).toBe(false);
    },
  );

  it.each([
    ["can my wife's power chair get around banff?", 'Mobility Support'],
    ['mobility scooter friendly places', 'Mobility Support'],
    ['my son is autistic', 'Neurodiversity'],
    ['somewhere neuro friendly', 'Neurodiversity'],
    ['I have PTSD and hate crowds', 'Neurodiversity'],
    ['I am blind', 'Visual Support'],
    ['my dad has low vision', 'Visual Support'],
    ["I'm Deaf, do they have ASL?", 'Hearing Support'],
    ['wheelchiar acessible musems', 'Mobility Support'],
  ])('reads the need in %j', (text, need) => {
    expect(read(text).needs).toContain(need);
  });

  it('reads one feature asked by name, with its need', () => {
    const q = read('which places have a hearing loop');
    expect(q.features).toEqual(['hearing_loop']);
    expect(q.needs).toEqual(['Hearing Support']);
  });

  it('finds countries by name, other name and town, and destinations by their names', () => {
    expect(read('Is Burma safe?').countries.map((c) => c.code)).toEqual(['MM']);
    expect(read('trip to the UK').countries.map((c) => c.code)).toEqual(['GB']);
    expect(read('3 days in Lisbon').countries.map((c) => c.name)).toEqual(['Portugal']);
    expect(read('travel advisory japan').countries.map((c) => c.code)).toEqual(['JP']);
    expect(read('Is Banff nice?').destinations.map((d) => d.id)).toEqual(['banff-national-park']);
    expect(read('how much is a day at disny world').destinations.map((d) => d.id)).toEqual([
      'walt-disney-world',
    ]);
    expect(read('any national park').destinations).toEqual([]);
    expect(read('somewhere in Europe').regions.map((r) => r.name)).toEqual(['Europe']);
    // "us" is a word; "home" is not Rome.
    expect(read('tell us about home').countries).toEqual([]);
  });

  it.each([
    ['i need the crisis line', 'crisis'],
    ["what's the weather like in banff in march", 'limit'],
    ['plan 4 days in Lisbon for a wheelchair user', 'plan'],
    ['put a flight to paris on dec 10 for 420 dollars', 'add'],
    ['what does level 2 mean', 'levels'],
    ['which countries are level 4', 'levels'],
    ["what's the total now", 'trip'],
    ['do WWII vets get in free?', 'details'],
    ['tell me about the blue lagoon', 'details'],
    ['somewhere in europe for a wheelchair user', 'recommend'],
    ['emergency number in japan', 'emergency'],
  ])('%j asks for %s', (text, intent) => {
    expect(read(text).intent).toBe(intent);
  });

  it('does not read "now" as a day, nor "free" in "do WWII vets get in free" as a budget', () => {
    expect(read("what's the total now").dates).toBeUndefined();
    const q = read('do WWII vets get in free?');
    expect(q.budget).toBeUndefined();
    expect(q.free).toBe(true);
  });
});
