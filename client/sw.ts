/// <reference lib="webworker" />
/*
 * The site's service worker (docs/decisions/030), built by vite-plugin-pwa from this file with
 * Workbox: it makes the site installable and lets it open without a network.
 *
 * - The app shell (index.html), the icons and the manifest are precached at install, under
 *   revisions the build computes, so a new build replaces them and removes the old ones.
 * - Navigations: network first; without a network (or after NAVIGATION_TIMEOUT_SECONDS of a bad
 *   signal), the page as last seen if it was safe to keep, else the app shell, which starts the app
 *   and renders the route in the browser. A page the server marks `no-store` is never kept; a
 *   visitor's own pages (`private`) are, on their device, until the browser signs in or out
 *   (client/features/account/api.ts empties SAVED_PAGES_CACHE then).
 * - /assets/*: Vite's hashed, immutable files, cache first, kept as they are used.
 * - The emergency page's two reads: network first; offline, the saved copy marked with
 *   OFFLINE_HEADER, so the page says it is offline and when the numbers were saved.
 * - The Travel Safety Kit (a PDF): network first into a cache of its own, the last MAX_KITS kits
 *   downloaded, marked with OFFLINE_HEADER when answered from it (docs/decisions/034). The kit of
 *   "the countries of my trips" is the visitor's own: SAFETY_KIT_CACHE is emptied with the pages
 *   when the browser signs in or out. The Emergency page reads the cache to say offline which kit
 *   is on the device.
 * Everything else (other API calls, every write, other origins) goes to the network untouched.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import { SAFETY_KIT_PATH } from '../contracts/emergency.values';
import {
  OFFLINE_HEADER,
  OFFLINE_VALUE,
  SAFETY_KIT_CACHE,
  SAVE_FOR_OFFLINE,
  SAVED_PAGES_CACHE,
} from '../contracts/offline';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const ASSET_CACHE = 'assets-v1';
const PAGE_CACHE = SAVED_PAGES_CACHE;
const DATA_CACHE = 'emergency-data-v1';
const SHELL = 'index.html';
/** A navigation waiting longer than this on a weak signal is answered from what was saved. */
const NAVIGATION_TIMEOUT_SECONDS = 4;
/** Hashed files pile up across releases; this many is every chunk of a few builds. */
const MAX_ASSETS = 300;
const MAX_PAGES = 50;
const DATA_PATHS = new Set(['/api/emergency-contacts', '/api/help-lines']);
/**
 * Kits are kept per choice (countries and paper): a traveller keeps a few (their trips', a
 * country or two, each paper); a PDF is some hundreds of kilobytes.
 */
const MAX_KITS = 10;

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const isAsset = (url: URL) => sameOrigin(url) && url.pathname.startsWith('/assets/');
const isData = (url: URL) => sameOrigin(url) && url.search === '' && DATA_PATHS.has(url.pathname);
const isSafetyKit = (url: URL) => sameOrigin(url) && url.pathname === SAFETY_KIT_PATH;

/** A page the server marked `no-store` (it holds a visitor's data) is not kept on the device. */
const keepOnlyStorable: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && !/no-store/i.test(response.headers.get('cache-control') ?? '')
      ? response
      : null,
};

/** A saved copy answered offline says so: the page shows it as saved, with its date. */
const markOffline: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE_HEADER, OFFLINE_VALUE);
    return new Response(await cachedResponse.blob(), {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const assets = new CacheFirst({
  cacheName: ASSET_CACHE,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: MAX_ASSETS, purgeOnQuotaError: true }),
  ],
});
registerRoute(({ url }) => isAsset(url), assets);

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && sameOrigin(url) && !url.pathname.startsWith('/api/'),
  new NetworkFirst({
    cacheName: PAGE_CACHE,
    networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS,
    plugins: [
      keepOnlyStorable,
      new ExpirationPlugin({ maxEntries: MAX_PAGES, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && isData(url),
  new NetworkFirst({
    cacheName: DATA_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), markOffline],
  }),
);

// The server sends the kit `no-store` (it is made afresh, and may hold the visitor's trips), which
// the Cache API does not heed: it is kept here on purpose, as the one thing a traveller downloads
// to have without a signal, and dropped when the browser becomes someone else (decision 034).
registerRoute(
  ({ url, request }) => request.method === 'GET' && isSafetyKit(url),
  new NetworkFirst({
    cacheName: SAFETY_KIT_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: MAX_KITS, purgeOnQuotaError: true }),
      markOffline,
    ],
  }),
);

// A navigation neither the network nor the page cache can answer gets the app shell.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(SHELL)) ?? Response.error();
  return Response.error();
});

/** Saves `path` into `cacheName`; offline or a failure keeps what was saved before. */
async function save(cacheName: string, path: string) {
  try {
    const response = await fetch(path, { credentials: 'same-origin' });
    if (response.ok) await (await caches.open(cacheName)).put(path, response);
  } catch {
    // The next visit saves it.
  }
}

/** Saves the page the visitor is on, unless the server marked it `no-store`. */
async function savePage(path: string) {
  try {
    const response = await fetch(path, { credentials: 'same-origin' });
    const stored = await keepOnlyStorable.cacheWillUpdate!({
      request: new Request(path),
      response,
      event: new ExtendableEvent('fetch'),
      state: {},
    });
    if (stored) await (await caches.open(PAGE_CACHE)).put(path, stored);
  } catch {
    // The next visit saves it.
  }
}

// The page sends the files it loaded and its own address (client/lib/offline.ts): on a first visit
// they loaded before this worker controlled the page, so it never saw them. The emergency numbers
// are saved too.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown; page?: unknown } | null;
  if (data?.type !== SAVE_FOR_OFFLINE || !Array.isArray(data.urls)) return;
  const page =
    typeof data.page === 'string' && data.page.startsWith('/') && !data.page.startsWith('/api/')
      ? data.page
      : null;
  const urls = data.urls.filter((value): value is string => {
    if (typeof value !== 'string') return false;
    try {
      return isAsset(new URL(value, self.location.origin));
    } catch {
      return false;
    }
  });
  event.waitUntil(
    (async () => {
      const cache = await caches.open(ASSET_CACHE);
      await Promise.all([
        // A message with only files (sent as they arrive) saves only those.
        page ? savePage(page) : null,
        ...(page ? [...DATA_PATHS] : []).map((path) => save(DATA_CACHE, path)),
        ...urls.map(async (url) => {
          if (!(await cache.match(url))) await save(ASSET_CACHE, url);
        }),
      ]);
    })(),
  );
});

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // The first worker (issue 9) kept its caches under emergency-page-/-assets-/-data- v1.
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => /^emergency-(page|assets|data)-v1$/.test(name) && name !== DATA_CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});
