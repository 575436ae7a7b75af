import { Eye, FileImage, FileVideo, File as FileIcon, Play } from 'lucide-react';
import { useState } from 'react';
import { cardPictureUrl, formatFileSize, mediaKind } from '../../../contracts/media.values';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';
import { kindLabel, mediaAlt } from './gallery';

/** What the viewer and the thumbnail need of a file: the owner's files and shared ones alike. */
export interface ViewableMedia {
  id: string;
  fileName: string;
  fileType: string;
  fileSize: number | null;
  description: string;
  contentUrl: string;
  thumbnailUrl: string | null;
  /** The owner's files only: the thumbnail is still being made. */
  processing?: boolean;
}

/** The file-type icon (decorative: the kind is always also written out). */
export function KindIcon({ fileType, className }: { fileType: string; className?: string }) {
  const kind = mediaKind(fileType);
  if (kind === 'image') return <FileImage aria-hidden="true" className={className} />;
  if (kind === 'video') return <FileVideo aria-hidden="true" className={className} />;
  return <FileIcon aria-hidden="true" className={className} />;
}

/**
 * A file's picture on its card: the server's small JPEG, else the photo itself, else an icon (a
 * video without a poster frame, or a picture that fails to load). Pictures further down are
 * fetched as the reader scrolls to them; a `priority` one (near the top) at once.
 */
export function MediaThumbnail({
  file,
  className,
  priority = false,
}: {
  file: ViewableMedia;
  className?: string;
  priority?: boolean;
}) {
  const src = cardPictureUrl(file);
  const [failed, setFailed] = useState(false);
  return (
    <div
      className={cn(
        'flex aspect-[4/3] items-center justify-center overflow-hidden bg-slate-100',
        className,
      )}
    >
      {src && !failed ? (
        <img
          src={src}
          alt={mediaAlt(file)}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailed(true)}
        />
      ) : file.processing ? (
        <p className="flex flex-col items-center gap-2 p-2 text-center text-sm text-slate-700">
          <KindIcon
            fileType={file.fileType}
            className="size-10 text-slate-500 motion-safe:animate-pulse"
          />
          Preparing preview…
        </p>
      ) : (
        <KindIcon fileType={file.fileType} className="size-16 text-slate-500" />
      )}
    </div>
  );
}

/**
 * The "View" (photo) or "Play" (video) button and its dialog: the photo at full size with its text
 * alternative, or the video with the browser's own controls (keyboard operable, seekable: the
 * content URL answers Range requests).
 */
export function MediaViewer({
  file,
  details,
  className,
}: {
  file: ViewableMedia;
  /** A line under the picture: size, dates. */
  details?: string;
  className?: string;
}) {
  const kind = mediaKind(file.fileType);
  const isVideo = kind === 'video';
  const TriggerIcon = isVideo ? Play : Eye;
  const alt = mediaAlt(file);
  const description = file.description.trim();
  const line = details ?? `${kindLabel(file.fileType)}, ${formatFileSize(file.fileSize)}`;

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" className={className}>
          <TriggerIcon aria-hidden="true" className="size-4" />
          {isVideo ? 'Play' : 'View'}
          <span className="sr-only"> {file.fileName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent title={file.fileName} size="4xl">
        <figure className="grid gap-3">
          {isVideo ? (
            // The visitor's own footage: no captions exist for it; its description is shown below.
            // eslint-disable-next-line jsx-a11y/media-has-caption
            <video
              controls
              preload="metadata"
              src={file.contentUrl}
              aria-label={alt}
              className="max-h-[70dvh] w-full rounded-md bg-black"
            >
              Your browser cannot play this video.{' '}
              <a href={file.contentUrl} download={file.fileName}>
                Download {file.fileName}
              </a>
            </video>
          ) : kind === 'image' ? (
            <img
              src={file.contentUrl}
              alt={alt}
              className="max-h-[70dvh] w-full rounded-md bg-slate-100 object-contain"
            />
          ) : (
            <a
              href={file.contentUrl}
              download={file.fileName}
              className="font-semibold text-brand-800 underline"
            >
              Download {file.fileName}
            </a>
          )}
          <figcaption className="grid gap-1 text-slate-800">
            {description ? (
              <span>
                <span className="font-semibold">Description: </span>
                {description}
              </span>
            ) : null}
            <span className="text-sm text-slate-700">{line}</span>
          </figcaption>
        </figure>
      </DialogContent>
    </Dialog>
  );
}
