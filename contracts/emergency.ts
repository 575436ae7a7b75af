import { z } from 'zod';
import { isoDateSchema } from './dates.js';
import {
  EMERGENCY_REGIONS,
  INTERNATIONAL_NUMBER_PATTERN,
  LOCAL_EMERGENCY_NUMBER_PATTERN,
  SAFETY_KIT_MAX_COUNTRIES,
  SAFETY_KIT_PAPER_SIZES,
} from './emergency.values.js';

export * from './emergency.values.js';

export const emergencyRegionSchema = z.enum(EMERGENCY_REGIONS);
export type EmergencyRegion = z.infer<typeof emergencyRegionSchema>;

const localNumberSchema = z
  .string()
  .regex(LOCAL_EMERGENCY_NUMBER_PATTERN, 'A local emergency number is 2 to 6 digits');

export const emergencyContactSchema = z.object({
  region: emergencyRegionSchema,
  /** English short name, spelled as the destinations and advisories spell it. */
  country: z.string().min(1),
  /** Other names a traveller may use ("UK", "Burma", "Turkey"), for search and matching. */
  aliases: z.array(z.string().min(1)).readonly().optional(),
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  /**
   * The number to dial when you do not know which service you need. Where a country has no single
   * number it is the police number, and ambulance and fire carry their own numbers. Absent when no
   * number could be confirmed (the page shows "not known"): a wrong number in an emergency is
   * worse than none.
   */
  emergencyNumber: localNumberSchema.optional(),
  /** Only where it differs from emergencyNumber. */
  police: localNumberSchema.optional(),
  /** Only where it differs from emergencyNumber. */
  ambulance: localNumberSchema.optional(),
  /** Only where it differs from emergencyNumber. */
  fire: localNumberSchema.optional(),
  /**
   * The specification's "Emergency Watch number": the US State Department's Overseas Citizens
   * Services line for U.S. citizens in an emergency abroad, as dialled from this country
   * (+1-888-407-4747 from Canada, +1-202-501-4444 from elsewhere). Absent for the United States
   * and its territories, where it does not apply. It is not a line for other nationalities.
   */
  consularNumber: z.string().regex(INTERNATIONAL_NUMBER_PATTERN).optional(),
  /** How a deaf or hard-of-hearing traveller reaches emergency services; absent when not known. */
  deafAccess: z.string().min(1).optional(),
  /** Caveats a traveller needs: coverage limits, other useful short numbers. */
  notes: z.string().min(1).optional(),
  /** Where the numbers come from (an https URL). */
  source: z.url({ protocol: /^https$/ }),
  /** When the entry was last reviewed (YYYY-MM-DD). */
  checkedAt: isoDateSchema('checkedAt'),
  /**
   * True when the numbers were compared with the cited source (a dated copy) on checkedAt; false
   * when they come from well-established knowledge and still need that comparison.
   */
  verified: z.boolean(),
});
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

export const emergencyContactListSchema = z.array(emergencyContactSchema);

/** GET /api/emergency-contacts?country= : a country name or ISO code, any case, accents optional. */
export const emergencyContactQuerySchema = z.object({
  country: z.string().trim().max(100).optional(),
});
export type EmergencyContactQuery = z.infer<typeof emergencyContactQuerySchema>;

/**
 * GET /api/emergency-contacts/safety-kit.pdf?countries=PT,JP&paper=a4 : countries are ISO 3166-1
 * alpha-2 codes, any case, separated by commas; without them the kit covers the countries of the
 * visitor's trips. The codes come back upper case and without repeats; whether each is a country
 * the site knows is the server's check ("Unknown country code: XX").
 */
export const safetyKitQuerySchema = z.object({
  countries: z
    .string()
    .max(1000, `At most ${SAFETY_KIT_MAX_COUNTRIES} countries`)
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((code) => code.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .check((ctx) => {
      const codes = ctx.value;
      if (codes.length === 0) {
        ctx.issues.push({
          code: 'custom',
          input: codes,
          message: 'Choose at least one country, or leave countries out to use your trips',
        });
      } else if (codes.length > SAFETY_KIT_MAX_COUNTRIES) {
        ctx.issues.push({
          code: 'custom',
          input: codes,
          message: `At most ${SAFETY_KIT_MAX_COUNTRIES} countries`,
        });
      }
    })
    .optional(),
  paper: z.enum(SAFETY_KIT_PAPER_SIZES, 'Paper is a4 or letter').default('a4'),
});
export type SafetyKitQuery = z.infer<typeof safetyKitQuerySchema>;
