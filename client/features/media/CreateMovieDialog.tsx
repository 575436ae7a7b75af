import { useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import {
  DEFAULT_MOVIE_DURATION,
  DEFAULT_MOVIE_STYLE,
  MAX_MOVIE_FILES,
  MOVIE_DURATION_INFO,
  MOVIE_DURATIONS,
  MOVIE_STYLE_LABELS,
  MOVIE_STYLES,
} from '../../../contracts/media.values';
import type { Movie, MovieDuration, MovieStyle } from '../../../contracts/media';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { MEDIA_TOASTS, useCreateMovie } from './api';
import { filesText } from './gallery';
import { fieldClass, labelClass } from '../../components/ui/field';
import { PENDING_CLASS } from '../../components/ui/pending';

/**
 * Spec §2: the Create Travel Movie dialog. Native selects (the most dependable for keyboards and
 * screen readers) for style and duration; Generate Movie reads "Creating..." while the request runs.
 * Once created, the dialog closes and focus moves to the new movie's card.
 */
export function CreateMovieDialog({
  mediaIds,
  trigger,
  beforeOpen,
  onCreated,
  focusAfterCreate,
}: {
  mediaIds: string[];
  trigger: ReactNode;
  /** Says whether the dialog may open (false after telling why: nothing selected). */
  beforeOpen: () => boolean;
  onCreated: (movie: Movie) => void;
  focusAfterCreate: RefObject<HTMLElement | null>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [style, setStyle] = useState<MovieStyle>(DEFAULT_MOVIE_STYLE);
  const [duration, setDuration] = useState<MovieDuration>(DEFAULT_MOVIE_DURATION);
  const [failure, setFailure] = useState<string | null>(null);
  const created = useRef(false);
  const createMovie = useCreateMovie();
  const pending = createMovie.isPending;
  const tooMany = mediaIds.length > MAX_MOVIE_FILES;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || tooMany) return;
    setFailure(null);
    createMovie.mutate(
      { mediaIds, style, duration },
      {
        onSuccess: (movie) => {
          toast({ title: MEDIA_TOASTS.movieCreated, description: movie.title });
          created.current = true;
          onCreated(movie);
          setOpen(false);
        },
        onError: (error) => {
          setFailure(errorMessage(error, MEDIA_TOASTS.movieFailedText));
          toast({
            variant: 'destructive',
            title: MEDIA_TOASTS.movieFailed,
            description: MEDIA_TOASTS.movieFailedText,
          });
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next && !beforeOpen()) return;
        if (!next && pending) return;
        if (next) setFailure(null);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Create Travel Movie"
        description={`A short film of the ${filesText(mediaIds.length)} you selected, with a script and captions.`}
        onCloseAutoFocus={(event) => {
          if (!created.current) return;
          created.current = false;
          event.preventDefault();
          focusAfterCreate.current?.focus();
        }}
      >
        <form noValidate onSubmit={submit} className="grid gap-5">
          <div>
            <label htmlFor={`${id}-style`} className={labelClass}>
              Movie Style
            </label>
            <select
              id={`${id}-style`}
              className={fieldClass}
              value={style}
              onChange={(event) => setStyle(event.target.value as MovieStyle)}
            >
              {MOVIE_STYLES.map((value) => (
                <option key={value} value={value}>
                  {MOVIE_STYLE_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-duration`} className={labelClass}>
              Duration
            </label>
            <select
              id={`${id}-duration`}
              className={fieldClass}
              value={duration}
              onChange={(event) => setDuration(event.target.value as MovieDuration)}
            >
              {MOVIE_DURATIONS.map((value) => (
                <option key={value} value={value}>
                  {MOVIE_DURATION_INFO[value].label}
                </option>
              ))}
            </select>
          </div>
          {tooMany ? (
            <p
              id={`${id}-limit`}
              className="rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950"
            >
              A movie can use at most {MAX_MOVIE_FILES} files. Clear some of the {mediaIds.length}{' '}
              selected, then try again.
            </p>
          ) : null}
          {failure ? (
            <p className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">{failure}</p>
          ) : null}
          <div className="flex justify-end">
            <Button
              type="submit"
              className={PENDING_CLASS}
              aria-disabled={pending || tooMany || undefined}
              aria-describedby={tooMany ? `${id}-limit` : undefined}
            >
              {pending ? 'Creating...' : 'Generate Movie'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
