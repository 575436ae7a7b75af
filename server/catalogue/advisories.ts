// US State Department travel advisory levels (travel.state.gov), curated by hand for the site.
// Levels, titles and dates come from the State Department's advisory pages and from dated
// reports quoting them (news items and feeds of travel.state.gov); they were last compared
// with those sources on ADVISORIES_CHECKED_AT. Advisories change without notice: re-check every
// entry against travel.state.gov before each release, and never show a level that is not here.
//
// updatedAt is the issue date of the advisory we rely on. Entries marked "date not verified"
// carry the date of the newest dated listing that confirmed the level, because the advisory's
// own issue date could not be found: check those first.

export interface CatalogueAdvisory {
  countryCode: string; // ISO 3166-1 alpha-2, upper case, unique in the list
  country: string; // English short name, same spelling the destinations use
  level: 1 | 2 | 3 | 4;
  title: string; // as the State Department titles it
  summary: string; // 1-3 factual sentences: why this level, named regional exceptions
  updatedAt: string; // YYYY-MM-DD: when the source says the advisory was issued or last updated
  source: string; // URL of the advisory page (travel.state.gov)
}

export const ADVISORIES_CHECKED_AT = '2026-11-21';

const TA = 'https://travel.state.gov/content/travel/en/traveladvisories/traveladvisories';
const page = (slug: string) => `${TA}/${slug}-travel-advisory.html`;

