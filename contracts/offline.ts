/*
 * What the service worker (client/sw.ts) and the pages say to each other: the header a saved copy
 * answered offline carries, and the message a page sends with the files it loaded.
 */
export const OFFLINE_HEADER = 'x-served-from';
export const OFFLINE_VALUE = 'offline-cache';
export const SAVE_FOR_OFFLINE = 'save-for-offline';
/** The worker's cache of pages as last seen: emptied when the browser becomes someone else. */
export const SAVED_PAGES_CACHE = 'pages-v1';
