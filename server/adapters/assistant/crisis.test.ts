import { describe, expect, it } from 'vitest';
import { EMERGENCY_CONTACTS } from '../../data/emergency-contacts.js';
import { HELP_LINES } from '../../features/emergency/help-lines-routes.js';
import { crisisAnswer, isCrisis } from './crisis.js';

// Written the ways people type when things are bad: lower case, no apostrophes, typos, run-on.
const CRISES = [
  'crisis',
  'Crisis line',
  'CRISIS LINE PLEASE',
  'what is the veterans crisis line number',
  "veteran's crisis line from abroad",
  'Veterans Crisis Line from Germany?',
  'I need the crisis number, I am in Spain',
  'im in crisis',
  'crisys line',
  'suicide',
  'suicide hotline',
  "I'm suicidal",
  'im sucidal',
  'feeling suicidal tonight',
  'thoughts of suicde',
  'having suicidial thoughts',
  'suiside',
  'I want to kill myself',
  'i wanna kill my self',
  'i want to kil myself',
  'I want to end it all',
  'thinking about ending it all',
  "I'm going to end my life",
  'my husband served in iraq and hes talking about ending his life',
  'my dad keeps saying he wants to take his own life',
  'having a bad ptsd episode and i need help now',
  'tbh the whole thing is bringing stuff back up and im struggling',
  "we're in spain and my husband, a veteran, says he wants to die",
  "I'm really struggling tonight",
  'my dad is a vet and he said he doesnt see the point anymore',
  "he's started talking about ending it. what do we do",
  'if he has a bad ptsd episode while we are in london, who do we contact',
  'my husband has PTSD. If he has a bad episode in London, who do we call?',
  'tonight he said he wants to end it. we are on vacation in mexico',
  "my husband served in the navy and he's in a really dark place tonight",
  "honestly i'm not in a good place",
  'whats the number for the veterans line from over there',
  'ex marine here. honestly not doing great tonight',
  'I want to die',
  'i just wanna die',
  "I don't want to be here anymore",
  'i dont want to be here any more',
  'i dont wnat to be here anymore',
  'I don\u2019t want to live',
  'self harm',
  'self-harm again',
  'I keep wanting to hurt myself',
  'i might hurt myself',
  '988',
  'can I call 988 from Mexico?',
  'how do I reach 988 then press 1 overseas',
  "I'm not ok",
  'im not ok',
  'i am not okay',
  "I'm not doing ok",
  'i´m really not okay right now',
  "I'm not okay. I'm in Tokyo",
  "I can't cope",
  'i cant cope anymore',
  "I can't go on",
  'i cant go on like this',
  'I need someone to talk to',
  'i need somebody to talk to please',
  "I'm having a really bad time",
  'having a really bad time right now',
  'no reason to live',
  'better off dead',
  'I wish I was dead',
  "I'm having a panic attack",
  'I need a mental health crisis number in Thailand',
  'WHO DO I CALL IM NOT OK',
];

const NOT_CRISES = [
  'ok',
  'okay',
  'OK thanks',
  'ok and what about japan?',
  'okay, which is cheapest?',
  'is it ok to bring my scooter',
  'is it okay to fly with a power chair',
  "I'm ok with stairs if there is a rail",
  "I'm not ok with long flights, anything closer?",
  "that's not ok, the hotel had no ramp",
  "I'm fine, just planning",
  'I can\u2019t go on rollercoasters, what else is at Disney World?',
  "I can't cope with crowds, which places are quiet?",
  "we're having a hard time finding accessible hotels in Rome",
  'having a great time in Banff',
  'I need someone to help me at the airport',
  'I need to talk to someone about my booking',
  'a flight for $988',
  'the hotel is 988 dollars a week',
  'Is Mexico safe?',
  'emergency number in Japan',
  'step-free places in Canada',
  'wheelchair accessible cruise',
  'hotels with a roll-in shower in Lisbon',
  'do WWII vets get in free?',
  'plan 4 days in Lisbon for a wheelchair user',
  'add a hotel in Banff on 3 December',
  'what is the total of my trip',
  'tell me about the blue lagoon',
  'which countries are level 4',
  'can my wife\u2019s power chair get around banff?',
  'I want to dine at the Eiffel Tower',
  'I want to dive in Australia',
  'a cruise with accessible cabins',
  'crisps on the flight?',
  'my autistic son needs a quiet room',
  'sensory friendly theme park',
  'what does level 2 mean',
  'is there a hearing loop at the museum',
  'Deaf access to emergency services in France',
];

