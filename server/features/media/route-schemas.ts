import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';

/** The error answers of the media routes that take a body. */
export const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  410: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
};
/** Binary answers are described, not validated. */
export const binary = { 200: z.any(), 206: z.any(), 404: errorBodySchema, 416: errorBodySchema };
export const downloadQuery = z.object({ download: z.enum(['0', '1']).optional() });
