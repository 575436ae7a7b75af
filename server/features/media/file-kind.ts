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
