import { describe, expect, it } from 'vitest';
import { paperFor } from './paper';

describe('paperFor', () => {
  it.each([
    ['en-US', 'letter'],
    ['es-MX', 'letter'],
    ['fr-CA', 'letter'],
    ['fil-PH', 'letter'],
    ['en-GB', 'a4'],
    ['de-DE', 'a4'],
    ['zh-Hant-TW', 'a4'],
    ['es-419', 'a4'],
  ])('reads the region from the tag %s: %s', (tag, paper) => {
    expect(paperFor(tag)).toBe(paper);
  });

  it('infers the likely region of a tag without one', () => {
    expect(paperFor('en')).toBe('letter');
    expect(paperFor('de')).toBe('a4');
  });

  it('takes A4 for a tag it cannot read', () => {
    expect(paperFor('')).toBe('a4');
    expect(paperFor('not a tag')).toBe('a4');
  });
});
