import { describe, expect, it } from 'vitest';
import { formatFileSize } from './media.values.js';

describe('formatFileSize', () => {
  it('gives megabytes to one decimal, and never "0.0 MB" for a file that holds something', () => {
    expect(formatFileSize(45 * 1024)).toBe('Less than 0.1 MB');
    expect(formatFileSize(1)).toBe('Less than 0.1 MB');
    expect(formatFileSize(0.05 * 1024 * 1024)).toBe('0.1 MB');
    expect(formatFileSize(0)).toBe('0.0 MB');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatFileSize(104857600)).toBe('100.0 MB');
  });

  it('says Unknown size when the size is not known', () => {
    for (const unknown of [null, undefined, Number.NaN, -1]) {
      expect(formatFileSize(unknown)).toBe('Unknown size');
    }
  });
});
