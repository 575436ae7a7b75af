import { randomBytes } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { THUMBNAIL_WIDTH_PX } from '../../../contracts/media.js';
import { DECODE_LIMITS } from './runner.js';
import { inputPath, MediaToolError, runFfmpeg, type MediaTools } from './tools.js';
import { writeUprightPhoto, type UprightPhotoStep } from './upright-photo.js';

/** Twice the card's width, so thumbnails stay sharp on high-density screens. */
export const THUMBNAIL_MAX_WIDTH_PX = THUMBNAIL_WIDTH_PX * 2;
/** ffmpeg's JPEG quality scale runs from 2 (best) to 31; 4 is close to the uploader's 0.8. */
const JPEG_QUALITY = '4';
/** Where a video's poster frame is taken, past a fade-in or a black first frame. */
const POSTER_AT_SECONDS = 1;
/** One JPEG frame, at the thumbnail's quality, one thread. */
const OUTPUT = [
  '-frames:v',
  '1',
  '-q:v',
  JPEG_QUALITY,
  '-threads',
  '1',
  '-f',
  'image2',
  '-c:v',
  'mjpeg',
];

/**
 * Writes a JPEG at most THUMBNAIL_MAX_WIDTH_PX wide (never enlarged, aspect kept) to `outPath`:
 * a photo turned upright by its EXIF orientation and with transparency on black, or a video's
 * frame at one second (its first frame when shorter). Written to a temporary name and renamed, so
 * `outPath` is either a whole thumbnail or absent. Rejects (MediaToolError) when ffmpeg cannot,
 * within DECODE_LIMITS. `durationSeconds`, when known, saves a second try for a short video.
 */
export async function makeThumbnail(
  tools: MediaTools,
  inputFile: string,
  kind: 'image' | 'video',
  outPath: string,
  options: { signal?: AbortSignal; workKey?: string; durationSeconds?: number | null } = {},
): Promise<void> {
  const run = { signal: options.signal, limits: DECODE_LIMITS, workKey: options.workKey };
  const partial = `${outPath}.${randomBytes(6).toString('hex')}.partial`;
  try {
    if (kind === 'image') await writeUprightPhoto(tools, inputFile, partial, PHOTO_THUMBNAIL, run);
    else await videoPoster(tools, inputFile, partial, options.durationSeconds, run);
    if (!(await nonEmpty(partial))) {
      throw new MediaToolError('ffmpeg wrote no thumbnail frame', 0, '');
    }
    await rename(partial, outPath);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** How one ffmpeg run of a thumbnail goes: its signal, limits and turn in the queue. */
type Run = Parameters<typeof runFfmpeg>[2];

/** A photo upright by its EXIF orientation, transparency on black, scaled before anything else. */
const PHOTO_THUMBNAIL: UprightPhotoStep = {
  // A photo shown on its side is scaled by its stored height, which becomes its width once turned.
  scale: (swapped) =>
    swapped
      ? `scale=w=-1:h='min(${THUMBNAIL_MAX_WIDTH_PX},ih)'`
      : `scale=w='min(${THUMBNAIL_MAX_WIDTH_PX},iw)':h=-1`,
  finish: 'setsar=1',
  output: OUTPUT,
};

/** A video's frame at one second, or its first frame when it is shorter. */
async function videoPoster(
  tools: MediaTools,
  inputFile: string,
  partial: string,
  durationSeconds: number | null | undefined,
  run: Run,
) {
  const scale = `scale=w='min(${THUMBNAIL_MAX_WIDTH_PX},iw)':h=-1,setsar=1`;
  const at =
    durationSeconds === null || durationSeconds === undefined || durationSeconds > POSTER_AT_SECONDS
      ? POSTER_AT_SECONDS
      : 0;
  const grab = (seek: number) =>
    runFfmpeg(
      tools,
      [
        '-y',
        ...(seek > 0 ? ['-ss', String(seek)] : []),
        '-protocol_whitelist',
        'file',
        '-i',
        inputPath(inputFile),
        '-vf',
        scale,
        ...OUTPUT,
        partial,
      ],
      run,
    );
  await grab(at);
  // A seek past the last frame writes nothing without failing; take the first frame then.
  if (at > 0 && !(await nonEmpty(partial))) await grab(0);
}

async function nonEmpty(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}
