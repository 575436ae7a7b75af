import { describe, expect, it } from 'vitest';
import { VERSION_MAX, parseVersionTag, versionTag } from './preconditions.values.js';

describe('row versions as entity tags', () => {
  it('writes a version as a quoted tag, and reads it back', () => {
    expect(versionTag(3)).toBe('"3"');
    expect(parseVersionTag(versionTag(3))).toBe(3);
    expect(parseVersionTag(versionTag(VERSION_MAX))).toBe(VERSION_MAX);
  });

  it('also takes a weak tag, a bare number, surrounding spaces and * for any version', () => {
    expect(parseVersionTag('W/"3"')).toBe(3);
    expect(parseVersionTag('3')).toBe(3);
    expect(parseVersionTag(' "12" ')).toBe(12);
    expect(parseVersionTag('"0"')).toBe(0);
    expect(parseVersionTag('*')).toBe('*');
  });

  it.each([
    '',
    '""',
    '"abc"',
    '"3',
    '3"',
    "'3'",
    'w/"3"',
    'W/3',
    '"-1"',
    '"1.5"',
    '"1e3"',
    '"3", "4"',
    '"3" "4"',
    '**',
    `"${VERSION_MAX + 1}"`,
    '"12345678901"',
  ])('refuses %j', (value) => {
    expect(parseVersionTag(value)).toBeNull();
  });
});
