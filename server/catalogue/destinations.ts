import type { AccessibilityFeature } from '../../contracts/destinations.js';

/** A destination as the site ships it: the public fields plus where the facts come from. */
export interface CatalogueDestination {
  id: string; // kebab-case slug, stable forever, e.g. 'banff-national-park'
  name: string;
  location: string; // town / region, e.g. 'Banff, Alberta'
  country: string; // English short name, e.g. 'Canada'
  countryCode: string; // ISO 3166-1 alpha-2, e.g. 'CA'
  price: number; // a whole-number indicative starting price in `currency`
  priceBasis: string; // what the price means, e.g. 'per night, accessible room, low season (indicative)'
  currency: string; // ISO 4217, e.g. 'USD', 'CAD', 'EUR', 'GBP', 'NZD'
  category: string; // e.g. 'Cruise', 'Lodge', 'National Park', 'Castle Hotel', 'Fjord', 'Luxury Hotel', 'Theme Park', 'Museum', 'City'
  description: string; // 1-3 sentences, factual, mentions what makes it accessible; no marketing superlatives you cannot back
  imageUrl: null; // always null: the site uses no stock photos
  safetyLevel: 1 | 2 | 3 | 4; // the US State Department travel advisory level of the country (see below)
  isAccessible: boolean; // true only if there is real step-free / wheelchair access to the main experience
  isVeteranFriendly: boolean; // true only for a real, documented veteran/military discount or programme
  isNeuroFriendly: boolean; // true only for a real quiet room, sensory guide, low-sensory hours, or autism certification
  accessibilityFeatures: AccessibilityFeature[];
  source: string; // where the accessibility facts come from: the official site/page names (URLs allowed)
  checkedAt: string; // '2026-11-21'
}

export const DESTINATIONS_CHECKED_AT = '2026-11-21';

