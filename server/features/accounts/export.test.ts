import { describe, expect, it } from 'vitest';
import { archiveName } from './export.js';

describe('archiveName', () => {
  it('keeps a name any unzip tool extracts where it should: no folders, no leading dot', () => {
    expect(archiveName('Lisbon harbour.jpg')).toBe('Lisbon harbour.jpg');
    expect(archiveName('..Lisbon: a "view".jpg')).toBe('Lisbon_ a _view_.jpg');
    expect(archiveName('a/../../b\\c.png')).toBe('a_.._.._b_c.png');
    expect(archiveName('Zürich – café.mp4')).toBe('Zürich _ café.mp4');
    expect(archiveName('...')).toBe('file');
    expect(archiveName('x'.repeat(300))).toHaveLength(100);
  });
});
