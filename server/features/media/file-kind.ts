import { fileTypeFromBuffer } from 'file-type';
import { mediaKind } from '../../../contracts/media.js';

/** Bytes the check needs from the start of a file. */
export const MAGIC_BYTES = 4100;

/**
 * Names browsers and the detector give the same format. A declared type is compared with what the
 * bytes are after both pass through this table.
 */
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'image/heif': 'image/heic',
  'image/heic-sequence': 'image/heic',
  'image/heif-sequence': 'image/heic',
  'image/x-ms-bmp': 'image/bmp',
  'video/x-msvideo': 'video/avi',
  'video/vnd.avi': 'video/avi',
  'video/msvideo': 'video/avi',
  'video/x-m4v': 'video/mp4',
  'video/x-matroska': 'video/matroska',
};
const canonical = (type: string) => ALIASES[type] ?? type;

export type FileKindCheck =
  { ok: true; detectedType: string } | { ok: false; detectedType: string | null; message: string };

/**
 * Checks that the first bytes of a file are an image or a video of the declared type (magic
 * numbers, via file-type). A text file named .jpg, an SVG (script in an image's clothes) or a PNG
 * declared as video/mp4 are all refused.
 */
export async function checkFileKind(head: Buffer, declaredType: string): Promise<FileKindCheck> {
  const detected = await fileTypeFromBuffer(head);
  const detectedType = detected?.mime ?? null;
  if (!detectedType || !mediaKind(detectedType)) {
    return {
      ok: false,
      detectedType,
      message: 'The file is not an image or a video: only photos and videos can be uploaded',
    };
  }
  if (canonical(detectedType) !== canonical(declaredType)) {
    return {
      ok: false,
      detectedType,
      message: `The file was sent as ${declaredType} but its contents are ${detectedType}`,
    };
  }
  return { ok: true, detectedType };
}

/**
 * The file name extensions of each type the check lets through (every image and video type
 * file-type detects; file-kind.test.ts keeps the list whole), the usual one first.
 */
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/apng': ['apng', 'png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/avif': ['avif'],
  'image/heic': ['heic', 'heif', 'heics', 'heifs'],
  'image/bmp': ['bmp', 'dib'],
  'image/tiff': ['tif', 'tiff'],
  'image/x-icon': ['ico', 'cur'],
  'image/icns': ['icns'],
  'image/jxl': ['jxl'],
  'image/jp2': ['jp2'],
  'image/jpx': ['jpx', 'jpf'],
  'image/jpm': ['jpm'],
  'image/j2c': ['j2c', 'j2k'],
  'image/mj2': ['mj2'],
  'image/jls': ['jls'],
  'image/bpg': ['bpg'],
  'image/flif': ['flif'],
  'image/ktx': ['ktx'],
  'image/vnd.adobe.photoshop': ['psd'],
  'image/vnd.ms-photo': ['jxr', 'wdp', 'hdp'],
  'image/vnd.dwg': ['dwg'],
  'image/x-xcf': ['xcf'],
  'image/x-adobe-dng': ['dng'],
  'image/x-canon-cr2': ['cr2'],
  'image/x-canon-cr3': ['cr3'],
  'image/x-fujifilm-raf': ['raf'],
  'image/x-nikon-nef': ['nef'],
  'image/x-olympus-orf': ['orf'],
  'image/x-panasonic-rw2': ['rw2'],
  'image/x-sony-arw': ['arw'],
  'video/mp4': ['mp4', 'm4v'],
  'video/x-m4v': ['m4v', 'mp4'],
  'video/quicktime': ['mov', 'qt'],
  'video/webm': ['webm'],
  'video/matroska': ['mkv'],
  'video/avi': ['avi'],
  'video/mpeg': ['mpg', 'mpeg', 'mpe'],
  'video/mp1s': ['mpg', 'mpeg'],
  'video/mp2p': ['mpg', 'mpeg', 'vob'],
  'video/mp2t': ['mts', 'm2ts', 'ts'],
  'video/3gpp': ['3gp'],
  'video/3gpp2': ['3g2'],
  'video/ogg': ['ogv', 'ogg'],
  'video/x-flv': ['flv'],
  'video/x-ms-asf': ['asf', 'wmv'],
};

/** The extensions of a stored type, the usual one first; empty for a type not in the table. */
export function extensionsOf(type: string): readonly string[] {
  const lower = type.toLowerCase();
  return EXTENSIONS[lower] ?? EXTENSIONS[canonical(lower)] ?? [];
}

/**
 * The name a stored file is downloaded under: the visitor's name with the extension of its
 * verified type, so "poly.html" that is a GIF downloads as "poly.gif" and never opens as a page
 * from the downloads folder. A name that already has one of the type's extensions, in any case,
 * is kept as it is; for a type outside the table the name loses its extension rather than keep
 * one the bytes were not checked against.
 */
export function downloadName(fileName: string, type: string): string {
  const dot = fileName.lastIndexOf('.');
  // A leading dot (".hidden") starts a name, not an extension.
  const hasExtension = dot > 0 && dot < fileName.length - 1;
  // Dots alone ("...") leave no name: the download is then called "file".
  const base = (hasExtension ? fileName.slice(0, dot) : fileName.replace(/\.+$/, '')) || 'file';
  const extension = hasExtension ? fileName.slice(dot + 1).toLowerCase() : '';
  const allowed = extensionsOf(type);
  if (allowed.includes(extension)) return fileName;
  return allowed[0] ? `${base}.${allowed[0]}` : base;
}
