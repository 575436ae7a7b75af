import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import {
  ACCESS_CODE_ALPHABET,
  VERIFICATION_VALID_HOURS,
  type BetaSignup,
  type BetaSignupResponse,
  type VerificationResult,
} from '../../../contracts/beta.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { BadRequest, Conflict } from '../../errors.js';
import { contactPageUrl } from '../../lib/mail-layout.js';
import { hashToken, newToken as newSecretToken, type TokenHashEncoding } from '../../lib/tokens.js';
import type { BetaRepository, SignupRow } from './repository.js';
import { UniqueViolation } from './repository.js';
import { repeatSignupMail, verificationMail } from './mail.js';

const VALID_MS = VERIFICATION_VALID_HOURS * 3_600_000;
const ALREADY_REGISTERED = 'This email is already registered for beta access';
/** A registrant is mailed about repeat sign-ups with their address at most once in this time. */
const REPEAT_MAIL_INTERVAL_MS = 3_600_000;

/**
 * Verification tokens have always been stored as hex, unlike the other tokens: kept, so a link
 * mailed before today still finds its row.
 */
const VERIFICATION_HASH: TokenHashEncoding = 'hex';

/** "BETA-7K3M-Q9XD": no 0/O or 1/I/L, so it reads aloud and types back without doubt. */
function accessCode(): string {
  const group = () =>
    Array.from(
      { length: 4 },
      () => ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)],
    ).join('');
  return `BETA-${group()}-${group()}`;
}

