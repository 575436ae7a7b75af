/*
 * The emergency contract's regions, number patterns and Travel Safety Kit limits. Without zod: the
 * browser's pages import these at first render, and evaluating zod and every schema costs a phone's
 * main thread noticeably (docs/decisions/013). The schemas and their types are in emergency.ts,
 * which re-exports all of this.
 */

/** Regions the Emergency information page groups countries by. */
export const EMERGENCY_REGIONS = [
  'Africa',
  'Asia',
  'Caribbean',
  'Central America',
  'Europe',
  'Middle East',
  'North America',
  'Oceania',
  'South America',
] as const;
/**
 * A number dialled inside the country: digits only, no spaces, dashes or prefixes
 * ("112", "911", "000", "10111", "1669").
 */
export const LOCAL_EMERGENCY_NUMBER_PATTERN = /^\d{2,6}$/;
/**
 * An international line in "+country-group-group" form, e.g. "+1-202-501-4444": the plus sign and
 * country code first, then digit groups joined by single dashes.
 */
export const INTERNATIONAL_NUMBER_PATTERN = /^\+\d{1,3}(-\d{1,4}){1,4}$/;

/** The most countries one Travel Safety Kit covers. */
export const SAFETY_KIT_MAX_COUNTRIES = 50;
export const SAFETY_KIT_PAPER_SIZES = ['a4', 'letter'] as const;
export type SafetyKitPaper = (typeof SAFETY_KIT_PAPER_SIZES)[number];

/** Where the kit downloads from; the query is `safetyKitQuerySchema`. */
export const SAFETY_KIT_PATH = '/api/emergency-contacts/safety-kit.pdf';

/** Every country's emergency numbers (the Emergency information page and a trip's Overview). */
export const EMERGENCY_CONTACTS_PATH = '/api/emergency-contacts';
