import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type AppRoute,
  type AppRouteMatch,
  matchAppRoute,
  PAGE_TEMPLATE,
  PRERENDERED_DIR,
  PRERENDERED_NOT_FOUND,
  PRERENDERED_ROUTES,
  prerenderedFile,
  SERVER_RENDER_ENTRY,
} from '../../contracts/routes.js';
import { EncodedBody, sendEncoded } from '../encoded-body.js';
import { AppError, ServiceUnavailable } from '../errors.js';
import { createWorkerPool } from '../workers/pool.js';
import type { RenderTask } from './render-worker.js';
import { addressLimiter, perMinute } from './limits.js';

/**
 * Pages made with reads (a shared trip or gallery, a receipt, the gallery: those with a
 * `pagePreloads` lookup) one address may be sent a minute, per page: people open such a page now
 * and then, and even a family or office behind one address opens few a minute. Past it, the page is
 * sent as the app shell, with no lookup and no rendering (a file read); it still works, its reads
 * then made by the browser under the API's own limits. Rendering a large trip or gallery costs
 * up to seconds of the event loop (issue 25), so that work is bounded per address.
 */
export const RENDERED_PAGES_PER_MINUTE_PER_ADDRESS = 60;

/**
 * What a page will need first, for this request: the API reads whose answers the page shows, and
 * the photos those answers name (a gallery's largest element is one). The server renders the page
 * with the reads' answers in it (see renderWithReads below), and its answer names the photos in a
 * `Link` preload header, so the browser fetches them while the page's code loads; where the page is
 * not rendered here, the header names the reads too. `fetch` names a read the page makes once its
 * code has chosen what to show (the planner's trip and month): only preloaded, never rendered
 * with, and the one kind named for an address with a query, which the lookup is given (the other
 * hints are for the page without one). Same-origin paths, exactly as the page's code asks for
 * them: a path spelt otherwise is fetched twice. A lookup names a visitor's own reads only for a
 * returning visitor (a read would start a session). A lookup that fails costs the hints, never the
 * page.
 */
export type PreloadHint = { data: string } | { image: string } | { fetch: string };
export type PagePreloads = Partial<
  Record<
    AppRoute,
    (
      request: FastifyRequest,
      params: Record<string, string>,
      query: URLSearchParams,
    ) => Promise<PreloadHint[]>
  >
>;

export interface SpaPluginOptions {
  /** The Vite build output (index.html and assets/). */
  clientDist: string;
  pagePreloads?: PagePreloads;
  /** Pages search engines must not list (share links): their HTML gets a robots meta. */
  unlistedRoutes?: readonly AppRoute[];
}

/** Beside the X-Robots-Tag header, for a page saved or served on by something that drops it. */
const ROBOTS_META = '<meta name="robots" content="noindex, nofollow">';

