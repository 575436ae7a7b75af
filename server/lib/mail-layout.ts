import { APP_ROUTES } from '../../contracts/routes.js';

/**
 * The HTML of the site's e-mails (beta verification, trip and media shares): one escaping and one
 * shell, so every message looks the same and no feature forgets to escape what a visitor typed.
 * Each message keeps its own words and its plain-text part.
 */

/**
 * Text for HTML, in an element or a quoted attribute: the five characters that could end either
 * become numeric references (`&#38;`, `&#60;`, ...), which every mail client reads.
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A whole HTML message around its lines (markup, already escaped), one to a line: large, dark text
 * on the client's own background, in English.
 */
export function mailHtml(lines: readonly string[]): string {
  return `<!doctype html>
<html lang="en"><body style="font-family: sans-serif; font-size: 16px; line-height: 1.5; color: #0f172a">
${lines.join('\n')}
</body></html>`;
}

/** The message's one action: a link drawn as a large button (inline styles, as mail clients need). */
export const mailButton = (href: string, label: string): string =>
  `<a href="${escapeHtml(href)}" style="display: inline-block; padding: 12px 20px; background: #1d4ed8; color: #ffffff">${escapeHtml(label)}</a>`;

/** The button's address written out, for a client that shows no buttons or blocks links. */
export const linkFallback = (href: string): string =>
  `If the button does not work, copy this address into your browser:<br>${escapeHtml(href)}`;

/**
 * The last words of every message: it comes from an address that takes no replies (MAIL_FROM's
 * default is a no-reply one), so it says where help is instead, in the text and the HTML alike.
 */
export function noReplyFooter(contactUrl: string): { text: string[]; html: string } {
  const words = 'Please do not reply to this message. For help, see our contact page:';
  return {
    text: [words, contactUrl],
    html: `<p>${escapeHtml(words)} <a href="${escapeHtml(contactUrl)}">${escapeHtml(contactUrl)}</a></p>`,
  };
}

/** The contact page of the site at `appUrl`, which the footer points to. */
export const contactPageUrl = (appUrl: string): string => `${appUrl}${APP_ROUTES.contact}`;

/**
 * Who a share mail says sent it: the name the sharer gave, else a neutral "Someone". A given name
 * comes with a note that it is the sharer's own word, since anyone can type any name.
 */
export function sharedBy(senderName: string | undefined): { who: string; note: string[] } {
  if (!senderName) return { who: 'Someone', note: [] };
  return {
    who: senderName,
    note: [`${senderName} gave us this name when sharing; Accessible Journeys does not check it.`],
  };
}
