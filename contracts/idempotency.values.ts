/*
 * The Idempotency-Key request header (the IETF HTTPAPI draft "The Idempotency-Key HTTP Header
 * Field"; docs/decisions/029), without zod: the browser's api layer sends it. The schema that
 * checks it is in idempotency.ts.
 */

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A key's longest, in characters: a UUID is 36; room for any client's own scheme, no more. */
export const IDEMPOTENCY_KEY_MAX = 255;

/**
 * The header's value for a key: a Structured Field String (RFC 8941), quoted, as the draft
 * defines the field. The server also takes a bare key, as most clients of other APIs send it.
 */
export const idempotencyKeyHeaderValue = (key: string) => `"${key}"`;
