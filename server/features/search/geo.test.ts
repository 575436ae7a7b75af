import { describe, expect, it } from 'vitest';
import type { Destination } from '../../../contracts/destinations.js';
import { DESTINATIONS } from '../../catalogue/destinations.js';
import {
  COUNTRY_LANDMASS,
  DEPARTURE_CITIES,
  DESTINATION_PLACES,
} from '../../catalogue/geography.js';
import { byRoad, drivingKm, haversineKm, resolveDeparture } from './geo.js';

const CATALOGUE: Destination[] = DESTINATIONS.map(({ source: _s, checkedAt: _c, ...d }) => d);

describe('the geography data', () => {
  it('places every catalogue destination, on the earth', () => {
    for (const d of DESTINATIONS) {
      const place = DESTINATION_PLACES[d.id];
      expect(place, d.id).toBeDefined();
      expect(Math.abs(place!.latitude), d.id).toBeLessThanOrEqual(90);
      expect(Math.abs(place!.longitude), d.id).toBeLessThanOrEqual(180);
      // The country's own land unless it says otherwise, and a known land either way.
      expect(COUNTRY_LANDMASS[d.countryCode], d.countryCode).toBeDefined();
    }
  });

  it('knows the land of every departure city, and each city name once', () => {
    const names = DEPARTURE_CITIES.flatMap((c) => c.names.map((n) => n.toLowerCase()));
    expect(new Set(names).size).toBe(names.length);
    for (const c of DEPARTURE_CITIES) {
      expect(c.landmass ?? COUNTRY_LANDMASS[c.countryCode], c.names[0]).toBeDefined();
    }
  });
});

describe('distances', () => {
  it('measures the great circle (haversine)', () => {
    const london = { latitude: 51.507, longitude: -0.128 };
    const paris = { latitude: 48.857, longitude: 2.352 };
    expect(haversineKm(london, paris)).toBeGreaterThan(335);
    expect(haversineKm(london, paris)).toBeLessThan(350);
    expect(haversineKm(london, london)).toBe(0);
  });

  it('estimates the road longer than the straight line, and none across the sea', () => {
    const calgary = { latitude: 51.045, longitude: -114.072, landmass: 'north-america' as const };
    const banff = DESTINATION_PLACES['banff-national-park']!;
    const km = drivingKm(calgary, banff)!;
    // 128 km by the Trans-Canada Highway, about 90 minutes.
    expect(km).toBeGreaterThan(110);
    expect(km).toBeLessThan(160);
    expect(drivingKm(calgary, DESTINATION_PLACES['pearl-harbor-national-memorial']!)).toBeNull();
    expect(byRoad('great-britain', 'afro-eurasia')).toBe(true);
    expect(byRoad('afro-eurasia', 'great-britain')).toBe(true);
    expect(byRoad('ireland', 'great-britain')).toBe(false);
    expect(byRoad('nz-north', 'nz-south')).toBe(false);
  });
});

describe('the departure', () => {
  const city = (from: string) => {
    const departure = resolveDeparture(from, CATALOGUE);
    return departure?.kind === 'city' ? departure : undefined;
  };

  it('is a known city, read from the first words of the From text', () => {
    expect(city('Calgary')).toMatchObject({ name: 'Calgary', countryCode: 'CA' });
    expect(city('calgary, alberta, canada')).toMatchObject({ name: 'Calgary' });
    expect(city('MONTRÉAL')).toMatchObject({ name: 'Montreal' });
    expect(city('Portland, Maine')!.place.longitude).toBeGreaterThan(-71);
    expect(city('Portland')!.place.longitude).toBeLessThan(-120);
    expect(city('Honolulu')!.place.landmass).toBe('oahu');
  });

  it('is a catalogue place’s town when no city of the list has that name', () => {
    expect(city('Banff')).toMatchObject({ name: 'Banff', countryCode: 'CA' });
    expect(city('Grindavík')).toMatchObject({ countryCode: 'IS' });
  });

  it('is only a country when the text names a country, or a town of another country', () => {
    expect(resolveDeparture('Canada', CATALOGUE)).toMatchObject({ kind: 'country', code: 'CA' });
    expect(resolveDeparture('Paris, Texas', CATALOGUE)).toMatchObject({
      kind: 'country',
      code: 'US',
      unknownTown: true,
    });
    expect(resolveDeparture('Xyzzy', CATALOGUE)).toBeUndefined();
    expect(resolveDeparture('', CATALOGUE)).toBeUndefined();
  });
});
