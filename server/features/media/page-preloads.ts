import {
  cardPictureUrl,
  GALLERY_READS,
  PRIORITY_THUMBNAILS,
  sharedMediaApiPath,
} from '../../../contracts/media.values.js';
import { APP_ROUTES } from '../../../contracts/routes.js';
import type { PagePreloads, PreloadHint } from '../../plugins/spa.js';
import type { GalleryService } from './gallery.js';
import type { ShareService } from './shares.js';

interface Card {
  fileType: string;
  contentUrl: string;
  thumbnailUrl: string | null;
}

/** The pictures of the cards the gallery fetches at once (client: MediaThumbnail's `priority`). */
function firstPictures(cards: readonly Card[]): PreloadHint[] {
  return cards
    .slice(0, PRIORITY_THUMBNAILS)
    .flatMap((card) => cardPictureUrl(card) ?? [])
    .map((image) => ({ image }));
}

/**
 * The media pages show what their reads answer, and their largest element is a photo those
 * answers name: the page's own answer names both (spa plugin), so they arrive with the page's code.
 */
export function mediaPagePreloads(deps: {
  gallery: GalleryService;
  shares: ShareService;
}): PagePreloads {
  return {
    [APP_ROUTES.mediaGallery]: async (request) => {
      // A newcomer has no photos: no session is started to find that out.
      const visitorId = await request.findVisitorId();
      if (!visitorId) return [];
      return [
        ...GALLERY_READS.map((data) => ({ data })),
        ...firstPictures(await deps.gallery.list(visitorId, PRIORITY_THUMBNAILS)),
      ];
    },
    [APP_ROUTES.sharedMedia]: async (_request, { token }) =>
      token
        ? [
            { data: sharedMediaApiPath(token) },
            ...firstPictures((await deps.shares.page(token)).files),
          ]
        : [],
  };
}
