// The same advice at the end of every Travel Safety Kit (safety-kit.ts writes it): text, kept
// apart from the code that lays it out.

import { US_OVERSEAS_CITIZENS_SERVICES } from '../../catalogue/emergency-contacts.js';
import {
  SMART_TRAVELER_ENROLLMENT_PROGRAM as STEP,
  VETERANS_CRISIS_LINE as VCL,
} from '../../catalogue/veterans.js';

/** A paragraph (with an optional bold label) or a bulleted list. */
export type Block =
  | { kind: 'p'; text: string; label?: string; strong?: boolean; size?: number }
  | { kind: 'list'; items: readonly string[] };

/** A titled part of the kit: its heading level in the PDF's structure tree, then its blocks. */
export interface Section {
  title: string;
  level: 'H2' | 'H3';
  blocks: Block[];
}

const ocs = US_OVERSEAS_CITIZENS_SERVICES;

/** The general advice after the countries: honest, practical, the same for every kit. */
export const KIT_GUIDANCE: readonly Section[] = [
  {
    title: 'Travel Safety Tips',
    level: 'H2',
    blocks: [
      {
        kind: 'list',
        items: [
          'Keep this kit on your phone for use offline, and a printed copy apart from the phone.',
          "Write down your accommodation's address and phone number in the local language and script.",
          'Leave your itinerary with someone at home and agree when you will check in.',
          'Keep copies of your passport, visas, insurance policy and prescriptions apart from the originals.',
          "Carry medicines in their labelled packaging in your hand luggage, with a doctor's letter naming them by generic name; some countries restrict medicines that are legal at home.",
          'Buy travel insurance that covers medical care and evacuation, and declare existing conditions and mobility equipment.',
          'Read the travel advisory again shortly before you leave: advisories change.',
          'Keep your phone charged and know how to share your location with the people you trust.',
          'Book taxis through your accommodation or an app, and keep valuables out of sight.',
        ],
      },
    ],
  },
  {
    title: 'Accessibility notes',
    level: 'H2',
    blocks: [
      {
        kind: 'p',
        text: 'Practical notes for each kind of need. Services differ by country and provider: confirm the details with them before you travel.',
      },
    ],
  },
  {
    title: 'Mobility',
    level: 'H3',
    blocks: [
      {
        kind: 'list',
        items: [
          'Ask for the measurements of the accessible room (door widths, bed height, shower type) rather than relying on the word "accessible".',
          'Request airline assistance when you book and confirm it at least 48 hours before you fly; carry the battery details and folding instructions of a powered wheelchair or scooter.',
          'Note a local wheelchair repair or equipment hire service before you need one.',
          'On arrival, find the step-free way out of the building and tell reception you may need help to evacuate.',
        ],
      },
    ],
  },
  {
    title: 'Blind or low vision',
    level: 'H3',
    blocks: [
      {
        kind: 'list',
        items: [
          'This kit is real text: a screen reader or magnifier on your phone can read it offline.',
          'Download offline maps and save your addresses before you go; describing apps may need data you will not have.',
          'Ask staff to walk you through your room and the route to the emergency exit.',
          'Carry a card in the local language saying how you would like to be guided.',
        ],
      },
    ],
  },
  {
    title: 'Deaf or hard of hearing',
    level: 'H3',
    blocks: [
      {
        kind: 'list',
        items: [
          'See "Deaf or hard of hearing" under each country: most text services need registering in advance and often a local SIM card, so set them up before you need them.',
          'Ask your accommodation for a visual or vibrating fire alarm.',
          'Carry a card in the local language: "I am deaf. Please write or type."',
          'Tell companions and guides how to get your attention in an emergency.',
        ],
      },
    ],
  },
  {
    title: 'Neurodiversity and cognitive needs',
    level: 'H3',
    blocks: [
      {
        kind: 'list',
        items: [
          'Prepare a written or picture plan of each day, with addresses in the local language.',
          'Ask your airports whether they run a hidden disabilities programme (such as the Sunflower lanyard) or offer quiet routes through security.',
          'Plan quiet breaks, carry ear defenders or noise-cancelling headphones, and ask attractions about quiet hours.',
          'Carry an "about me" card: how to communicate with you, your emergency contact and your medicines.',
        ],
      },
    ],
  },
  {
    title: 'Service animals',
    level: 'H3',
    blocks: [
      {
        kind: 'list',
        items: [
          "Check the destination's official animal import rules months ahead: many need a microchip, a rabies vaccination and a health certificate, some with waiting periods.",
          "Check each airline's service animal policy and forms; U.S. airlines do not have to carry emotional support animals as service animals.",
          "Carry your animal's documents and vaccination records, and find a vet at your destination.",
          'Check the rules for bringing the animal home again before you leave.',
        ],
      },
    ],
  },
  {
    title: 'For veterans',
    level: 'H2',
    blocks: [
      {
        kind: 'p',
        label: VCL.name,
        text: `free and confidential, ${VCL.availability}. In the United States dial ${VCL.call.dial}, then press ${VCL.call.thenPress}, or call ${VCL.tollFreeNumber} and press 1, or text ${VCL.text}.`,
      },
      { kind: 'p', label: 'From abroad', text: `${VCL.overseasNote} Chat: ${VCL.chatUrl}` },
      { kind: 'p', label: 'Without a voice call', text: VCL.deafAccess },
    ],
  },
  {
    title: 'For U.S. citizens abroad',
    level: 'H2',
    blocks: [
      { kind: 'p', label: STEP.name, text: `${STEP.summary} Enroll at ${STEP.url}` },
      {
        kind: 'p',
        label: 'Emergency Watch',
        text: `Overseas Citizens Services: ${ocs.fromUsOrCanada} from the United States and Canada, ${ocs.fromOverseas} from other countries. ${ocs.hoursNote}`,
      },
      {
        kind: 'p',
        text: 'Not a U.S. citizen? Note the emergency line of your own embassy or consulate in each country you visit.',
      },
    ],
  },
];
