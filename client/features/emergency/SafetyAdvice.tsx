import { ExternalLink } from 'lucide-react';

const TIPS = [
  'Before you leave, save the local emergency number and your embassy’s number in your phone, and keep the printed Travel Safety Kit in your bag.',
  'Write down the address of where you are staying, in the local language, so you can give it to a taxi driver or an emergency operator.',
  'Share your itinerary with someone at home and agree on when you will check in.',
  'If you are deaf or hard of hearing, find out how the emergency service of each country takes text or video (see Important Contacts) and register before you go where it asks you to; many services need a local SIM card.',
  'Carry a short card, in the local language, that describes your disability, your medication and how to help you.',
  'Keep medicines in their original packaging, with a copy of the prescription and a letter from your doctor, in your hand luggage.',
  'Pack chargers, plug adapters and spare parts for wheelchairs, hearing aids and other devices, and note the nearest repair shop.',
  'Check that your travel insurance covers medical evacuation and damage to mobility equipment.',
  'Read the travel advisory for each country before you book, and again before you leave.',
];

/** Spec §2 "Travel Safety Tips": short, practical, with travellers with disabilities in mind. */
export function SafetyTips() {
  return (
    <ul className="max-w-3xl list-disc space-y-2 pl-6 text-slate-800">
      {TIPS.map((tip) => (
        <li key={tip}>{tip}</li>
      ))}
    </ul>
  );
}

const RESOURCES = [
  {
    name: 'travel.state.gov',
    href: 'https://travel.state.gov',
    about: 'The U.S. State Department’s travel site: passports, embassies, emergencies abroad.',
  },
  {
    name: 'Travel Advisories',
    href: 'https://travel.state.gov/content/travel/en/traveladvisories/traveladvisories.html',
    about: 'The level (1 to 4) of every country, and why: the source of this site’s advisories.',
  },
  {
    name: 'Smart Traveler Enrollment Program (STEP)',
    href: 'https://step.state.gov',
    about: 'Enroll a trip to get safety updates from the nearest U.S. embassy.',
  },
  {
    name: 'Veterans Crisis Line',
    href: 'https://www.veteranscrisisline.net',
    about: 'Call, text or chat, 24/7, for veterans and the people who care about them.',
  },
  {
    name: '112, the European emergency number',
    href: 'https://digital-strategy.ec.europa.eu/en/policies/112',
    about: 'The European Commission’s page on 112, a source of the numbers for Europe.',
  },
  {
    name: 'Text to 911',
    href: 'https://www.fcc.gov/consumers/guides/text-911-quick-facts-faqs',
    about: 'The FCC’s guide to texting 911 in the United States.',
  },
  {
    name: 'List of emergency telephone numbers',
    href: 'https://en.wikipedia.org/wiki/List_of_emergency_telephone_numbers',
    about:
      'The secondary list behind the numbers marked “not yet verified against the source”: check them with an official page.',
  },
];

/** Spec §2 "Helpful Resources": the official sources behind this page. */
export function HelpfulResources() {
  return (
    <ul className="grid max-w-5xl gap-3 sm:grid-cols-2">
      {RESOURCES.map((resource) => (
        <li key={resource.href} className="rounded-lg border border-slate-300 bg-white p-4">
          <a
            href={resource.href}
            className="inline-flex min-h-6 items-center gap-1 font-semibold text-brand-800 underline"
          >
            {resource.name}
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
          <p className="mt-1 text-sm text-slate-700">{resource.about}</p>
        </li>
      ))}
    </ul>
  );
}
