/* global self, caches, fetch, URL, Headers, Response -- a service worker's globals */
// The Emergency information page's offline support (issue 9): a traveller abroad without data
// still has the numbers once the page has been opened. Registered by client/main.tsx in
// production builds with the scope /emergency-info, so it controls that page only and no other
// page's requests pass through it.
//
// - Navigations: network first; offline, the saved page (the app shell, index.html).
// - /assets/*: Vite's hashed, immutable files: cache first, saved on first fetch.
// - The page's data (DATA_PATHS): network first; offline, the saved copy, marked with
//   OFFLINE_HEADER so the page says it is offline and when the numbers were saved (the copy keeps
//   the server's Date header).
// Anything else (other API calls, POSTs, other origins) is left to the browser untouched.

const VERSION = 'v1';
const PAGE_CACHE = `emergency-page-${VERSION}`;
const ASSET_CACHE = `emergency-assets-${VERSION}`;
const DATA_CACHE = `emergency-data-${VERSION}`;
const CACHES = [PAGE_CACHE, ASSET_CACHE, DATA_CACHE];

const PAGE_PATH = '/emergency-info';
const DATA_PATHS = ['/api/emergency-contacts', '/api/help-lines'];
// Read by client/features/emergency/api.ts.
const OFFLINE_HEADER = 'x-served-from';
const OFFLINE_VALUE = 'offline-cache';

const isAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');
const isData = (url) =>
  url.origin === self.location.origin && url.search === '' && DATA_PATHS.includes(url.pathname);

/** Saves `path` in `cacheName`; a failure (offline, a 5xx) keeps what was saved before. */
async function save(cacheName, path) {
  try {
    const response = await fetch(path, { credentials: 'same-origin' });
    if (response.ok) await (await caches.open(cacheName)).put(path, response);
  } catch {
    // Offline: the next visit saves it.
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([save(PAGE_CACHE, PAGE_PATH), ...DATA_PATHS.map((path) => save(DATA_CACHE, path))]),
  );
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('emergency-') && !CACHES.includes(name))
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

// The page sends the files it loaded (client/features/emergency/offline.ts): on a first visit, or
// when it was reached from another page of the site, this worker did not control it and saw none.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'save-for-offline' || !Array.isArray(event.data.urls)) return;
  const assets = event.data.urls.filter((url) => {
    try {
      return isAsset(new URL(url, self.location.origin));
    } catch {
      return false;
    }
  });
  event.waitUntil(
    (async () => {
      const cache = await caches.open(ASSET_CACHE);
      await Promise.all([
        save(PAGE_CACHE, PAGE_PATH),
        ...DATA_PATHS.map((path) => save(DATA_CACHE, path)),
        ...assets.map(async (url) => {
          if (!(await cache.match(url))) await save(ASSET_CACHE, url);
        }),
      ]);
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate') event.respondWith(navigation(request, url));
  else if (isAsset(url)) event.respondWith(cacheFirst(request));
  else if (isData(url)) event.respondWith(dataNetworkFirst(request, url.pathname));
});

async function navigation(request, url) {
  try {
    const response = await fetch(request);
    if (response.ok && url.pathname === PAGE_PATH) {
      await (await caches.open(PAGE_CACHE)).put(PAGE_PATH, response.clone());
    }
    return response;
  } catch (error) {
    const saved = await caches.match(PAGE_PATH, { cacheName: PAGE_CACHE });
    if (saved) return saved;
    throw error;
  }
}

async function cacheFirst(request) {
  const saved = await caches.match(request, { cacheName: ASSET_CACHE });
  if (saved) return saved;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(ASSET_CACHE)).put(request, response.clone());
  return response;
}

async function dataNetworkFirst(request, path) {
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(DATA_CACHE)).put(path, response.clone());
    return response;
  } catch (error) {
    const saved = await caches.match(path, { cacheName: DATA_CACHE });
    if (!saved) throw error;
    const headers = new Headers(saved.headers);
    headers.set(OFFLINE_HEADER, OFFLINE_VALUE);
    return new Response(saved.body, {
      status: saved.status,
      statusText: saved.statusText,
      headers,
    });
  }
}
