// Help lines for U.S. veterans travelling, for the Emergency information page and the assistant.
// Only facts confirmed in the sources below are here; re-check them before each release.
//
// Left out on purpose: a number that reaches the Veterans Crisis Line from outside the United
// States, and a TTY number. We could not confirm current ones; 988 is a U.S. number, so abroad the
// online chat is the way we can vouch for.

import { EMERGENCY_CONTACTS_CHECKED_AT } from './emergency-contacts.js';

/**
 * The Veterans Crisis Line (VA): free, confidential, 24/7 support for veterans, service members
 * (including the National Guard and Reserves) and the people who care about them, whether or not
 * they are enrolled in VA benefits or health care.
 */
export const VETERANS_CRISIS_LINE = {
  name: 'Veterans Crisis Line',
  /** From a phone in the United States: dial 988, then press 1. */
  call: { dial: '988', thenPress: '1' },
  /** The 10-digit number still works: call it, then press 1. */
  tollFreeNumber: '+1-800-273-8255',
  /** Text message to this short code (United States). */
  text: '838255',
  chatUrl: 'https://www.veteranscrisisline.net/get-help-now/chat/',
  url: 'https://www.veteranscrisisline.net',
  /** Text and chat are the ways in that need no voice call. */
  deafAccess:
    'Text 838255 or use the online chat at VeteransCrisisLine.net/Chat; both connect to the same responders as the phone line.',
  overseasNote:
    'From outside the United States, use the online chat: we could not confirm a phone number that reaches the line from abroad.',
  availability: '24 hours a day, 7 days a week, 365 days a year',
  source:
    'https://www.va.gov/asheville-health-care/news-releases/confidential-crises-help-for-veterans-and-their-families/',
  checkedAt: EMERGENCY_CONTACTS_CHECKED_AT,
  verified: true,
} as const;

/**
 * The 988 Suicide & Crisis Lifeline: free, confidential, 24/7 support by call, text or chat for
 * anyone in the United States, for themselves or for someone they are worried about. Veterans
 * reach the Veterans Crisis Line through it by pressing 1 after dialling 988.
 */
export const SUICIDE_AND_CRISIS_LIFELINE = {
  name: '988 Suicide & Crisis Lifeline',
  call: '988',
  text: '988',
  chatUrl: 'https://988lifeline.org/chat/',
  url: 'https://988lifeline.org',
  audience: 'anyone in the United States, for themselves or for someone they are worried about',
  availability: '24 hours a day, 7 days a week',
  source: 'https://988lifeline.org/get-help/',
  checkedAt: EMERGENCY_CONTACTS_CHECKED_AT,
  // Taken from the line's own site; not re-checked against it since.
  verified: false,
} as const;

/**
 * The U.S. State Department's Smart Traveler Enrollment Program. Enrolling a trip lets the nearest
 * U.S. embassy or consulate send safety updates and reach the traveller in an emergency.
 */
export const SMART_TRAVELER_ENROLLMENT_PROGRAM = {
  name: 'Smart Traveler Enrollment Program (STEP)',
  url: 'https://step.state.gov',
  infoUrl:
    'https://travel.state.gov/content/travel/en/international-travel/before-you-go/step.html',
  audience: 'U.S. citizens and nationals travelling or living abroad',
  summary:
    'A free State Department service: enroll your trip to get e-mails from the local U.S. embassy or consulate about health, weather, safety and security, and so the embassy can contact you, or help family reach you, in an emergency such as a natural disaster or civil unrest.',
  source: 'https://travel.state.gov/content/travel/en/international-travel/before-you-go/step.html',
  checkedAt: EMERGENCY_CONTACTS_CHECKED_AT,
  verified: true,
} as const;
