import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
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
import { FormAlert } from '../../components/ui/form-alert';
import { Field, Select } from '../../components/ui/form-field';
import { useFormKit } from '../../components/ui/use-form-kit';
import { PENDING_CLASS } from '../../components/ui/pending';
import { useSendOnce } from '../../components/ui/use-send-once';
import { useNeedsConnection } from '../../components/ui/needs-connection';

interface MovieChoices {
  style: MovieStyle;
  duration: MovieDuration;
}

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
  // Nothing to check: both are lists of the contract's choices.
  const form = useFormKit<MovieChoices>({
    defaultValues: { style: DEFAULT_MOVIE_STYLE, duration: DEFAULT_MOVIE_DURATION },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const created = useRef(false);
  const createMovie = useCreateMovie();
  const pending = createMovie.isPending;
  const tooMany = mediaIds.length > MAX_MOVIE_FILES;

  const sendOnce = useSendOnce();
  const connection = useNeedsConnection();

  /** One movie per press: a double click's second submit finds the first one's request out. */
  function create({ style, duration }: MovieChoices) {
    if (pending || tooMany) return;
    sendOnce((settled) => {
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
          onSettled: settled,
        },
      );
    });
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
        <form
          id={form.scopeId}
          noValidate
          onSubmit={(event) => void form.submit(create)(event)}
          className="grid gap-5"
        >
          <Field label="Movie Style">
            <Select {...form.register('style')}>
              {MOVIE_STYLES.map((value) => (
                <option key={value} value={value}>
                  {MOVIE_STYLE_LABELS[value]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Duration">
            <Select {...form.register('duration')}>
              {MOVIE_DURATIONS.map((value) => (
                <option key={value} value={value}>
                  {MOVIE_DURATION_INFO[value].label}
                </option>
              ))}
            </Select>
          </Field>
          {tooMany ? (
            <p
              id={`${id}-limit`}
              className="rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950"
            >
              A movie can use at most {MAX_MOVIE_FILES} files. Clear some of the {mediaIds.length}{' '}
              selected, then try again.
            </p>
          ) : null}
          {/* The toast says it as it happens; this stays to be read again. */}
          <FormAlert announce={false}>{failure}</FormAlert>
          <div className="flex flex-col items-end">
            <Button
              type="submit"
              {...connection.button({
                className: PENDING_CLASS,
                'aria-disabled': pending || tooMany,
                'aria-describedby': tooMany ? `${id}-limit` : undefined,
              })}
            >
              {pending ? 'Creating...' : 'Generate Movie'}
            </Button>
            {connection.note}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
