import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatCentsUsd,
  formatPriceUsd,
  matchCountry,
  totalsByType,
  totalsOf,
  tripDays,
  type CountryRef,
  type PlaceRef,
} from './overview';

const countries: CountryRef[] = [
  { country: 'Portugal', countryCode: 'PT' },
  { country: 'Sudan', countryCode: 'SD' },
  { country: 'South Sudan', countryCode: 'SS' },
  { country: 'Niger', countryCode: 'NE' },
  { country: 'Ireland', countryCode: 'IE' },
  {
    country: 'United Kingdom',
    countryCode: 'GB',
    aliases: ['UK', 'Great Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  },
  { country: 'United States', countryCode: 'US', aliases: ['USA', 'America'] },
  { country: 'Türkiye', countryCode: 'TR', aliases: ['Turkey'] },
  { country: 'France', countryCode: 'FR' },
  { country: 'Canada', countryCode: 'CA' },
];
const places: PlaceRef[] = [
  {
    name: 'Banff National Park',
    location: 'Banff, Alberta',
    countryCode: 'CA',
  },
  {
    name: 'Walt Disney World Resort',
    location: 'Lake Buena Vista, near Orlando, Florida',
    countryCode: 'US',
  },
  { name: 'Louvre Museum', location: 'Paris', countryCode: 'FR' },
];
const match = (text: string) => matchCountry(text, countries, places)?.countryCode ?? null;

describe('matchCountry', () => {
  it('finds a country named as whole words, in any case', () => {
    expect(match('Lisbon, Portugal')).toBe('PT');
    expect(match('portugal')).toBe('PT');
    expect(match('  PORTUGAL coast ')).toBe('PT');
  });

  it('ignores accents either way', () => {
    expect(match('Istanbul, Turkiye')).toBe('TR');
    expect(matchCountry('Lisboa, Portugál', countries)?.country).toBe('Portugal');
  });

  it('takes the longest name, and never part of a word', () => {
    expect(match('Juba, South Sudan')).toBe('SS');
    expect(match('Khartoum, Sudan')).toBe('SD');
    expect(match('Lagos, Nigeria')).toBeNull();
    expect(match('Niamey, Niger')).toBe('NE');
  });

  it('knows the aliases the data gives', () => {
    expect(match('Belfast, Northern Ireland')).toBe('GB');
    expect(match('Dublin, Ireland')).toBe('IE');
    expect(match('New York, USA')).toBe('US');
    expect(match('Edinburgh, Scotland')).toBe('GB');
    expect(match('Istanbul, Turkey')).toBe('TR');
  });

  it('uses the catalogue destinations when no country is named', () => {
    expect(match('Banff National Park')).toBe('CA');
    expect(match('Banff')).toBe('CA');
    expect(match('Orlando')).toBe('US');
    expect(matchCountry('Paris', countries, places)).toEqual({
      country: 'France',
      countryCode: 'FR',
    });
  });

  it('prefers a named country over a catalogue place', () => {
    expect(match('Paris, Canada')).toBe('CA');
  });

  it('answers null when it cannot tell', () => {
    expect(match('Tokyo')).toBeNull();
    expect(match('')).toBeNull();
    expect(match('Banffshire')).toBeNull();
  });
});

describe('totals', () => {
  const items = [
    { itemType: 'flight' as const, price: '350.00', isBooked: true },
    { itemType: 'flight' as const, price: '350.00', isBooked: false },
    { itemType: 'hotel' as const, price: '120.00', isBooked: true },
    { itemType: 'activity' as const, price: '0.50', isBooked: false },
  ];

  it('adds up planned and booked items in cents', () => {
    expect(totalsOf(items)).toEqual({
      items: 4,
      booked: 2,
      plannedCents: 82050,
      bookedCents: 47000,
    });
  });

  it('gives every type, in order, zeros included', () => {
    expect(totalsByType(items).map(({ itemType, totals }) => [itemType, totals.items])).toEqual([
      ['flight', 2],
      ['hotel', 1],
      ['car', 0],
      ['activity', 1],
    ]);
  });

  it('formats US dollars with thousands separators', () => {
    expect(formatCentsUsd(105000)).toBe('$1,050.00');
    expect(formatPriceUsd('350.00')).toBe('$350.00');
    expect(formatPriceUsd('0.00')).toBe('$0.00');
  });

  it('counts items of a type in words', () => {
    expect(countOf('flight', 1)).toBe('1 flight');
    expect(countOf('activity', 3)).toBe('3 activities');
    expect(countOf('hotel', 0)).toBe('0 hotels');
  });
});

describe('tripDays', () => {
  const items = [
    { scheduledDate: '2027-03-02' },
    { scheduledDate: '2027-03-02' },
    { scheduledDate: '2027-03-05' },
  ];

  it('counts start to end, both included, when both dates are set', () => {
    expect(tripDays({ startDate: '2027-03-02', endDate: '2027-03-08' }, items)).toEqual({
      kind: 'dates',
      days: 7,
    });
    expect(tripDays({ startDate: '2027-03-02', endDate: '2027-03-02' }, [])).toEqual({
      kind: 'dates',
      days: 1,
    });
  });

  it('counts the distinct planned days otherwise', () => {
    expect(tripDays({ startDate: '2027-03-02', endDate: null }, items)).toEqual({
      kind: 'planned',
      days: 2,
    });
    expect(tripDays({ startDate: null, endDate: null }, [])).toEqual({ kind: 'planned', days: 0 });
  });
});
