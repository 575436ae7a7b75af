import { describe, expect, it } from 'vitest';
import type { MediaFile, Movie, MovieRenderStatus } from '../../../contracts/media';
import { cardPictureUrl } from '../../../contracts/media.values';
import { MOVIE_POLL_MS, PROCESSING_POLL_MS, mediaPollInterval, moviePollInterval } from './api';

type MovieQuery = Parameters<typeof moviePollInterval>[0];
const query = (status: 'success' | 'error', render?: MovieRenderStatus) =>
  ({
    state: { status, data: render ? ({ render: { status: render } } as Movie) : undefined },
  }) as unknown as MovieQuery;

describe('moviePollInterval', () => {
  it('asks again every 1.5 s while the video is queued or rendering', () => {
    expect(MOVIE_POLL_MS).toBe(1500);
    expect(moviePollInterval(query('success', 'queued'))).toBe(MOVIE_POLL_MS);
    expect(moviePollInterval(query('success', 'rendering'))).toBe(MOVIE_POLL_MS);
  });

  it('stops once it is ready or failed, or when asking failed', () => {
    expect(moviePollInterval(query('success', 'ready'))).toBe(false);
    expect(moviePollInterval(query('success', 'failed'))).toBe(false);
    expect(moviePollInterval(query('error', 'rendering'))).toBe(false);
    expect(moviePollInterval(query('success'))).toBe(false);
  });
});

const photo = (processing: boolean, thumbnailUrl: string | null = null) =>
  ({
    fileType: 'image/jpeg',
    contentUrl: '/api/media/p/content',
    thumbnailUrl,
    processing,
  }) as MediaFile;

describe('mediaPollInterval', () => {
  type ListQuery = Parameters<typeof mediaPollInterval>[0];
  const list = (status: 'success' | 'error', files?: MediaFile[]) =>
    ({ state: { status, data: files } }) as unknown as ListQuery;

  it('asks again while any file waits for its thumbnail, and stops when none does', () => {
    expect(mediaPollInterval(list('success', [photo(false, '/t'), photo(true)]))).toBe(
      PROCESSING_POLL_MS,
    );
    expect(mediaPollInterval(list('success', [photo(false, '/t'), photo(false)]))).toBe(false);
    expect(mediaPollInterval(list('success', []))).toBe(false);
    expect(mediaPollInterval(list('error', [photo(true)]))).toBe(false);
  });
});

describe('cardPictureUrl', () => {
  it('shows the thumbnail, else nothing while it is made, else the photo itself', () => {
    expect(cardPictureUrl(photo(false, '/api/media/p/thumbnail'))).toBe('/api/media/p/thumbnail');
    expect(cardPictureUrl(photo(true))).toBeNull();
    expect(cardPictureUrl(photo(false))).toBe('/api/media/p/content');
    expect(cardPictureUrl({ ...photo(false), fileType: 'video/mp4' })).toBeNull();
  });
});
