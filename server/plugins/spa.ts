import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type AppRoute,
  type AppRouteMatch,
  matchAppRoute,
  PRERENDERED_DIR,
  PRERENDERED_NOT_FOUND,
  PRERENDERED_ROUTES,
  prerenderedFile,
} from '../../contracts/routes.js';
import { AppError } from '../errors.js';

/**
 * What a page will need first, for this request: its answer names them in a `Link` preload header,
 * so the browser fetches them while the page's code loads, instead of after that code has run and
 * asked (the API reads whose answers the page shows, and the photos those answers name: a gallery's
 * largest element is one). Same-origin paths, exactly as the page's code asks for them: a path
 * spelt otherwise is fetched twice. A lookup that fails costs the hints, never the page.
 */
export type PreloadHint = { data: string } | { image: string };
export type PagePreloads = Partial<
  Record<
    AppRoute,
    (request: FastifyRequest, params: Record<string, string>) => Promise<PreloadHint[]>
  >
>;

export interface SpaPluginOptions {
  /** The Vite build output (index.html and assets/). */
  clientDist: string;
  pagePreloads?: PagePreloads;
}

/**
 * A read as the client's api.ts makes it (fetch with credentials 'include': CORS mode with
 * credentials), a picture as its <img fetchpriority="high"> asks for it: a hint that differs in
 * either is not used, and the file is fetched again.
 */
function preloadHeader(hints: readonly PreloadHint[]): string {
  return hints
    .map((hint) =>
      'data' in hint
        ? `<${samePath(hint.data)}>; rel=preload; as=fetch; crossorigin=use-credentials`
        : `<${samePath(hint.image)}>; rel=preload; as=image; fetchpriority=high`,
    )
    .join(', ');
}

/** A path of this site, already percent-encoded (as the client's code spells it). */
const SAME_ORIGIN_PATH = /^\/(?!\/)[\w\-.~%!$&'()*+,;=:@/]*$/;
function samePath(pathname: string): string {
  // Not named in the message: a share link's path is its secret.
  if (!SAME_ORIGIN_PATH.test(pathname)) {
    throw new Error('a preload hint that is no path of this site');
  }
  return pathname;
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

  /** The file answering a page request, its status, and the route it shows. */
  function pageFor(url: string): {
    file: string;
    status: number;
    page?: AppRouteMatch;
    query?: string;
  } {
    const [pathname = '/', query] = url.split('?', 2);
    const page = matchAppRoute(pathname);
    if (!page) return { file: notFoundPage, status: 404 };
    // A query can change what a page shows (a verification token, a month): the shell then.
    const file = query === undefined ? prerendered.get(page.route) : undefined;
    return { file: file ?? 'index.html', status: 200, page, query };
  }

  /** The Link header naming what the page needs first, if it names anything. */
  async function preloadsFor(
    request: FastifyRequest,
    page: AppRouteMatch,
  ): Promise<string | undefined> {
    const lookup = options.pagePreloads?.[page.route];
    if (!lookup) return undefined;
    try {
      const hints = await lookup(request, page.params);
      return hints.length > 0 ? preloadHeader(hints) : undefined;
    } catch (error) {
      // An unknown or expired link is the page's to explain; anything else is worth a look. Either
      // way the page is sent, without the hint.
      if (!(error instanceof AppError)) {
        request.log.warn({ err: error, route: page.route }, 'preload hints failed');
      }
      return undefined;
    }
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
      const answer = pageFor(request.url);
      // The hints are for what the page shows without a query (a tab or month may change it).
      const preloads =
        answer.page && answer.query === undefined
          ? await preloadsFor(request, answer.page)
          : undefined;
      if (preloads) {
        // Made for this request (a visitor's own photos): never kept by a shared cache.
        reply.header('link', preloads).header('cache-control', 'private, no-cache');
      } else {
        reply.header('cache-control', 'no-cache');
      }
      return reply.code(answer.status).sendFile(answer.file, { cacheControl: false });
    }
    return reply.code(404).send({ message: 'Not Found' });
  });
}

export default fp(spaPlugin, { name: 'spa' });
