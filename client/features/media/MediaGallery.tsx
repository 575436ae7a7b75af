import { ImagePlus } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import type { MediaFile, Movie } from '../../../contracts/media';
import { PRIORITY_THUMBNAILS } from '../../../contracts/media.values';
import { QueryError } from '../../components/ui/query-error';
import { ShowMore, useShowMore } from '../../components/ui/show-more';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { prepareDateFormats } from '../../lib/dates';
import { MEDIA_TOASTS, useDeleteMedia, useMedia } from './api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import {
  CARDS_AT_A_TIME,
  countMedia,
  EMPTY_TAB_TEXT,
  filterMedia,
  isMediaTab,
  MEDIA_TABS,
  pruneSelection,
  selectionAnnouncement,
  TAB_ITEMS,
  tabLabel,
  toggleSelection,
  type MediaTab,
} from './gallery';
import { deleteButtonSelector, MediaCard, selectButtonSelector } from './MediaCard';
import { MovieSection } from './MovieSection';
import { SelectionBar } from './SelectionBar';
import { SharedLinks } from './SharedLinks';
import { UploadDialog } from './UploadDialog';

/** Spec §2/§9: the loading state is a skeleton of 8 cards. */
const SKELETON_CARDS = 8;
const GRID_CLASS = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

const EMPTY_SET: ReadonlySet<string> = new Set();

/**
 * The Travel Media Gallery (spec §2): upload, tabs by kind, selectable cards, the selection bar
 * with Create AI Movie and Share, the latest travel movie, and the visitor's share links.
 */
