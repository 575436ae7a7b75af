import { Check, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { formatFileSize } from '../../../contracts/media.values';
import type { MediaFile } from '../../../contracts/media';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatShortDate } from '../../lib/dates';
import { kindLabel } from './gallery';
import { KindIcon, MediaThumbnail, MediaViewer } from './MediaViewer';
import { useReaderDate } from '../../lib/reader-date';

/** Finds a card's controls again after the list changes (focus after a delete or a cancel). */
export const selectButtonSelector = (id: string) => `[data-select-media="${CSS.escape(id)}"]`;
export const deleteButtonSelector = (id: string) => `[data-delete-media="${CSS.escape(id)}"]`;

/**
 * Spec §2's media card: thumbnail, file-type icon, name, size and upload date. Clicking anywhere on
 * the card toggles its selection: the Select button is the one real control for that (a toggle
 * button, so keyboard and screen readers get its pressed state), and its hit area is stretched over
 * the whole card. View/Play and Delete sit above that area.
 */
export function MediaCard({
  file,
  selected,
  onToggle,
  onDelete,
  priority = false,
}: {
  file: MediaFile;
  selected: boolean;
  onToggle: () => void;
  onDelete: () => void;
  /** Near the top of the list: its picture is fetched at once. */
  priority?: boolean;
}) {
  const id = useId();
  const kind = kindLabel(file.fileType);
  const size = formatFileSize(file.fileSize);
  const date = useReaderDate(file.uploadedAt, formatShortDate);

  return (
    <article
      aria-labelledby={`${id}-name`}
      className={cn(
        'relative flex h-full flex-col overflow-hidden rounded-lg border-2 shadow-sm transition-colors',
        selected
          ? 'border-brand-700 bg-brand-50 ring-2 ring-brand-700'
          : 'border-slate-300 bg-white hover:border-slate-500',
      )}
    >
      <MediaThumbnail file={file} priority={priority} />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 id={`${id}-name`} className="flex items-start gap-2 font-semibold text-slate-900">
          <KindIcon fileType={file.fileType} className="mt-0.5 size-5 shrink-0 text-slate-700" />
          <span className="min-w-0">{file.fileName}</span>
        </h3>
        <p className="text-sm text-slate-700">
          {kind} · {size} · Uploaded <time dateTime={file.uploadedAt}>{date}</time>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 p-2">
        <button
          type="button"
          aria-pressed={selected}
          data-select-media={file.id}
          onClick={onToggle}
          className={cn(
            'inline-flex min-h-9 items-center gap-2 rounded-md px-2 text-sm font-semibold text-slate-900 hover:bg-slate-100',
            // The stretched hit area: a click anywhere on the card lands on this button.
            "after:absolute after:inset-0 after:content-['']",
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-flex size-5 items-center justify-center rounded border-2',
              selected ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-600 bg-white',
            )}
          >
            {selected ? <Check className="size-4" strokeWidth={3} /> : null}
          </span>
          Select<span className="sr-only"> {file.fileName}</span>
        </button>
        <div className="relative z-10 ml-auto flex flex-wrap gap-2">
          <MediaViewer file={file} details={`${kind}, ${size}, uploaded ${date}`} />
          <Button
            variant="ghostDestructive"
            size="sm"
            data-delete-media={file.id}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete<span className="sr-only"> {file.fileName}</span>
          </Button>
        </div>
      </div>
    </article>
  );
}
