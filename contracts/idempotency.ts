import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX } from './idempotency.values.js';

export * from './idempotency.values.js';

/**
 * The key's characters: visible ASCII without the quote and the backslash, so that a key is a
 * Structured Field String without escapes (a UUID, a ULID, a base64url token all are).
 */
const KEY_CHARS = `[\\x21\\x23-\\x5b\\x5d-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}`;
const QUOTED = new RegExp(`^"(${KEY_CHARS})"$`);
const BARE = new RegExp(`^(${KEY_CHARS})$`);

/** The header's value, quoted (the draft's form) or bare, to the key it names. */
export const idempotencyKeyHeaderSchema = z
  .string()
  .transform((value, context) => {
    const key = QUOTED.exec(value)?.[1] ?? BARE.exec(value)?.[1];
    if (key === undefined) {
      context.addIssue({
        code: 'custom',
        message: `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters (no quote or backslash), optionally in double quotes`,
      });
      return z.NEVER;
    }
    return key;
  })
  .describe(
    'A key the client makes once per intent (a UUID) and sends again on a retry: the first answer is replayed for a day',
  );
