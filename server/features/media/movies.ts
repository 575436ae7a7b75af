import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  MOVIE_DURATIONS,
  MOVIE_DURATION_INFO,
  MOVIE_RENDER_STATUSES,
  MOVIE_STYLES,
  mediaKind,
  type CreateMovie,
  type Movie,
} from '../../../contracts/media.js';
import { toWebVtt } from '../../adapters/media-tools/captions.js';
import { placeName } from '../../adapters/media-tools/metadata.js';
import { renderMovie, type RenderedMovie } from '../../adapters/media-tools/movie-render.js';
import {
  MediaToolLimitError,
  RENDER_TIMEOUT_MS,
  SHARED_WORK_KEY,
} from '../../adapters/media-tools/runner.js';
import {
  sceneWindows,
  type MovieClipInfo,
  type MovieWriter,
} from '../../adapters/media-tools/movie-script.js';
import type { MediaTools } from '../../adapters/media-tools/tools.js';
import type { MediaStorage } from '../../adapters/storage/types.js';
import { BadRequest, NotFound, ServiceUnavailable, TooManyRequests } from '../../errors.js';
import type { JobQueue } from '../../jobs.js';
import { oneOf } from '../../lib/one-of.js';
import type { MediaFileRow, MediaRepository, MovieRow } from './repository.js';
import { toMediaFile, type MediaLogger } from './gallery.js';
import type { StoredContent } from './send-stored.js';

/** Progress is written at most this often, so a render does not flood the database. */
const PROGRESS_WRITE_MS = 500;
/** The movies a visitor sees listed. */
const LISTED_MOVIES = 20;
/** Movies one visitor may have waiting or rendering, so one visitor cannot fill the queue. */
const MAX_UNFINISHED_PER_VISITOR = 2;
/**
 * Movies asked from one network (an IPv4 address or an IPv6 /64) waiting or rendering: fresh
 * cookies are free, so without it one address's throw-away visitors could fill the queue (issue 25:
 * they did, docs/decisions/009). A little over one visitor's, for a household behind one address.
 */
const MAX_UNFINISHED_PER_ADDRESS = 3;
/** Movies waiting in all: past this the site is busy, whoever asks. */
const MAX_QUEUED = 20;
/** How long a visitor turned away by the limits above is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 60;
/** The job that renders one movie; its key is the movie's id, so no movie is rendered twice at once. */
const RENDER_JOB = 'movie-render';
/** How long `idle()` waits between looks at the queue. */
const IDLE_POLL_MS = 100;
/** Movies read per query when all of a visitor's are removed. */
const REMOVE_BATCH = 100;

/** Where a render stores a movie's files: fixed by its id, so a movie's objects can be removed. */
const movieKeys = (id: string) => ({
  videoKey: `movies/${id}/movie.mp4`,
  calmVideoKey: `movies/${id}/movie-calm.mp4`,
  captionsKey: `movies/${id}/captions.vtt`,
});

export const movieVideoUrl = (id: string, variant: 'main' | 'calm') =>
  `/api/media/movies/${id}/video${variant === 'calm' ? '?variant=calm' : ''}`;
export const movieCaptionsUrl = (id: string) => `/api/media/movies/${id}/captions.vtt`;

export interface MovieServiceDeps {
  repository: MediaRepository;
  storage: MediaStorage;
  tools: () => Promise<MediaTools | null>;
  writer: MovieWriter;
  tempDir: string;
  log: MediaLogger;
  /** Renders run as jobs: on PostgreSQL any process takes each one, once. */
  jobs: JobQueue;
  /**
   * The tag a client address is counted under (an HMAC of its key, so no address is stored);
   * unset: movies are counted per visitor only.
   */
  addressTag?: (address: string) => string;
}

/** Capture time first (EXIF or the video's own), then upload time, so a trip plays in order. */
export function byCaptureTime(a: MediaFileRow, b: MediaFileRow): number {
  const at = a.capturedAt ?? a.uploadedAt;
  const bt = b.capturedAt ?? b.uploadedAt;
  return at < bt ? -1 : at > bt ? 1 : a.id < b.id ? -1 : 1;
}

