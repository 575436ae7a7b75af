import { createContext, lazy, Suspense, useContext, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ChatLauncher } from '../features/chat/ChatLauncher';
import { Toaster } from '../components/ui/toaster';
import { MAIN_CONTENT_ID } from '../lib/landmarks';
import { Footer } from './Footer';
import { Header } from './Header';
import { OfflineNotice } from './OfflineNotice';
import { ScrollRestoration } from './ScrollRestoration';
import { whenChangesMatter } from '../features/planner/change-store';
import { LoadBoundary } from './LoadBoundary';
import { PageNotLoaded } from './PageNotLoaded';

/**
 * The count of changes made offline, and the sending of them: on every page, but loaded after it
 * (the queue's code is the planner's) and only in the browser, where the queue is.
 */
const PendingChangesNotice = lazy(() => import('../features/planner/PendingChangesNotice'));

/**
 * The notice, once changes made offline matter on this page (features/planner/change-store.ts):
 * loaded on every page, its code ran in every page's start-up. In a component of its own, so that
 * showing it renders nothing else again (docs/decisions/040).
 */
function PendingChangesInBrowser() {
  const [shown, setShown] = useState(false);
  useEffect(() => (shown ? undefined : whenChangesMatter(() => setShown(true))), [shown]);
  return shown ? (
    <LoadBoundary fallback={null}>
      <Suspense fallback={null}>
        <PendingChangesNotice />
      </Suspense>
    </LoadBoundary>
  ) : null;
}

/**
 * Set by the build's pre-rendering for the app shell: the frame of every page with the loading line
 * where the page goes, sent for addresses whose page depends on more than the path.
 */
export const ShellOnly = createContext(false);

/**
 * Marks <html data-app="ready"> once the page's own part is live: until then its pre-rendered
 * buttons do nothing (index.html sets "loading"; see index.css). It sits in the page's Suspense
 * boundary, which React hydrates after the frame around it, so "ready" is never said while the
 * page under it is still the server's inert HTML.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

const pageLoading = (
  <>
    <p className="p-8 text-slate-700">Loading…</p>
    <PageReady />
  </>
);

/**
 * Moves focus to the new page's heading after a client-side navigation, so a screen reader
 * announces the page and keyboard users start from its top (the first load keeps the browser's focus).
 */
function useFocusHeadingOnNavigate() {
  const { pathname, hash } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // A link to a section (/#advisories): the page moves focus to that section instead.
    if (hash) return;
    const heading = document.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} h1`);
    if (heading) {
      heading.tabIndex = -1;
      // Where the page is scrolled to is ScrollRestoration's to decide (back returns to a place).
      heading.focus({ preventScroll: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new page moves focus
  }, [pathname]);
}

export function Layout() {
  useFocusHeadingOnNavigate();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      {/* The chat button and panel are on every page, after the page in the tab order. */}
      <ChatLauncher>
        <a
          href={`#${MAIN_CONTENT_ID}`}
          className="sr-only z-50 rounded-md bg-brand-700 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        <Header />
        <OfflineNotice />
        <PendingChangesInBrowser />
        {/* At least a screen tall: the footer starts below the fold, so a page whose content loads
          after the first paint does not push a visible footer down (Lighthouse CLS). */}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
          {/* Shown only while a page's code loads on a direct visit: moving between pages keeps the
            old page on screen until the new one is ready (the router's updates are transitions). */}
          {useContext(ShellOnly) ? (
            pageLoading
          ) : (
            <LoadBoundary
              resetKey={pathname}
              fallback={
                <>
                  <PageNotLoaded />
                  <PageReady />
                </>
              }
            >
              <Suspense fallback={pageLoading}>
                <Outlet />
                <ScrollRestoration />
                <PageReady />
              </Suspense>
            </LoadBoundary>
          )}
        </main>
        <Footer />
        <Toaster />
      </ChatLauncher>
    </div>
  );
}
