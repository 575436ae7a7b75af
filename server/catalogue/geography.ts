// Where the catalogue's places and the usual departure cities are, for the Road Trip and Flights
// Only shortcuts (spec §2): how far a place is from the departure, and whether a car can get there.
// Coordinates are in decimal degrees (WGS 84), to about a kilometre: enough to tell a 90-minute
// drive from a 9-hour one, not to navigate by. Checked against the places' official addresses.

export const GEOGRAPHY_CHECKED_AT = '2026-11-26';

/**
 * Land a car can drive across without a ferry or a flight. North and Central America end at the
 * Darién Gap, so South America is its own; Singapore joins Malaysia by its causeways; Hawaii's
 * islands, Iceland, Ireland (the island, with Northern Ireland), New Zealand's two main islands,
 * Tasmania, Japan and South Korea (whose only land border is closed) each stand alone.
 */
export type Landmass =
  | 'north-america'
  | 'south-america'
  | 'afro-eurasia'
  | 'great-britain'
  | 'ireland'
  | 'iceland'
  | 'oahu'
  | 'australia'
  | 'tasmania'
  | 'nz-north'
  | 'nz-south'
  | 'japan'
  | 'korea';

/**
 * Landmasses joined by a fixed link that carries cars: LeShuttle takes cars through the Channel
 * Tunnel between England and France, so London to Normandy is a road trip; Dublin to London is not.
 */
export const ROAD_LINKS: readonly (readonly [Landmass, Landmass])[] = [
  ['great-britain', 'afro-eurasia'],
];

export interface Place {
  latitude: number;
  longitude: number;
  landmass: Landmass;
}

/** Each catalogue destination by id: the place itself, or the port for a cruise. */
export const DESTINATION_PLACES: Readonly<Record<string, Place>> = {
  'virgin-voyages': { latitude: 25.774, longitude: -80.17, landmass: 'north-america' },
  'timberline-lodge': { latitude: 45.331, longitude: -121.711, landmass: 'north-america' },
  'banff-national-park': { latitude: 51.178, longitude: -115.571, landmass: 'north-america' },
  'ashford-castle': { latitude: 53.541, longitude: -9.285, landmass: 'ireland' },
  'milford-sound': { latitude: -44.671, longitude: 167.925, landmass: 'nz-south' },
  'the-langham-london': { latitude: 51.518, longitude: -0.144, landmass: 'great-britain' },
  'sesame-place-philadelphia': { latitude: 40.183, longitude: -74.872, landmass: 'north-america' },
  'morgans-wonderland': { latitude: 29.509, longitude: -98.388, landmass: 'north-america' },
  'national-wwii-museum': { latitude: 29.943, longitude: -90.07, landmass: 'north-america' },
  'national-air-and-space-museum': {
    latitude: 38.888,
    longitude: -77.02,
    landmass: 'north-america',
  },
  'grand-canyon-south-rim': { latitude: 36.054, longitude: -112.14, landmass: 'north-america' },
  'yosemite-national-park': { latitude: 37.746, longitude: -119.593, landmass: 'north-america' },
  'acadia-national-park': { latitude: 44.339, longitude: -68.273, landmass: 'north-america' },
  'pearl-harbor-national-memorial': { latitude: 21.367, longitude: -157.939, landmass: 'oahu' },
  'walt-disney-world': { latitude: 28.385, longitude: -81.564, landmass: 'north-america' },
  'gardens-by-the-bay': { latitude: 1.282, longitude: 103.864, landmass: 'afro-eurasia' },
  'louvre-museum': { latitude: 48.861, longitude: 2.336, landmass: 'afro-eurasia' },
  'blue-lagoon': { latitude: 63.88, longitude: -22.449, landmass: 'iceland' },
  'sydney-opera-house': { latitude: -33.857, longitude: 151.215, landmass: 'australia' },
  'normandy-american-cemetery': { latitude: 49.359, longitude: -0.855, landmass: 'afro-eurasia' },
};

/**
 * The land most of a country's people drive on: where a road trip from the country as a whole
 * (no city given) can go. Every country of the catalogue and of DEPARTURE_CITIES is here.
 */
export const COUNTRY_LANDMASS: Readonly<Record<string, Landmass>> = {
  US: 'north-america',
  CA: 'north-america',
  MX: 'north-america',
  BR: 'south-america',
  AR: 'south-america',
  PE: 'south-america',
  CO: 'south-america',
  GB: 'great-britain',
  IE: 'ireland',
  IS: 'iceland',
  FR: 'afro-eurasia',
  BE: 'afro-eurasia',
  NL: 'afro-eurasia',
  DE: 'afro-eurasia',
  CH: 'afro-eurasia',
  AT: 'afro-eurasia',
  ES: 'afro-eurasia',
  PT: 'afro-eurasia',
  IT: 'afro-eurasia',
  DK: 'afro-eurasia',
  NO: 'afro-eurasia',
  SE: 'afro-eurasia',
  SG: 'afro-eurasia',
  MY: 'afro-eurasia',
  TH: 'afro-eurasia',
  CN: 'afro-eurasia',
  IN: 'afro-eurasia',
  AE: 'afro-eurasia',
  EG: 'afro-eurasia',
  ZA: 'afro-eurasia',
  AU: 'australia',
  NZ: 'nz-north',
  JP: 'japan',
  KR: 'korea',
};

