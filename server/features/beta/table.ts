export interface BetaSignupTable {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  countryCode: string;
  email: string | null;
  emailKey: string | null;
  /** JSON of BetaProfile. */
  profile: string;
  accessCode: string;
  verifiedAt: string | null;
  createdAt: string;
  /** The visitor whose session signed up (null before 2026-11-26): told "already registered". */
  visitorId: string | null;
  /** When the registrant was last mailed about a repeat sign-up with their address. */
  repeatMailedAt: string | null;
}

export interface BetaVerificationTokenTable {
  signupId: string;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}
