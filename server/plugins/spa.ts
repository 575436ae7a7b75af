import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isAppRoute } from '../../contracts/routes.js';

export interface SpaPluginOptions {
  /** The Vite build output (index.html and assets/). */
  clientDist: string;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built single-page app, Brotli or gzip compressed when the browser accepts it. Hashed
 * files under /assets are cached for a year; index.html is revalidated on every load so a deploy
 * is picked up at once. Any path that is not a file and not under /api gets index.html, and the
 * client router shows the page; a path that is no route of the app gets the same shell with a 404
 * status, and the client shows its 404 page. Unknown /api paths stay JSON 404s.
 */
async function spaPlugin(app: FastifyInstance, options: SpaPluginOptions) {
  const indexFile = path.join(options.clientDist, 'index.html');
  const hasClient = existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.clientDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz copies of its text files (vite.config.ts): sent to browsers
      // that accept them, with no compressing per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('vary', 'accept-encoding');
        res.setHeader(
          'cache-control',
          isHashedAsset ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ clientDist: options.clientDist }, 'client build not found: run `npm run build`');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.code(404).send({ message: `Not Found: ${request.method} ${pathname}` });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && hasClient) {
      // A static file that is missing (a stale hashed asset) is a real 404, not the app shell.
      if (pathname.startsWith('/assets/')) return reply.code(404).send({ message: 'Not Found' });
      reply.header('cache-control', 'no-cache');
      if (!isAppRoute(pathname)) reply.code(404);
      return reply.sendFile('index.html', { cacheControl: false });
    }
    return reply.code(404).send({ message: 'Not Found' });
  });
}

export default fp(spaPlugin, { name: 'spa' });
