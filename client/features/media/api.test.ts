import { describe, expect, it } from 'vitest';
import type { Movie, MovieRenderStatus } from '../../../contracts/media';
import { ApiError } from '../../lib/api';
import { MOVIE_POLL_MS, moviePollInterval, sharedPageProblem } from './api';

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

describe('sharedPageProblem', () => {
  it('tells an unknown or revoked link (404) from an expired one (410)', () => {
    expect(sharedPageProblem(new ApiError(404, '{}', 'Not found'))).toBe('missing');
    expect(sharedPageProblem(new ApiError(410, '{}', 'Gone'))).toBe('expired');
    expect(sharedPageProblem(new ApiError(500, '{}', undefined))).toBeNull();
    expect(sharedPageProblem(new TypeError('Failed to fetch'))).toBeNull();
  });
});