describe('isCrisis', () => {
  it('has enough phrasings to mean something', () => {
    expect(CRISES.length).toBeGreaterThanOrEqual(40);
    expect(NOT_CRISES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CRISES)('reads a crisis in %j', (message) => {
    expect(isCrisis(message)).toBe(true);
  });

  it.each(NOT_CRISES)('reads no crisis in %j', (message) => {
    expect(isCrisis(message)).toBe(false);
  });

  it('reads a country named with its crisis as a crisis (the help lines first is accepted)', () => {
    expect(isCrisis('what about the crisis in Haiti?')).toBe(true);
  });
});

describe('crisisAnswer', () => {
  const japan = EMERGENCY_CONTACTS.find((c) => c.countryCode === 'JP')!;

  it('starts with the local number when a country is named, then the help lines, all from the data', () => {
    const lines = crisisAnswer(HELP_LINES, japan);
    const text = lines.join('\n');
    expect(lines[1]).toContain(`In Japan, dial ${japan.emergencyNumber}`);
    const vcl = HELP_LINES.veteransCrisisLine;
    expect(text).toContain(`dial ${vcl.call.dial} then press ${vcl.call.thenPress}`);
    expect(text).toContain(`text ${vcl.text}`);
    expect(text).toContain(vcl.chatUrl);
    expect(text).toContain(vcl.overseasNote);
    expect(text).toContain(vcl.deafAccess);
    expect(text).toContain(japan.consularNumber!);
    expect(text).toContain(HELP_LINES.smartTravelerEnrollmentProgram.url);
    // Links as bare https URLs; no advisory, no HTML.
    expect(text).not.toMatch(/level \d|<a\b|\]\(/i);
    expect(lines.length).toBeLessThanOrEqual(8);
  });

  it('without a country, points to the local emergency number and both Overseas Citizens Services numbers', () => {
    const text = crisisAnswer(HELP_LINES).join('\n');
    expect(text).toContain('call the local emergency number');
    expect(text).toContain(HELP_LINES.overseasCitizensServices.fromOverseas);
    expect(text).toContain(HELP_LINES.overseasCitizensServices.fromUsOrCanada);
    expect(text).toContain('988');
    expect(text).toContain('838255');
  });

  it('in the United States, leaves out the lines for abroad', () => {
    const home = EMERGENCY_CONTACTS.find((c) => c.countryCode === 'US')!;
    const text = crisisAnswer(HELP_LINES, home).join('\n');
    expect(text).toContain(`In the United States, dial ${home.emergencyNumber}.`);
    expect(text).toContain('838255');
    expect(text).not.toContain(HELP_LINES.overseasCitizensServices.fromOverseas);
    expect(text).not.toContain(HELP_LINES.smartTravelerEnrollmentProgram.url);
    expect(text).not.toContain(HELP_LINES.veteransCrisisLine.overseasNote);
  });

  it('says so when the country has no confirmed emergency number, and still gives the lines', () => {
    const unknown = EMERGENCY_CONTACTS.find((c) => !c.emergencyNumber && !c.police)!;
    const lines = crisisAnswer(HELP_LINES, unknown);
    expect(lines[1]).toBe(
      `If you are in danger right now, call the local emergency number where you are; we have no confirmed number for ${unknown.country}.`,
    );
    expect(lines.join('\n')).toContain(unknown.consularNumber!);
  });
});
