import {
  AUTH_MESSAGES,
  normaliseEmail,
  SIGN_IN_CODE_PATTERN,
} from '../../../contracts/auth.values';
import { checkResolver } from '../../components/ui/use-form-kit';

/*
 * The sign-in dialog's checks, without zod (the header is on every page, decision 013): they state
 * the contract's rules (contracts/auth.ts) with its messages; the server checks with the schema,
 * and its field messages land on the same fields.
 */

export interface EmailValues {
  email: string;
}
export interface CodeValues {
  code: string;
}

/** The longest address the contract takes. */
const MAX_EMAIL_LENGTH = 254;
/** Something@somewhere.tld, no spaces: what every address a mail can reach looks like. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(email: string): string | undefined {
  const trimmed = email.trim();
  return EMAIL_SHAPE.test(trimmed) && trimmed.length <= MAX_EMAIL_LENGTH
    ? undefined
    : AUTH_MESSAGES.email;
}

/** The code as typed, with the spaces a mail's "123 456" may bring gone. */
export const codeAsSent = (code: string): string => code.replace(/\s+/g, '');

export function codeProblem(code: string): string | undefined {
  return SIGN_IN_CODE_PATTERN.test(codeAsSent(code)) ? undefined : AUTH_MESSAGES.code;
}

export const emailResolver = checkResolver<EmailValues>(({ email }) => ({
  email: emailProblem(email),
}));

export const codeResolver = checkResolver<CodeValues>(({ code }) => ({ code: codeProblem(code) }));

/** The address as the mail was asked for it and as the sign-in names it. */
export const addressOf = (email: string): string => normaliseEmail(email);
