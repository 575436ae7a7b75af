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
}

export interface BetaVerificationTokenTable {
  signupId: string;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}
