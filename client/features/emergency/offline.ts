import { APP_ROUTES } from '../../../contracts/routes';

/** client/public/sw.js: it controls the Emergency information page only. */
const SERVICE_WORKER_URL = '/sw.js';
const SCOPE = APP_ROUTES.emergencyInfo;

let registration: Promise<ServiceWorkerRegistration | undefined> = Promise.resolve(undefined);

/** Installs the worker that keeps the Emergency information page working offline. */
export function registerOfflineSupport() {
  if (!('serviceWorker' in navigator)) return;
  registration = navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: SCOPE })
    .catch((error: unknown) => {
      console.warn('The Emergency information page will not work offline:', error);
      return undefined;
    });
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
 * Asks the worker to save this page's files and data. On a first visit, or when the page was
 * reached from another page of the site, they loaded before the worker controlled the page, so it
 * never saw them.
 */
export async function saveForOffline() {
  const registered = await registration;
  if (!registered) return;
  const pending = registered.installing ?? registered.waiting;
  const worker = registered.active ?? (pending ? await whenActive(pending) : undefined);
  worker?.postMessage({
    type: 'save-for-offline',
    urls: performance.getEntriesByType('resource').map((entry) => entry.name),
  });
}
