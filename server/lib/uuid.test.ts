import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid.js';

describe('isUuid', () => {
  it('accepts the ids randomUUID makes', () => {
    for (let i = 0; i < 20; i++) expect(isUuid(randomUUID())).toBe(true);
  });

  it('refuses anything else: other case, braces, extra or missing characters, other text', () => {
    const id = '0b7a3c2e-5f1d-4c8e-9a6b-2d4f6e8a0c1b';
    expect(isUuid(id)).toBe(true);
    for (const other of [
      id.toUpperCase(),
      `{${id}}`,
      `${id}0`,
      id.slice(1),
      id.replaceAll('-', ''),
      `${id}\n`,
      'not-a-uuid',
      '',
    ]) {
      expect(isUuid(other), other).toBe(false);
    }
  });
});
