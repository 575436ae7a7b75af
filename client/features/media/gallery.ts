import { mediaKind } from '../../../contracts/media.values';
import type { MediaKind, MovieRenderStatus, Share } from '../../../contracts/media';

/**
 * The gallery's pure rules: which tab shows which file, what the tabs and the selection bar say,
 * and what a photo's text alternative is (dates: lib/dates.ts). No React here, so it is unit tested.
 */

export const MEDIA_TABS = ['all', 'photos', 'videos'] as const;
export type MediaTab = (typeof MEDIA_TABS)[number];

/** Spec §2's tab names, verbatim. */
export const MEDIA_TAB_LABELS: Record<MediaTab, string> = {
  all: 'All Media',
  photos: 'Photos',
  videos: 'Videos',
};

const TAB_KIND: Record<MediaTab, MediaKind | null> = {
  all: null,
  photos: 'image',
  videos: 'video',
};

export function isMediaTab(value: string): value is MediaTab {
  return (MEDIA_TABS as readonly string[]).includes(value);
}

type Typed = { fileType: string };

/** How many files each tab holds. */
export function countMedia(files: readonly Typed[]): Record<MediaTab, number> {
  let photos = 0;
  let videos = 0;
  for (const file of files) {
    const kind = mediaKind(file.fileType);
    if (kind === 'image') photos++;
    else if (kind === 'video') videos++;
  }
  return { all: files.length, photos, videos };
}

/** The files a tab shows, in the order given (the server's newest first). */
export function filterMedia<T extends Typed>(files: readonly T[], tab: MediaTab): T[] {
  const kind = TAB_KIND[tab];
  return kind === null ? [...files] : files.filter((file) => mediaKind(file.fileType) === kind);
}

/** "All Media (3)", "Photos (2)", "Videos (1)". */
export function tabLabel(tab: MediaTab, counts: Record<MediaTab, number>): string {
  return `${MEDIA_TAB_LABELS[tab]} (${counts[tab]})`;
}

/**
 * Cards rendered at first, and added by each "Show more": a screenful and more at every width
 * (three columns of four on a desktop), so a large gallery costs its first render no more.
 */
export const CARDS_AT_A_TIME = 12;

/** How a tab's files are named in "Showing 12 of 100 …". */
export const TAB_ITEMS: Record<MediaTab, string> = {
  all: 'photos and videos',
  photos: 'photos',
  videos: 'videos',
};

/** What a tab with nothing in it says (the whole gallery's empty state is spec §2's own). */
export const EMPTY_TAB_TEXT: Record<MediaTab, string> = {
  all: 'No media files yet',
  photos: 'No photos yet',
  videos: 'No videos yet',
};

/** "Photo", "Video", or "File" for a type the gallery does not know. */
export function kindLabel(fileType: string): string {
  const kind = mediaKind(fileType);
  return kind === 'image' ? 'Photo' : kind === 'video' ? 'Video' : 'File';
}

/**
 * A photo's text alternative: what the visitor wrote when uploading it, else its kind and name
 * ("Photo: beach.jpg"), so an undescribed photo still says which one it is.
 */
export function mediaAlt(file: { fileName: string; fileType: string; description: string }) {
  const described = file.description.trim();
  return described || `${kindLabel(file.fileType)}: ${file.fileName}`;
}

/** Flips one id in the selection; a new set, so React sees the change. */
export function toggleSelection(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * Drops ids of files that are gone (deleted here or in another tab). Returns the same set when
 * nothing changed, so a state update with it is a no-op.
 */
export function pruneSelection<T extends ReadonlySet<string>>(
  selected: T,
  files: readonly { id: string }[],
): T | Set<string> {
  if (selected.size === 0) return selected;
  const present = new Set(files.map((file) => file.id));
  const kept = [...selected].filter((id) => present.has(id));
  return kept.length === selected.size ? selected : new Set(kept);
}

/** The selection bar's count (spec §2: "N selected"). */
export function selectedText(count: number): string {
  return `${count} selected`;
}

/** What the polite status says when the selection changes (and once it empties). */
export function selectionAnnouncement(count: number): string {
  return count === 0 ? 'Selection cleared' : selectedText(count);
}

/** A file count as a badge says it ("1 file", "3 files"). */
export function filesText(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'}`;
}

/**
 * The progress a screen reader hears while a movie renders: every quarter, not every tick of the
 * poll (which would talk over everything else). Returns the last milestone reached, 0 to 100.
 */
export const RENDER_MILESTONE_STEP = 25;
export function renderMilestone(progress: number): number {
  const percent = Math.min(100, Math.max(0, progress * 100));
  return Math.floor(percent / RENDER_MILESTONE_STEP) * RENDER_MILESTONE_STEP;
}

/** A progress fraction as a whole percent ("42%"). */
export function percentText(progress: number): string {
  return `${Math.round(Math.min(1, Math.max(0, progress)) * 100)}%`;
}

/** The server is still working on the video: keep asking. */
export function isRendering(status: MovieRenderStatus): boolean {
  return status === 'queued' || status === 'rendering';
}

export type ShareState = 'active' | 'expired' | 'revoked';

/** Whether a share link still opens: revoked beats expired. */
export function shareState(
  share: Pick<Share, 'expiresAt' | 'revokedAt'>,
  now = Date.now(),
): ShareState {
  if (share.revokedAt) return 'revoked';
  const expires = new Date(share.expiresAt).getTime();
  return Number.isFinite(expires) && expires <= now ? 'expired' : 'active';
}
