import { cardPictureUrl, PRIORITY_THUMBNAILS } from '../../../contracts/media.values.js';
import { APP_ROUTES } from '../../../contracts/routes.js';
import type { PagePreloads } from '../../plugins/spa.js';
import type { createMediaService } from './service.js';
import type { createShareService } from './shares.js';

interface Card {
  fileType: string;
  contentUrl: string;
  thumbnailUrl: string | null;
}

/** The pictures of the cards the gallery fetches at once (client: MediaThumbnail's `priority`). */
function firstPictures(cards: readonly Card[]): string[] {
  return cards.slice(0, PRIORITY_THUMBNAILS).flatMap((card) => cardPictureUrl(card) ?? []);
}

/**
 * The media pages' largest element is a photo that the page learns of only from its data: the
 * page's own answer names the first ones (spa plugin), so they arrive with the page's code.
 */
export function mediaPagePreloads(deps: {
  media: ReturnType<typeof createMediaService>;
  shares: ReturnType<typeof createShareService>;
}): PagePreloads {
  return {
    // A newcomer has no photos: no session is started to find that out.
    [APP_ROUTES.mediaGallery]: async (request) => {
      const visitorId = await request.findVisitorId();
      return visitorId ? firstPictures(await deps.media.list(visitorId, PRIORITY_THUMBNAILS)) : [];
    },
    [APP_ROUTES.sharedMedia]: async (_request, { token }) =>
      token ? firstPictures((await deps.shares.page(token)).files) : [],
  };
}
