import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  isAppRoute,
  PRERENDERED_DIR,
  PRERENDERED_NOT_FOUND,
  PRERENDERED_ROUTES,
  prerenderedFile,
} from '../../contracts/routes.js';

export interface SpaPluginOptions {
  /** The Vite build output (index.html and assets/). */
  clientDist: string;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built single-page app, Brotli or gzip compressed when the browser accepts it. Hashed
 * files under /assets are cached for a year; pages are revalidated on every load so a deploy is
 * picked up at once. A route without a parameter, asked for without a query, gets its page as the
 * build pre-rendered it (scripts/prerender.ts); any other route gets index.html, the app shell, and
 * the client router shows the page. A path that is no route of the app gets the pre-rendered
 * not-found page with a 404 status. Unknown /api paths stay JSON 404s.
 */
async function spaPlugin(app: FastifyInstance, options: SpaPluginOptions) {
  const indexFile = path.join(options.clientDist, 'index.html');
  const hasClient = existsSync(indexFile);
  const built = (file: string) => existsSync(path.join(options.clientDist, file));
  const prerendered = new Map(
    PRERENDERED_ROUTES.map((route) => [route, prerenderedFile(route)] as const).filter(([, file]) =>
      built(file),
    ),
  );
  const notFoundPage = built(PRERENDERED_NOT_FOUND) ? PRERENDERED_NOT_FOUND : 'index.html';

  /** The file answering a page request, and its status. */
  function pageFor(url: string): { file: string; status: number } {
    const [pathname = '/', query] = url.split('?', 2);
    if (!isAppRoute(pathname)) return { file: notFoundPage, status: 404 };
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // A query can change what a page shows (a verification token, a month): the shell then.
    const file = query === undefined ? prerendered.get(route) : undefined;
    return { file: file ?? 'index.html', status: 200 };
  }

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.clientDist,
      // The pre-rendered pages are sent at their routes' addresses only.
      allowedPath: (_pathname, _root, request) => !request.url.startsWith(`/${PRERENDERED_DIR}/`),
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
      const page = pageFor(request.url);
      reply.header('cache-control', 'no-cache');
      return reply.code(page.status).sendFile(page.file, { cacheControl: false });
    }
    return reply.code(404).send({ message: 'Not Found' });
  });
}

export default fp(spaPlugin, { name: 'spa' });
