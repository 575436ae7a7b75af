import { VERIFICATION_VALID_HOURS } from '../../../contracts/beta.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The verification e-mail: plain text and HTML with the same words, the link and the code. */
export function verificationMail(
  signup: { firstName: string; accessCode: string },
  link: string,
): { subject: string; text: string; html: string } {
  const next = [
    'Confirm your e-mail address with the link below.',
    'Keep your access code: it identifies you as a beta tester.',
    'If you chose feedback reminders, we will send one about once a month; reply to any of them to change how we contact you.',
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
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: sans-serif; font-size: 16px; line-height: 1.5; color: #0f172a">
<p>Hello ${escape(signup.firstName)},</p>
<p>Thank you for joining the Accessible Journeys beta.</p>
<p>Your access code: <strong style="font-family: monospace; font-size: 20px; letter-spacing: 2px">${escape(signup.accessCode)}</strong></p>
<p><a href="${escape(link)}" style="display: inline-block; padding: 12px 20px; background: #1d4ed8; color: #ffffff">Confirm your e-mail address</a></p>
<p>The link is valid for ${VERIFICATION_VALID_HOURS} hours. If the button does not work, copy this address into your browser:<br>${escape(link)}</p>
<h2 style="font-size: 18px">What happens next</h2>
<ol>${next.map((line) => `<li>${escape(line)}</li>`).join('')}</ol>
<p>If you did not sign up, ignore this message: nothing happens without the link.</p>
</body></html>`;
  return { subject: 'Confirm your e-mail for the Accessible Journeys beta', text, html };
}

/**
 * To a verified registrant when their address is given to the sign-up again: the sign-up's answer
 * does not say the address is taken (that would tell anyone who is registered), so this mail does,
 * with the access code the repeat's answer could not show.
 */
export function repeatSignupMail(signup: { firstName: string; accessCode: string }): {
  subject: string;
  text: string;
  html: string;
} {
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
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: sans-serif; font-size: 16px; line-height: 1.5; color: #0f172a">
<p>Hello ${escape(signup.firstName)},</p>
${lines.map((line) => `<p>${escape(line)}</p>`).join('\n')}
<p>Your access code: <strong style="font-family: monospace; font-size: 20px; letter-spacing: 2px">${escape(signup.accessCode)}</strong></p>
<p>If it was not you, ignore this message: your sign-up stays as it is.</p>
</body></html>`;
  return { subject: 'You are already in the Accessible Journeys beta', text, html };
}
