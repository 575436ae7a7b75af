import { SIGN_IN_CODE_VALID_MINUTES } from '../../../contracts/auth.values.js';
import {
  escapeHtml,
  linkFallback,
  mailButton,
  mailHtml,
  noReplyFooter,
} from '../../lib/mail-layout.js';

/** The code large and spaced in HTML, so it reads and types back without doubt. */
const codeHtml = (code: string) =>
  `<strong style="font-family: monospace; font-size: 24px; letter-spacing: 4px">${escapeHtml(code)}</strong>`;

/**
 * The sign-in e-mail: one code and one link, either of which signs in, so the code can be typed
 * on a phone while the mail is read on a laptop. Plain text and HTML say the same.
 */
export function signInMail(
  code: string,
  link: string,
  contactUrl: string,
): { subject: string; text: string; html: string } {
  const footer = noReplyFooter(contactUrl);
  const ignore =
    'If you did not ask to sign in, ignore this message: nobody can sign in without the code or the link.';
  const text = [
    'Hello,',
    '',
    `Your sign-in code for Accessible Journeys: ${code}`,
    '',
    'Or sign in on this device with the link:',
    link,
    '',
    `The code and the link work once, for ${SIGN_IN_CODE_VALID_MINUTES} minutes.`,
    '',
    ignore,
    '',
    ...footer.text,
  ].join('\n');
  const html = mailHtml([
    '<p>Hello,</p>',
    `<p>Your sign-in code for Accessible Journeys: ${codeHtml(code)}</p>`,
    '<p>Or sign in on this device with the link:</p>',
    `<p>${mailButton(link, 'Sign in to Accessible Journeys')}</p>`,
    `<p>The code and the link work once, for ${SIGN_IN_CODE_VALID_MINUTES} minutes. ${linkFallback(link)}</p>`,
    `<p>${escapeHtml(ignore)}</p>`,
    footer.html,
  ]);
  // The code stays out of the subject, which lock screens and notifications show to anyone near.
  return { subject: 'Your Accessible Journeys sign-in code', text, html };
}
