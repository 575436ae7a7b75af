/**
 * Where an upload ticket stands (docs/decisions/017): `pending` once its URL is handed out;
 * `stored` when a local PUT's bytes were checked and put in place (an S3 upload stays pending until
 * recorded, being checked then); `recorded` once listed as a media file; `superseded` when newer
 * URLs of the visitor retired it unused. Only server/features/media/uploads/ moves a ticket on.
 */
export type UploadStatus = 'pending' | 'stored' | 'recorded' | 'superseded';

export interface MediaUploadTable {
  /** The upload ticket: one URL, one object, one visitor. */
  id: string;
  visitorId: string;
  objectKey: string;
  /** What the uploader said it would send, when it said. */
  declaredType: string | null;
  declaredSize: number | null;
  status: UploadStatus;
  storedType: string | null;
  storedSize: number | null;
  createdAt: string;
  expiresAt: string;
}

export interface MediaFileTable {
  id: string;
  visitorId: string;
  objectKey: string;
  fileName: string;
  fileType: string;
  fileSize: number | null;
  description: string;
  capturedAt: string | null;
  latitude: number | null;
  longitude: number | null;
  thumbnailKey: string | null;
  uploadedAt: string;
  /** When the thumbnail and capture time were read (or found unreadable); null until then. */
  describedAt: string | null;
}

export interface MediaMovieTable {
  id: string;
  visitorId: string;
  title: string;
  description: string;
  script: string;
  /** JSON string[]: one caption line per file. */
  scenes: string;
  style: string;
  duration: string;
  /** JSON string[]: the files in the order shown. */
  mediaIds: string;
  writtenBy: string;
  /** queued, rendering, ready or failed. */
  status: string;
  progress: number;
  seconds: number | null;
  videoKey: string | null;
  calmVideoKey: string | null;
  captionsKey: string | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * HMAC of the key of the address the movie was asked from (see addressKey): unfinished movies
   * are counted per network. Null for movies made before it was kept.
   */
  addressTag: string | null;
}

export interface MediaShareTable {
  id: string;
  visitorId: string;
  /** SHA-256 of the link's token. */
  tokenHash: string;
  shareType: string;
  email: string | null;
  /** JSON string[]. */
  mediaIds: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}
