import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
} from '@tanstack/react-query';
import type {
  CreateMovie,
  MediaFile,
  Movie,
  RecordMedia,
  Share,
  SharedPage,
  ShareResult,
  SocialPlatform,
  UploadRequest,
  UploadTicket,
} from '../../../contracts/media';
import {
  MEDIA_FILES_PATH,
  MEDIA_MOVIES_PATH,
  MEDIA_SHARES_PATH,
  movieApiPath,
  sharedMediaApiPath,
} from '../../../contracts/media.values';
import { apiGet, apiRequest } from '../../lib/api';
import { postOnce, useIntentKeys } from '../../lib/intent-keys';
import { isRendering } from './gallery';

/** Spec §8's words for each outcome, in one place (searchable against the spec). */
export const MEDIA_TOASTS = {
  uploaded: 'Upload successful',
  uploadFailed: 'Upload failed',
  recordFailed: 'Failed to save media file information.',
  deleted: 'Media deleted',
  deleteFailed: 'Delete failed',
  deleteFailedText: 'Failed to delete media file.',
  movieCreated: 'Movie created!',
  movieFailed: 'Movie creation failed',
  movieFailedText: 'Failed to create your travel movie. Please try again.',
  sharedByEmail: 'Shared via email!',
  sharedSocial: 'Ready to share!',
  shareFailed: 'Sharing failed',
  shareFailedText: 'Failed to share your media. Please try again.',
  noFiles: 'No files selected',
  noFilesMovie: 'Please select at least one photo or video to create a movie.',
  noFilesShare: 'Please select media files to share.',
  emailRequired: 'Email required',
  emailRequiredText: 'Please enter an email address to share with.',
} as const;

/**
 * The media feature's query keys: each key has one shape, the one its fetcher returns. The
 * gallery's three reads and a share link's page may be answered by the server while it renders
 * their page: their options say which path they read (`meta.readPath`, client/entry-prerender.tsx).
 */
export const mediaKeys = {
  /** The visitor's files; every media call that changes the list invalidates exactly this key. */
  files: ['media', 'files'] as const,
  movies: ['media', 'movies'] as const,
  movie: (id: string) => [...mediaKeys.movies, id] as const,
  shares: ['media', 'shares'] as const,
  sharedPage: (token: string) => ['media', 'shared-page', token] as const,
};

// ---------------------------------------------------------------------------------------------
// Media files

/** GET /api/media: the visitor's own, newest first. */
export const fetchMedia = () => apiGet<MediaFile[]>(MEDIA_FILES_PATH);

/** How often the list is asked again while a new file's thumbnail is still being made. */
export const PROCESSING_POLL_MS = 2000;

/** Asks again while a file recorded when the server was busy still waits for its thumbnail. */
export function mediaPollInterval(
  query: Query<MediaFile[], Error, MediaFile[], readonly unknown[]>,
) {
  if (query.state.status === 'error') return false;
  return query.state.data?.some((file) => file.processing) ? PROCESSING_POLL_MS : false;
}

export const mediaQuery = queryOptions({
  queryKey: mediaKeys.files,
  queryFn: fetchMedia,
  refetchInterval: mediaPollInterval,
  meta: { readPath: MEDIA_FILES_PATH },
});

export function useMedia() {
  return useQuery(mediaQuery);
}

/** POST /api/media/upload: a signed URL for one PUT, bound to the file's type and size. */
export const requestUploadTicket = (request: UploadRequest) =>
  apiRequest<UploadTicket>('POST', '/api/media/upload', request);

/** PUT /api/media: records a finished upload (201 with the new file). */
export const recordMedia = (record: RecordMedia) =>
  apiRequest<MediaFile>('PUT', '/api/media', record);

