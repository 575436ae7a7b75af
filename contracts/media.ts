import { z } from 'zod';
import {
  DEFAULT_SHARE_EXPIRY_DAYS,
  MAX_MOVIE_FILES,
  MAX_SHARE_FILES,
  MAX_UPLOAD_BYTES,
  MEDIA_TYPE_PATTERN,
  MOVIE_DURATIONS,
  MOVIE_RENDER_STATUSES,
  MOVIE_STYLES,
  SHARE_EXPIRY_DAYS,
  SHARE_TYPES,
  SOCIAL_PLATFORMS,
} from './media.values.js';
import { senderNameSchema } from './sender.js';

export * from './media.values.js';

const fileTypeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(MEDIA_TYPE_PATTERN, 'Only images and videos can be uploaded');
const fileSizeSchema = z
  .number()
  .int('fileSize must be a whole number of bytes')
  .min(1, 'The file is empty')
  .max(MAX_UPLOAD_BYTES, 'Files can be at most 100 MB');
/**
 * A file's name as the visitor sees it. It is only ever shown, never used as a path; still, only its
 * last segment is kept (a browser sends no folders: "../../x.jpg" and "C:\\x.jpg" are "x.jpg"),
 * without control characters.
 */
const fileNameSchema = z
  .string()
  .min(1, 'A file needs a name')
  .max(255, 'A file name can be at most 255 characters')
  .transform((name) =>
    name
      .replace(/\p{Cc}/gu, '')
      .split(/[\\/]/)
      .pop()!
      .trim(),
  )
  .pipe(
    z
      .string()
      .min(1, 'A file needs a name')
      .refine((name) => name !== '.' && name !== '..', 'A file needs a name'),
  );
/** The photo's text alternative, or what a video shows. */
const descriptionSchema = z
  .string()
  .trim()
  .max(1000, 'A description can be at most 1000 characters');

