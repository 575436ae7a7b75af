import { describe, expect, it } from 'vitest';
import { TOKEN_PATTERN, hashToken, newToken } from './tokens.js';

describe('tokens', () => {
  it('hashes with SHA-256 as base64url by default, as sessions and share links are stored', () => {
    // SHA-256 of "abc" (FIPS 180-2's example), written as base64url.
    expect(hashToken('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    expect(hashToken('abc', 'base64url')).toBe(hashToken('abc'));
  });

  it('hashes as hex when asked, as beta verification tokens are stored', () => {
    expect(hashToken('abc', 'hex')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('makes 32-byte base64url tokens that are new each time and pass the token pattern', () => {
    const token = newToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newToken()).not.toBe(token);
    expect(TOKEN_PATTERN.test(token)).toBe(true);
  });

  it('refuses what no token looks like', () => {
    for (const text of ['', 'short', 'a'.repeat(101), `${'a'.repeat(30)}.ics`, 'a b'.repeat(10)]) {
      expect(TOKEN_PATTERN.test(text), text).toBe(false);
    }
  });
});
