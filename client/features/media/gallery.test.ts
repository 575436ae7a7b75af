import { describe, expect, it } from 'vitest';
import {
  countMedia,
  filterMedia,
  isMediaTab,
  kindLabel,
  mediaAlt,
  percentText,
  pruneSelection,
  renderMilestone,
  selectionAnnouncement,
  shareState,
  tabLabel,
  toggleSelection,
} from './gallery';

const files = [
  { id: 'a', fileType: 'image/jpeg' },
  { id: 'b', fileType: 'video/mp4' },
  { id: 'c', fileType: 'image/png' },
  { id: 'd', fileType: 'application/pdf' },
];

describe('tabs', () => {
  it('counts photos (image/*) and videos (video/*); All counts everything', () => {
    expect(countMedia(files)).toEqual({ all: 4, photos: 2, videos: 1 });
    expect(countMedia([])).toEqual({ all: 0, photos: 0, videos: 0 });
  });

  it('filters by the type prefix, keeping the server order', () => {
    expect(filterMedia(files, 'photos').map((f) => f.id)).toEqual(['a', 'c']);
    expect(filterMedia(files, 'videos').map((f) => f.id)).toEqual(['b']);
    expect(filterMedia(files, 'all').map((f) => f.id)).toEqual(['a', 'b', 'c', 'd']);
    // "imagery/x" is not an image: the prefix includes the slash.
    expect(filterMedia([{ fileType: 'imagery/x' }], 'photos')).toEqual([]);
  });

  it("labels tabs with spec §2's names and counts", () => {
    const counts = countMedia(files);
    expect(tabLabel('all', counts)).toBe('All Media (4)');
    expect(tabLabel('photos', counts)).toBe('Photos (2)');
    expect(tabLabel('videos', counts)).toBe('Videos (1)');
  });

  it('knows its own tab values', () => {
    expect(isMediaTab('photos')).toBe(true);
    expect(isMediaTab('audio')).toBe(false);
  });
});

describe('mediaAlt', () => {
  it("uses the visitor's description as the photo's text alternative", () => {
    expect(
      mediaAlt({
        fileName: 'beach.jpg',
        fileType: 'image/jpeg',
        description: '  Sunset at Bondi ',
      }),
    ).toBe('Sunset at Bondi');
  });

  it('falls back to the kind and the file name', () => {
    expect(mediaAlt({ fileName: 'beach.jpg', fileType: 'image/jpeg', description: ' ' })).toBe(
      'Photo: beach.jpg',
    );
    expect(mediaAlt({ fileName: 'surf.mp4', fileType: 'video/mp4', description: '' })).toBe(
      'Video: surf.mp4',
    );
    expect(kindLabel('text/plain')).toBe('File');
  });
});

describe('selection', () => {
  it('toggles an id without changing the original set', () => {
    const none = new Set<string>();
    const one = toggleSelection(none, 'a');
    expect([...one]).toEqual(['a']);
    expect(none.size).toBe(0);
    expect(toggleSelection(one, 'a').size).toBe(0);
  });

  it('drops ids of files that are gone, and keeps the same set when nothing changed', () => {
    const chosen = new Set(['a', 'b']);
    expect(pruneSelection(chosen, files)).toBe(chosen);
    expect([...pruneSelection(chosen, [{ id: 'b' }])]).toEqual(['b']);
    const empty = new Set<string>();
    expect(pruneSelection(empty, [])).toBe(empty);
  });

  it('announces the count, and an emptied selection', () => {
    expect(selectionAnnouncement(3)).toBe('3 selected');
    expect(selectionAnnouncement(0)).toBe('Selection cleared');
  });
});

describe('render progress', () => {
  it('reports progress by quarters, not by every poll', () => {
    expect(renderMilestone(0)).toBe(0);
    expect(renderMilestone(0.24)).toBe(0);
    expect(renderMilestone(0.25)).toBe(25);
    expect(renderMilestone(0.74)).toBe(50);
    expect(renderMilestone(1)).toBe(100);
    expect(renderMilestone(1.5)).toBe(100);
    expect(renderMilestone(-1)).toBe(0);
  });

  it('shows whole percents', () => {
    expect(percentText(0.426)).toBe('43%');
    expect(percentText(2)).toBe('100%');
  });
});

describe('shareState', () => {
  const now = Date.parse('2026-11-21T12:00:00.000Z');
  it('is active until it expires, and revoked wins over expired', () => {
    expect(shareState({ expiresAt: '2026-11-28T12:00:00.000Z', revokedAt: null }, now)).toBe(
      'active',
    );
    expect(shareState({ expiresAt: '2026-11-21T12:00:00.000Z', revokedAt: null }, now)).toBe(
      'expired',
    );
    expect(
      shareState(
        { expiresAt: '2026-11-01T00:00:00.000Z', revokedAt: '2026-10-30T00:00:00.000Z' },
        now,
      ),
    ).toBe('revoked');
  });
});
