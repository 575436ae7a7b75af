import { describe, expect, it } from 'vitest';
import { ADVISORIES } from '../../data/advisories.js';
import { DESTINATIONS } from '../../data/destinations.js';
import { understand } from './understand.js';

const read = (text: string) => understand(text, ADVISORIES, DESTINATIONS as never);

describe('understand', () => {
  it.each([
    ['under $200', { amount: 200, currency: 'USD' }],
    ['about 1,500 dollars', { amount: 1500, currency: 'USD' }],
    ['€40 max', { amount: 40, currency: 'EUR' }],
    ['budget of 300', { amount: 300 }],
    ['something free', { amount: 0 }],
  ])('reads the budget in %j', (text, budget) => {
    expect(read(text).budget).toEqual(budget);
  });

  it.each(['step-free access', 'step free paths', 'barrier-free hotel'])(
    '%j is about access, not price',
    (text) => {
      expect(read(text).budget).toBeUndefined();
      expect(read(text).needs).toEqual(text.includes('step') ? ['Mobility Support'] : []);
    },
  );

  it('finds countries by name and other names, and destinations by a distinctive word', () => {
    expect(read('Is Burma safe?').countries.map((a) => a.countryCode)).toEqual(['MM']);
    expect(read('trip to the UK').countries.map((a) => a.countryCode)).toEqual(['GB']);
    expect(read('Is Banff nice?').destinations.map((d) => d.id)).toEqual(['banff-national-park']);
    expect(read('any national park').destinations).toEqual([]);
  });
});
