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