/** A verification answer that is not a success: 400 or 410 with the contract's body. */
export class VerificationFailed extends Error {
  constructor(
    readonly statusCode: 400 | 410,
    readonly result: VerificationResult & { message: string },
  ) {
    super(result.message);
  }
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export interface BetaServiceOptions {
  appUrl: string;
  mailer: Mailer;
  now?: () => Date;
}

export function createBetaService(repository: BetaRepository, options: BetaServiceOptions) {
  const now = options.now ?? (() => new Date());

  function newToken(signupId: string) {
    const token = newSecretToken();
    const at = now();
    return {
      token,
      row: {
        signupId,
        tokenHash: hashToken(token, VERIFICATION_HASH),
        expiresAt: new Date(at.getTime() + VALID_MS).toISOString(),
        usedAt: null,
        createdAt: at.toISOString(),
      },
    };
  }

  async function mail(
    signup: Pick<SignupRow, 'firstName' | 'email' | 'accessCode'>,
    token: string,
  ) {
    const link = `${options.appUrl}/verify-email?${new URLSearchParams({ token, email: signup.email! })}`;
    await options.mailer.send({
      to: signup.email!,
      ...verificationMail(signup, link, contactPageUrl(options.appUrl)),
    });
  }

  /**
   * A sign-up with a registered e-mail address. "Already registered" would tell anyone who typed
   * the address that it is registered (resend does not tell either), so only the visitor who
   * signed up hears it (spec §8's Already registered toast, for a traveller who submits twice);
   * anyone else gets the answer of a new sign-up, with a fresh access code that is stored nowhere,
   * and the registrant a mail instead: a new verification link if not yet verified, else a note
   * with their access code. At most one such mail an hour, so repeats cannot flood their inbox.
   */
  async function repeat(registered: SignupRow, visitorId: string): Promise<BetaSignupResponse> {
    const at = now();
    const since = new Date(at.getTime() - REPEAT_MAIL_INTERVAL_MS).toISOString();
    if (
      registered.email &&
      (await repository.claimRepeatMail(registered.id, at.toISOString(), since))
    ) {
      if (registered.verifiedAt) {
        await options.mailer.send({
          to: registered.email,
          ...repeatSignupMail(registered, contactPageUrl(options.appUrl)),
        });
      } else {
        const token = newToken(registered.id);
        await repository.replaceToken(token.row);
        await mail(registered, token.token);
      }
    }
    if (registered.visitorId === visitorId) throw new Conflict(ALREADY_REGISTERED);
    return { accessCode: accessCode(), verificationSent: true };
  }

  return {
    /** A sign-up by `visitorId`, the visitor whose session sent it. */
    async signup(input: BetaSignup, visitorId: string): Promise<BetaSignupResponse> {
      const phone = parsePhoneNumberFromString(input.phone, input.countryCode as CountryCode);
      if (!phone?.isValid()) {
        throw new BadRequest('Invalid sign-up', [
          { path: 'phone', message: `Please enter a valid phone number for ${input.countryCode}` },
        ]);
      }
      const email = input.email ? input.email : null;
      const emailKey = email?.toLowerCase() ?? null;
      const registered = emailKey ? await repository.byEmailKey(emailKey) : undefined;
      if (registered) return repeat(registered, visitorId);

      const { firstName, lastName, countryCode, phone: _phone, email: _email, ...profile } = input;
      const id = randomUUID();
      const token = email ? newToken(id) : undefined;
      // An access code collision is about one in a billion: try again with a new one.
      for (let attempt = 0; ; attempt++) {
        const code = accessCode();
        try {
          await repository.insert(
            {
              id,
              firstName,
              lastName,
              phone: phone.number,
              countryCode,
              email,
              emailKey,
              profile: JSON.stringify(profile),
              accessCode: code,
              verifiedAt: null,
              createdAt: now().toISOString(),
              visitorId,
            },
            token?.row,
          );
          if (email && token) await mail({ firstName, email, accessCode: code }, token.token);
          return { accessCode: code, verificationSent: email !== null };
        } catch (error) {
          if (error instanceof UniqueViolation && error.column === 'email') {
            // Registered meanwhile, by a request running alongside this one.
            const winner = await repository.byEmailKey(emailKey!);
            if (winner) return repeat(winner, visitorId);
          }
          if (!(error instanceof UniqueViolation) || attempt >= 3) throw error;
        }
      }
    },

    /**
     * Spec §4: verified with the access code, or why not. A second click on a used link still
     * answers verified; a wrong token is 400; an expired one 410.
     */
    async verify(
      token: string | undefined,
      email: string | undefined,
    ): Promise<VerificationResult> {
      if (!token || !email) {
        throw new VerificationFailed(400, {
          verified: false,
          error: 'The verification link is missing its token or e-mail address',
          message: 'Invalid Verification Link',
        });
      }
      const invalid = new VerificationFailed(400, {
        verified: false,
        error:
          'This verification link is not valid. Use the latest link we sent, or ask for a new one.',
        message: 'Invalid verification link',
      });
      const signup = await repository.byEmailKey(email.toLowerCase());
      const stored = signup && (await repository.token(signup.id));
      if (!signup || !stored || !sameHash(stored.tokenHash, hashToken(token, VERIFICATION_HASH)))
        throw invalid;
      if (stored.usedAt || signup.verifiedAt)
        return { verified: true, accessCode: signup.accessCode };
      if (Date.parse(stored.expiresAt) <= now().getTime()) {
        throw new VerificationFailed(410, {
          verified: false,
          error: 'This verification link has expired. Ask for a new one below.',
          message: 'Verification link expired',
        });
      }
      await repository.markVerified(signup.id, now().toISOString());
      return { verified: true, accessCode: signup.accessCode };
    },

    /** A new link for an unverified sign-up; the same answer whether or not the e-mail is known. */
    async resend(email: string): Promise<{ message: string }> {
      const signup = await repository.byEmailKey(email.toLowerCase());
      if (signup && !signup.verifiedAt && signup.email) {
        const token = newToken(signup.id);
        await repository.replaceToken(token.row);
        await mail(signup, token.token);
      }
      return {
        message:
          'If that e-mail address is signed up and not yet verified, a new verification link is on its way. It is valid for 24 hours.',
      };
    },

    /** The access code of the sign-up whose address is `email` (any case), once it is verified. */
    async verifiedAccessCode(email: string): Promise<string | null> {
      const signup = await repository.byEmailKey(email.trim().toLowerCase());
      return signup?.verifiedAt ? signup.accessCode : null;
    },

    all: () => repository.all(),
  };
}
export type BetaService = ReturnType<typeof createBetaService>;
