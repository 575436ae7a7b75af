// Emergency numbers by country, curated by hand for the Emergency information page (spec §2) and
// for the assistant. A wrong number in an emergency is worse than none, so the rules are:
//
// - A field is present only when we are confident of it; otherwise it is left out and the page
//   shows "not known". emergencyNumber itself is absent for the few countries where no local
//   number could be confirmed (see COUNTRIES_WITHOUT_A_CONFIRMED_NUMBER in the test).
// - emergencyNumber is the number to dial when you do not know which service you need. Where a
//   country has no single number it is the police number, and ambulance/fire carry their own.
//   police/ambulance/fire appear only where they differ from emergencyNumber.
// - verified: true means the numbers were compared, on checkedAt, with the page cited in source
//   (a stored, dated copy of it: a government or service page where one was found, otherwise a
//   dated news report quoting the authority). verified: false means the numbers come from
//   well-established knowledge (112 across the EU, 911 in North America, 110/119 in Japan, ...)
//   and were NOT compared with a source on checkedAt; those entries cite the European Commission's
//   112 page (EU/EEA) or a secondary list, and must be compared with an official page before
//   relying on them further. Re-check every entry before each release, verified ones first for
//   numbers that change (Thailand, Egypt, India, Indonesia, Saudi Arabia and the Maldives are
//   moving to single numbers).
// - deafAccess comes from the pages named in the comment above each entry; most services need
//   registering in advance and a local SIM card, and the text says so.
// - consularNumber is not local: it is the US State Department's Overseas Citizens Services line
//   for U.S. citizens (US_OVERSEAS_CITIZENS_SERVICES below), added to every entry outside the
//   United States and its territories, as dialled from that country. This site serves U.S.
//   veterans; other nationalities need their own embassy, which the page must say.

import type { EmergencyContact, EmergencyRegion } from '../../contracts/emergency.js';

/** The date this file was last reviewed as a whole. */
export const EMERGENCY_CONTACTS_CHECKED_AT = '2026-11-21';

/**
 * The line a U.S. citizen calls for consular help in an emergency abroad. Both numbers appear in
 * U.S. embassy security alerts ("1-888-407-4747 toll-free from the United States and Canada,
 * 1-202-501-4444 from other countries").
 */
export const US_OVERSEAS_CITIZENS_SERVICES = {
  name: 'U.S. Department of State, Bureau of Consular Affairs (Overseas Citizens Services)',
  audience: 'U.S. citizens and nationals',
  fromUsOrCanada: '+1-888-407-4747',
  fromOverseas: '+1-202-501-4444',
  url: 'https://travel.state.gov',
  // A 2018 embassy alert gave 8 a.m. to 8 p.m. Eastern, Monday to Friday, for these lines; later
  // alerts list them without hours. We do not claim round-the-clock service.
  hoursNote:
    "Outside U.S. office hours, also try the U.S. embassy's own emergency number in the country, listed on its website.",
  source: 'https://ht.usembassy.gov/security-alert-u-s-embassy-port-au-prince-haiti-05262021/',
  checkedAt: EMERGENCY_CONTACTS_CHECKED_AT,
  verified: true,
} as const;

/** Countries where the Overseas Citizens Services line does not apply (home soil). */
const US_HOME_SOIL = new Set(['US', 'PR']);
/** Where the toll-free +1-888 number works. */
const US_TOLL_FREE_AREA = new Set(['CA']);

/** The catalogue's entries are the wire shape (the aliases included: search and matching use them). */
export type CatalogueEmergencyContact = EmergencyContact;

type Entry = Omit<CatalogueEmergencyContact, 'consularNumber' | 'checkedAt'>;

const CHECKED = EMERGENCY_CONTACTS_CHECKED_AT;
/** The European Commission's page on 112, for EU/EEA entries not compared with a source. */
const EU_112 = 'https://digital-strategy.ec.europa.eu/en/policies/112';
/** A secondary list, cited only by entries marked verified: false. */
const NUMBER_LIST = 'https://en.wikipedia.org/wiki/List_of_emergency_telephone_numbers';
const advisory = (slug: string) =>
  `https://travel.state.gov/content/travel/en/traveladvisories/traveladvisories/${slug}-travel-advisory.html`;

const europe = (e: Omit<Entry, 'region'>): Entry => ({ region: 'Europe', ...e });
const region =
  (name: EmergencyRegion) =>
  (e: Omit<Entry, 'region'>): Entry => ({ region: name, ...e });
const africa = region('Africa');
const asia = region('Asia');
const caribbean = region('Caribbean');
const centralAmerica = region('Central America');
const middleEast = region('Middle East');
const northAmerica = region('North America');
const oceania = region('Oceania');
const southAmerica = region('South America');

