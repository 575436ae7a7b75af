import { supportedMimeTypes } from 'file-type';
import { describe, expect, it } from 'vitest';
import { mediaKind } from '../../../contracts/media.js';
import { downloadName, extensionsOf } from './file-kind.js';

describe('downloadName', () => {
  it("gives a download its verified type's extension, keeping the rest of the name", () => {
    expect(downloadName('poly.html', 'image/gif')).toBe('poly.gif');
    expect(downloadName('poly.html', 'image/png')).toBe('poly.png');
    expect(downloadName('clip.svg', 'video/mp4')).toBe('clip.mp4');
    expect(downloadName('Lisbon 2027.tar.gz', 'image/jpeg')).toBe('Lisbon 2027.tar.jpg');
    expect(downloadName('holiday.exe', 'video/quicktime')).toBe('holiday.mov');
  });

  it('keeps a name that already has one of the type’s extensions, in any case', () => {
    expect(downloadName('beach.JPG', 'image/jpeg')).toBe('beach.JPG');
    expect(downloadName('beach.jpeg', 'image/jpeg')).toBe('beach.jpeg');
    expect(downloadName('scan.tiff', 'image/tiff')).toBe('scan.tiff');
    // A declared alias is looked up as the format it names.
    expect(downloadName('film.mkv', 'video/x-matroska')).toBe('film.mkv');
    expect(downloadName('film.html', 'video/x-matroska')).toBe('film.mkv');
  });

  it('adds the extension to a name without one, and names what dots alone leave', () => {
    expect(downloadName('sunset', 'image/webp')).toBe('sunset.webp');
    expect(downloadName('sunset.', 'image/webp')).toBe('sunset.webp');
    expect(downloadName('.hidden', 'image/png')).toBe('.hidden.png');
    expect(downloadName('...', 'image/png')).toBe('file.png');
  });

  it('drops an extension it cannot vouch for when the type is not in the table', () => {
    expect(downloadName('poly.html', 'image/x-unknown')).toBe('poly');
  });

  it('knows an extension for every image and video type the upload check can detect', () => {
    const detectable = [...supportedMimeTypes].filter((type) => mediaKind(type));
    expect(detectable.length).toBeGreaterThan(20);
    expect(detectable.filter((type) => extensionsOf(type).length === 0)).toEqual([]);
  });
});