// safetyLevel is the US State Department travel advisory level of each destination's country
// (Canada, Ireland, New Zealand, Singapore, Iceland, Australia: 1; United Kingdom, France: 2).
// The State Department issues no advisory for the United States itself, so US destinations are
// given level 1. Prices are indicative starting prices, not quotes: check before booking.
// A feature is listed only where the place itself or an official body documents it; an empty
// list means we could not verify one, not that the place is inaccessible.
export const DESTINATIONS: readonly CatalogueDestination[] = [
  {
    id: 'virgin-voyages',
    name: 'Virgin Voyages',
    location: 'Miami, Florida (home port)',
    country: 'United States',
    countryCode: 'US',
    price: 800,
    priceBasis:
      'per sailor, short Caribbean voyage from Miami in an interior cabin, double occupancy, before taxes and port fees (indicative)',
    currency: 'USD',
    category: 'Cruise',
    description:
      'Adults-only (18+) cruise line whose ships sail round trips from PortMiami. Its ships have a limited number of wheelchair-accessible cabins with roll-in showers; Virgin Voyages asks sailors to file an accessibility and medical request form, ideally at least 45 days before sailing, and to say in advance if they are bringing a scooter or a service dog.',
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: true,
    isVeteranFriendly: false,
    isNeuroFriendly: false,
    accessibilityFeatures: ['roll_in_shower', 'service_animals_welcome'],
    source:
      'Virgin Voyages, "Important Information for Sailors with Disabilities" accessibility page (virginvoyages.com); Spin the Globe review of an accessible cabin on Scarlet Lady (2022)',
    checkedAt: '2026-11-21',
  },
  {
    id: 'timberline-lodge',
    name: 'Timberline Lodge',
    location: 'Mount Hood, Oregon',
    country: 'United States',
    countryCode: 'US',
    price: 200,
    priceBasis:
      'per night, lodge room with private bath, low season, before taxes (indicative; bunk rooms with shared bathrooms cost less)',
    currency: 'USD',
    category: 'Lodge',
    description:
      'Historic ski lodge built by the Works Progress Administration and dedicated by President Franklin D. Roosevelt in 1937, now a National Historic Landmark on the south slope of Mount Hood. We could not verify published accessibility details, so ask the lodge directly about accessible rooms and step-free routes through the building.',
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: false,
    isVeteranFriendly: false,
    isNeuroFriendly: false,
    accessibilityFeatures: [],
    source: 'Timberline Lodge (timberlinelodge.com); no published accessibility details verified',
    checkedAt: '2026-11-21',
  },
  {
    id: 'banff-national-park',
    name: 'Banff National Park',
    location: 'Banff, Alberta',
    country: 'Canada',
    countryCode: 'CA',
    price: 11,
    priceBasis:
      'per adult, Parks Canada daily admission (indicative; youth 17 and under enter free)',
    currency: 'CAD',
    category: 'National Park',
    description:
      "Canada's first national park, in the Rocky Mountains west of Calgary. Its visitor centres and several paved lakeshore paths, such as the Lake Louise shoreline, are wheelchair accessible, Roam Transit buses are low-floor with ramps, and the Banff Gondola carries most wheelchairs to an accessible summit building.",
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: true,
    isVeteranFriendly: false,
    isNeuroFriendly: false,
    accessibilityFeatures: ['step_free_access', 'accessible_transport', 'accessible_parking'],
    source:
      'Parks Canada, Banff National Park visitor information (parks.canada.ca/pn-np/ab/banff); Roam Public Transit (roamtransit.com); Banff Gondola (banffjaspercollection.com)',
    checkedAt: '2026-11-21',
  },
  {
    id: 'ashford-castle',
    name: 'Ashford Castle',
    location: 'Cong, County Mayo',
    country: 'Ireland',
    countryCode: 'IE',
    price: 750,
    priceBasis: 'per night, entry-level room, low season, before extras (indicative)',
    currency: 'EUR',
    category: 'Castle Hotel',
    description:
      'Five-star hotel in a castle founded in 1228 on the shore of Lough Corrib, once owned by the Guinness family and run by Red Carnation Hotels since 2013, set in an estate of about 350 acres. We could not verify published accessibility details, so ask the hotel directly about accessible rooms and step-free routes in the older parts of the castle.',
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: false,
    isVeteranFriendly: false,
    isNeuroFriendly: false,
    accessibilityFeatures: [],
    source: 'Ashford Castle (ashfordcastle.com); no published accessibility details verified',
    checkedAt: '2026-11-21',
  },
  {
    id: 'milford-sound',
    name: 'Milford Sound / Piopiotahi',
    location: 'Fiordland National Park, Southland',
    country: 'New Zealand',
    countryCode: 'NZ',
    price: 99,
    priceBasis:
      'per adult, scenic day cruise of about 2 hours from the Milford Sound wharf, excluding transport from Te Anau or Queenstown (indicative)',
    currency: 'NZD',
    category: 'Fjord',
    description:
      "Fiord in Fiordland National Park, part of the Te Wahipounamu World Heritage Area, reached by road from Te Anau (about two hours' drive) or by scenic flight. Several operators run day cruises from the wharf; wheelchair access differs from vessel to vessel, so confirm it with the operator before booking.",
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: false,
    isVeteranFriendly: false,
    isNeuroFriendly: false,
    accessibilityFeatures: [],
    source:
      "Department of Conservation, Fiordland National Park (doc.govt.nz); cruise operators' own booking pages; no vessel accessibility details verified",
    checkedAt: '2026-11-21',
  },
  {
    id: 'the-langham-london',
    name: 'The Langham, London',
    location: 'Portland Place, Marylebone, London',
    country: 'United Kingdom',
    countryCode: 'GB',
    price: 550,
    priceBasis: 'per night, entry-level room, before extras (indicative)',
    currency: 'GBP',
    category: 'Luxury Hotel',
    description:
      "Grand hotel opened in 1865 on Portland Place, opposite BBC Broadcasting House and a few minutes' walk from Oxford Circus. We could not verify published details of its accessible rooms, so ask the hotel directly about step-free routes and bathroom layouts.",
    imageUrl: null,
    safetyLevel: 2,
    isAccessible: false,
    isVeteranFriendly: false,
    isNeuroFriendly: false,
    accessibilityFeatures: [],
    source: 'The Langham, London (langhamhotels.com); no published accessibility details verified',
    checkedAt: '2026-11-21',
  },
  {
    id: 'sesame-place-philadelphia',
    name: 'Sesame Place Philadelphia',
    location: 'Langhorne, Pennsylvania',
    country: 'United States',
    countryCode: 'US',
    price: 60,
    priceBasis: 'single-day admission bought online for an off-peak date (indicative)',
    currency: 'USD',
    category: 'Theme Park',
    description:
      "Sesame Street theme park near Philadelphia that in 2018 became the first theme park designated a Certified Autism Center by IBCCES. It has quiet rooms, an IBCCES sensory guide rating each ride's sensory impact, low-sensory parade viewing, noise-cancelling headphones and a Ride Accessibility Program (an IBCCES Accessibility Card is required).",
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: true,
    isVeteranFriendly: false,
    isNeuroFriendly: true,
    accessibilityFeatures: ['step_free_access', 'quiet_space', 'sensory_guide'],
    source:
      'Sesame Place Philadelphia accessibility and Certified Autism Center pages (sesameplace.com/philadelphia); IBCCES',
    checkedAt: '2026-11-21',
  },
  {
    id: 'morgans-wonderland',
    name: "Morgan's Wonderland",
    location: 'San Antonio, Texas',
    country: 'United States',
    countryCode: 'US',
    price: 19,
    priceBasis: 'adult general admission (indicative); guests with special needs are admitted free',
    currency: 'USD',
    category: 'Theme Park',
    description:
      "Nonprofit theme park opened in 2010 and designed from the start to be fully accessible, with wheelchair-accessible rides, swings and playgrounds. Admission is free for guests with special needs, and the adjacent Morgan's Inspiration Island splash park provides waterproof wheelchairs.",
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: true,
    isVeteranFriendly: false,
    isNeuroFriendly: false,
    accessibilityFeatures: ['step_free_access'],
    source: "Morgan's Wonderland park policies and visitor information (morganswonderland.org)",
    checkedAt: '2026-11-21',
  },
  {
    id: 'national-wwii-museum',
    name: 'The National WWII Museum',
    location: 'New Orleans, Louisiana',
    country: 'United States',
    countryCode: 'US',
    price: 36,
    priceBasis:
      'adult general admission (indicative); World War II veterans free, discounted military admission',
    currency: 'USD',
    category: 'Museum',
    description:
      "Museum of the American experience in the Second World War, designated by Congress as America's National WWII Museum. World War II veterans are admitted free and the museum offers discounted admission for military visitors; its pavilions are wheelchair accessible.",
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: true,
    isVeteranFriendly: true,
    isNeuroFriendly: false,
    accessibilityFeatures: ['step_free_access', 'veteran_discount'],
    source:
      'The National WWII Museum, visit and admission pages (nationalww2museum.org); museum press release "Free Admission for WWII Veterans" (2010)',
    checkedAt: '2026-11-21',
  },
  {
    id: 'national-air-and-space-museum',
    name: 'Smithsonian National Air and Space Museum',
    location: 'National Mall, Washington, DC',
    country: 'United States',
    countryCode: 'US',
    price: 0,
    priceBasis: 'free admission; a free timed-entry pass is required',
    currency: 'USD',
    category: 'Museum',
    description:
      "The Smithsonian's aviation and space museum on the National Mall. Both entrances have ramps and elevators serve the galleries; standard wheelchairs are lent free, braille and tactile guides are available at the Welcome Center, sign language interpretation can be booked two weeks ahead, and social stories and tip sheets help visitors with cognitive and sensory processing disabilities plan a visit.",
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: true,
    isVeteranFriendly: false,
    isNeuroFriendly: true,
    accessibilityFeatures: [
      'step_free_access',
      'accessible_parking',
      'wheelchair_loan',
      'tactile_guides',
      'sign_language',
      'sensory_guide',
      'service_animals_welcome',
    ],
    source:
      'National Air and Space Museum, Visitors with Disabilities page (airandspace.si.edu/visit/museum-dc/accessibility); Smithsonian Accessibility Program (access.si.edu)',
    checkedAt: '2026-11-21',
  },
  {
    id: 'grand-canyon-south-rim',
    name: 'Grand Canyon National Park (South Rim)',
    location: 'Grand Canyon Village, Arizona',
    country: 'United States',
    countryCode: 'US',
    price: 35,
    priceBasis:
      'per private vehicle, valid 7 days (indicative; free with a US Access Pass or Military Pass; non-US residents may pay an extra fee)',
    currency: 'USD',
    category: 'National Park',
    description:
      'The South Rim of the Grand Canyon, open all year. Park shuttle buses have ramps for wheelchairs, a free scenic drive accessibility permit lets visitors with mobility needs drive to viewpoints on roads closed to private cars, and paved sections of the Rim Trail link several viewpoints. US veterans and Gold Star families enter free with the lifetime America the Beautiful Military Pass.',
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: true,
    isVeteranFriendly: true,
    isNeuroFriendly: false,
    accessibilityFeatures: [
      'step_free_access',
      'accessible_transport',
      'accessible_parking',
      'sign_language',
      'service_animals_welcome',
      'veteran_discount',
    ],
    source:
      'National Park Service, Grand Canyon accessibility page and Accessibility Guide (nps.gov/grca); NPS America the Beautiful Military Pass (nps.gov)',
    checkedAt: '2026-11-21',
  },
  {
    id: 'yosemite-national-park',
    name: 'Yosemite National Park',
    location: 'Yosemite Valley, California',
    country: 'United States',
    countryCode: 'US',
    price: 35,
    priceBasis:
      'per private vehicle, valid 7 days (indicative; free with a US Access Pass or Military Pass; peak-time reservations and a fee for non-US residents may apply)',
    currency: 'USD',
    category: 'National Park',
    description:
      "Granite valley and waterfalls in California's Sierra Nevada. Free Yosemite Valley shuttle buses are wheelchair accessible, an accessible route leads to the base of Lower Yosemite Fall, and a disability placard allows driving on some Valley roads closed to private cars. The park's long-running deaf services program provides ASL interpreters, films are captioned, and audio description and large-print materials are available.",
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: true,
    isVeteranFriendly: true,
    isNeuroFriendly: false,
    accessibilityFeatures: [
      'step_free_access',
      'accessible_transport',
      'accessible_parking',
      'audio_description',
      'large_print',
      'sign_language',
      'captioned_tours',
      'service_animals_welcome',
      'veteran_discount',
    ],
    source:
      'National Park Service, Yosemite accessibility page and Yosemite Accessibility Guide (nps.gov/yose); NPS America the Beautiful Military Pass (nps.gov)',
    checkedAt: '2026-11-21',
  },
  {
    id: 'acadia-national-park',
    name: 'Acadia National Park',
    location: 'Mount Desert Island, Maine',
    country: 'United States',
    countryCode: 'US',
    price: 35,
    priceBasis:
      'per private vehicle, valid 7 days (indicative; free with a US Access Pass or Military Pass; non-US residents may pay an extra fee)',
    currency: 'USD',
    category: 'National Park',
    description:
      "Granite coast and mountains on Maine's Mount Desert Island. Fare-free Island Explorer buses, running from late June to early October, are wheelchair accessible, main visitor facilities have accessible parking and restrooms, and ASL interpreters can be booked for ranger programs with at least three weeks' notice.",
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: true,
    isVeteranFriendly: true,
    isNeuroFriendly: false,
    accessibilityFeatures: [
      'accessible_transport',
      'accessible_parking',
      'sign_language',
      'service_animals_welcome',
      'veteran_discount',
    ],
    source:
      'National Park Service, Acadia accessibility and Physical/Mobility pages (nps.gov/acad/planyourvisit/accessibility.htm); NPS America the Beautiful Military Pass (nps.gov)',
    checkedAt: '2026-11-21',
  },
  {
    id: 'pearl-harbor-national-memorial',
    name: 'Pearl Harbor National Memorial',
    location: 'Honolulu, Oahu, Hawaii',
    country: 'United States',
    countryCode: 'US',
    price: 0,
    priceBasis:
      'free; USS Arizona Memorial program tickets are reserved on Recreation.gov with a USD 1 reservation fee per ticket',
    currency: 'USD',
    category: 'Memorial',
    description:
      'National Park Service memorial to the attack of 7 December 1941, including the Pearl Harbor Visitor Center and the USS Arizona Memorial, reached by Navy-operated shuttle boat. The visitor center, shuttle boats and memorial are wheelchair accessible, accessible parking is close to the entrance, and the documentary shown before the memorial program is captioned.',
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: true,
    isVeteranFriendly: false,
    isNeuroFriendly: false,
    accessibilityFeatures: [
      'step_free_access',
      'accessible_parking',
      'captioned_tours',
      'service_animals_welcome',
    ],
    source:
      'National Park Service, Pearl Harbor National Memorial USS Arizona Memorial programs and accessibility pages (nps.gov/perl)',
    checkedAt: '2026-11-21',
  },
  {
    id: 'walt-disney-world',
    name: 'Walt Disney World Resort',
    location: 'Lake Buena Vista, near Orlando, Florida',
    country: 'United States',
    countryCode: 'US',
    price: 119,
    priceBasis:
      'one-day, one-park ticket, age 10 and over, on the lowest-priced dates, before tax (indicative; prices vary by date)',
    currency: 'USD',
    category: 'Theme Park',
    description:
      "Four theme parks near Orlando with accessible parking, transport and restrooms, Disability Access Service return times for guests who cannot wait in a conventional queue, audio description and captioning devices, sign language interpretation at scheduled performances, and a published guide for guests with cognitive disabilities describing each attraction's sensory elements. Disney's Armed Forces Salute offers discounted tickets to eligible active-duty and retired US military during set offer periods.",
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: true,
    isVeteranFriendly: true,
    isNeuroFriendly: true,
    accessibilityFeatures: [
      'step_free_access',
      'accessible_transport',
      'accessible_parking',
      'audio_description',
      'captioned_tours',
      'sign_language',
      'sensory_guide',
      'service_animals_welcome',
      'veteran_discount',
    ],
    source:
      'Walt Disney World, Services for Guests with Disabilities and Guide for Guests with Cognitive Disabilities (disneyworld.disney.go.com); Disney Armed Forces Salute offer terms',
    checkedAt: '2026-11-21',
  },
  {
    id: 'gardens-by-the-bay',
    name: 'Gardens by the Bay',
    location: 'Marina Bay, Singapore',
    country: 'Singapore',
    countryCode: 'SG',
    price: 0,
    priceBasis:
      'free entry to the outdoor gardens; the Flower Dome and Cloud Forest conservatories are ticketed',
    currency: 'SGD',
    category: 'Garden',
    description:
      "Waterfront gardens beside Marina Bay with two cooled conservatories, the Flower Dome and the Cloud Forest; the Cloud Forest has lifts and ramps up to its walkways and won a Platinum Universal Design Mark from Singapore's Building and Construction Authority in 2014. Wheelchair-friendly shuttles run within the gardens, and in 2024 the Flower Dome began opening an hour early on selected Saturdays as a quiet hour for visitors with autism, with music and announcements muted.",
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: true,
    isVeteranFriendly: false,
    isNeuroFriendly: true,
    accessibilityFeatures: [
      'step_free_access',
      'accessible_parking',
      'accessible_transport',
      'low_sensory_times',
    ],
    source:
      'Gardens by the Bay (gardensbythebay.com.sg); Building and Construction Authority Friendly Building listing (bca.gov.sg); The Straits Times on the quiet hour (February 2024)',
    checkedAt: '2026-11-21',
  },
  {
    id: 'louvre-museum',
    name: 'Louvre Museum',
    location: 'Paris',
    country: 'France',
    countryCode: 'FR',
    price: 22,
    priceBasis:
      'standard adult ticket (indicative); visitors from outside the European Economic Area pay EUR 32 from 14 January 2026; free for disabled visitors and one companion',
    currency: 'EUR',
    category: 'Museum',
    description:
      'Art museum in the former royal palace of the Louvre on the Right Bank of the Seine. Entry is free, with priority access, for disabled visitors and one companion; wheelchairs, folding seats and rubber-tipped canes are lent free at the help desk under the Pyramid, the Tactile Gallery lets visitors touch sculptures, and guided visits are offered with description and touch and in French Sign Language (LSF).',
    imageUrl: null,
    safetyLevel: 2,
    isAccessible: true,
    isVeteranFriendly: false,
    isNeuroFriendly: false,
    accessibilityFeatures: [
      'step_free_access',
      'wheelchair_loan',
      'accessible_parking',
      'tactile_guides',
      'audio_description',
      'sign_language',
    ],
    source:
      "Musee du Louvre, accessibility pages (louvre.fr/en/visit/accessibility); Paris je t'aime visitor information (parisjetaime.com)",
    checkedAt: '2026-11-21',
  },
  {
    id: 'blue-lagoon',
    name: 'Blue Lagoon',
    location: 'Grindavik, Reykjanes Peninsula',
    country: 'Iceland',
    countryCode: 'IS',
    price: 70,
    priceBasis:
      'Comfort admission per adult, off-peak time slot (indicative; prices vary by time slot and are also shown in ISK)',
    currency: 'EUR',
    category: 'Geothermal Spa',
    description:
      'Geothermal seawater spa in a lava field near Keflavik International Airport, with accessible parking, wheelchairs to borrow, a main building with elevators and electric doors, a private accessible changing room large enough for an assistant, specially designed wheelchairs for entering the lagoon, and free admission for an assistant. Volcanic eruptions on the Reykjanes Peninsula have caused temporary closures since 2023, so check its status before travelling.',
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: true,
    isVeteranFriendly: false,
    isNeuroFriendly: false,
    accessibilityFeatures: ['step_free_access', 'accessible_parking', 'wheelchair_loan'],
    source: 'Blue Lagoon Iceland, "Accessibility at Blue Lagoon" support page (bluelagoon.com)',
    checkedAt: '2026-11-21',
  },
  {
    id: 'sydney-opera-house',
    name: 'Sydney Opera House',
    location: 'Bennelong Point, Sydney, New South Wales',
    country: 'Australia',
    countryCode: 'AU',
    price: 45,
    priceBasis:
      'per adult, one-hour guided tour (indicative); performance tickets are priced separately',
    currency: 'AUD',
    category: 'Performing Arts Venue',
    description:
      'UNESCO World Heritage-listed performing arts centre on Sydney Harbour. Its access program includes Auslan-interpreted, captioned and audio-described performances, relaxed performances with a quiet low-sensory space and a social story, hearing loops and free FM receivers, and a Mobility Access Tour for visitors who cannot manage the stairs of the standard tour.',
    imageUrl: null,
    safetyLevel: 1,
    isAccessible: true,
    isVeteranFriendly: false,
    isNeuroFriendly: true,
    accessibilityFeatures: [
      'step_free_access',
      'audio_description',
      'hearing_loop',
      'captioned_tours',
      'sign_language',
      'low_sensory_times',
    ],
    source:
      'Sydney Opera House, Accessibility and Accessible performances pages (sydneyoperahouse.com/visit/accessibility); Sydney Symphony Orchestra venue accessibility page',
    checkedAt: '2026-11-21',
  },
  {
    id: 'normandy-american-cemetery',
    name: 'Normandy American Cemetery',
    location: 'Colleville-sur-Mer, Normandy',
    country: 'France',
    countryCode: 'FR',
    price: 0,
    priceBasis:
      'free; ABMC announced that from 1 April 2026 visitors must pre-register for a date and time slot',
    currency: 'EUR',
    category: 'Memorial',
    description:
      'American Battle Monuments Commission cemetery above Omaha Beach where 9,387 US service members are buried, with a free visitor center that tells the story of the D-Day landings. ABMC states that the cemetery is wheelchair accessible; no vehicles are allowed inside the grounds.',
    imageUrl: null,
    safetyLevel: 2,
    isAccessible: true,
    isVeteranFriendly: false,
    isNeuroFriendly: false,
    accessibilityFeatures: ['step_free_access'],
    source:
      'American Battle Monuments Commission, Normandy American Cemetery visitor information (abmc.gov); Calvados Tourisme',
    checkedAt: '2026-11-21',
  },
];
