import { z } from 'zod';

export * from './advisory-levels.js';
export * from './advisories.values.js';

export const advisorySchema = z.object({
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string().length(2),
  country: z.string(),
  level: z.number().int().min(1).max(4),
  title: z.string(),
  summary: z.string().optional(),
  /** When the source last issued or updated the advisory (YYYY-MM-DD). */
  updatedAt: z.string().optional(),
  /** Where the level comes from. */
  source: z.string().optional(),
});
export type Advisory = z.infer<typeof advisorySchema>;

export const advisoryListSchema = z.array(advisorySchema);
