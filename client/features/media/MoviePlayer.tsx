import { Download } from 'lucide-react';
import { useId, useState, useSyncExternalStore } from 'react';
import type { Movie } from '../../../contracts/media';

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
 * The rendered movie with English captions. Under prefers-reduced-motion the calm version (no zoom
 * motion) plays by default; the checkbox lets anyone switch either way.
 */
export function MoviePlayer({ movie }: { movie: Movie }) {
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
