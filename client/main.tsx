import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { PAGE_DATA_ID } from '../contracts/page-html';
import { App, preloadPage } from './App';
import { preloadMenus } from './shell/Header';
import { registerOfflineSupport, saveForOffline } from './lib/offline';
import { keepReadsSaved, restoreSavedReads, startOnlineState } from './lib/saved-reads';
import { keepFocusAcrossFirstRender } from './lib/prerendered-focus';
import { createQueryClient } from './lib/query-client';
import { RenderedWithReads } from './lib/rendered-with-reads';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/*
 * The server sends each page pre-rendered (scripts/prerender.ts), so it is on screen before this
 * script runs: a route's own page ("page") is hydrated, the app shell sent for other addresses
 * ("shell") is rendered over. Either waits for the page's code first, so that no "Loading…" takes
 * the place of what is shown, and runs as a transition: the work yields to the browser every few
 * milliseconds instead of holding the main thread.
 */
const prerendered = container.dataset.prerendered;
const restoreFocus = prerendered === 'shell' ? keepFocusAcrossFirstRender(container) : undefined;

function AfterFirstRender({ run }: { run: () => void }) {
  useLayoutEffect(run, [run]);
  return null;
}

/**
 * A page the server rendered with its visitor's data (server/plugins/spa.ts) carries the answers
 * it was rendered with: the app starts with them, so it hydrates what the HTML shows.
 */
const queryClient = createQueryClient();
const pageData = document.getElementById(PAGE_DATA_ID)?.textContent;
if (pageData) hydrate(queryClient, JSON.parse(pageData));
// Without a network the page's reads wait, and the saved ones are shown (shell/OfflineNotice.tsx).
const startedOnline = startOnlineState();
keepReadsSaved(queryClient);

/** Where it hydrates, the tree matches entry-prerender.tsx's: nothing beside the app (useId). */
const app = (
  <StrictMode>
    <RenderedWithReads value={pageData !== undefined}>
      <BrowserRouter>
        <App queryClient={queryClient} />
      </BrowserRouter>
    </RenderedWithReads>
  </StrictMode>
);

async function start(root: HTMLElement) {
  // The page's code is asked for in a task of its own: its loader adds a <link> for each of the
  // page's chunks, which would otherwise lengthen this script's first, long task.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // Offline, the visitor's saved reads are put back first, and the page (a saved copy of it, made
  // with other data or none) is rendered afresh rather than hydrated: the two would not match.
  if (!startedOnline) await restoreSavedReads(queryClient);
  try {
    // Over the app shell, the menus too: rendered over it, their stand-ins would take the place
    // of the shell's triggers, and a reader's focus with them, until their code came.
    await Promise.all([
      preloadPage(window.location.pathname),
      prerendered === 'shell' ? preloadMenus() : undefined,
    ]);
  } catch {
    // Offline or a deploy removed the chunk: the page's own loading and error states take over.
  }
  startTransition(() => {
    if (prerendered === 'page' && startedOnline) {
      hydrateRoot(root, app);
    } else {
      createRoot(root).render(
        <>
          {app}
          {restoreFocus ? <AfterFirstRender run={restoreFocus} /> : null}
        </>,
      );
    }
  });
}

void start(container);

// Development has no service worker: it would serve stale modules to Vite's dev server. Once the
// page has loaded, the worker is told what it loaded, so the site opens offline from the next visit.
if (import.meta.env.PROD) {
  registerOfflineSupport();
  addEventListener('load', () => void saveForOffline(), { once: true });
}
