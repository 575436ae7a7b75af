import { z } from 'zod';
import { isIsoDate } from './dates.values.js';

export * from './dates.values.js';

/** A calendar date on the wire (ARCHITECTURE.md §5): `YYYY-MM-DD`. */
export const isoDateSchema = (label: string) =>
  z.string().refine(isIsoDate, { message: `${label} must be a real date written YYYY-MM-DD` });