/** Spec §3 MediaFile, with the description the uploader lets the visitor write. */
export const mediaFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  /** Bytes, or null where unknown ("Unknown size"). */
  fileSize: z.number().int().nullable(),
  uploadedAt: z.string(),
  description: z.string(),
  /** When it was taken (EXIF or the video's creation time), ISO 8601, where the file says. */
  capturedAt: z.string().nullable(),
  /** Where the file's bytes are served: `GET /api/media/:id/content`. */
  contentUrl: z.string(),
  /**
   * A small JPEG (a photo scaled down, or a video's poster frame): `GET /api/media/:id/thumbnail`.
   * Null until made, or where it could not be made (then show the photo itself, or a video icon).
   */
  thumbnailUrl: z.string().nullable(),
  /**
   * True for the moments after an upload while its thumbnail and capture time are read; the list
   * gives them once this is false.
   */
  processing: z.boolean(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

/**
 * `POST /api/media/upload`. The spec sends no body; the uploader sends the file's type and size so
 * the URL can be bound to them (S3 signs both). Without them the URL takes any image or video.
 */
/**
 * The specification's call has no body; a client that sends none (no content type either) reaches
 * the schema as null, which counts as the empty object, as `{}` does.
 */
export const uploadRequestSchema = z.preprocess(
  (body) => body ?? {},
  z.object({ fileType: fileTypeSchema.optional(), fileSize: fileSizeSchema.optional() }),
);
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

export const uploadTicketSchema = z.object({
  uploadURL: z.string(),
  method: z.literal('PUT'),
  /** Headers the PUT must carry (the signed Content-Type). */
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** `PUT /api/media`: records a completed upload. */
export const recordMediaSchema = z.object({
  mediaURL: z.string().trim().min(1, 'mediaURL is required').max(4096),
  fileName: fileNameSchema,
  fileType: fileTypeSchema,
  fileSize: fileSizeSchema,
  description: descriptionSchema.default(''),
});
export type RecordMedia = z.infer<typeof recordMediaSchema>;

export const mediaIdParamsSchema = z.object({ id: z.string() });

const mediaIdsSchema = (max: number) =>
  z
    .array(z.string().max(100), { error: 'mediaIds must be a list of ids' })
    .min(1, 'Select at least one photo or video')
    .max(max, `Select at most ${max} files`)
    .transform((ids) => [...new Set(ids)]);

export const createMovieSchema = z.object({
  mediaIds: mediaIdsSchema(MAX_MOVIE_FILES),
  style: z.enum(MOVIE_STYLES, { error: `style must be one of ${MOVIE_STYLES.join(', ')}` }),
  duration: z.enum(MOVIE_DURATIONS, {
    error: `duration must be one of ${MOVIE_DURATIONS.join(', ')}`,
  }),
});
export type CreateMovie = z.infer<typeof createMovieSchema>;

export const movieRenderSchema = z.object({
  status: z.enum(MOVIE_RENDER_STATUSES),
  /** 0 to 1. */
  progress: z.number().min(0).max(1),
  /** The rendered length in seconds, once ready. */
  seconds: z.number().nullable(),
  /** Set once ready: the MP4 with zoom motion, the calm one without, and the WebVTT captions. */
  videoUrl: z.string().nullable(),
  calmVideoUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
  /** Why it failed, in words for the visitor. */
  error: z.string().nullable(),
});
export type MovieRender = z.infer<typeof movieRenderSchema>;

/** Spec §3 movie result, with its id and how its video stands. */
export const movieSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  script: z.string(),
  style: z.enum(MOVIE_STYLES),
  duration: z.enum(MOVIE_DURATIONS),
  mediaFiles: z.array(mediaFileSchema),
  /** model when the assistant's model wrote the words, else template. */
  writtenBy: z.enum(['model', 'template']),
  render: movieRenderSchema,
  createdAt: z.string(),
});
export type Movie = z.infer<typeof movieSchema>;

export const shareMediaSchema = z
  .object({
    mediaIds: mediaIdsSchema(MAX_SHARE_FILES),
    shareType: z.enum(SHARE_TYPES, { error: 'shareType must be email or social' }),
    email: z.string().trim().max(254).optional(),
    socialPlatform: z.enum(SOCIAL_PLATFORMS).optional(),
    expiresInDays: z
      .union(
        SHARE_EXPIRY_DAYS.map((d) => z.literal(d)) as [
          z.ZodLiteral<1>,
          z.ZodLiteral<7>,
          z.ZodLiteral<30>,
        ],
      )
      .default(DEFAULT_SHARE_EXPIRY_DAYS),
    /** An optional note for the e-mail. */
    message: z.string().trim().max(1000).optional(),
    /** Who shares, for the e-mail (ignored without one). */
    senderName: senderNameSchema,
  })
  .superRefine((value, ctx) => {
    if (value.shareType !== 'email') return;
    if (!value.email) {
      ctx.addIssue({
        code: 'custom',
        path: ['email'],
        message: 'Please enter an email address to share with.',
      });
    } else if (!z.email().safeParse(value.email).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['email'],
        message: 'Please enter a valid email address',
      });
    }
  });
export type ShareMedia = z.infer<typeof shareMediaSchema>;

export const shareSchema = z.object({
  id: z.string(),
  /** The public read-only page; it holds the unguessable token. */
  shareUrl: z.string(),
  shareType: z.enum(SHARE_TYPES),
  email: z.string().nullable(),
  fileCount: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type Share = z.infer<typeof shareSchema>;

/** `POST /api/media/share`'s answer. */
export const shareResultSchema = shareSchema.extend({
  socialShareData: z.record(z.enum(SOCIAL_PLATFORMS), z.string()).optional(),
});
export type ShareResult = z.infer<typeof shareResultSchema>;

export const shareIdParamsSchema = z.object({ id: z.string() });
export const shareTokenParamsSchema = z.object({ token: z.string().max(200) });
export const sharedFileParamsSchema = z.object({ token: z.string().max(200), id: z.string() });

/** A shared file, as the public page sees it: no ids of the owner's other records. */
export const sharedFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int().nullable(),
  description: z.string(),
  capturedAt: z.string().nullable(),
  contentUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export type SharedFile = z.infer<typeof sharedFileSchema>;

/** `GET /api/shared/:token`: the public page's data. */
export const sharedPageSchema = z.object({
  files: z.array(sharedFileSchema),
  expiresAt: z.string(),
});
export type SharedPage = z.infer<typeof sharedPageSchema>;
