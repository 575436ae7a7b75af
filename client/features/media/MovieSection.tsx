import { AlertTriangle, Download } from 'lucide-react';
import { useId, useState, useSyncExternalStore, type RefObject } from 'react';
import { MOVIE_DURATION_INFO, MOVIE_STYLE_LABELS } from '../../../contracts/media.values';
import type { Movie } from '../../../contracts/media';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import { errorMessage } from '../../lib/api';
import { useMovie, useMovies } from './api';
import { filesText, isRendering, percentText, renderMilestone } from './gallery';
import { PENDING_CLASS } from '../../components/ui/pending';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;

/** The reader's motion preference, live (it can change while the page is open). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-brand-800 underline underline-offset-4 hover:decoration-2';

/**
 * The latest travel movie: the one just created, else the newest the server knows (so a reload
 * keeps it). Nothing shows before the visitor has made one.
 */
export function MovieSection({
  movieId,
  headingRef,
}: {
  movieId: string | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const movies = useMovies();
  const id = movieId ?? movies.data?.[0]?.id ?? null;
  const movie = useMovie(
    id,
    movies.data?.find((m) => m.id === id),
  );

  if (movies.isError && !movieId) {
    return (
      <section aria-labelledby="movie-heading">
        <h2 id="movie-heading" className="text-2xl font-bold text-slate-900">
          Your travel movie
        </h2>
        <QueryError
          query={movies}
          title="Your latest travel movie could not be loaded"
          className="mt-2 max-w-3xl"
        />
      </section>
    );
  }
  if (!movie.data) return null;
  return (
    <MovieCard
      movie={movie.data}
      headingRef={headingRef}
      pollFailed={
        movie.isError ? errorMessage(movie.error, 'The server could not be reached.') : null
      }
      checkAgain={() => void movie.refetch()}
      checking={movie.isFetching}
    />
  );
}

/** What the polite status says about the video: its state, and progress by quarters. */
function renderAnnouncement(movie: Movie): string {
  const { status, progress } = movie.render;
  if (status === 'queued') return 'Your video is waiting to be rendered.';
  if (status === 'rendering') return `Rendering your video: ${renderMilestone(progress)}% done.`;
  if (status === 'ready') return 'Your video is ready to play.';
  return 'The video could not be rendered.';
}

/** Spec §2: "Your Travel Movie is Ready", with title, description, script and badges. */
function MovieCard({
  movie,
  headingRef,
  pollFailed,
  checkAgain,
  checking,
}: {
  movie: Movie;
  headingRef: RefObject<HTMLHeadingElement | null>;
  pollFailed: string | null;
  checkAgain: () => void;
  checking: boolean;
}) {
  const id = useId();
  const { render } = movie;

  return (
    <section
      aria-labelledby="movie-heading"
      className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2
        id="movie-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold text-slate-900"
      >
        Your Travel Movie is Ready
      </h2>
      <h3 className="mt-3 text-xl font-semibold text-slate-900">{movie.title}</h3>
      <p className="mt-1 text-slate-800">{movie.description}</p>
      <ul aria-label="About this movie" className="mt-3 flex flex-wrap gap-2">
        {[
          MOVIE_STYLE_LABELS[movie.style],
          MOVIE_DURATION_INFO[movie.duration].label,
          filesText(movie.mediaFiles.length),
        ].map((badge) => (
          <li
            key={badge}
            className="rounded-full border border-slate-400 bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-900"
          >
            {badge}
          </li>
        ))}
      </ul>

      <div className="mt-5">
        <label htmlFor={`${id}-script`} className="block font-semibold text-slate-900">
          Script
        </label>
        <textarea
          id={`${id}-script`}
          readOnly
          rows={8}
          value={movie.script}
          className="mt-1 block w-full rounded-md border border-slate-500 bg-slate-50 p-3 text-slate-900"
        />
        <p className="mt-1 text-sm text-slate-700">
          {movie.writtenBy === 'model'
            ? 'Written by our AI travel assistant.'
            : 'Written from our travel movie template.'}
        </p>
      </div>

      <div className="mt-6">
        <h3 className="text-lg font-semibold text-slate-900">Video</h3>
        <p role="status" className="sr-only">
          {renderAnnouncement(movie)}
        </p>
        {isRendering(render.status) ? (
          <div className="mt-2">
            <label htmlFor={`${id}-progress`} className="block text-slate-800">
              {render.status === 'queued' ? 'Waiting to start rendering' : 'Rendering your video'}
            </label>
            <div className="mt-1 flex items-center gap-3">
              {render.status === 'queued' ? (
                <progress id={`${id}-progress`} className="h-3 w-full max-w-md accent-brand-700" />
              ) : (
                <progress
                  id={`${id}-progress`}
                  max={100}
                  value={Math.round(render.progress * 100)}
                  className="h-3 w-full max-w-md accent-brand-700"
                />
              )}
              {render.status === 'rendering' ? (
                <span className="font-semibold text-slate-900">{percentText(render.progress)}</span>
              ) : null}
            </div>
            {pollFailed ? (
              <div className="mt-3 text-red-900">
                <p>Could not check the video&apos;s progress: {pollFailed}</p>
                <Button
                  className={`mt-2 ${PENDING_CLASS}`}
                  variant="secondary"
                  aria-disabled={checking || undefined}
                  onClick={() => {
                    if (!checking) checkAgain();
                  }}
                >
                  {checking ? 'Checking…' : 'Check again'}
                </Button>
              </div>
            ) : null}
          </div>
        ) : render.status === 'ready' ? (
          <MoviePlayer movie={movie} />
        ) : (
          <div className="mt-2 rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
            <p className="flex items-center gap-2 font-bold">
              <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
              The video could not be rendered.
            </p>
            {render.error ? <p className="mt-1">{render.error}</p> : null}
            <p className="mt-1">Your movie&apos;s script above is still yours to use.</p>
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * The rendered movie with English captions. Under prefers-reduced-motion the calm version (no zoom
 * motion) plays by default; the checkbox lets anyone switch either way.
 */
function MoviePlayer({ movie }: { movie: Movie }) {
  const id = useId();
  const reduced = usePrefersReducedMotion();
  const [calmChoice, setCalmChoice] = useState<boolean | null>(null);
  const { videoUrl, calmVideoUrl, captionsUrl } = movie.render;
  const calm = Boolean(calmVideoUrl) && (calmChoice ?? reduced);
  const src = (calm ? calmVideoUrl : videoUrl) ?? calmVideoUrl;
  if (!src) {
    return <p className="mt-2 text-slate-800">The video is ready but has no file to play.</p>;
  }
  return (
    <div className="mt-2 grid gap-3">
      <video
        key={src}
        controls
        preload="metadata"
        aria-label={`${movie.title}${calm ? ', calm version' : ''}`}
        className="aspect-video w-full max-w-3xl rounded-md bg-black"
        src={src}
      >
        <track
          kind="captions"
          srcLang="en"
          label="English"
          default
          src={captionsUrl ?? undefined}
        />
        Your browser cannot play this video.{' '}
        <a href={src} download>
          Download it
        </a>
        .
      </video>
      {calmVideoUrl && videoUrl ? (
        <div className="flex items-center gap-3">
          <input
            id={`${id}-calm`}
            type="checkbox"
            checked={calm}
            onChange={(event) => setCalmChoice(event.target.checked)}
            className="size-6 accent-brand-700"
          />
          <label htmlFor={`${id}-calm`} className="text-slate-900">
            Calm version (no zoom motion)
          </label>
        </div>
      ) : null}
      <ul className="flex flex-wrap gap-x-6 gap-y-1">
        {videoUrl ? (
          <li>
            <a className={linkClass} href={videoUrl} download="travel-movie.mp4">
              <Download aria-hidden="true" className="size-5" />
              Download video
            </a>
          </li>
        ) : null}
        {calmVideoUrl ? (
          <li>
            <a className={linkClass} href={calmVideoUrl} download="travel-movie-calm.mp4">
              <Download aria-hidden="true" className="size-5" />
              Download calm version
            </a>
          </li>
        ) : null}
        {captionsUrl ? (
          <li>
            <a className={linkClass} href={captionsUrl} download="travel-movie-captions.vtt">
              <Download aria-hidden="true" className="size-5" />
              Download captions (WebVTT)
            </a>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
