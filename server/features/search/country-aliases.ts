// Other names travellers type for countries: the search indexes them with each place's country,
// and the assistant reads countries by them too.

/** Other names travellers type for countries (search and the assistant share them). */
export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  US: ['usa', 'us', 'america', 'united states of america', 'states', 'the states'],
  GB: ['uk', 'britain', 'great britain', 'england', 'scotland', 'wales', 'london'],
  NZ: ['aotearoa'],
  IE: ['eire'],
  MM: ['burma'],
  AE: ['uae', 'emirates', 'dubai'],
  KR: ['korea', 'south korea'],
  KP: ['north korea'],
  CD: ['drc', 'congo'],
  TT: ['trinidad', 'tobago'],
  BA: ['bosnia', 'herzegovina'],
  CZ: ['czechia', 'czech republic'],
  CI: ['ivory coast'],
  KN: ['st kitts', 'saint kitts', 'nevis'],
  VC: ['st vincent', 'saint vincent'],
  LC: ['st lucia', 'saint lucia'],
  AG: ['antigua', 'barbuda'],
  TL: ['east timor'],
  MK: ['macedonia'],
  CV: ['cape verde'],
};
