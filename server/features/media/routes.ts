import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MediaStorage } from '../../adapters/storage/types.js';
import type { GalleryService } from './gallery.js';
import { galleryRoutes } from './gallery-routes.js';
import { movieFileRoutes, movieRoutes } from './movie-routes.js';
import type { MovieService } from './movies.js';
import { sharedPageRoutes, shareRoutes } from './share-routes.js';
import type { ShareService } from './shares.js';
import { uploadRoutes } from './uploads/routes.js';
import type { UploadService } from './uploads/service.js';

export { MOVIES_PER_HOUR_PER_ADDRESS } from './movie-routes.js';

/**
 * The media API, one group of routes per job, in the order the OpenAPI document lists them. The
 * local storage's own upload URLs are `localUploadRoutes` (uploads/routes.ts).
 */
export const mediaRoutes: FastifyPluginAsyncZod<{
  storage: MediaStorage;
  uploads: UploadService;
  gallery: GalleryService;
  movies: MovieService;
  shares: ShareService;
}> = async (app, { storage, uploads, gallery, movies, shares }) => {
  await app.register(uploadRoutes, { uploads });
  await app.register(galleryRoutes, { gallery, storage });
  await app.register(movieRoutes, { movies });
  await app.register(movieFileRoutes, { movies, storage });
  await app.register(shareRoutes, { shares });
  await app.register(sharedPageRoutes, { shares, storage });
};
