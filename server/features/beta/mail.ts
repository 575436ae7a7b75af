import { VERIFICATION_VALID_HOURS } from '../../../contracts/beta.js';
import {
  escapeHtml,
  linkFallback,
  mailButton,
  mailHtml,
  noReplyFooter,
} from '../../lib/mail-layout.js';

/** The access code large and spaced, so it reads and types back without doubt. */
const accessCodeHtml = (code: string) =>
  `<strong style="font-family: monospace; font-size: 20px; letter-spacing: 2px">${escapeHtml(code)}</strong>`;

/**
 * The verification e-mail: plain text and HTML with the same words, the link and the code. The
 * steps come after the link in both parts, so they point up to it; the sender takes no replies, so
 * changes go through the contact page at the end.
 */
export function verificationMail(
  signup: { firstName: string; accessCode: string },
  link: string,
  contactUrl: string,
): { subject: string; text: string; html: string } {
  const footer = noReplyFooter(contactUrl);
  const next = [
    'Confirm your e-mail address with the link above.',
    'Keep your access code: it identifies you as a beta tester.',
    'If you chose feedback reminders, we will send one about once a month; to change how we contact you, tell us through the contact page named at the end of this message.',
  ];
  const text = [
    `Hello ${signup.firstName},`,
    '',
    'Thank you for joining the Accessible Journeys beta.',
    '',
    `Your access code: ${signup.accessCode}`,
    '',
    `Confirm your e-mail address (the link is valid for ${VERIFICATION_VALID_HOURS} hours):`,
    link,
    '',
    'What happens next:',
    ...next.map((line, i) => `${i + 1}. ${line}`),
    '',
    'If you did not sign up, ignore this message: nothing happens without the link.',
    '',
    ...footer.text,
  ].join('\n');
  const html = mailHtml([
    `<p>Hello ${escapeHtml(signup.firstName)},</p>`,
    '<p>Thank you for joining the Accessible Journeys beta.</p>',
    `<p>Your access code: ${accessCodeHtml(signup.accessCode)}</p>`,
    `<p>${mailButton(link, 'Confirm your e-mail address')}</p>`,
    `<p>The link is valid for ${VERIFICATION_VALID_HOURS} hours. ${linkFallback(link)}</p>`,
    '<h2 style="font-size: 18px">What happens next</h2>',
    `<ol>${next.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ol>`,
    '<p>If you did not sign up, ignore this message: nothing happens without the link.</p>',
    footer.html,
  ]);
  return { subject: 'Confirm your e-mail for the Accessible Journeys beta', text, html };
}

/**
 * To a verified registrant when their address is given to the sign-up again: the sign-up's answer
 * does not say the address is taken (that would tell anyone who is registered), so this mail does,
 * with the access code the repeat's answer could not show.
 */
export function repeatSignupMail(
  signup: { firstName: string; accessCode: string },
  contactUrl: string,
): { subject: string; text: string; html: string } {
  const footer = noReplyFooter(contactUrl);
  const lines = [
    'Someone, perhaps you, asked to join the Accessible Journeys beta again with this e-mail address.',
    'You are already signed up and your address is confirmed, so nothing has changed.',
  ];
  const text = [
    `Hello ${signup.firstName},`,
    '',
    ...lines,
    '',
    `Your access code: ${signup.accessCode}`,
    '',
    'If it was not you, ignore this message: your sign-up stays as it is.',
    '',
    ...footer.text,
  ].join('\n');
  const html = mailHtml([
    `<p>Hello ${escapeHtml(signup.firstName)},</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>Your access code: ${accessCodeHtml(signup.accessCode)}</p>`,
    '<p>If it was not you, ignore this message: your sign-up stays as it is.</p>',
    footer.html,
  ]);
  return { subject: 'You are already in the Accessible Journeys beta', text, html };
}
