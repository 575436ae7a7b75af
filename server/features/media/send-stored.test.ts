import { describe, expect, it } from 'vitest';
import { disposition } from './send-stored.js';

/** RFC 8187's attr-char: what may stand unescaped in the value of filename*. */
const ATTR_CHARS = /^[A-Za-z0-9!#$&+\-.^_`|~%]*$/;

describe('Content-Disposition of a stored file', () => {
  it('names the file in ASCII and in full, RFC 6266 style', () => {
    expect(disposition('attachment', 'Café déjà.jpg')).toBe(
      `attachment; filename="Caf_ d_j_.jpg"; filename*=UTF-8''Caf%C3%A9%20d%C3%A9j%C3%A0.jpg`,
    );
  });

  it("escapes what encodeURIComponent leaves but RFC 8187 does not allow: ' ( ) *", () => {
    const header = disposition('inline', "Ana's (best) *day*.png");
    const extended = /filename\*=UTF-8''(.*)$/.exec(header)![1]!;
    expect(extended).toMatch(ATTR_CHARS);
    expect(extended).toBe('Ana%27s%20%28best%29%20%2Aday%2A.png');
    expect(decodeURIComponent(extended)).toBe("Ana's (best) *day*.png");
  });

  it('keeps quotes, backslashes, percent signs and semicolons out of the ASCII name', () => {
    expect(disposition('inline', 'a"b\\c%d;e.gif')).toMatch(/^inline; filename="a_b_c_d_e\.gif"; /);
  });
});
