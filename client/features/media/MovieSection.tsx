import { AlertTriangle } from 'lucide-react';
import { useId, type RefObject } from 'react';
import { MOVIE_DURATION_INFO, MOVIE_STYLE_LABELS } from '../../../contracts/media.values';
import type { Movie } from '../../../contracts/media';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import { errorMessage } from '../../lib/api';
import { useMovie, useMovies } from './api';
import { filesText, isRendering, percentText, renderMilestone } from './gallery';
import { PENDING_CLASS } from '../../components/ui/pending';
import { MoviePlayer } from './MoviePlayer';

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
