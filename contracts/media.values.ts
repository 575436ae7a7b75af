/*
 * The media contract's limits, kinds, movie and share options, and helpers. Without zod: the
 * browser's pages import these at first render, and evaluating zod and every schema costs a phone's
 * main thread noticeably (docs/decisions/013). The schemas and their types are in media.ts, which
 * re-exports all of this.
 */

/** Spec §5/§9: at most 10 files per upload, each at most 100 MB (104857600 bytes). */
export const MAX_UPLOAD_FILES = 10;
export const MAX_UPLOAD_BYTES = 104_857_600;
/**
 * The largest picture (a photo, or a video's frame) the site reads, in pixels: a little over the
 * 48 MP of the largest common phone photos (8064 x 6048), and refused before anything is decoded
 * (issue 25). Decoding one as 8-bit RGBA takes 200 MB; a 16000 x 16000 PNG of a few hundred KB
 * would take 1 GB, and its thumbnail's ffmpeg more (docs/decisions/010). Phones' 200 MP modes and
 * giant panoramas are refused.
 */
export const MAX_MEDIA_PIXELS = 50_000_000;
/** "50 megapixels": the limit as refusals name it. */
export const MAX_MEDIA_MEGAPIXELS = MAX_MEDIA_PIXELS / 1_000_000;

/** Spec §5: only images and videos. */
export const ALLOWED_UPLOAD_TYPES = ['image/*', 'video/*'] as const;
/** Spec §9: the uploader's messages stay 5000 ms; thumbnails 200 px wide, JPEG at quality 0.8. */
export const UPLOADER_MESSAGE_MS = 5000;
export const THUMBNAIL_WIDTH_PX = 200;
export const THUMBNAIL_TYPE = 'image/jpeg';
export const THUMBNAIL_QUALITY = 0.8;
/** Spec §9: the storage plugin's concurrency and retry delays (network errors, 429, expired 403). */
export const UPLOAD_CONCURRENCY = 6;
export const UPLOAD_RETRY_DELAYS_MS = [0, 1000, 3000, 5000] as const;
/** How long an upload URL may be used: long enough for 100 MB on a slow line, short enough to leak little. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/**
 * What one visitor's gallery may hold, so that no one visitor can fill the site's storage (OWASP
 * ASVS 12.1.3). MEDIA_QUOTA_BYTES and MEDIA_QUOTA_FILES change them.
 */
export const MEDIA_QUOTA_BYTES = 2 * 1024 ** 3;
export const MEDIA_QUOTA_FILES = 500;

/** Mime types: a top-level type of image or video and a subtype, e.g. image/jpeg, video/mp4. */
export const MEDIA_TYPE_PATTERN = /^(image|video)\/[a-z0-9][a-z0-9.+-]{0,99}$/;
export type MediaKind = 'image' | 'video';
export function mediaKind(fileType: string): MediaKind | null {
  if (fileType.startsWith('image/')) return 'image';
  if (fileType.startsWith('video/')) return 'video';
  return null;
}

/**
 * The reads the gallery page makes as it opens, and the read of a share link's public page: the
 * client asks at these paths, and the server names the same ones in the page's answer (a preload
 * hint, server/plugins/spa.ts), so the two cannot drift apart.
 */
export const MEDIA_FILES_PATH = '/api/media';
export const MEDIA_MOVIES_PATH = '/api/media/movies';
export const MEDIA_SHARES_PATH = '/api/media/shares';
export const GALLERY_READS = [MEDIA_FILES_PATH, MEDIA_MOVIES_PATH, MEDIA_SHARES_PATH] as const;
export const sharedMediaApiPath = (token: string) => `/api/shared/${encodeURIComponent(token)}`;

/**
 * The gallery cards whose pictures are fetched at once, at high priority: the first row or two on
 * screen. The server names the same pictures in the page's answer (a preload hint), so the browser
 * asks for them before the page's code has run.
 */
export const PRIORITY_THUMBNAILS = 4;

/**
 * What a card shows of a file: the server's small JPEG, else the photo itself, else nothing. While
 * the thumbnail is still being made, nothing yet: it is moments away, and the photo may be large.
 */
export function cardPictureUrl(file: {
  fileType: string;
  contentUrl: string;
  thumbnailUrl: string | null;
  processing?: boolean;
}): string | null {
  if (file.thumbnailUrl) return file.thumbnailUrl;
  if (file.processing) return null;
  return mediaKind(file.fileType) === 'image' ? file.contentUrl : null;
}

/** Spec §5: movie styles (cinematic by default) and durations (short by default). */
export const MOVIE_STYLES = [
  'cinematic',
  'adventure',
  'relaxed',
  'energetic',
  'documentary',
] as const;
export type MovieStyle = (typeof MOVIE_STYLES)[number];
export const DEFAULT_MOVIE_STYLE: MovieStyle = 'cinematic';
export const MOVIE_STYLE_LABELS: Record<MovieStyle, string> = {
  cinematic: 'Cinematic',
  adventure: 'Adventure',
  relaxed: 'Relaxed',
  energetic: 'Energetic',
  documentary: 'Documentary',
};

export const MOVIE_DURATIONS = ['short', 'medium', 'long'] as const;
export type MovieDuration = (typeof MOVIE_DURATIONS)[number];
export const DEFAULT_MOVIE_DURATION: MovieDuration = 'short';
/** Spec §5's ranges, and the length the server renders inside each. */
export const MOVIE_DURATION_INFO: Record<MovieDuration, { label: string; seconds: number }> = {
  short: { label: 'Short (30-60 seconds)', seconds: 30 },
  medium: { label: 'Medium (1-2 minutes)', seconds: 75 },
  long: { label: 'Long (2-5 minutes)', seconds: 150 },
};

/** A movie of more files than this would give each less than a second. */
export const MAX_MOVIE_FILES = 30;
/** A share of more files than this is better as two. */
export const MAX_SHARE_FILES = 100;

/** queued, then rendering (with progress), then ready; failed where ffmpeg could not make it. */
export const MOVIE_RENDER_STATUSES = ['queued', 'rendering', 'ready', 'failed'] as const;
export type MovieRenderStatus = (typeof MOVIE_RENDER_STATUSES)[number];

export const SHARE_TYPES = ['email', 'social'] as const;
export const SOCIAL_PLATFORMS = ['facebook', 'twitter', 'instagram'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export const SOCIAL_PLATFORM_LABELS: Record<SocialPlatform, string> = {
  facebook: 'Facebook',
  twitter: 'Twitter',
  instagram: 'Instagram',
};
/** A share link lasts this long unless the owner chooses otherwise or revokes it. */
export const SHARE_EXPIRY_DAYS = [1, 7, 30] as const;
export const DEFAULT_SHARE_EXPIRY_DAYS = 7;
/** Spec §9 popup size for the social buttons. */
export const SHARE_POPUP = { width: 600, height: 400 } as const;

/** Spec §3: size in MB to one decimal, or Unknown size. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) {
    return 'Unknown size';
  }
  const megabytes = bytes / (1024 * 1024);
  // A small photo is not "0.0 MB", which reads as empty (docs/departures.md).
  if (bytes > 0 && megabytes < 0.05) return 'Less than 0.1 MB';
  return `${megabytes.toFixed(1)} MB`;
}

/** GET one travel movie (polled while it renders). */
export const movieApiPath = (id: string) => `${MEDIA_MOVIES_PATH}/${encodeURIComponent(id)}`;
