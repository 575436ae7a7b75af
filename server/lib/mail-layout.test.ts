import { describe, expect, it } from 'vitest';
import { escapeHtml, linkFallback, mailButton, mailHtml } from './mail-layout.js';

describe('mail layout', () => {
  it('escapes the characters that could end an element or a quoted attribute, and only those', () => {
    expect(escapeHtml(`<a href="x">O'Brien & co</a>`)).toBe(
      '&#60;a href=&#34;x&#34;&#62;O&#39;Brien &#38; co&#60;/a&#62;',
    );
    expect(escapeHtml('Crème brûlée, 2 × 3')).toBe('Crème brûlée, 2 × 3');
  });

  it('puts the lines, one to a line, in the shared shell', () => {
    expect(mailHtml(['<p>One</p>', '', '<p>Two</p>'])).toBe(
      '<!doctype html>\n' +
        '<html lang="en"><body style="font-family: sans-serif; font-size: 16px; line-height: 1.5; color: #0f172a">\n' +
        '<p>One</p>\n\n<p>Two</p>\n' +
        '</body></html>',
    );
  });

  it('escapes the address of the button and of its written-out fallback', () => {
    const link = 'https://journeys.test/x?a=1&b="2"';
    expect(mailButton(link, 'Open')).toBe(
      '<a href="https://journeys.test/x?a=1&#38;b=&#34;2&#34;" style="display: inline-block; padding: 12px 20px; background: #1d4ed8; color: #ffffff">Open</a>',
    );
    expect(linkFallback(link)).toBe(
      'If the button does not work, copy this address into your browser:<br>https://journeys.test/x?a=1&#38;b=&#34;2&#34;',
    );
  });
});
