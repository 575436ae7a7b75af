import { MAX_MEDIA_MEGAPIXELS, MAX_MEDIA_PIXELS, mediaKind } from '../../../../contracts/media.js';
import { inspectMedia, type MediaMetadata } from '../../../adapters/media-tools/metadata.js';
import { MediaQueueBusy, MediaToolLimitError } from '../../../adapters/media-tools/runner.js';
import type { MediaTools } from '../../../adapters/media-tools/tools.js';
import type { MediaStorage } from '../../../adapters/storage/types.js';
import { ServiceUnavailable } from '../../../errors.js';
import type { MediaLogger } from '../gallery.js';
import { withLocalFile } from '../scratch.js';
import { MediaRefused } from './errors.js';

export interface InspectionDeps {
  storage: MediaStorage;
  /** ffmpeg and ffprobe, or null where they cannot run. */
  tools: () => Promise<MediaTools | null>;
  /** Scratch space for copies of stored files (S3). */
  tempDir: string;
  log: MediaLogger;
}

const megapixels = (pixels: number) => `${Number((pixels / 1_000_000).toFixed(1))} megapixels`;

/** The limit a reading of the file went past, in the words of the refusal. */
function limitWords(error: MediaToolLimitError): string {
  const { limit, limits } = error;
  return limit === 'memory'
    ? `${Math.round(limits.memoryBytes / 1024 ** 2)} MB of memory`
    : `${limit === 'cpu' ? limits.cpuSeconds : limits.timeoutMs / 1000} seconds`;
}

/**
 * Reads an upload's size, time and place before it is listed, decoding nothing, and refuses a
 * picture over MAX_MEDIA_PIXELS or a file whose one probe went past its limits (a tag bomb) with
 * MediaRefused, which the caller answers after removing the upload: the refusal reaches the
 * uploader, and nothing is kept (docs/decisions/010). A file ffprobe cannot read at all is listed
 * as before, without them. Null where the site has no ffmpeg and the file is a video.
 */
export async function inspectUpload(
  deps: InspectionDeps,
  upload: { ticketId: string; key: string; fileType: string; workKey: string },
): Promise<MediaMetadata | null> {
  const { ticketId, key, workKey } = upload;
  const kind = mediaKind(upload.fileType);
  if (!kind) return null;
  const tools = await deps.tools();
  let metadata: MediaMetadata;
  try {
    metadata = await withLocalFile(deps.storage, deps.tempDir, key, (file) =>
      inspectMedia(tools, file, kind, { workKey }),
    );
  } catch (error) {
    if (error instanceof MediaQueueBusy) {
      // Kept: the same upload can be recorded again in a moment.
      throw new ServiceUnavailable(
        'Many photos and videos are being read right now. Your upload is kept; record it again in a minute.',
      );
    }
    if (error instanceof MediaToolLimitError) {
      deps.log.warn(
        { uploadId: ticketId, limit: error.limit, stderr: error.stderrTail.slice(-300) },
        'upload refused: reading it went past a limit',
      );
      throw new MediaRefused(
        `This ${kind === 'image' ? 'photo' : 'video'} could not be read within the site's limit of ${limitWords(error)}, so it was not kept. It may be damaged, or carry far more metadata than photos and videos do.`,
      );
    }
    throw error;
  }
  const { width, height } = metadata;
  if (width && height && width * height > MAX_MEDIA_PIXELS) {
    throw new MediaRefused(
      `This ${kind === 'image' ? 'photo' : "video's picture"} is ${width} × ${height} pixels (${megapixels(width * height)}); photos and videos can be at most ${MAX_MEDIA_MEGAPIXELS} megapixels, so it was not kept.`,
    );
  }
  return metadata;
}
