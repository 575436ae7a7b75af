import { describe, expect, it } from 'vitest';
import { isSitePath, replyBlocks, replyParts, type ReplyPart } from './chat-text.js';

const text = (value: string): ReplyPart => ({ kind: 'text', text: value });
const site = (label: string, href: string): ReplyPart => ({
  kind: 'link',
  text: label,
  href,
  external: false,
});
const web = (href: string, label = href): ReplyPart => ({
  kind: 'link',
  text: label,
  href,
  external: true,
});

describe('links in a reply', () => {
  it('makes a site link of [label](/path)', () => {
    expect(replyParts('Plan it in the [trip planner](/flight-plan?trip=abc).')).toEqual([
      text('Plan it in the '),
      site('trip planner', '/flight-plan?trip=abc'),
      text('.'),
    ]);
    expect(replyParts('[Advisories](/#advisories)')).toEqual([site('Advisories', '/#advisories')]);
    expect(replyParts('[Home](/)')).toEqual([site('Home', '/')]);
  });

  it('makes an outside link of a bare https address, without the punctuation after it', () => {
    expect(replyParts('Source: https://travel.state.gov/en/advisories.html.')).toEqual([
      text('Source: '),
      web('https://travel.state.gov/en/advisories.html'),
      text('.'),
    ]);
    expect(replyParts('(see https://www.nps.gov/yell/index.htm), then')).toEqual([
      text('(see '),
      web('https://www.nps.gov/yell/index.htm'),
      text('), then'),
    ]);
    expect(replyParts('https://example.org/a?b=1&c=2!')).toEqual([
      web('https://example.org/a?b=1&c=2'),
      text('!'),
    ]);
    // A bracket the address opened is its own.
    expect(replyParts('https://en.wikipedia.org/wiki/Banff_(town); more')).toEqual([
      web('https://en.wikipedia.org/wiki/Banff_(town)'),
      text('; more'),
    ]);
    expect(replyParts('"https://parks.canada.ca/pn-np/ab/banff"')).toEqual([
      text('"'),
      web('https://parks.canada.ca/pn-np/ab/banff'),
      text('"'),
    ]);
  });

  it('makes an outside link of [label](https://…)', () => {
    expect(replyParts('[Veterans Crisis Line](https://www.veteranscrisisline.net/)')).toEqual([
      web('https://www.veteranscrisisline.net/', 'Veterans Crisis Line'),
    ]);
  });

  it.each([
    '[click](javascript:alert(1))',
    '[click](javascript:alert)',
    '[x](data:text/html,<script>alert(1)</script>)',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '[plain](http://example.com)',
    '[other host](//evil.example/path)',
    '[other host](/\\evil.example)',
    '[relative](flight-plan)',
    '[mail](mailto:a@example.com)',
    'http://example.com/not-secure',
    'javascript:alert(1)',
    '<img src=x onerror=alert(1)>',
    'https://',
    'xhttps://example.com',
    'https://user@evil.example',
  ])('leaves %j as text (no part is a link to anything but https or a site path)', (input) => {
    const parts = replyParts(input);
    expect(parts.map((part) => ('text' in part ? part.text : '')).join('')).not.toBe('');
    for (const part of parts) {
      if (part.kind === 'link') {
        expect(part.href.startsWith('https://') || isSitePath(part.href)).toBe(true);
        expect(part.href).not.toMatch(/javascript:|data:|evil/i);
      }
    }
  });

  it('keeps anything not a link exactly as written', () => {
    for (const input of [
      '[click](javascript:alert(1))',
      '[plain](http://example.com)',
      '<b>bold</b> & "quotes"',
      'a [bracket] and (paren)',
    ]) {
      expect(replyParts(input)).toEqual([text(input)]);
    }
    // The tag stays text; only the https address inside it is a link.
    expect(replyParts('<a href="https://evil.example">x</a>')).toEqual([
      text('<a href="'),
      web('https://evil.example'),
      text('">x</a>'),
    ]);
  });

  it('reads site paths', () => {
    expect(isSitePath('/flight-plan')).toBe(true);
    expect(isSitePath('/')).toBe(true);
    expect(isSitePath('//evil.example')).toBe(false);
    expect(isSitePath('/\\evil.example')).toBe(false);
    expect(isSitePath('/a b')).toBe(false);
    expect(isSitePath('/a\u0000')).toBe(false);
    expect(isSitePath('flight-plan')).toBe(false);
  });
});

describe('the blocks of a reply', () => {
  it('makes a list of "- " lines and paragraphs of the rest', () => {
    const reply =
      'Destinations documenting Mobility Support:\n- Banff National Park: see [it](/#destinations)\n- Yellowstone: https://www.nps.gov/yell/\n(Answered with the AI Accessibility Manager.)';
    expect(replyBlocks(reply)).toEqual([
      { kind: 'paragraph', parts: [text('Destinations documenting Mobility Support:')] },
      {
        kind: 'list',
        items: [
          [text('Banff National Park: see '), site('it', '/#destinations')],
          [text('Yellowstone: '), web('https://www.nps.gov/yell/')],
        ],
      },
      { kind: 'paragraph', parts: [text('(Answered with the AI Accessibility Manager.)')] },
    ]);
  });

  it('keeps line breaks within a paragraph and ends one at an empty line', () => {
    expect(replyBlocks('one\ntwo\n\nthree')).toEqual([
      { kind: 'paragraph', parts: [text('one\ntwo')] },
      { kind: 'paragraph', parts: [text('three')] },
    ]);
    expect(replyBlocks('')).toEqual([]);
    expect(replyBlocks('-not a list\n- a list')).toEqual([
      { kind: 'paragraph', parts: [text('-not a list')] },
      { kind: 'list', items: [[text('a list')]] },
    ]);
  });
});
