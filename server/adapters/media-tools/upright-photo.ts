import { imageOrientation, orientationFilters, swapsSides } from './metadata.js';
import { DECODE_LIMITS } from './runner.js';
import { inputPath, runFfmpeg, type MediaTools } from './tools.js';

/** How one photo is made into a picture of its own (a thumbnail, a movie's still). */
export interface UprightPhotoStep {
  /**
   * The scale filter that makes it smaller, in the stored picture's own sides: `swapped` when
   * its EXIF orientation turns it a quarter turn, so its stored height becomes its width.
   */
  scale: (swapped: boolean) => string;
  /** The filter after it is upright and on black. */
  finish: string;
  /** ffmpeg's output options, before the output file. */
  output: string[];
}

/**
 * Writes one photo to `outPath` by one ffmpeg run within DECODE_LIMITS: scaled first, so nothing
 * but the decoder holds a full-size picture, then turned upright by its EXIF orientation (ffmpeg
 * told not to turn it itself, see orientationFilters) and its transparency shown on black. Rejects
 * with a MediaToolError as runFfmpeg does.
 */
export async function writeUprightPhoto(
  tools: MediaTools,
  photo: string,
  outPath: string,
  step: UprightPhotoStep,
  run: { signal?: AbortSignal; workKey?: string },
): Promise<void> {
  const orientation = await imageOrientation(photo);
  const filters = [
    step.scale(swapsSides(orientation)),
    ...orientationFilters(orientation),
    // Transparent pixels keep whatever colour they hide; premultiplying shows them as black.
    // After the scale, their colour may tint a transparent edge's last pixel: at that size,
    // unseen, and it saves a second full-size copy of the picture.
    'format=yuva444p',
    'premultiply=inplace=1',
    step.finish,
  ];
  await runFfmpeg(
    tools,
    [
      '-y',
      '-noautorotate',
      '-protocol_whitelist',
      'file',
      '-i',
      inputPath(photo),
      '-vf',
      filters.join(','),
      ...step.output,
      outPath,
    ],
    { signal: run.signal, workKey: run.workKey, limits: DECODE_LIMITS },
  );
}
