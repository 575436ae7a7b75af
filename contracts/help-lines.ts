import { z } from 'zod';
import { isoDateSchema } from './dates.js';
import { INTERNATIONAL_NUMBER_PATTERN } from './emergency.js';

export * from './help-lines.values.js';

const httpsUrl = z.url({ protocol: /^https$/ });
const internationalNumber = z.string().regex(INTERNATIONAL_NUMBER_PATTERN);
/** Where a fact comes from and when it was last compared with that source. */
const sourced = {
  source: httpsUrl,
  checkedAt: isoDateSchema('checkedAt'),
  verified: z.boolean(),
};

/** The VA's Veterans Crisis Line. */
export const veteransCrisisLineSchema = z.object({
  name: z.string(),
  /** From a U.S. phone: dial `dial`, then press `thenPress`. */
  call: z.object({ dial: z.string().regex(/^\d+$/), thenPress: z.string().regex(/^\d$/) }),
  tollFreeNumber: internationalNumber,
  /** The short code to text (United States). */
  text: z.string().regex(/^\d+$/),
  chatUrl: httpsUrl,
  url: httpsUrl,
  deafAccess: z.string(),
  /** How to reach the line from outside the United States. */
  overseasNote: z.string(),
  availability: z.string(),
  ...sourced,
});

/** The 988 Suicide & Crisis Lifeline, for anyone in the United States. */
export const crisisLifelineSchema = z.object({
  name: z.string(),
  call: z.string().regex(/^\d+$/),
  text: z.string().regex(/^\d+$/),
  chatUrl: httpsUrl,
  url: httpsUrl,
  audience: z.string(),
  availability: z.string(),
  ...sourced,
});

/** The State Department's Smart Traveler Enrollment Program. */
export const smartTravelerEnrollmentProgramSchema = z.object({
  name: z.string(),
  url: httpsUrl,
  infoUrl: httpsUrl,
  audience: z.string(),
  summary: z.string(),
  ...sourced,
});

/** The State Department's Overseas Citizens Services: the spec's "Emergency Watch number". */
export const overseasCitizensServicesSchema = z.object({
  name: z.string(),
  audience: z.string(),
  fromUsOrCanada: internationalNumber,
  fromOverseas: internationalNumber,
  url: httpsUrl,
  hoursNote: z.string(),
  ...sourced,
});

export const helpLinesSchema = z.object({
  veteransCrisisLine: veteransCrisisLineSchema,
  crisisLifeline: crisisLifelineSchema,
  smartTravelerEnrollmentProgram: smartTravelerEnrollmentProgramSchema,
  overseasCitizensServices: overseasCitizensServicesSchema,
});
export type HelpLines = z.infer<typeof helpLinesSchema>;