const ENTRIES: readonly Entry[] = [
  // Local numbers not known: the 119 line below was set up by the former government's Interior
  // Ministry (dvidshub.net 2008, sada-e-azadi.net).
  asia({
    country: 'Afghanistan',
    countryCode: 'AF',
    emergencyNumber: '119',
    notes:
      'The 119 police line was set up by the Interior Ministry of the former government (2008); we could not confirm how it works today. The U.S. government cannot provide routine or emergency services in Afghanistan.',
    source: 'https://www.dvidshub.net/news/15815/afghanistan-opens-emergency-hotline-kabul',
    verified: true,
  }),
  southAmerica({
    country: 'Argentina',
    countryCode: 'AR',
    emergencyNumber: '911',
    ambulance: '107',
    fire: '100',
    notes: '911 is the police emergency number in Buenos Aires and most provinces.',
    source: NUMBER_LIST,
    verified: false,
  }),
  // tfseducation.com.au (Tasmania Fire Service): 106 TTY, NRS calls to Triple Zero.
  oceania({
    country: 'Australia',
    countryCode: 'AU',
    emergencyNumber: '000',
    deafAccess:
      'TTY users dial 106 (text emergency call, TTY only, not SMS). Through the National Relay Service, any call option (internet relay, captioned relay, video relay) can ask for Triple Zero (000).',
    notes: '112 also reaches emergency services from mobile phones.',
    source: 'https://www.tfseducation.com.au/national_relay_service',
    verified: true,
  }),
  // gebaerdenwelt.tv, behindertenrat.at, fmk.at: DEC112 app.
  europe({
    country: 'Austria',
    countryCode: 'AT',
    emergencyNumber: '112',
    police: '133',
    ambulance: '144',
    fire: '122',
    deafAccess:
      'DEC112 app (free, one-time registration with location access): text chat with emergency control centres, including a silent emergency call to the police.',
    notes: 'Mountain rescue: 140.',
    source: EU_112,
    verified: false,
  }),
  // Public Hospitals Authority notice (nativestew.com, 2020): "call 919 or 911".
  caribbean({
    country: 'Bahamas',
    countryCode: 'BS',
    aliases: ['The Bahamas'],
    emergencyNumber: '919',
    notes:
      '911 also works. Many of the 700 islands have no formal emergency services; help is concentrated on New Providence (Nassau) and Grand Bahama.',
    source: 'https://www.nativestew.com/2020/09/emergency-medical-dispatchers-return-to.html',
    verified: true,
  }),
  caribbean({
    country: 'Barbados',
    countryCode: 'BB',
    emergencyNumber: '211',
    ambulance: '511',
    fire: '311',
    source: NUMBER_LIST,
    verified: false,
  }),
  // cherven.by (MChS): 101 and 112 for any emergency.
  europe({
    country: 'Belarus',
    countryCode: 'BY',
    emergencyNumber: '112',
    police: '102',
    ambulance: '103',
    fire: '101',
    notes:
      '112 and 101 both reach the Ministry of Emergency Situations, which coordinates other services. The U.S. Embassy in Minsk suspended operations in 2022.',
    source: NUMBER_LIST,
    verified: false,
  }),
  // 112.be/fr/SMS; dhnet.be; ffsb.be.
  europe({
    country: 'Belgium',
    countryCode: 'BE',
    emergencyNumber: '112',
    police: '101',
    deafAccess:
      '112 BE app: register as deaf, hard of hearing or speech-impaired and calls switch to text chat. Emergency SMS numbers are given on request to people with a Belgian SIM card. Both work only in Belgium.',
    source: 'https://112.be/fr/SMS',
    verified: true,
  }),
  southAmerica({
    country: 'Brazil',
    countryCode: 'BR',
    emergencyNumber: '190',
    ambulance: '192',
    fire: '193',
    source: NUMBER_LIST,
    verified: false,
  }),
  europe({
    country: 'Bulgaria',
    countryCode: 'BG',
    emergencyNumber: '112',
    source: EU_112,
    verified: false,
  }),
  // U.S. Embassy Ouagadougou: "Police = 17, Fire = 18".
  africa({
    country: 'Burkina Faso',
    countryCode: 'BF',
    emergencyNumber: '17',
    fire: '18',
    source:
      'https://bf.usembassy.gov/being-prepared-for-emergencies-or-crisis-situations-before-an-emergency-or-crisis/',
    verified: true,
  }),
  // starofcambodia.com (2025): national police hotline 117, free, in English, Chinese, Vietnamese.
  asia({
    country: 'Cambodia',
    countryCode: 'KH',
    emergencyNumber: '117',
    notes: 'The national police hotline 117 is free, including from phones with no credit.',
    source: 'https://starofcambodia.com/?p=16895',
    verified: true,
  }),
  // textwith911.ca, CHHA, CWTA: T9-1-1.
  northAmerica({
    country: 'Canada',
    countryCode: 'CA',
    emergencyNumber: '911',
    deafAccess:
      'Text with 9-1-1 (T9-1-1) for deaf, hard-of-hearing and speech-impaired people who registered their mobile number with their Canadian carrier: dial 911 and the call-taker continues by text. Texting 911 directly is not supported.',
    source: 'https://textwith911.ca/',
    verified: true,
  }),
  // ndjonisango.com (May 2025).
  africa({
    country: 'Central African Republic',
    countryCode: 'CF',
    aliases: ['CAR'],
    emergencyNumber: '117',
    ambulance: '1212',
    fire: '118',
    notes: 'Gendarmerie (rural areas): 1220.',
    source:
      'https://ndjonisango.com/2025/05/14/rca-les-numeros-durgence-et-leur-utilite-dans-les-cas-dincidents-majeurs',
    verified: true,
  }),
  southAmerica({
    country: 'Chile',
    countryCode: 'CL',
    emergencyNumber: '133',
    ambulance: '131',
    fire: '132',
    source: NUMBER_LIST,
    verified: false,
  }),
  asia({
    country: 'China',
    countryCode: 'CN',
    emergencyNumber: '110',
    ambulance: '120',
    fire: '119',
    source: NUMBER_LIST,
    verified: false,
  }),
  southAmerica({
    country: 'Colombia',
    countryCode: 'CO',
    emergencyNumber: '123',
    source: NUMBER_LIST,
    verified: false,
  }),
  centralAmerica({
    country: 'Costa Rica',
    countryCode: 'CR',
    emergencyNumber: '911',
    source: NUMBER_LIST,
    verified: false,
  }),
  europe({
    country: 'Croatia',
    countryCode: 'HR',
    emergencyNumber: '112',
    police: '192',
    ambulance: '194',
    fire: '193',
    source: EU_112,
    verified: false,
  }),
  caribbean({
    country: 'Cuba',
    countryCode: 'CU',
    emergencyNumber: '106',
    ambulance: '104',
    fire: '105',
    source: NUMBER_LIST,
    verified: false,
  }),
  europe({
    country: 'Cyprus',
    countryCode: 'CY',
    emergencyNumber: '112',
    notes: '199 also reaches emergency services.',
    source: EU_112,
    verified: false,
  }),
  europe({
    country: 'Czechia',
    countryCode: 'CZ',
    aliases: ['Czech Republic'],
    emergencyNumber: '112',
    police: '158',
    ambulance: '155',
    fire: '150',
    source: EU_112,
    verified: false,
  }),
  // politi.dk (112); rn.dk: confidential SMS number for deaf people.
  europe({
    country: 'Denmark',
    countryCode: 'DK',
    emergencyNumber: '112',
    deafAccess:
      'Deaf, hard-of-hearing or speech-impaired people can text the 112 centre through a confidential number or app, obtained in advance from Danske Døves Landsforbund or a hearing clinic.',
    notes: 'Non-urgent police matters: 114.',
    source: 'https://politi.dk/kontakt-politiet/alarm-112',
    verified: true,
  }),
  caribbean({
    country: 'Dominican Republic',
    countryCode: 'DO',
    emergencyNumber: '911',
    source: NUMBER_LIST,
    verified: false,
  }),
  southAmerica({
    country: 'Ecuador',
    countryCode: 'EC',
    emergencyNumber: '911',
    source: NUMBER_LIST,
    verified: false,
  }),
  // Egyptian Streets (Nov 2022) and OSAC (2021) agree on 122 and 123; they disagree on fire
  // (180 or 125), so fire is left out.
  africa({
    country: 'Egypt',
    countryCode: 'EG',
    emergencyNumber: '122',
    ambulance: '123',
    notes:
      'A single 112 number was announced in October 2022; we could not confirm it is in service. The fire number is not confirmed.',
    source:
      'https://egyptianstreets.com/2022/11/01/112-egypt-announces-its-very-own-911-hotline-for-public-emergencies/amp/',
    verified: true,
  }),
  centralAmerica({
    country: 'El Salvador',
    countryCode: 'SV',
    emergencyNumber: '911',
    source: NUMBER_LIST,
    verified: false,
  }),
  europe({
    country: 'Estonia',
    countryCode: 'EE',
    emergencyNumber: '112',
    source: EU_112,
    verified: false,
  }),
  // 112.fi (Emergency Response Centre Agency); verkkouutiset.fi (2025): no registration since
  // 28 June 2025.
  europe({
    country: 'Finland',
    countryCode: 'FI',
    emergencyNumber: '112',
    deafAccess:
      'Text (SMS) 112 from a Finnish mobile subscription; no registration needed since 28 June 2025. Texts from foreign SIM cards are not received. The 112 Suomi app sends your location with a call.',
    source: 'https://112.fi/en/emergency-sms',
    verified: true,
  }),
  // cramif.fr, informations.handicap.fr, destinationsante.com: 114 and 15/17/18/112.
  europe({
    country: 'France',
    countryCode: 'FR',
    emergencyNumber: '112',
    police: '17',
    ambulance: '15',
    fire: '18',
    deafAccess:
      '114: free 24/7 emergency number for deaf, hard-of-hearing, deafblind and aphasic people, reached by SMS, the Urgence 114 app or the website (video in French Sign Language, real-time text, chat). It cannot be reached by a voice call.',
    source: 'https://cramif.fr/node/808',
    verified: true,
  }),
  europe({
    country: 'Georgia',
    countryCode: 'GE',
    emergencyNumber: '112',
    source: NUMBER_LIST,
    verified: false,
  }),
  // dvfr.de, wdr.de, lakt.de: nora.
  europe({
    country: 'Germany',
    countryCode: 'DE',
    emergencyNumber: '112',
    police: '110',
    deafAccess:
      'nora, the official emergency app of the German federal states: a text emergency call to police, fire and ambulance without speaking, with your location, after a one-time registration. The emergency fax and the TESS relay service also remain.',
    source:
      'https://www.dvfr.de/rehabilitation-und-teilhabe/meldungen-aus-der-reha-landschaft/detail/artikel/nora-ist-da-die-offizielle-notruf-app-der-bundeslaender/',
    verified: true,
  }),
  europe({
    country: 'Greece',
    countryCode: 'GR',
    emergencyNumber: '112',
    police: '100',
    ambulance: '166',
    fire: '199',
    source: EU_112,
    verified: false,
  }),
  // haititweets.com (March 2021): Haitian National Police line 122.
  caribbean({
    country: 'Haiti',
    countryCode: 'HT',
    emergencyNumber: '122',
    notes:
      'The Haitian National Police opened the 122 line in March 2021; ambulance and fire numbers are not confirmed. Haiti has been under a state of emergency since March 2024.',
    source: 'https://haititweets.com/2021/03/04/122-contre-le-kidnapping-en-haiti',
    verified: true,
  }),
  // Legislative Council reply (July 2023): 992 emergency SMS service.
  asia({
    country: 'Hong Kong',
    countryCode: 'HK',
    emergencyNumber: '999',
    deafAccess:
      'Emergency SMS 992 to the police, for people with hearing or speech impairments who registered in advance.',
    source: 'https://www.info.gov.hk/gia/general/202307/12/P2023071200289.htm',
    verified: true,
  }),
  europe({
    country: 'Hungary',
    countryCode: 'HU',
    emergencyNumber: '112',
    police: '107',
    ambulance: '104',
    fire: '105',
    source: EU_112,
    verified: false,
  }),
  // 112.is: the 112 app (text chat), calling 112 Iceland from abroad; obi.is: SMS to 112.
  europe({
    country: 'Iceland',
    countryCode: 'IS',
    emergencyNumber: '112',
    deafAccess:
      'The 112 Iceland app opens a text conversation with the emergency operator and sends your location; SMS to 112 is also accepted.',
    notes: 'From abroad, 112 Iceland answers on +354 570 2112.',
    source: 'https://112.is/en/samtal-vid-1-1-2',
    verified: true,
  }),
  asia({
    country: 'India',
    countryCode: 'IN',
    emergencyNumber: '112',
    police: '100',
    ambulance: '108',
    fire: '101',
    source: NUMBER_LIST,
    verified: false,
  }),
  // republika.co.id (2016): 110/118/113 and 112; evrimagaci.org (March 2025): 112 in 141 regencies.
  asia({
    country: 'Indonesia',
    countryCode: 'ID',
    emergencyNumber: '112',
    police: '110',
    ambulance: '118',
    fire: '113',
    notes:
      '112 covered 141 regencies and cities in 2025, not the whole country; where it does not answer, call the service numbers. 119 is the health ministry medical emergency line.',
    source:
      'https://www.republika.co.id/berita/koran/kesra/16/04/29/o6dso610-hubungi-nomor-112-panggilan-darurat-versi-indonesia',
    verified: true,
  }),
  middleEast({
    country: 'Iran',
    countryCode: 'IR',
    emergencyNumber: '110',
    ambulance: '115',
    fire: '125',
    notes: 'The United States has no embassy in Iran.',
    source: NUMBER_LIST,
    verified: false,
  }),
  // Iraqi Interior Ministry via video-agencyia.iq (January 2025) and burathanews.com (January
  // 2026): unified 911, reachable by roaming visitors.
  middleEast({
    country: 'Iraq',
    countryCode: 'IQ',
    emergencyNumber: '911',
    notes:
      'The unified 911 line replaced 26 separate emergency numbers in January 2025 and takes calls from roaming foreign phones.',
    source: 'https://video-agencyia.iq/Detail/10523',
    verified: true,
  }),
  // 112.ie: SMS to 112 from Irish networks only.
  europe({
    country: 'Ireland',
    countryCode: 'IE',
    emergencyNumber: '112',
    deafAccess:
      'Emergency SMS to 112 from an Irish mobile number (registering in advance at 112.ie is advised). Texts from foreign mobile numbers are not received in Ireland.',
    notes: '999 also works.',
    source: 'https://112.ie/sms-questions-and-answers/',
    verified: true,
  }),
  middleEast({
    country: 'Israel',
    countryCode: 'IL',
    emergencyNumber: '100',
    ambulance: '101',
    fire: '102',
    source: NUMBER_LIST,
    verified: false,
  }),
  // ENS Sicilia (112, 113, 115, 118); AREU/Corriere (Where ARE U chat); 112sordi.flagmii.it.
  europe({
    country: 'Italy',
    countryCode: 'IT',
    emergencyNumber: '112',
    police: '113',
    ambulance: '118',
    fire: '115',
    deafAccess:
      'Where ARE U, the official 112 app, offers a text chat and a silent call with your location, in the regions where the single-number 112 service operates.',
    notes: '112 also reaches the Carabinieri.',
    source: 'https://sicilia.ens.it/15-canali-tematici/586-nue-112',
    verified: true,
  }),
  // JIS (2011): 112 and 911 added, 119 police kept; Jamaica Fire Brigade via localgovjamaica:
  // 110 for fire and ambulance.
  caribbean({
    country: 'Jamaica',
    countryCode: 'JM',
    emergencyNumber: '119',
    ambulance: '110',
    fire: '110',
    notes: '112 and 911 also reach emergency services.',
    source: 'https://jis.gov.jm/jamaica-to-go-global-with-emergency-numbers/',
    verified: true,
  }),
  // Deaf access: mainichi.jp (2021) on Net119; Hokkaido Police and the Japanese Federation of the
  // Deaf (2019) on the National Police Agency's 110 app.
  asia({
    country: 'Japan',
    countryCode: 'JP',
    emergencyNumber: '110',
    ambulance: '119',
    fire: '119',
    deafAccess:
      'Net119 lets people with hearing or speech disabilities report a fire or medical emergency by smartphone text chat, after registering in advance with the local fire department (mostly for people who live, work or study there). For the police, the 110 app (nationwide since 2019) takes text chat and photos with your location, after a one-time registration in the app (name, phone number, password).',
    source: NUMBER_LIST,
    verified: false,
  }),
  middleEast({
    country: 'Jordan',
    countryCode: 'JO',
    emergencyNumber: '911',
    source: NUMBER_LIST,
    verified: false,
  }),
  // National Police Service via The Star (Aug 2022): 911, 112, 999 toll-free.
  africa({
    country: 'Kenya',
    countryCode: 'KE',
    emergencyNumber: '999',
    notes: '112 and 911 also work, toll-free.',
    source:
      'https://www.the-star.co.ke/news/2022-08-07-police-announce-toll-free-emergency-contacts-ahead-of-polls',
    verified: true,
  }),
  middleEast({
    country: 'Kuwait',
    countryCode: 'KW',
    emergencyNumber: '112',
    source: NUMBER_LIST,
    verified: false,
  }),
  europe({
    country: 'Latvia',
    countryCode: 'LV',
    emergencyNumber: '112',
    police: '110',
    ambulance: '113',
    source: EU_112,
    verified: false,
  }),
  // Civil Defense 125 confirmed by its statements (lbcgroup.tv, 2024-2025); 112 and 140 not.
  middleEast({
    country: 'Lebanon',
    countryCode: 'LB',
    emergencyNumber: '112',
    ambulance: '140',
    fire: '125',
    notes: '125 is the Civil Defense emergency number (fires and rescue).',
    source: NUMBER_LIST,
    verified: false,
  }),
  africa({
    country: 'Libya',
    countryCode: 'LY',
    notes: 'We could not confirm a nationwide emergency number.',
    source: advisory('libya'),
    verified: false,
  }),
  europe({
    country: 'Lithuania',
    countryCode: 'LT',
    emergencyNumber: '112',
    source: EU_112,
    verified: false,
  }),
  europe({
    country: 'Luxembourg',
    countryCode: 'LU',
    emergencyNumber: '112',
    police: '113',
    source: EU_112,
    verified: false,
  }),
  // Public Security Police list (999 / 110 / 112); gov.mo: emergency SMS for registered users.
  asia({
    country: 'Macau',
    countryCode: 'MO',
    aliases: ['Macao'],
    emergencyNumber: '999',
    deafAccess:
      'Emergency SMS to +853 6330 9999 for people who registered the service in advance with the Public Security Police.',
    notes: '110 and 112 also reach the police.',
    source: 'https://gov.mo/zh-hans/services/ps-1486/ps-1486b',
    verified: true,
  }),
  asia({
    country: 'Malaysia',
    countryCode: 'MY',
    emergencyNumber: '999',
    fire: '994',
    notes: '112 also works from mobile phones.',
    source: NUMBER_LIST,
    verified: false,
  }),
  // mnn.mv: 911 launched, run by the Maldives Police Service; corporatemaldives.com: 1478.
  asia({
    country: 'Maldives',
    countryCode: 'MV',
    emergencyNumber: '911',
    notes:
      '911 is the single emergency line run by the Maldives Police Service, which was still extending it to every island at launch. Tourist police: 1478 (toll-free from international networks).',
    source: 'https://mnn.mv/?p=1311',
    verified: true,
  }),
  africa({
    country: 'Mali',
    countryCode: 'ML',
    emergencyNumber: '17',
    fire: '18',
    notes: 'The U.S. government cannot provide emergency services outside Bamako.',
    source: NUMBER_LIST,
    verified: false,
  }),
  europe({
    country: 'Malta',
    countryCode: 'MT',
    emergencyNumber: '112',
    source: EU_112,
    verified: false,
  }),
  northAmerica({
    country: 'Mexico',
    countryCode: 'MX',
    emergencyNumber: '911',
    source: NUMBER_LIST,
    verified: false,
  }),
  africa({
    country: 'Morocco',
    countryCode: 'MA',
    emergencyNumber: '19',
    ambulance: '15',
    fire: '15',
    notes: 'Police (19) in cities; the Royal Gendarmerie (177) in rural areas and on highways.',
    source: NUMBER_LIST,
    verified: false,
  }),
  // Fire 191: Global New Light of Myanmar (Fire Services Department hotline).
  asia({
    country: 'Myanmar',
    countryCode: 'MM',
    aliases: ['Burma'],
    emergencyNumber: '199',
    fire: '191',
    source: NUMBER_LIST,
    verified: false,
  }),
  asia({
    country: 'Nepal',
    countryCode: 'NP',
    emergencyNumber: '100',
    ambulance: '102',
    fire: '101',
    source: NUMBER_LIST,
    verified: false,
  }),
  // Police (tweakers.net, nu.nl, January 2022): 112NL app.
  europe({
    country: 'Netherlands',
    countryCode: 'NL',
    aliases: ['Holland', 'The Netherlands'],
    emergencyNumber: '112',
    deafAccess:
      '112NL app (anyone can download it): real-time text chat with the emergency room, your location sent automatically, and a translation function for 109 languages.',
    source:
      'https://tweakers.net/nieuws/191920/politie-brengt-112nl-app-uit-voor-mensen-die-minder-goed-horen-of-spreken.html',
    verified: true,
  }),
  // police.govt.nz: 111 TXT.
  oceania({
    country: 'New Zealand',
    countryCode: 'NZ',
    emergencyNumber: '111',
    deafAccess:
      '111 TXT: people who are deaf, hearing- or speech-impaired can text 111 after registering their mobile phone with New Zealand Police.',
    source: 'https://www.police.govt.nz/111-txt/how-register-111-txt/questions-answers',
    verified: true,
  }),
  africa({
    country: 'Niger',
    countryCode: 'NE',
    notes:
      'We could not confirm the local emergency numbers. The U.S. government cannot provide routine or emergency services outside Niamey.',
    source: advisory('niger'),
    verified: false,
  }),
  asia({
    country: 'North Korea',
    countryCode: 'KP',
    aliases: ["Democratic People's Republic of Korea", 'DPRK'],
    notes:
      'Local emergency numbers are not known. The United States has no embassy in North Korea, and U.S. passports are not valid for travel there without special validation.',
    source: advisory('north-korea'),
    verified: false,
  }),
  // Nkom (regulator) and nodsms.no (DSB).
  europe({
    country: 'Norway',
    countryCode: 'NO',
    emergencyNumber: '112',
    ambulance: '113',
    fire: '110',
    deafAccess:
      'Nød-SMS: deaf, hard-of-hearing and speech-impaired people who registered at nodsms.no can text 110, 112 or 113 from a Norwegian SIM card; registered users with a foreign SIM text +47 59 555 110, +47 59 555 112 or +47 59 555 113. Text phone users dial 1412.',
    notes: 'In Norway 112 is the police; calls are passed on when another service is needed.',
    source: 'https://nkom.no/telefoni-og-telefonnummer/nodnummer-nodanrop-og-lokalisering',
    verified: true,
  }),
  middleEast({
    country: 'Oman',
    countryCode: 'OM',
    emergencyNumber: '9999',
    source: NUMBER_LIST,
    verified: false,
  }),
  centralAmerica({
    country: 'Panama',
    countryCode: 'PA',
    emergencyNumber: '911',
    source: NUMBER_LIST,
    verified: false,
  }),
  southAmerica({
    country: 'Peru',
    countryCode: 'PE',
    emergencyNumber: '105',
    ambulance: '106',
    fire: '116',
    source: NUMBER_LIST,
    verified: false,
  }),
  asia({
    country: 'Philippines',
    countryCode: 'PH',
    emergencyNumber: '911',
    source: NUMBER_LIST,
    verified: false,
  }),
  // interia.pl (112, 997, 998, 999); gdansk.pl and wnp.pl (MSWiA): Alarm112 app.
  europe({
    country: 'Poland',
    countryCode: 'PL',
    emergencyNumber: '112',
    police: '997',
    ambulance: '999',
    fire: '998',
    deafAccess:
      'Alarm112 app from the Interior Ministry: report an emergency with pictograms and continue by SMS, after registering with your name, e-mail and phone number. It is meant for people in Poland.',
    source:
      'https://motoryzacja.interia.pl/samochody-uzywane/porady/news-jak-dzwonic-z-komorki-na-numer-alarmowy-112-i-czy-trzeba-mie,nId,6247374',
    verified: true,
  }),
  // ePortugal (2019), pplware (2025): MAI112.
  europe({
    country: 'Portugal',
    countryCode: 'PT',
    emergencyNumber: '112',
    deafAccess:
      'MAI112 app: video call with a Portuguese Sign Language interpreter and the 112 operator, text chat and location, free, 24/7, for Portuguese and foreign citizens.',
    source: 'https://eportugal.gov.pt/en/noticias/112-para-cidadaos-surdos',
    verified: true,
  }),
  caribbean({
    country: 'Puerto Rico',
    countryCode: 'PR',
    emergencyNumber: '911',
    notes: 'A U.S. territory: U.S. rules and services apply.',
    source: NUMBER_LIST,
    verified: false,
  }),
  middleEast({
    country: 'Qatar',
    countryCode: 'QA',
    emergencyNumber: '999',
    source: NUMBER_LIST,
    verified: false,
  }),
  europe({
    country: 'Romania',
    countryCode: 'RO',
    emergencyNumber: '112',
    source: EU_112,
    verified: false,
  }),
  europe({
    country: 'Russia',
    countryCode: 'RU',
    aliases: ['Russian Federation'],
    emergencyNumber: '112',
    police: '102',
    ambulance: '103',
    fire: '101',
    source: NUMBER_LIST,
    verified: false,
  }),
  // zawya.com (2023): 911 in Riyadh, Makkah and the Eastern Province; expat.com (2024): 999, 997, 998.
  middleEast({
    country: 'Saudi Arabia',
    countryCode: 'SA',
    emergencyNumber: '911',
    police: '999',
    ambulance: '997',
    fire: '998',
    notes:
      'The unified 911 centre was confirmed for the Riyadh, Makkah and Eastern regions (2023); elsewhere call the service numbers. Operators may answer in Arabic: ask for English.',
    source:
      'https://expat.com/en/guide/middle-east/saudi-arabia/34695-emergencies-in-saudi-arabia.html',
    verified: true,
  }),
  // Romanian Foreign Ministry advice quoted by digi24.ro.
  europe({
    country: 'Serbia',
    countryCode: 'RS',
    emergencyNumber: '192',
    ambulance: '194',
    fire: '193',
    source:
      'https://www.digi24.ro/stiri/actualitate/atentionare-de-calatorie-in-serbia-mae-evitati-zonele-aglomerate-3481435',
    verified: true,
  }),
  // CNA (Sep 2024): police SMS 70999; SCDF (995) and tnp.sg: SMS 70995 for registered users.
  asia({
    country: 'Singapore',
    countryCode: 'SG',
    emergencyNumber: '999',
    ambulance: '995',
    fire: '995',
    deafAccess:
      'Police: SMS 70999, for people who are deaf, mute or speech-impaired or who cannot safely talk. Fire and ambulance: SMS 70995, for deaf, hard-of-hearing or speech-impaired people registered through SADeaf, TOUCH Silent Club or SG Enable.',
    source:
      'https://www.channelnewsasia.com/singapore/police-emergency-sms-sender-id-change-70999-4642321',
    verified: true,
  }),
  europe({
    country: 'Slovakia',
    countryCode: 'SK',
    emergencyNumber: '112',
    police: '158',
    ambulance: '155',
    fire: '150',
    source: EU_112,
    verified: false,
  }),
  europe({
    country: 'Slovenia',
    countryCode: 'SI',
    emergencyNumber: '112',
    police: '113',
    source: EU_112,
    verified: false,
  }),
  // BBC, The Guardian (November 2013): police 888 in Mogadishu.
  africa({
    country: 'Somalia',
    countryCode: 'SO',
    emergencyNumber: '888',
    notes:
      '888 is the police emergency line in Mogadishu (2013); it is not known to work elsewhere, and ambulance and fire lines were not restored.',
    source: 'https://www.bbc.com/news/world-africa-24901315',
    verified: true,
  }),
  africa({
    country: 'South Africa',
    countryCode: 'ZA',
    emergencyNumber: '10111',
    ambulance: '10177',
    notes: '112 also works from mobile phones.',
    source: NUMBER_LIST,
    verified: false,
  }),
  // asiae.co.kr (National Fire Agency, 2023): text 119; hankyung.com, Gyeongbuk police: text 112;
  // KBS (2025): 119 sign-language video calls.
  asia({
    country: 'South Korea',
    countryCode: 'KR',
    aliases: ['Korea', 'Republic of Korea'],
    emergencyNumber: '112',
    ambulance: '119',
    fire: '119',
    deafAccess:
      'Text (SMS) 112 for the police and 119 for fire and ambulance, no registration needed; 119 also takes video calls, with sign-language interpreting through the 107 relay centre.',
    notes: 'Korea Travel Hotline (tourist information and interpreting): 1330.',
    source: 'https://www.asiae.co.kr/en/article/2023080909335374931',
    verified: true,
  }),
  // Radio Tamazuj, Eye Radio: 777 Juba police emergency call centre (2014, relaunched).
  africa({
    country: 'South Sudan',
    countryCode: 'SS',
    emergencyNumber: '777',
    notes:
      '777 is the toll-free police emergency line in Juba; it is not known to cover the rest of the country. Police have also announced 122 for reporting crime in Juba.',
    source:
      'https://radiotamazuj.org/en/news/article/emergency-call-centre-resumes-service-in-juba',
    verified: true,
  }),
  // FIAPAS via vidasinsuperables.com: regional 112 registration for deaf people.
  europe({
    country: 'Spain',
    countryCode: 'ES',
    emergencyNumber: '112',
    police: '091',
    deafAccess:
      'Each region runs its own accessible 112 (SMS, chat or video) and usually requires deaf people to register in advance with that region; a registration generally does not work in other regions.',
    notes: 'Guardia Civil: 062.',
    source: EU_112,
    verified: false,
  }),
  // pulse.lk (2019): 119, 110, 1990; Ada Derana (Dec 2025): 119 police emergency service.
  asia({
    country: 'Sri Lanka',
    countryCode: 'LK',
    emergencyNumber: '119',
    ambulance: '1990',
    fire: '110',
    notes: '1990 is the free Suwa Seriya ambulance service; 110 reaches fire and rescue.',
    source: 'https://www.pulse.lk/everythingelse/emergency-information-you-need-to-know/',
    verified: true,
  }),
  // sudanevents.com (August 2025): 999 police hotline pilot in Khartoum.
  africa({
    country: 'Sudan',
    countryCode: 'SD',
    emergencyNumber: '999',
    notes:
      'Khartoum State police began a pilot of the 999 emergency line in August 2025; coverage elsewhere is not known.',
    source:
      'https://sudanevents.com/index.php/2025/08/06/over-400-counterfeit-printing-machines-handed-over-to-sudans-central-bank',
    verified: true,
  }),
  // SOS Alarm: SMS112.
  europe({
    country: 'Sweden',
    countryCode: 'SE',
    emergencyNumber: '112',
    deafAccess:
      'SMS112: deaf, hard-of-hearing and speech-impaired people who registered in advance with SOS Alarm can text 112; people staying in Sweden can register a foreign subscription. Text phones can also call 112.',
    notes: 'Non-urgent police matters: 114 14.',
    source: 'https://www.sosalarm.se/sprak/english/sms112-english/',
    verified: true,
  }),
  // Deaf access: Federal Council (bluewin.ch, May 2026), lematin.ch (Procom).
  europe({
    country: 'Switzerland',
    countryCode: 'CH',
    emergencyNumber: '112',
    police: '117',
    ambulance: '144',
    fire: '118',
    deafAccess:
      'No direct text service yet: deaf people relay emergency calls by SMS through Procom. Real-time text on emergency calls is planned in mobile networks from mid-2028.',
    notes: 'Rega air rescue: 1414.',
    source: NUMBER_LIST,
    verified: false,
  }),
  // Chinese embassy notice (2023): police 112, ambulance 110; Daraa fire brigade: 113.
  middleEast({
    country: 'Syria',
    countryCode: 'SY',
    emergencyNumber: '112',
    ambulance: '110',
    fire: '113',
    notes: 'The United States has had no embassy operations in Syria since 2012.',
    source: 'https://szonline.cn/gd/2023/0207/68476.html',
    verified: true,
  }),
  asia({
    country: 'Taiwan',
    countryCode: 'TW',
    emergencyNumber: '110',
    ambulance: '119',
    fire: '119',
    source: NUMBER_LIST,
    verified: false,
  }),
  // Lonely Planet (191, 1669, planned 911); thailandsimple.com (199, 1155).
  asia({
    country: 'Thailand',
    countryCode: 'TH',
    emergencyNumber: '191',
    ambulance: '1669',
    fire: '199',
    notes:
      'Tourist Police: 1155. A single 911 number was approved in 2016, with 191 and 1669 to be redirected to it; we could not confirm it is in service.',
    source: 'https://www.lonelyplanet.com/articles/thailand-switches-emergency-number-to-911',
    verified: true,
  }),
  // UNHCR Trinidad and Tobago help page.
  caribbean({
    country: 'Trinidad and Tobago',
    countryCode: 'TT',
    emergencyNumber: '999',
    ambulance: '811',
    fire: '990',
    notes: '990 also reaches an ambulance.',
    source: 'https://help.unhcr.org/trinidadandtobago/about-trinidad-and-tobago/security',
    verified: true,
  }),
  // Interior Ministry statements quoted by tuniscope.com (UK embassy) and kapitalis.com (2022).
  africa({
    country: 'Tunisia',
    countryCode: 'TN',
    emergencyNumber: '197',
    ambulance: '190',
    fire: '198',
    notes: 'Police (197) in towns; the National Guard (193) in rural areas.',
    source: 'https://www.tuniscope.com/article/179886/actualites/tunisie/uk-alert-194610',
    verified: true,
  }),
  // Health Ministry, Sinop (2021): all emergency lines merged into 112 in every province.
  europe({
    country: 'Türkiye',
    countryCode: 'TR',
    aliases: ['Turkey'],
    emergencyNumber: '112',
    notes:
      'The former police (155), gendarmerie (156) and fire (110) numbers are routed to the 112 emergency call centres.',
    source: 'https://sinopism.saglik.gov.tr/TR-226526/acil-durumda-sadece-112.html',
    verified: true,
  }),
  // Royal Turks and Caicos Islands Police Force.
  caribbean({
    country: 'Turks and Caicos Islands',
    countryCode: 'TC',
    aliases: ['Turks and Caicos'],
    emergencyNumber: '911',
    source: 'https://tcipolice.tc/?p=331',
    verified: true,
  }),
  europe({
    country: 'Ukraine',
    countryCode: 'UA',
    emergencyNumber: '112',
    police: '102',
    ambulance: '103',
    fire: '101',
    source: NUMBER_LIST,
    verified: false,
  }),
  middleEast({
    country: 'United Arab Emirates',
    countryCode: 'AE',
    aliases: ['UAE'],
    emergencyNumber: '999',
    ambulance: '998',
    fire: '997',
    source: NUMBER_LIST,
    verified: false,
  }),
  // Ofcom (999 BSL), emergencysms.org.uk via NHS and fire services (emergencySMS).
  europe({
    country: 'United Kingdom',
    countryCode: 'GB',
    aliases: ['UK', 'Great Britain', 'Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
    emergencyNumber: '999',
    deafAccess:
      '999 BSL: free video call to a British Sign Language interpreter through the 999 BSL app or website, no registration. emergencySMS: text 999 after registering a UK mobile (text "register" to 999); it does not work from abroad. Relay UK: 18000.',
    notes: '112 also works.',
    source:
      'https://www.ofcom.org.uk/phones-and-broadband/accessibility/new-999-video-call-service/',
    verified: true,
  }),
  // FCC text-to-911.
  northAmerica({
    country: 'United States',
    countryCode: 'US',
    aliases: ['USA', 'United States of America', 'America'],
    emergencyNumber: '911',
    deafAccess:
      'Text 911 where the local 911 centre accepts texts; elsewhere you get an automatic bounce-back message. Deaf, hard-of-hearing and speech-disabled callers can also use a TTY or a telecommunications relay service (dial 711).',
    source: 'https://www.fcc.gov/consumers/guides/text-911-quick-facts-faqs',
    verified: true,
  }),
  southAmerica({
    country: 'Uruguay',
    countryCode: 'UY',
    emergencyNumber: '911',
    source: NUMBER_LIST,
    verified: false,
  }),
  // VEN 911 (ven911.gob.ve): 911 replaced 171 (resolution of October 2019).
  southAmerica({
    country: 'Venezuela',
    countryCode: 'VE',
    emergencyNumber: '911',
    notes: 'The U.S. Embassy in Caracas suspended operations in March 2019.',
    source: 'https://ven911.gob.ve/?p=426',
    verified: true,
  }),
  // kienthucykhoa.edu.vn: 112 rescue, 113 police, 114 fire, 115 medical.
  asia({
    country: 'Vietnam',
    countryCode: 'VN',
    aliases: ['Viet Nam'],
    emergencyNumber: '113',
    ambulance: '115',
    fire: '114',
    notes: '112 is the search-and-rescue line (disasters, incidents at sea).',
    source: 'https://kienthucykhoa.edu.vn/113-la-so-dien-thoai-gi/',
    verified: true,
  }),
  // European Commission (ECHO): 195 prehospital emergency number in and around Aden.
  middleEast({
    country: 'Yemen',
    countryCode: 'YE',
    emergencyNumber: '195',
    notes:
      '195 is the free emergency ambulance number in and around Aden, run by the health ministry with WHO; coverage elsewhere is not known.',
    source:
      'https://civil-protection-humanitarian-aid.ec.europa.eu/news-stories/stories/5-reasons-why-yemen-needed-emergency-number-and-eu-supporting-it_en',
    verified: true,
  }),
];

function consularNumberFor(countryCode: string): string | undefined {
  if (US_HOME_SOIL.has(countryCode)) return undefined;
  return US_TOLL_FREE_AREA.has(countryCode)
    ? US_OVERSEAS_CITIZENS_SERVICES.fromUsOrCanada
    : US_OVERSEAS_CITIZENS_SERVICES.fromOverseas;
}

/** The catalogue, sorted by country, with the consular line and the review date filled in. */
export const EMERGENCY_CONTACTS: readonly CatalogueEmergencyContact[] = ENTRIES.map((entry) => {
  const consularNumber = consularNumberFor(entry.countryCode);
  return {
    ...entry,
    ...(consularNumber ? { consularNumber } : {}),
    checkedAt: CHECKED,
  };
});
