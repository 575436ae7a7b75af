import { useEffect } from 'react';
import { formatFileSize, PRIORITY_THUMBNAILS } from '../../../contracts/media.values';
import type { SharedFile } from '../../../contracts/media';
import { LinkProblemNotice, linkProblem } from '../../components/ui/link-problem';
import { QueryError } from '../../components/ui/query-error';
import { ShowMore, useShowMore } from '../../components/ui/show-more';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime, formatShortDate, prepareDateFormats } from '../../lib/dates';
import { ReaderTime, useReaderDate } from '../../lib/reader-date';
import { useSharedPage } from './api';
import { CARDS_AT_A_TIME, filesText, kindLabel, TAB_ITEMS } from './gallery';
import { KindIcon, MediaThumbnail, MediaViewer } from './MediaViewer';

const GRID_CLASS = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';
const LOADING_CARDS = 4;

/** The public, read-only page of a share link: look and play, nothing else. */
export function SharedGallery({ token }: { token: string }) {
  const page = useSharedPage(token);
  const { limit, listRef, showMore } = useShowMore(CARDS_AT_A_TIME);
  useEffect(() => prepareDateFormats('shortDate', 'dateTime'), []);

  let content;
  if (page.isPending) {
    content = (
      <ul aria-hidden="true" className={GRID_CLASS}>
        {Array.from({ length: LOADING_CARDS }, (_, i) => (
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
  } else if (page.isError) {
    const problem = linkProblem(page.error);
    if (problem) {
      content = (
        <LinkProblemNotice
          problem={problem}
          link="share link"
          askAgain="Ask the person who sent it to share the files again."
        />
      );
    } else {
      content = (
        <QueryError
          query={page}
          title="The shared media could not be loaded"
          className="max-w-3xl"
        />
      );
    }
  } else {
    const { files, expiresAt } = page.data;
    content = (
      <>
        <p className="mb-4 text-slate-800">
          {filesText(files.length)}. This link expires on{' '}
          <ReaderTime iso={expiresAt} format={formatDateTime} withTime />.
        </p>
        {files.length === 0 ? (
          <p className="rounded-lg border border-slate-300 bg-slate-50 p-6 text-slate-800">
            The files in this link are no longer available.
          </p>
        ) : (
          <>
            <ul ref={listRef} className={GRID_CLASS}>
              {files.slice(0, limit).map((file, index) => (
                <li key={file.id}>
                  <SharedCard file={file} priority={index < PRIORITY_THUMBNAILS} />
                </li>
              ))}
            </ul>
            <ShowMore
              shown={Math.min(limit, files.length)}
              total={files.length}
              step={CARDS_AT_A_TIME}
              items={TAB_ITEMS.all}
              onShowMore={showMore}
            />
          </>
        )}
      </>
    );
  }

  return (
    <div aria-busy={page.isPending}>
      <p role="status" className="sr-only">
        {page.isPending ? 'Loading shared media' : ''}
      </p>
      {content}
    </div>
  );
}

function SharedCard({ file, priority }: { file: SharedFile; priority: boolean }) {
  const kind = kindLabel(file.fileType);
  const size = formatFileSize(file.fileSize);
  const takenOn = useReaderDate(file.capturedAt ?? '', formatShortDate);
  const taken = file.capturedAt ? takenOn : null;
  const details = [kind, size, taken ? `taken ${taken}` : null].filter(Boolean).join(', ');
  return (
    <article
      aria-label={file.fileName}
      className="flex h-full flex-col overflow-hidden rounded-lg border-2 border-slate-300 bg-white shadow-sm"
    >
      <MediaThumbnail file={file} priority={priority} />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h2 className="flex items-start gap-2 font-semibold text-slate-900">
          <KindIcon fileType={file.fileType} className="mt-0.5 size-5 shrink-0 text-slate-700" />
          <span className="min-w-0">{file.fileName}</span>
        </h2>
        <p className="text-sm text-slate-700">
          {kind} · {size}
          {taken ? (
            <>
              {' '}
              · Taken <time dateTime={file.capturedAt ?? undefined}>{taken}</time>
            </>
          ) : null}
        </p>
      </div>
      <div className="flex border-t border-slate-200 p-2">
        <MediaViewer file={file} details={details} />
      </div>
    </article>
  );
}
