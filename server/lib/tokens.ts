import { hash, randomBytes } from 'node:crypto';

/**
 * Secret tokens: session cookies, e-mail verification and sign-in links, share links and private
 * calendar addresses. Each feature used to make and hash its own; one place keeps them the same strength and
 * keeps the hashing identical to the rows already stored.
 */

/**
 * 32 random bytes (256 bits): twice the 128 bits the contract asks of a session, and an address
 * nobody guesses. Only the token's hash is stored.
 */
export const TOKEN_BYTES = 32;

/** A new secret token, URL-safe (base64url, 43 characters). */
export const newToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

/**
 * What a token in an address can look like: anything else is refused before a database read.
 * Wider than `newToken()` makes (43 characters), so a different length is not a different answer.
 */
export const TOKEN_PATTERN = /^[\w-]{20,100}$/;

/**
 * How a token's SHA-256 is written in its row. Sessions, share links and calendar addresses store
 * base64url; beta e-mail verification tokens have always been stored as hex, and a link mailed
 * before a change must still find its row, so that feature asks for hex by name.
 */
export type TokenHashEncoding = 'base64url' | 'hex';

/**
 * The stored form of a token: its SHA-256, so a copy of the database cannot be replayed. One-shot
 * `hash()`: every API request with a session cookie hashes its token, and it skips the Hash object.
 */
export const hashToken = (token: string, encoding: TokenHashEncoding = 'base64url'): string =>
  hash('sha256', token, encoding);
