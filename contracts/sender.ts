import { z } from 'zod';
import { SENDER_NAME_FORBIDDEN, SENDER_NAME_MAX, SENDER_NAME_MESSAGES } from './sender.values.js';

export * from './sender.values.js';

/**
 * The sharer's name for a share link's e-mail: optional, trimmed, one line, bounded. Blank is the
 * same as none, so the mail falls back to its neutral wording.
 */
export const senderNameSchema = z
  .string({ error: SENDER_NAME_MESSAGES.notText })
  .trim()
  .max(SENDER_NAME_MAX, SENDER_NAME_MESSAGES.tooLong)
  .refine((name) => !SENDER_NAME_FORBIDDEN.test(name), SENDER_NAME_MESSAGES.forbidden)
  .transform((name) => (name === '' ? undefined : name))
  .optional()
  .describe("The sharer's name, said in the e-mail's subject and first line");
