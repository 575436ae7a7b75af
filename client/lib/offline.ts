import { SAVE_FOR_OFFLINE, VISITOR_CACHES } from '../../contracts/offline';

/** client/sw.ts, built to /sw.js: it controls the whole site (docs/decisions/030). */
const SERVICE_WORKER_URL = '/sw.js';
/** The first worker (issue 9) controlled this page alone; the site-wide one replaces it. */
const RETIRED_SCOPE = '/emergency-info';

let registration: Promise<ServiceWorkerRegistration | undefined> = Promise.resolve(undefined);

/** Installs the worker that makes the site installable and lets it open offline. */
export function registerOfflineSupport() {
  if (!('serviceWorker' in navigator)) return;
  registration = (async () => {
    try {
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(
        registrations
          .filter((r) => new URL(r.scope).pathname === RETIRED_SCOPE)
          .map((r) => r.unregister()),
      );
      // Files the page loaded before the worker took control passed it by: once it has, it is
      // told of everything loaded so far, and of what was still on its way then.
      navigator.serviceWorker.addEventListener(
        'controllerchange',
        () => {
          void saveForOffline();
          new PerformanceObserver((list) => {
            const urls = list.getEntries().map((entry) => entry.name);
            navigator.serviceWorker.controller?.postMessage({ type: SAVE_FOR_OFFLINE, urls });
          }).observe({ type: 'resource' });
        },
        { once: true },
      );
      return await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
    } catch (error) {
      console.warn('The site will not work offline:', error);
      return undefined;
    }
  })();
}

function whenActive(worker: ServiceWorker): Promise<ServiceWorker | undefined> {
  return new Promise((resolve) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve(worker);
      else if (worker.state === 'redundant') resolve(undefined);
    });
  });
}

/**
 * Asks the worker to save this page, the files it loaded and the emergency numbers. On a first
 * visit they loaded before the worker controlled the page, so it never saw them.
 */
export async function saveForOffline() {
  const registered = await registration;
  if (!registered) return;
  const pending = registered.installing ?? registered.waiting;
  const worker = registered.active ?? (pending ? await whenActive(pending) : undefined);
  worker?.postMessage({
    type: SAVE_FOR_OFFLINE,
    page: location.pathname,
    urls: performance.getEntriesByType('resource').map((entry) => entry.name),
  });
}

/**
 * The browser is someone else now (signed in or out): the pages and safety kits saved for the last
 * one are dropped.
 */
export async function forgetVisitorCaches() {
  if (typeof caches === 'undefined') return;
  await Promise.all(VISITOR_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
