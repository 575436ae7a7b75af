import type { ColumnType } from 'kysely';

export interface AccountTable {
  id: string;
  /** Trimmed and lower-cased (`normaliseEmail`). */
  email: string;
  /** The visitor whose rows in the features' tables are the account's things. */
  visitorId: string;
  createdAt: string;
  lastSignInAt: string;
}

/** A mailed code and link, kept only as hashes; either one signs in, once. */
export interface SignInCodeTable {
  id: string;
  /** Trimmed and lower-cased. */
  email: string;
  /** HMAC of the code with the server's secret (a six-digit code's plain hash is guessed at once). */
  codeHash: string;
  /** SHA-256 of the link's token (`hashToken`). */
  linkHash: string;
  expiresAt: string;
  /** Tries of the code so far, right or wrong. */
  attempts: number;
  usedAt: string | null;
  createdAt: string;
}

/** A passkey of an account (WebAuthn): its public key and what a sign-in with it checks. */
export interface PasskeyTable {
  id: string;
  accountId: string;
  /** The credential's id, base64url, as the browser names it. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter (a bigint column: PostgreSQL answers a string). */
  counter: ColumnType<number | string, number, number>;
  /** JSON array of transports ("internal", "hybrid", "usb"…), or null. */
  transports: string | null;
  /** The owner's name for it (at first, the browser that made it). */
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A one-use challenge of registering a passkey ('register', an account's) or signing in with one. */
export interface WebauthnChallengeTable {
  challenge: string;
  purpose: 'register' | 'sign-in';
  accountId: string | null;
  expiresAt: string;
}