/** Why a render failed, as the movie's error says it: too long, or files it could not use. */
function renderFailure(error: unknown): string {
  const tooLong =
    (error instanceof DOMException && error.name === 'TimeoutError') ||
    (error instanceof MediaToolLimitError && error.limit !== 'memory');
  return tooLong
    ? `The video took longer than the ${RENDER_TIMEOUT_MS / 60_000} minutes a render may take, and was stopped. The script is still yours to read; try fewer or shorter videos.`
    : 'The video could not be rendered from these files. The script is still yours to read; try other photos or videos.';
}

/** Words, then a rendered MP4 (and a calm one) with WebVTT captions, made one at a time. */
export function createMovieService(deps: MovieServiceDeps) {
  const { repository, storage, log, jobs } = deps;

  async function toMovie(row: MovieRow): Promise<Movie> {
    const ids = JSON.parse(row.mediaIds) as string[];
    const files = await repository.getFiles(row.visitorId, ids);
    const byId = new Map(files.map((f) => [f.id, f]));
    const status = oneOf(MOVIE_RENDER_STATUSES, row.status, 'failed');
    const ready = status === 'ready';
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      script: row.script,
      style: oneOf(MOVIE_STYLES, row.style, 'cinematic'),
      duration: oneOf(MOVIE_DURATIONS, row.duration, 'short'),
      mediaFiles: ids.flatMap((id) => {
        const file = byId.get(id);
        return file ? [toMediaFile(file)] : [];
      }),
      writtenBy: row.writtenBy === 'model' ? 'model' : 'template',
      render: {
        status,
        progress: ready ? 1 : Math.max(0, Math.min(1, Number(row.progress))),
        seconds: row.seconds === null ? null : Number(row.seconds),
        videoUrl: ready && row.videoKey ? movieVideoUrl(row.id, 'main') : null,
        calmVideoUrl: ready && row.calmVideoKey ? movieVideoUrl(row.id, 'calm') : null,
        captionsUrl: ready && row.captionsKey ? movieCaptionsUrl(row.id) : null,
        error: row.error,
      },
      createdAt: row.createdAt,
    };
  }

  /**
   * Renders one movie. When `signal` is aborted (this process stopping, or the queue taking the job
   * back) it throws and leaves the movie unfinished, so the job is tried again, here or elsewhere.
   */
  async function render(id: string, signal: AbortSignal): Promise<void> {
    const row = await repository.getMovieById(id);
    if (!row || (row.status !== 'queued' && row.status !== 'rendering')) return;
    const tools = await deps.tools();
    if (!tools) {
      await repository.updateMovie(id, {
        status: 'failed',
        error:
          'The video could not be rendered: this server cannot run ffmpeg. The script is still yours to read.',
      });
      return;
    }
    await repository.updateMovie(id, { status: 'rendering', progress: 0, error: null });
    log.info({ movieId: id }, 'movie render started');
    const ids = JSON.parse(row.mediaIds) as string[];
    const files = await repository.getFiles(row.visitorId, ids);
    const byId = new Map(files.map((f) => [f.id, f]));
    const ordered = ids.flatMap((fileId) => byId.get(fileId) ?? []);
    if (ordered.length === 0) {
      await repository.updateMovie(id, {
        status: 'failed',
        error: 'The video could not be rendered: its photos and videos were deleted.',
      });
      return;
    }
    await mkdir(deps.tempDir, { recursive: true });
    const dir = await mkdtemp(path.join(deps.tempDir, 'movie-'));
    try {
      const clips = await collectClips(ordered, dir);
      const seconds = MOVIE_DURATION_INFO[oneOf(MOVIE_DURATIONS, row.duration, 'short')].seconds;
      let lastWrite = 0;
      const result = await renderMovie({
        tools,
        clips,
        seconds,
        outDir: dir,
        signal,
        workKey: row.addressTag ?? SHARED_WORK_KEY,
        onProgress: (fraction) => {
          const now = Date.now();
          if (now - lastWrite < PROGRESS_WRITE_MS) return;
          lastWrite = now;
          // The last 2% is storing the files.
          void repository
            .updateMovie(id, { progress: Math.min(0.98, fraction * 0.98) })
            .catch((error: unknown) => log.warn({ err: error, movieId: id }, 'progress not saved'));
        },
      });
      await storeMovie(row, result, dir);
      log.info({ movieId: id }, 'movie rendered');
    } catch (error) {
      if (signal.aborted) throw error; // Left rendering: the job is retried.
      log.warn({ err: error, movieId: id }, 'movie could not be rendered');
      await repository.updateMovie(id, { status: 'failed', error: renderFailure(error) });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** A rendered movie's videos and its captions (timed to its scenes) stored; the movie ready. */
  async function storeMovie(row: MovieRow, result: RenderedMovie, dir: string): Promise<void> {
    const scenes = JSON.parse(row.scenes) as string[];
    const windows = sceneWindows(scenes.length, result.seconds);
    const captionsPath = path.join(dir, 'captions.vtt');
    await writeFile(
      captionsPath,
      toWebVtt(scenes.map((text, i) => ({ ...windows[i]!, text }))),
      'utf8',
    );
    const keys = movieKeys(row.id);
    await storage.putFile(keys.videoKey, result.videoPath, 'video/mp4');
    await storage.putFile(keys.calmVideoKey, result.calmVideoPath, 'video/mp4');
    await storage.putFile(keys.captionsKey, captionsPath, 'text/vtt; charset=utf-8');
    await repository.updateMovie(row.id, {
      ...keys,
      status: 'ready',
      progress: 1,
      seconds: result.seconds,
      error: null,
    });
  }

  /** Each file as a path ffmpeg can read: the stored file on local disk, else a copy in `dir`. */
  async function collectClips(files: MediaFileRow[], dir: string) {
    const clips: { path: string; kind: 'image' | 'video' }[] = [];
    for (const [i, file] of files.entries()) {
      const kind = mediaKind(file.fileType) ?? 'image';
      if (storage.localPath) {
        clips.push({ path: storage.localPath(file.objectKey), kind });
      } else {
        const copy = path.join(dir, `input-${i}`);
        await pipeline(await storage.read(file.objectKey), createWriteStream(copy));
        clips.push({ path: copy, kind });
      }
    }
    return clips;
  }

  jobs.define<{ movieId: string }>({
    name: RENDER_JOB,
    handler: ({ movieId }, { signal }) => render(movieId, signal),
    onePerKey: true,
    concurrency: 1,
    retryLimit: 3,
    retryDelaySeconds: 5,
    // Past the render's own timeout; a worker that dies is noticed far sooner (heartbeat).
    expireInSeconds: (2 * RENDER_TIMEOUT_MS) / 1000,
    heartbeatSeconds: 15,
  });
  /**
   * The movie's row is what lasts: a job that cannot be queued now (the queue stopping, or its
   * database briefly away) is sent again by `resume()` at the next start of any process.
   */
  const enqueue = (movieId: string) =>
    jobs
      .send(RENDER_JOB, { movieId }, { key: movieId })
      .catch((error: unknown) =>
        log.warn({ err: error, movieId }, 'movie render not queued; sent again at the next start'),
      );

  return {
    async create(visitorId: string, input: CreateMovie, clientAddress?: string): Promise<Movie> {
      if ((await repository.countUnfinishedMovies()) >= MAX_QUEUED) {
        throw new ServiceUnavailable(
          'Many movies are being made right now; try again in a few minutes',
        );
      }
      if ((await repository.countUnfinishedMovies(visitorId)) >= MAX_UNFINISHED_PER_VISITOR) {
        throw new TooManyRequests(
          'Your earlier movies are still being made; create the next one when they are ready',
          RETRY_AFTER_SECONDS,
        );
      }
      const addressTag = clientAddress && deps.addressTag ? deps.addressTag(clientAddress) : null;
      if (
        addressTag &&
        (await repository.countUnfinishedMovies({ addressTag })) >= MAX_UNFINISHED_PER_ADDRESS
      ) {
        throw new TooManyRequests(
          `${MAX_UNFINISHED_PER_ADDRESS} movies asked from your network are still being made; create the next one when one of them is ready`,
          RETRY_AFTER_SECONDS,
        );
      }
      const files = await repository.getFiles(visitorId, input.mediaIds);
      if (files.length !== input.mediaIds.length) {
        // Another visitor's id, or one deleted meanwhile: the same answer, so ids reveal nothing.
        throw new NotFound('One or more of the selected files were not found');
      }
      const ordered = [...files].sort(byCaptureTime);
      const seconds = MOVIE_DURATION_INFO[input.duration].seconds;
      const clips: MovieClipInfo[] = ordered.map((file) => ({
        fileName: file.fileName,
        kind: mediaKind(file.fileType) ?? 'image',
        description: file.description,
        capturedAt: file.capturedAt ? new Date(file.capturedAt) : null,
        place:
          file.latitude !== null && file.longitude !== null
            ? placeName(Number(file.latitude), Number(file.longitude))
            : null,
      }));
      if (clips.length === 0) throw new BadRequest('Select at least one photo or video');
      const words = await deps.writer.write({ clips, style: input.style, seconds });
      const now = new Date().toISOString();
      const row: MovieRow = {
        id: randomUUID(),
        visitorId,
        title: words.title,
        description: words.description,
        script: words.script,
        scenes: JSON.stringify(words.scenes),
        style: input.style,
        duration: input.duration,
        mediaIds: JSON.stringify(ordered.map((f) => f.id)),
        writtenBy: words.writtenBy,
        status: 'queued',
        progress: 0,
        seconds: null,
        videoKey: null,
        calmVideoKey: null,
        captionsKey: null,
        error: null,
        createdAt: now,
        updatedAt: now,
        addressTag,
      };
      await repository.insertMovie(row);
      await enqueue(row.id);
      return toMovie(row);
    },

    /** Null (here and in `list` and `content`): a visitor with no stored session, no movies. */
    async get(visitorId: string | null, id: string): Promise<Movie> {
      const row = visitorId ? await repository.getMovie(visitorId, id) : undefined;
      if (!row) throw new NotFound('Movie not found');
      return toMovie(row);
    },

    async list(visitorId: string | null): Promise<Movie[]> {
      if (!visitorId) return [];
      const rows = await repository.listMovies(visitorId, LISTED_MOVIES);
      return Promise.all(rows.map(toMovie));
    },

    /** The video (main or calm) or the captions of a ready movie. */
    async content(
      visitorId: string | null,
      id: string,
      what: 'main' | 'calm' | 'captions',
    ): Promise<StoredContent> {
      const row = visitorId ? await repository.getMovie(visitorId, id) : undefined;
      const key =
        what === 'captions'
          ? row?.captionsKey
          : what === 'calm'
            ? row?.calmVideoKey
            : row?.videoKey;
      if (!row || row.status !== 'ready' || !key) throw new NotFound('Movie not found');
      const base = row.title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'travel-movie';
      return what === 'captions'
        ? { key, size: null, contentType: 'text/vtt; charset=utf-8', fileName: `${base}.vtt` }
        : {
            key,
            size: null,
            contentType: 'video/mp4',
            fileName: `${base}${what === 'calm' ? ' (calm)' : ''}.mp4`,
          };
    },

    /**
     * Deletes every movie of the visitor, its video, calm video and captions first (the retention
     * sweep, for visitors long gone: no render of theirs is still running to store files again).
     */
    async removeAll(visitorId: string): Promise<number> {
      let removed = 0;
      for (;;) {
        const rows = await repository.listMovies(visitorId, REMOVE_BATCH);
        for (const row of rows) {
          for (const key of Object.values(movieKeys(row.id))) await storage.delete(key);
          await repository.deleteMovie(visitorId, row.id);
        }
        removed += rows.length;
        if (rows.length < REMOVE_BATCH) return removed;
      }
    },

    /**
     * Sends the movies left queued or half rendered again: on SQLite jobs live in memory and this
     * start is the only worker; on PostgreSQL a job still waiting or running for a movie makes this
     * a no-op for it (one per key), and a finished movie is never rendered again.
     */
    async resume(): Promise<void> {
      for (const row of await repository.listUnfinishedMovies()) await enqueue(row.id);
    },

    /** Resolves when no movie is waiting or rendering (tests). */
    async idle(): Promise<void> {
      while ((await repository.countUnfinishedMovies()) > 0) {
        await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
      }
    },
  };
}
export type MovieService = ReturnType<typeof createMovieService>;
