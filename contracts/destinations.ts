import { z } from 'zod';
import { ACCESSIBILITY_FEATURES } from './accessibility.js';

export * from './accessibility.js';
export * from './destinations.values.js';

export const accessibilityFeatureSchema = z.enum(ACCESSIBILITY_FEATURES);

export const safetyLevelSchema = z.number().int().min(1).max(4);

export const destinationSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  country: z.string(),
  /** ISO 3166-1 alpha-2, used to join advisories and emergency numbers. */
  countryCode: z.string().length(2),
  /** The specification allows text or a number; the catalogue uses whole numbers. */
  price: z.union([z.string(), z.number()]),
  /** What the price means, e.g. "per night, accessible room (indicative)". */
  priceBasis: z.string(),
  currency: z.string().length(3),
  category: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  safetyLevel: safetyLevelSchema,
  isAccessible: z.boolean(),
  isVeteranFriendly: z.boolean(),
  isNeuroFriendly: z.boolean(),
  accessibilityFeatures: z.array(accessibilityFeatureSchema),
});
export type Destination = z.infer<typeof destinationSchema>;

export const destinationListSchema = z.array(destinationSchema);

export const populateDestinationsBodySchema = z.object({}).strip();
export const populateDestinationsResponseSchema = z.object({ inserted: z.number().int().min(0) });
export type PopulateDestinationsResponse = z.infer<typeof populateDestinationsResponseSchema>;