/** The page with the robots meta first in its head (before <title> when there is no <head>). */
export function withRobotsMeta(html: string): string {
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (head) return html.replace(head[0], () => `${head[0]}${ROBOTS_META}`);
  return html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${ROBOTS_META}`);
}

/**
 * A read as the client's api.ts makes it (fetch with credentials 'include': CORS mode with
 * credentials), a picture as its <img fetchpriority="high"> asks for it: a hint that differs in
 * either is not used, and the file is fetched again.
 */
function preloadHeader(hints: readonly PreloadHint[]): string {
  return hints
    .map((hint) =>
      'image' in hint
        ? `<${hint.image}>; rel=preload; as=image; fetchpriority=high`
        : `<${hintPath(hint)}>; rel=preload; as=fetch; crossorigin=use-credentials`,
    )
    .join(', ');
}

const hintPath = (hint: PreloadHint) =>
  'image' in hint ? hint.image : 'data' in hint ? hint.data : hint.fetch;

/**
 * The largest read answer a page is rendered here with: a typical trip or gallery is a few tens of
 * kilobytes; rendering one of several hundred takes the server a large part of a second.
 */
const PAGE_READ_MAX_BYTES = 128 * 1024;
/**
 * Pages being rendered or waiting for a thread, per process: past it a page is sent as the app
 * shell at once, rather than waiting behind a flood of renders.
 */
const PAGE_RENDERS_QUEUED_MAX = 8;
/**
 * A read's answer as text when it is at most PAGE_READ_MAX_BYTES, else undefined: a very large
 * read (a trip at its item cap, a full gallery) would make the render cost the server more than
 * the page is worth, and the browser renders that one itself. A larger answer is read to its end
 * (so that its request finishes) and kept nowhere.
 */
async function smallPayload(stream: Readable): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size <= PAGE_READ_MAX_BYTES) chunks.push(chunk);
  }
  return size <= PAGE_READ_MAX_BYTES ? Buffer.concat(chunks).toString() : undefined;
}

/** A path of this site with its query, if any, already percent-encoded (as the client spells it). */
const SAME_ORIGIN_PATH = /^\/(?!\/)[\w\-.~%!$&'()*+,;=:@/]*(?:\?[\w\-.~%!$&'()*+,;=:@/?]*)?$/;

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The pool that renders pages with their data (./render-worker.ts), when the build made the
 * server build of the app and the page template.
 */
function createRenderer(clientDist: string) {
  const entry = path.resolve(clientDist, SERVER_RENDER_ENTRY);
  const template = path.join(clientDist, PAGE_TEMPLATE);
  if (!existsSync(entry) || !existsSync(template)) return undefined;
  const pool = createWorkerPool<RenderTask, string | null>({
    module: new URL('./render-worker.js', import.meta.url),
    name: 'page-render',
    maxQueue: PAGE_RENDERS_QUEUED_MAX,
    // Never told to anyone: a page the pool cannot take now is sent as the app shell.
    busyMessage: 'rendering pages is busy',
    timeoutMs: 5_000,
    heapMb: 256,
    keepWarm: true,
  });
  return {
    render: (url: string, answers: Record<string, string>) =>
      pool.run({ entry, template, url, answers }),
    close: () => pool.close(),
  };
}

const HTML_TYPE = 'text/html; charset=utf-8';

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
  const pageLimits = new Map(
    Object.keys(options.pagePreloads ?? {}).map((route) => [
      route,
      addressLimiter(
        app,
        { method: 'GET', url: route },
        perMinute(RENDERED_PAGES_PER_MINUTE_PER_ADDRESS),
      ),
    ]),
  );

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

  /** What the page needs first, if the route names anything and the address may have it made. */
  async function hintsFor(
    request: FastifyRequest,
    page: AppRouteMatch,
    query: string | undefined,
  ): Promise<PreloadHint[]> {
    const lookup = options.pagePreloads?.[page.route];
    if (!lookup) return [];
    if ((await pageLimits.get(page.route)?.(request)) !== 0) return [];
    try {
      const hints = await lookup(request, page.params, new URLSearchParams(query));
      // Only paths of this site go into the header (the header could otherwise be broken).
      const paths = hints.filter((hint) => SAME_ORIGIN_PATH.test(hintPath(hint)));
      if (paths.length < hints.length) {
        // Not named: a share link's path is its secret.
        request.log.warn({ route: page.route }, 'a preload hint that is no path of this site');
      }
      return query === undefined ? paths : paths.filter((hint) => 'fetch' in hint);
    } catch (error) {
      // An unknown or expired link is the page's to explain; anything else is worth a look. Either
      // way the page is sent, without the hint.
      if (!(error instanceof AppError)) {
        request.log.warn({ err: error, route: page.route }, 'preload hints failed');
      }
      return [];
    }
  }

  const renderer = hasClient ? createRenderer(options.clientDist) : undefined;
  if (renderer) app.addHook('onClose', () => renderer.close());
  const unlisted = new Set<AppRoute>(options.unlistedRoutes ?? []);
  /** The app shell with the robots meta, read when an unlisted page is first asked for. */
  let unlistedShell: Promise<EncodedBody> | undefined;

  /**
   * The page rendered here with the answers of its reads, as the visitor's browser would render
   * it once they had come: it is on screen with the visitor's records before any script has run.
   * Each read is asked of this server as the browser would ask it (the visitor's cookie, address
   * and rate limits), and the page holds the answers, so the browser does not ask again. Undefined
   * when a read did not answer 200 or rendering failed: the page is then rendered in the browser.
   */
  async function renderWithReads(
    request: FastifyRequest,
    reads: readonly string[],
  ): Promise<string | undefined> {
    if (!renderer || reads.length === 0) return undefined;
    const cookie = request.headers.cookie;
    try {
      const answers = await Promise.all(
        reads.map(async (url) => {
          const answer = await app.inject({
            method: 'GET',
            url,
            remoteAddress: request.ip,
            // Plain JSON, not gzip: the read is for this process, not a network.
            headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) },
            // Read as it comes: a very large answer is not copied and decoded to be dropped.
            payloadAsStream: true,
          });
          const json = await smallPayload(answer.stream());
          return answer.statusCode === 200 && json !== undefined
            ? ([url, json] as const)
            : undefined;
        }),
      );
      if (answers.some((answer) => answer === undefined)) return undefined;
      const page = await renderer.render(
        request.url,
        Object.fromEntries(answers as [string, string][]),
      );
      return page ?? undefined;
    } catch (error) {
      // A busy pool sends the shell without a word; anything else is worth a look.
      if (!(error instanceof ServiceUnavailable)) {
        request.log.warn(
          { err: error, url: request.url },
          'rendering a page with its reads failed',
        );
      }
      return undefined;
    }
  }

  /** A page made for this request, gzipped when the browser accepts it. */
  const sendRendered = (request: FastifyRequest, reply: FastifyReply, html: string) =>
    sendEncoded(request, reply, new EncodedBody(Buffer.from(html)), HTML_TYPE);

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.clientDist,
      // The pre-rendered pages are sent at their routes' addresses only.
      allowedPath: (_pathname, _root, request) => !request.url.startsWith(`/${PRERENDERED_DIR}/`),
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz copies of its text files (vite.config.ts): sent to browsers
      // that accept them, with no compressing per request. The plugin adds `Vary: accept-encoding`.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // A page the not-found handler sends has its own (`private` when made for this visitor).
        if (reply.hasHeader('cache-control')) return;
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
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
      const hints = answer.page ? await hintsFor(request, answer.page, answer.query) : [];
      const reads = hints.flatMap((hint) => ('data' in hint ? [hint.data] : []));
      const rendered = await renderWithReads(request, reads);
      // Rendered here, the page holds its reads' answers: only its photos are left to preload.
      const preloads = rendered ? hints.filter((hint) => !('data' in hint)) : hints;
      if (preloads.length > 0) reply.header('link', preloadHeader(preloads));
      // Made for this request (a visitor's own photos): never kept by a shared cache.
      reply.header('cache-control', hints.length > 0 ? 'private, no-cache' : 'no-cache');
      if (answer.page && unlisted.has(answer.page.route)) {
        // Never pre-rendered (a route with a parameter): the rendered page, or the shell.
        if (rendered)
          return sendRendered(request, reply.code(answer.status), withRobotsMeta(rendered));
        // The same for everyone: made and gzipped once.
        unlistedShell ??= readFile(indexFile, 'utf8').then(
          (html) => new EncodedBody(Buffer.from(withRobotsMeta(html))),
        );
        return sendEncoded(request, reply.code(answer.status), await unlistedShell, HTML_TYPE);
      }
      if (rendered) return sendRendered(request, reply, rendered);
      return reply.code(answer.status).sendFile(answer.file, { cacheControl: false });
    }
    return reply.code(404).send({ message: 'Not Found' });
  });
}

export default fp(spaPlugin, { name: 'spa', dependencies: ['@fastify/rate-limit'] });