export function MediaGallery() {
  const media = useMedia();
  useEffect(() => prepareDateFormats('shortDate', 'dateTime'), []);
  // The first answer's cards are rendered in the background, in slices, behind the placeholders.
  const arriving = useDeferredValue(media.data) === undefined && media.data !== undefined;
  const [tab, setTab] = useState<MediaTab>('all');
  const { limit, listRef, showMore } = useShowMore(CARDS_AT_A_TIME);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(EMPTY_SET);
  const [announcement, setAnnouncement] = useState('');
  const [movieId, setMovieId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const movieHeadingRef = useRef<HTMLHeadingElement>(null);

  const files = media.data;
  // A file deleted here or elsewhere leaves the selection as soon as the list says so.
  const selection = files ? pruneSelection(chosen, files) : chosen;
  const selectedIds = files ? files.filter((f) => selection.has(f.id)).map((f) => f.id) : [];

  const setSelection = useCallback((next: ReadonlySet<string>) => {
    setChosen(next);
    setAnnouncement(selectionAnnouncement(next.size));
  }, []);

  // ------------------------------------------------------------------ delete, with confirmation
  const deleteMedia = useDeleteMedia();
  const [toDelete, setToDelete] = useState<MediaFile | null>(null);
  const afterClose = useRef<() => void>(() => {});

  function confirmDelete() {
    const file = toDelete;
    if (!file || !files) return;
    const shown = filterMedia(files, tab);
    const index = shown.findIndex((f) => f.id === file.id);
    // Focus lands on the card that takes the deleted one's place, else the one before, else the heading.
    const neighbour = shown[index + 1] ?? shown[index - 1];
    deleteMedia.mutate(file.id, {
      onSuccess: () => {
        toast({ title: MEDIA_TOASTS.deleted, description: file.fileName });
        afterClose.current = () => {
          const next = neighbour
            ? document.querySelector<HTMLElement>(selectButtonSelector(neighbour.id))
            : null;
          (next ?? headingRef.current)?.focus();
        };
        setToDelete(null);
      },
      onError: () => {
        toast({
          variant: 'destructive',
          title: MEDIA_TOASTS.deleteFailed,
          description: MEDIA_TOASTS.deleteFailedText,
        });
        afterClose.current = () =>
          document.querySelector<HTMLElement>(deleteButtonSelector(file.id))?.focus();
        setToDelete(null);
      },
    });
  }

  // ------------------------------------------------------------------ the movie made
  const onMovieCreated = useCallback((movie: Movie) => setMovieId(movie.id), []);

  // ------------------------------------------------------------------ the list's states
  let content;
  if (media.isPending || arriving) {
    content = (
      <ul aria-hidden="true" className={GRID_CLASS}>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i} className="overflow-hidden rounded-lg border-2 border-slate-200">
            <Skeleton rounded={false} className="aspect-[4/3]" />
            <div className="grid gap-2 p-3">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (media.isError) {
    content = (
      <QueryError query={media} title="Your media could not be loaded" className="max-w-3xl" />
    );
  } else {
    const counts = countMedia(media.data);
    content = (
      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          if (isMediaTab(value)) setTab(value);
        }}
      >
        <Tabs.List
          aria-label="Show media by type"
          className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 sm:inline-flex"
        >
          {MEDIA_TABS.map((t) => (
            <Tabs.Trigger
              key={t}
              value={t}
              className="min-h-11 flex-auto rounded-md px-2 text-sm font-semibold whitespace-nowrap text-slate-800 hover:bg-white/70 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow sm:flex-none sm:px-4 sm:text-base"
            >
              {tabLabel(t, counts)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        {selectedIds.length > 0 ? (
          <SelectionBar
            selectedIds={selectedIds}
            onClear={() => setSelection(EMPTY_SET)}
            onMovieCreated={onMovieCreated}
            movieHeadingRef={movieHeadingRef}
          />
        ) : null}

        {MEDIA_TABS.map((t) => {
          const shown = filterMedia(media.data, t);
          return (
            <Tabs.Content key={t} value={t} className="mt-4 rounded-lg">
              {media.data.length === 0 ? (
                <div className="rounded-lg border-2 border-dashed border-slate-400 bg-slate-50 p-8 text-center">
                  <ImagePlus aria-hidden="true" className="mx-auto size-12 text-slate-600" />
                  <p className="mt-3 text-lg font-semibold text-slate-900">No media files yet</p>
                  <p className="mt-1 text-slate-700">
                    Upload your travel photos and videos to get started.
                  </p>
                </div>
              ) : shown.length === 0 ? (
                <p className="rounded-lg border border-slate-300 bg-slate-50 p-6 text-slate-800">
                  {EMPTY_TAB_TEXT[t]}
                </p>
              ) : (
                <>
                  <ul ref={listRef} className={GRID_CLASS}>
                    {shown.slice(0, limit).map((file, index) => (
                      <li key={file.id}>
                        <MediaCard
                          file={file}
                          priority={index < PRIORITY_THUMBNAILS}
                          selected={selection.has(file.id)}
                          onToggle={() => setSelection(toggleSelection(selection, file.id))}
                          onDelete={() => setToDelete(file)}
                        />
                      </li>
                    ))}
                  </ul>
                  <ShowMore
                    shown={Math.min(limit, shown.length)}
                    total={shown.length}
                    step={CARDS_AT_A_TIME}
                    items={TAB_ITEMS[t]}
                    onShowMore={showMore}
                  />
                </>
              )}
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    );
  }

  return (
    <div className="grid gap-12">
      <section aria-labelledby="media-heading" aria-busy={media.isPending || arriving}>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2
            id="media-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold text-slate-900"
          >
            Your photos and videos
          </h2>
          <UploadDialog />
        </div>
        <p role="status" className="sr-only">
          {media.isPending ? 'Loading media' : announcement}
        </p>
        {content}
      </section>

      <MovieSection movieId={movieId} headingRef={movieHeadingRef} />

      <SharedLinks />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) {
            const file = toDelete;
            afterClose.current = () => {
              if (file) document.querySelector<HTMLElement>(deleteButtonSelector(file.id))?.focus();
            };
            setToDelete(null);
          }
        }}
        title={toDelete ? `Delete ${toDelete.fileName}?` : ''}
        description="The file is removed from your gallery and from any share link that includes it. This cannot be undone."
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={deleteMedia.isPending}
        onConfirm={confirmDelete}
        needsConnection
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const focus = afterClose.current;
          afterClose.current = () => {};
          focus();
        }}
      />
    </div>
  );
}