/** A departure city: its names as travellers write them, its country, where it is. */
export interface DepartureCity {
  names: readonly string[];
  countryCode: string;
  latitude: number;
  longitude: number;
  /** When not the country's own (COUNTRY_LANDMASS): Honolulu, Belfast, Christchurch... */
  landmass?: Landmass;
}

const city = (
  names: string | readonly string[],
  countryCode: string,
  latitude: number,
  longitude: number,
  landmass?: Landmass,
): DepartureCity => ({
  names: typeof names === 'string' ? [names] : names,
  countryCode,
  latitude,
  longitude,
  ...(landmass ? { landmass } : {}),
});

/**
 * The cities travellers leave from most, near the catalogue's places first. A name shared by
 * several cities means the largest ("Portland" is Oregon's; "Portland, Maine" is written out).
 */
export const DEPARTURE_CITIES: readonly DepartureCity[] = [
  // United States
  city(['New York', 'New York City', 'NYC'], 'US', 40.713, -74.006),
  city('Boston', 'US', 42.36, -71.059),
  city('Philadelphia', 'US', 39.953, -75.165),
  city(['Washington DC', 'Washington D.C.', 'DC'], 'US', 38.907, -77.037),
  city('Baltimore', 'US', 39.29, -76.612),
  city('Pittsburgh', 'US', 40.441, -79.996),
  city('Portland, Maine', 'US', 43.661, -70.255),
  city('Bangor', 'US', 44.801, -68.777),
  city('Atlanta', 'US', 33.749, -84.388),
  city('Charlotte', 'US', 35.227, -80.843),
  city('Nashville', 'US', 36.163, -86.781),
  city('Miami', 'US', 25.762, -80.192),
  city('Orlando', 'US', 28.538, -81.379),
  city('Tampa', 'US', 27.951, -82.457),
  city('Jacksonville', 'US', 30.332, -81.656),
  city('New Orleans', 'US', 29.951, -90.072),
  city('Houston', 'US', 29.76, -95.37),
  city('Dallas', 'US', 32.777, -96.797),
  city('Austin', 'US', 30.267, -97.743),
  city('San Antonio', 'US', 29.424, -98.494),
  city('Chicago', 'US', 41.878, -87.63),
  city('Detroit', 'US', 42.331, -83.046),
  city('Minneapolis', 'US', 44.978, -93.265),
  city(['St Louis', 'Saint Louis'], 'US', 38.627, -90.199),
  city('Kansas City', 'US', 39.1, -94.579),
  city('Denver', 'US', 39.739, -104.99),
  city('Salt Lake City', 'US', 40.761, -111.891),
  city('Albuquerque', 'US', 35.084, -106.651),
  city('Phoenix', 'US', 33.448, -112.074),
  city('Flagstaff', 'US', 35.198, -111.651),
  city('Las Vegas', 'US', 36.17, -115.14),
  city('Los Angeles', 'US', 34.052, -118.244),
  city('San Diego', 'US', 32.716, -117.161),
  city('San Francisco', 'US', 37.775, -122.419),
  city('Sacramento', 'US', 38.582, -121.494),
  city('Fresno', 'US', 36.738, -119.787),
  city(['Portland', 'Portland, Oregon'], 'US', 45.515, -122.679),
  city('Seattle', 'US', 47.606, -122.332),
  city('Spokane', 'US', 47.659, -117.426),
  city('Boise', 'US', 43.615, -116.202),
  city('Anchorage', 'US', 61.218, -149.9),
  city('Honolulu', 'US', 21.307, -157.858, 'oahu'),
  // Canada and Mexico
  city('Calgary', 'CA', 51.045, -114.072),
  city('Edmonton', 'CA', 53.546, -113.494),
  city('Vancouver', 'CA', 49.283, -123.121),
  city('Winnipeg', 'CA', 49.895, -97.138),
  city('Toronto', 'CA', 43.653, -79.383),
  city('Niagara Falls', 'CA', 43.09, -79.085),
  city('Ottawa', 'CA', 45.422, -75.697),
  city(['Montreal', 'Montréal'], 'CA', 45.502, -73.567),
  city(['Quebec City', 'Québec City'], 'CA', 46.813, -71.208),
  city('Halifax', 'CA', 44.649, -63.575),
  city('Mexico City', 'MX', 19.433, -99.133),
  city('Monterrey', 'MX', 25.686, -100.316),
  city(['Cancun', 'Cancún'], 'MX', 21.162, -86.851),
  // South America
  city('Bogota', 'CO', 4.711, -74.072),
  city('Lima', 'PE', -12.046, -77.043),
  city(['Rio de Janeiro', 'Rio'], 'BR', -22.907, -43.173),
  city('Sao Paulo', 'BR', -23.551, -46.633),
  city('Buenos Aires', 'AR', -34.604, -58.382),
  // Britain and Ireland
  city('London', 'GB', 51.507, -0.128),
  city('Oxford', 'GB', 51.752, -1.258),
  city('Cambridge', 'GB', 52.205, 0.122),
  city('Bristol', 'GB', 51.455, -2.588),
  city('Birmingham', 'GB', 52.486, -1.89),
  city('Manchester', 'GB', 53.481, -2.242),
  city('Liverpool', 'GB', 53.408, -2.992),
  city('Leeds', 'GB', 53.801, -1.549),
  city('Cardiff', 'GB', 51.481, -3.179),
  city('Edinburgh', 'GB', 55.953, -3.188),
  city('Glasgow', 'GB', 55.864, -4.252),
  city('Belfast', 'GB', 54.597, -5.93, 'ireland'),
  city('Dublin', 'IE', 53.35, -6.26),
  city('Cork', 'IE', 51.898, -8.471),
  city('Galway', 'IE', 53.271, -9.057),
  // Europe
  city('Paris', 'FR', 48.857, 2.352),
  city('Caen', 'FR', 49.183, -0.371),
  city('Rouen', 'FR', 49.443, 1.099),
  city('Calais', 'FR', 50.951, 1.858),
  city('Lille', 'FR', 50.629, 3.057),
  city('Lyon', 'FR', 45.764, 4.836),
  city('Bordeaux', 'FR', 44.838, -0.579),
  city('Marseille', 'FR', 43.296, 5.37),
  city('Nice', 'FR', 43.71, 7.262),
  city(['Brussels', 'Bruxelles'], 'BE', 50.85, 4.352),
  city('Bruges', 'BE', 51.209, 3.225),
  city('Amsterdam', 'NL', 52.368, 4.904),
  city('Rotterdam', 'NL', 51.924, 4.478),
  city('Berlin', 'DE', 52.52, 13.405),
  city('Hamburg', 'DE', 53.551, 9.994),
  city(['Cologne', 'Köln'], 'DE', 50.938, 6.96),
  city('Frankfurt', 'DE', 50.11, 8.682),
  city(['Munich', 'München'], 'DE', 48.135, 11.582),
  city(['Zurich', 'Zürich'], 'CH', 47.377, 8.541),
  city('Geneva', 'CH', 46.204, 6.143),
  city(['Vienna', 'Wien'], 'AT', 48.208, 16.374),
  city('Madrid', 'ES', 40.417, -3.704),
  city('Barcelona', 'ES', 41.385, 2.173),
  city(['Lisbon', 'Lisboa'], 'PT', 38.722, -9.139),
  city('Porto', 'PT', 41.158, -8.629),
  city(['Rome', 'Roma'], 'IT', 41.903, 12.496),
  city(['Milan', 'Milano'], 'IT', 45.464, 9.19),
  city('Copenhagen', 'DK', 55.676, 12.568),
  city('Oslo', 'NO', 59.913, 10.752),
  city('Stockholm', 'SE', 59.329, 18.069),
  city(['Reykjavik', 'Reykjavík'], 'IS', 64.147, -21.942),
  city(['Keflavik', 'Keflavík'], 'IS', 63.999, -22.558),
  // Asia, the Middle East and Africa
  city('Singapore', 'SG', 1.352, 103.82),
  city('Kuala Lumpur', 'MY', 3.139, 101.687),
  city('Bangkok', 'TH', 13.756, 100.502),
  city('Hong Kong', 'CN', 22.319, 114.169),
  city(['Delhi', 'New Delhi'], 'IN', 28.614, 77.209),
  city('Mumbai', 'IN', 19.076, 72.878),
  city('Dubai', 'AE', 25.205, 55.271),
  city('Tokyo', 'JP', 35.676, 139.65),
  city('Kyoto', 'JP', 35.012, 135.768),
  city('Osaka', 'JP', 34.694, 135.502),
  city('Seoul', 'KR', 37.567, 126.978),
  city('Cairo', 'EG', 30.044, 31.236),
  city('Cape Town', 'ZA', -33.925, 18.424),
  city('Johannesburg', 'ZA', -26.204, 28.047),
  // Australia and New Zealand
  city('Sydney', 'AU', -33.869, 151.209),
  city('Canberra', 'AU', -35.281, 149.13),
  city('Melbourne', 'AU', -37.814, 144.963),
  city('Brisbane', 'AU', -27.47, 153.026),
  city('Adelaide', 'AU', -34.929, 138.601),
  city('Perth', 'AU', -31.951, 115.861),
  city('Cairns', 'AU', -16.92, 145.771),
  city('Hobart', 'AU', -42.882, 147.327, 'tasmania'),
  city('Auckland', 'NZ', -36.848, 174.763),
  city('Wellington', 'NZ', -41.287, 174.776),
  city('Christchurch', 'NZ', -43.532, 172.637, 'nz-south'),
  city('Queenstown', 'NZ', -45.031, 168.663, 'nz-south'),
  city('Dunedin', 'NZ', -45.879, 170.503, 'nz-south'),
  city('Te Anau', 'NZ', -45.414, 167.718, 'nz-south'),
];