/** DELETE /api/media/:id: 204. */
export const deleteMedia = (id: string) =>
  apiRequest<void>('DELETE', `/api/media/${encodeURIComponent(id)}`);

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: (_result, id) => {
      // Gone from the list at once; the refetch confirms it.
      queryClient.setQueryData(mediaQuery.queryKey, (files) =>
        files?.filter((file) => file.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: mediaKeys.files, exact: true });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Travel movies

/** How often a rendering movie is asked about. */
export const MOVIE_POLL_MS = 1500;

/** GET /api/media/movies: the visitor's movies, newest first. */
export const fetchMovies = () => apiGet<Movie[]>(MEDIA_MOVIES_PATH);

export const moviesQuery = queryOptions({
  queryKey: mediaKeys.movies,
  queryFn: fetchMovies,
  meta: { readPath: MEDIA_MOVIES_PATH },
});

export function useMovies() {
  return useQuery(moviesQuery);
}

/** GET /api/media/movies/:id. */
export const fetchMovie = (id: string) => apiGet<Movie>(movieApiPath(id));

/** Asks again while the server is still rendering, and stops once it is ready or failed (or the asking failed). */
export function moviePollInterval(query: Query<Movie, Error, Movie, readonly unknown[]>) {
  if (query.state.status === 'error') return false;
  const movie = query.state.data;
  return movie && isRendering(movie.render.status) ? MOVIE_POLL_MS : false;
}

/**
 * One movie, polled while it renders. `known` is what the list or the create call already said,
 * so the card shows at once and only a movie still rendering is fetched again.
 */
export const movieQuery = (id: string) =>
  queryOptions({
    queryKey: mediaKeys.movie(id),
    queryFn: () => fetchMovie(id),
    refetchInterval: moviePollInterval,
  });

export function useMovie(id: string | null, known: Movie | undefined) {
  return useQuery({ ...movieQuery(id ?? ''), enabled: id !== null, initialData: known });
}

/**
 * POST /api/media/create-movie: 201 with the movie, its video queued. A request repeated as it
 * was goes with the same Idempotency-Key: one movie, one render.
 */
export function useCreateMovie() {
  const queryClient = useQueryClient();
  const keys = useIntentKeys();
  return useMutation({
    mutationFn: (request: CreateMovie) => postOnce<Movie>(keys, '/api/media/create-movie', request),
    onSuccess: (movie) => {
      queryClient.setQueryData(mediaKeys.movie(movie.id), movie);
      queryClient.setQueryData(moviesQuery.queryKey, (movies) => [
        movie,
        ...(movies ?? []).filter((m) => m.id !== movie.id),
      ]);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Share links

/** GET /api/media/shares: the visitor's share links. */
export const fetchShares = () => apiGet<Share[]>(MEDIA_SHARES_PATH);

export const sharesQuery = queryOptions({
  queryKey: mediaKeys.shares,
  queryFn: fetchShares,
  meta: { readPath: MEDIA_SHARES_PATH },
});

export function useShares() {
  return useQuery(sharesQuery);
}

export interface ShareRequest {
  mediaIds: string[];
  shareType: 'email' | 'social';
  email?: string;
  /** Who shares, said in the e-mail. */
  senderName?: string;
  socialPlatform?: SocialPlatform;
  expiresInDays?: number;
}

/**
 * POST /api/media/share: 200 with the link (and, for social, each platform's share page). A
 * request repeated as it was goes with the same Idempotency-Key: one link, one e-mail.
 */
export function useShareMedia() {
  const queryClient = useQueryClient();
  const keys = useIntentKeys();
  return useMutation({
    mutationFn: (request: ShareRequest) => postOnce<ShareResult>(keys, '/api/media/share', request),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: mediaKeys.shares, exact: true }),
  });
}

/** DELETE /api/media/shares/:id: 204; the link stops working at once. */
export const revokeShare = (id: string) =>
  apiRequest<void>('DELETE', `/api/media/shares/${encodeURIComponent(id)}`);

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShare,
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: mediaKeys.shares, exact: true }),
  });
}

// ---------------------------------------------------------------------------------------------
// The public page of a share link

/** GET /api/shared/:token: 404 unknown or revoked, 410 expired. */
export const fetchSharedPage = (token: string) => apiGet<SharedPage>(sharedMediaApiPath(token));

export const sharedPageQuery = (token: string) =>
  queryOptions({
    queryKey: mediaKeys.sharedPage(token),
    queryFn: () => fetchSharedPage(token),
    meta: { readPath: sharedMediaApiPath(token) },
  });

export function useSharedPage(token: string) {
  return useQuery({ ...sharedPageQuery(token), enabled: token !== '' });
}
