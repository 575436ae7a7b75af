import type { EmergencyContact } from './emergency.js';

/**
 * Spec §7: the built-in list the emergency page shows when GET /api/emergency-contacts fails or
 * returns nothing. Each entry is exactly what the server serves for that country (its catalogue,
 * server/catalogue/emergency-contacts.ts, checks so in its test): change both together.
 */
export const FALLBACK_CONTACTS: readonly EmergencyContact[] = [
  {
    region: 'North America',
    country: 'United States',
    aliases: ['USA', 'United States of America', 'America'],
    countryCode: 'US',
    emergencyNumber: '911',
    deafAccess:
      'Text 911 where the local 911 centre accepts texts; elsewhere you get an automatic bounce-back message. Deaf, hard-of-hearing and speech-disabled callers can also use a TTY or a telecommunications relay service (dial 711).',
    source: 'https://www.fcc.gov/consumers/guides/text-911-quick-facts-faqs',
    checkedAt: '2026-11-21',
    verified: true,
  },
  {
    region: 'North America',
    country: 'Canada',
    countryCode: 'CA',
    emergencyNumber: '911',
    consularNumber: '+1-888-407-4747',
    deafAccess:
      'Text with 9-1-1 (T9-1-1) for deaf, hard-of-hearing and speech-impaired people who registered their mobile number with their Canadian carrier: dial 911 and the call-taker continues by text. Texting 911 directly is not supported.',
    source: 'https://textwith911.ca/',
    checkedAt: '2026-11-21',
    verified: true,
  },
  {
    region: 'North America',
    country: 'Mexico',
    countryCode: 'MX',
    emergencyNumber: '911',
    consularNumber: '+1-202-501-4444',
    source: 'https://en.wikipedia.org/wiki/List_of_emergency_telephone_numbers',
    checkedAt: '2026-11-21',
    verified: false,
  },
];
