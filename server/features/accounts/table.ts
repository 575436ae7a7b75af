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
