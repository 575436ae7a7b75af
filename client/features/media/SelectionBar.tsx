import { Clapperboard, Share2, X } from 'lucide-react';
import type { RefObject } from 'react';
import type { Movie } from '../../../contracts/media';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { MEDIA_TOASTS } from './api';
import { CreateMovieDialog } from './CreateMovieDialog';
import { selectedText } from './gallery';
import { ShareDialog } from './ShareDialog';

/** What can be done with the selected files: clear the selection, make a movie, share them. */
export function SelectionBar({
  selectedIds,
  onClear,
  onMovieCreated,
  movieHeadingRef,
}: {
  selectedIds: string[];
  onClear: () => void;
  onMovieCreated: (movie: Movie) => void;
  /** Where focus goes once the movie is made: the movie section's heading. */
  movieHeadingRef: RefObject<HTMLHeadingElement | null>;
}) {
  function noneSelected(description: string): boolean {
    if (selectedIds.length > 0) return false;
    toast({ variant: 'destructive', title: MEDIA_TOASTS.noFiles, description });
    return true;
  }

  return (
    <div
      role="region"
      aria-label="Selected media"
      className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border-2 border-brand-700 bg-brand-50 p-3"
    >
      <p className="mr-auto font-semibold text-slate-900">{selectedText(selectedIds.length)}</p>
      <Button variant="secondary" onClick={onClear}>
        <X aria-hidden="true" className="size-5" />
        Clear Selection
      </Button>
      <CreateMovieDialog
        mediaIds={selectedIds}
        beforeOpen={() => !noneSelected(MEDIA_TOASTS.noFilesMovie)}
        onCreated={onMovieCreated}
        focusAfterCreate={movieHeadingRef}
        trigger={
          <Button>
            <Clapperboard aria-hidden="true" className="size-5" />
            Create AI Movie
          </Button>
        }
      />
      <ShareDialog
        mediaIds={selectedIds}
        beforeOpen={() => !noneSelected(MEDIA_TOASTS.noFilesShare)}
        trigger={
          <Button>
            <Share2 aria-hidden="true" className="size-5" />
            Share
          </Button>
        }
      />
    </div>
  );
}