export const ADVISORIES: readonly CatalogueAdvisory[] = [
  {
    countryCode: 'AF',
    country: 'Afghanistan',
    level: 4,
    title: 'Afghanistan - Level 4: Do Not Travel',
    summary:
      'Level 4: Do Not Travel. Afghanistan is on the State Department list of Level 4 countries published on 11 February 2026; the U.S. government cannot provide routine or emergency services there.',
    updatedAt: '2026-02-11', // date not verified: date of the Level 4 list
    source: page('afghanistan'),
  },
  {
    countryCode: 'AU',
    country: 'Australia',
    level: 1,
    title: 'Australia - Level 1: Exercise Normal Precautions',
    summary:
      'Exercise normal precautions in Australia. The State Department names no higher-risk areas.',
    updatedAt: '2025-09-17', // date not verified: date of the advisory list that confirmed Level 1
    source: page('australia'),
  },
  {
    countryCode: 'BS',
    country: 'Bahamas',
    level: 2,
    title: 'The Bahamas - Level 2: Exercise Increased Caution',
    summary:
      'Exercise increased caution in The Bahamas, mainly because of crime; the advisory also warns about unregulated water-sports operators, including jet-ski operators.',
    updatedAt: '2025-03-31',
    source: page('bahamas'),
  },
  {
    countryCode: 'BY',
    country: 'Belarus',
    level: 4,
    title: 'Belarus - Level 4: Do Not Travel',
    summary:
      'Level 4: Do Not Travel, in place since Russia’s full-scale invasion of Ukraine in 2022. Belarus is on the State Department list of Level 4 countries published on 11 February 2026.',
    updatedAt: '2026-02-11', // date not verified: date of the Level 4 list
    source: page('belarus'),
  },
  {
    countryCode: 'BE',
    country: 'Belgium',
    level: 2,
    title: 'Belgium - Level 2: Exercise Increased Caution',
    summary:
      'Exercise increased caution in Belgium due to terrorism: terrorists may attack with little or no warning, targeting tourist spots, transport hubs and other public places.',
    updatedAt: '2025-05-23',
    source: page('belgium'),
  },
  {
    countryCode: 'BF',
    country: 'Burkina Faso',
    level: 4,
    title: 'Burkina Faso - Level 4: Do Not Travel',
    summary:
      'Level 4: Do Not Travel, because of terrorism, crime and kidnapping. Burkina Faso is on the State Department list of Level 4 countries published on 11 February 2026.',
    updatedAt: '2026-02-11', // date not verified: date of the Level 4 list
    source: page('burkina-faso'),
  },
  {
    countryCode: 'KH',
    country: 'Cambodia',
    level: 2,
    title: 'Cambodia - Level 2: Exercise Increased Caution',
    summary:
      'Exercise increased caution in Cambodia due to crime and landmines. Do not travel within 50 km of the Thai-Cambodian border (Level 4) because of fighting between Thai and Cambodian forces.',
    updatedAt: '2025-07-25',
    source: page('cambodia'),
  },
  {
    countryCode: 'CA',
    country: 'Canada',
    level: 1,
    title: 'Canada - Level 1: Exercise Normal Precautions',
    summary:
      'Exercise normal precautions in Canada. The State Department names no higher-risk areas.',
    updatedAt: '2025-09-17', // date not verified: date of the advisory list that confirmed Level 1
    source: page('canada'),
  },
  {
    countryCode: 'CF',
    country: 'Central African Republic',
    level: 4,
    title: 'Central African Republic - Level 4: Do Not Travel',
    summary:
      'Level 4: Do Not Travel. The Central African Republic is on the State Department list of Level 4 countries published on 11 February 2026.',
    updatedAt: '2026-02-11', // date not verified: date of the Level 4 list
    source: page('central-african-republic'),
  },
  {
    countryCode: 'CN',
    country: 'China',
    level: 2,
    title: 'China - Level 2: Exercise Increased Caution',
    summary:
      'Lowered from Level 3 to Level 2 on 27 November 2024: exercise increased caution in mainland China due to the arbitrary enforcement of local laws, including exit bans. The advisory treats Hong Kong and Macau separately.',
    updatedAt: '2024-11-27',
    source: page('china'),
  },
  {
    countryCode: 'CO',
    country: 'Colombia',
    level: 3,
    title: 'Colombia - Level 3: Reconsider Travel',
    summary:
      'Reconsider travel to Colombia due to crime, terrorism, civil unrest and kidnapping. Do not travel (Level 4) to Arauca, Cauca (except Popayán) and Norte de Santander departments, or to the Colombia-Venezuela border region.',
    updatedAt: '2025-04-17',
    source: page('colombia'),
  },
  {
    countryCode: 'DO',
    country: 'Dominican Republic',
    level: 2,
    title: 'Dominican Republic - Level 2: Exercise Increased Caution',
    summary:
      'Exercise increased caution in the Dominican Republic due to violent crime such as robbery, homicide and sexual assault, despite a larger police presence in tourist areas.',
    updatedAt: '2025-06-12',
    source: page('dominican-republic'),
  },
  {
    countryCode: 'EG',
    country: 'Egypt',
    level: 2,
    title: 'Egypt - Level 2: Exercise Increased Caution',
    summary:
      'Lowered from Level 3 to Level 2 on 15 July 2025 (terrorism, crime, health); reported still at Level 2 in March 2026. Do not travel (Level 4) to the Northern and Middle Sinai Peninsula, the Western Desert or Egyptian border areas.',
    updatedAt: '2025-07-15',
    source: page('egypt'),
  },
  {
    countryCode: 'SV',
    country: 'El Salvador',
    level: 1,
    title: 'El Salvador - Level 1: Exercise Normal Precautions',
    summary:
      'Lowered to Level 1 on 8 April 2025 after a fall in gang activity and violent crime. U.S. government employees still may not travel between cities or departments at night, with some exceptions.',
    updatedAt: '2025-04-08',
    source: page('el-salvador'),
  },
  {
    countryCode: 'FR',
    country: 'France',
    level: 2,
    title: 'France - Level 2: Exercise Increased Caution',
    summary:
      'Exercise increased caution in France due to terrorism and civil unrest. Pickpocketing and phone theft are common in crowded places, and strikes and demonstrations, occasionally violent, happen often in Paris and other cities.',
    updatedAt: '2025-05-28',
    source: page('france'),
  },
  {
    countryCode: 'HT',
    country: 'Haiti',
    level: 4,
    title: 'Haiti - Level 4: Do Not Travel',
    summary:
      'Do not travel to Haiti for any reason: kidnapping, crime, terrorist activity and civil unrest, among other risks. Haiti has been under a state of emergency since March 2024.',
    updatedAt: '2025-07-15',
    source: page('haiti'),
  },
  {
    countryCode: 'IS',
    country: 'Iceland',
    level: 1,
    title: 'Iceland - Level 1: Exercise Normal Precautions',
    summary:
      'Exercise normal precautions in Iceland. The State Department names no higher-risk areas.',
    updatedAt: '2024-08-30', // date not verified: end of the August 2024 review that kept Level 1
    source: page('iceland'),
  },
  {
    countryCode: 'IN',
    country: 'India',
    level: 2,
    title: 'India - Level 2: Exercise Increased Caution',
    summary:
      'Exercise increased caution in India due to crime and terrorism. Do not travel (Level 4) to Jammu and Kashmir (except eastern Ladakh and Leh), within 10 km of the India-Pakistan border, Manipur, or Maoist-affected parts of central and east India; reconsider travel to the northeastern states.',
    updatedAt: '2025-06-16', // day from memory: reissue reported in June 2025
    source: page('india'),
  },
  {
    countryCode: 'IR',
    country: 'Iran',
    level: 4,
    title: 'Iran - Level 4: Do Not Travel',
    summary:
      'Do not travel to Iran, including because of the risk of kidnapping and the arbitrary arrest and detention of U.S. citizens. The United States and Israel have been at war with Iran since 28 February 2026, and Americans were told to leave the region.',
    updatedAt: '2025-03-31',
    source: page('iran'),
  },
  {
    countryCode: 'IQ',
    country: 'Iraq',
    level: 4,
    title: 'Iraq - Level 4: Do Not Travel',
    summary:
      'Do not travel to Iraq: terrorist and insurgent groups attack security forces and civilians, anti-U.S. militias threaten U.S. citizens, and the U.S. government can give very limited help.',
    updatedAt: '2025-07-17',
    source: page('iraq'),
  },
  {
    countryCode: 'IE',
    country: 'Ireland',
    level: 1,
    title: 'Ireland - Level 1: Exercise Normal Precautions',
    summary:
      'Exercise normal precautions in Ireland. The State Department names no higher-risk areas.',
    updatedAt: '2025-06-01', // date not verified: date of the report that confirmed Level 1
    source: page('ireland'),
  },
  {
    countryCode: 'IT',
    country: 'Italy',
    level: 2,
    title: 'Italy - Level 2: Exercise Increased Caution',
    summary:
      'Exercise increased caution in Italy due to terrorism (Level 2 since April 2022): attacks may come with little or no warning at tourist spots, transport hubs and other public places.',
    updatedAt: '2025-05-23',
    source: page('italy'),
  },
  {
    countryCode: 'JM',
    country: 'Jamaica',
    level: 2,
    title: 'Jamaica - Level 2: Exercise Increased Caution',
    summary:
      'Lowered from Level 3 to Level 2 on 17 January 2026: crime, health and natural-disaster risks, with western Jamaica still recovering from Hurricane Melissa (October 2025). Do not travel (Level 4) to the listed high-crime areas in 11 parishes.',
    updatedAt: '2026-01-17',
    source: page('jamaica'),
  },
  {
    countryCode: 'KE',
    country: 'Kenya',
    level: 2,
    title: 'Kenya - Level 2: Exercise Increased Caution',
    summary:
      'Exercise increased caution in Kenya; some areas, including those near the Somali border, carry higher levels in the advisory.',
    updatedAt: '2025-03-17',
    source: page('kenya'),
  },
  {
    countryCode: 'LB',
    country: 'Lebanon',
    level: 4,
    title: 'Lebanon - Level 4: Do Not Travel',
    summary:
      'Level 4: Do Not Travel. Lebanon is on the State Department list of Level 4 countries published on 11 February 2026, and was among the countries Americans were told to leave in March 2026.',
    updatedAt: '2026-02-11', // date not verified: date of the Level 4 list
    source: page('lebanon'),
  },
  {
    countryCode: 'LY',
    country: 'Libya',
    level: 4,
    title: 'Libya - Level 4: Do Not Travel',
    summary:
      'Do not travel to Libya due to crime, terrorism, unexploded landmines, civil unrest, kidnapping and armed conflict.',
    updatedAt: '2025-07-16',
    source: page('libya'),
  },
  {
    countryCode: 'ML',
    country: 'Mali',
    level: 4,
    title: 'Mali - Level 4: Do Not Travel',
    summary:
      'Do not travel to Mali for any reason due to crime, terrorism, kidnapping, unrest and health. Non-emergency U.S. staff and families were ordered to leave; no routine or emergency services outside Bamako.',
    updatedAt: '2025-10-30',
    source: page('mali'),
  },
  {
    countryCode: 'MX',
    country: 'Mexico',
    level: 2,
    title: 'Mexico - Level 2: Exercise Increased Caution',
    summary:
      'Exercise increased caution in Mexico due to terrorism, crime and kidnapping; the level varies by state. Do not travel (Level 4) to Colima, Guerrero, Michoacán, Sinaloa, Tamaulipas and Zacatecas; reconsider travel (Level 3) to states including Baja California, Chihuahua, Guanajuato, Jalisco, Morelos and Sonora; Campeche and Yucatán are Level 1.',
    updatedAt: '2025-08-12',
    source: page('mexico'),
  },
  {
    countryCode: 'MM',
    country: 'Myanmar',
    level: 4,
    title: 'Burma - Level 4: Do Not Travel',
    summary:
      'The State Department calls the country Burma. Do not travel due to civil unrest, armed conflict and the arbitrary enforcement of local laws; there is a risk of wrongful detention of U.S. citizens. Still listed at Level 4 on 11 February 2026.',
    updatedAt: '2024-06-06',
    source: page('burma'),
  },
  {
    countryCode: 'NZ',
    country: 'New Zealand',
    level: 1,
    title: 'New Zealand - Level 1: Exercise Normal Precautions',
    summary:
      'Exercise normal precautions in New Zealand. The State Department names no higher-risk areas.',
    updatedAt: '2018-01-10', // date not verified: Level 1 in the 10 January 2018 launch list
    source: page('new-zealand'),
  },
  {
    countryCode: 'NE',
    country: 'Niger',
    level: 4,
    title: 'Niger - Level 4: Do Not Travel',
    summary:
      'Raised to Level 4 in October 2025 and reissued on 30 January 2026 with the ordered departure of non-emergency U.S. staff: crime, unrest, terrorism, health and kidnapping. No routine or emergency U.S. services outside Niamey.',
    updatedAt: '2026-01-30',
    source: page('niger'),
  },
  {
    countryCode: 'KP',
    country: 'North Korea',
    level: 4,
    title: "North Korea (Democratic People's Republic of Korea) - Level 4: Do Not Travel",
    summary:
      'Do not travel to North Korea due to the serious risk of arrest and long-term detention of U.S. nationals; U.S. passports are not valid for travel there without special validation. Listed at Level 4 on 11 February 2026.',
    updatedAt: '2026-02-11', // date not verified: date of the Level 4 list
    source: page('north-korea'),
  },
  {
    countryCode: 'RU',
    country: 'Russia',
    level: 4,
    title: 'Russia - Level 4: Do Not Travel',
    summary:
      'Do not travel to Russia due to the war with Ukraine, harassment and wrongful detention of U.S. citizens by security officials, arbitrary enforcement of local laws and terrorism. U.S. citizens in Russia should leave immediately.',
    updatedAt: '2025-12-29',
    source: page('russia'),
  },
  {
    countryCode: 'RS',
    country: 'Serbia',
    level: 2,
    title: 'Serbia - Level 2: Exercise Increased Caution',
    summary:
      'Exercise increased caution in Serbia due to crime: violence linked to organized crime and high-profile sporting events is common.',
    updatedAt: '2025-04-11',
    source: page('serbia'),
  },
  {
    countryCode: 'SG',
    country: 'Singapore',
    level: 1,
    title: 'Singapore - Level 1: Exercise Normal Precautions',
    summary:
      'Exercise normal precautions in Singapore. The State Department names no higher-risk areas.',
    updatedAt: '2018-01-10', // date not verified: Level 1 in the 10 January 2018 launch list
    source: page('singapore'),
  },
  {
    countryCode: 'SO',
    country: 'Somalia',
    level: 4,
    title: 'Somalia - Level 4: Do Not Travel',
    summary:
      'Level 4: Do Not Travel. Somalia is on the State Department list of Level 4 countries published on 11 February 2026.',
    updatedAt: '2026-02-11', // date not verified: date of the Level 4 list
    source: page('somalia'),
  },
  {
    countryCode: 'SS',
    country: 'South Sudan',
    level: 4,
    title: 'South Sudan - Level 4: Do Not Travel',
    summary:
      'Level 4: Do Not Travel, reissued 8 March 2025. South Sudan is still on the State Department list of Level 4 countries published on 11 February 2026.',
    updatedAt: '2025-03-08',
    source: page('south-sudan'),
  },
  {
    countryCode: 'ES',
    country: 'Spain',
    level: 2,
    title: 'Spain - Level 2: Exercise Increased Caution',
    summary:
      'Exercise increased caution in Spain due to terrorism and civil unrest: soft targets such as transport hubs, shopping areas, hotels and public events may be attacked with little warning.',
    updatedAt: '2025-05-12',
    source: page('spain'),
  },
  {
    countryCode: 'SD',
    country: 'Sudan',
    level: 4,
    title: 'Sudan - Level 4: Do Not Travel',
    summary:
      'Level 4: Do Not Travel. Sudan is on the State Department list of Level 4 countries published on 11 February 2026.',
    updatedAt: '2026-02-11', // date not verified: date of the Level 4 list
    source: page('sudan'),
  },
  {
    countryCode: 'SY',
    country: 'Syria',
    level: 4,
    title: 'Syria - Level 4: Do Not Travel',
    summary:
      'Do not travel to Syria: no part of Syria is safe, and the United States has had no embassy operations there since 2012.',
    updatedAt: '2025-07-23',
    source: page('syria'),
  },
  {
    countryCode: 'TH',
    country: 'Thailand',
    level: 2,
    title: 'Thailand - Level 2: Exercise Increased Caution',
    summary:
      'Raised to Level 2 on 25 July 2025 after fighting on the Thai-Cambodian border. Do not travel (Level 4) within 50 km of that border; violence also occurs in the southernmost provinces of Yala, Pattani and Narathiwat.',
    updatedAt: '2025-07-25',
    source: page('thailand'),
  },
  {
    countryCode: 'TT',
    country: 'Trinidad and Tobago',
    level: 3,
    title: 'Trinidad and Tobago - Level 3: Reconsider Travel',
    summary:
      'Reconsider travel to Trinidad and Tobago, mainly because of violent crime; the advisory also cites terrorism and kidnapping.',
    updatedAt: '2025-03-21',
    source: page('trinidad-and-tobago'),
  },
  {
    countryCode: 'TC',
    country: 'Turks and Caicos Islands',
    level: 2,
    title: 'Turks and Caicos Islands - Level 2: Exercise Increased Caution',
    summary: 'Exercise increased caution in the Turks and Caicos Islands, mainly because of crime.',
    updatedAt: '2025-03-04',
    source: page('turks-and-caicos-islands'),
  },
  {
    countryCode: 'UA',
    country: 'Ukraine',
    level: 4,
    title: 'Ukraine - Level 4: Do Not Travel',
    summary:
      'Level 4: Do Not Travel because of Russia’s war against Ukraine. Ukraine is on the State Department list of Level 4 countries published on 11 February 2026.',
    updatedAt: '2026-02-11', // date not verified: date of the Level 4 list
    source: page('ukraine'),
  },
  {
    countryCode: 'GB',
    country: 'United Kingdom',
    level: 2,
    title: 'United Kingdom - Level 2: Exercise Increased Caution',
    summary:
      'Exercise increased caution in the United Kingdom due to terrorism: attacks may target tourist spots, transport hubs and crowded venues, and dissident groups in Northern Ireland occasionally target police and military.',
    updatedAt: '2025-05-08',
    source: page('united-kingdom'),
  },
  {
    countryCode: 'US',
    country: 'United States',
    level: 1,
    title:
      'United States - Level 1: Exercise Normal Precautions (home country, no State Department advisory)',
    summary:
      'The US State Department issues travel advisories for other countries, not for the United States itself. The Level 1 shown here is this site’s default for US destinations, not a State Department rating.',
    updatedAt: '2026-11-21', // no advisory exists: the date we last checked
    source: 'https://travel.state.gov/content/travel/en/traveladvisories/traveladvisories.html',
  },
  {
    countryCode: 'VE',
    country: 'Venezuela',
    level: 4,
    title: 'Venezuela - Level 4: Do Not Travel',
    summary:
      'Do not travel to Venezuela: wrongful detention, torture in detention, terrorism, kidnapping, arbitrary enforcement of local laws, crime, civil unrest and poor health infrastructure. The U.S. embassy in Caracas suspended operations in March 2019. Listed at Level 4 on 11 February 2026.',
    updatedAt: '2026-02-11', // date not verified: date of the Level 4 list
    source: page('venezuela'),
  },
  {
    countryCode: 'YE',
    country: 'Yemen',
    level: 4,
    title: 'Yemen - Level 4: Do Not Travel',
    summary:
      'Level 4: Do Not Travel, reissued 31 March 2025 and reported reissued again in December 2025. Yemen was among the countries Americans were told to leave in March 2026.',
    updatedAt: '2025-03-31',
    source: page('yemen'),
  },
];
