/*
 * What the service worker (client/sw.ts) and the pages say to each other: the header a saved copy
 * answered offline carries, the message a page sends with the files it loaded, and the caches a
 * page reads or empties itself.
 */
/** The server's cheapest answer: what a page asks to learn whether the server is reachable. */
export const HEALTH_PATH = '/api/health';
export const OFFLINE_HEADER = 'x-served-from';
export const OFFLINE_VALUE = 'offline-cache';
export const SAVE_FOR_OFFLINE = 'save-for-offline';
/** The worker's cache of pages as last seen: emptied when the browser becomes someone else. */
export const SAVED_PAGES_CACHE = 'pages-v1';
/**
 * The worker's cache of Travel Safety Kits as last downloaded (docs/decisions/034). The Emergency
 * page reads it to say offline whether the kit chosen is on the device, and from when.
 */
export const SAFETY_KIT_CACHE = 'safety-kits-v1';
/**
 * The caches holding the visitor's own data (their pages, the kit of their trips' countries):
 * emptied whenever the browser becomes someone else (signed in or out).
 */
export const VISITOR_CACHES = [SAVED_PAGES_CACHE, SAFETY_KIT_CACHE] as const;
