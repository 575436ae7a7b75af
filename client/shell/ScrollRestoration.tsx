import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

const STORAGE_KEY = 'scroll-positions';
/** Enough entries for a long session's history; the oldest are dropped first. */
const MAX_ENTRIES = 100;

function loadPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (Array.isArray(stored)) {
      return new Map(
        stored.filter(
          (entry): entry is [string, number] =>
            Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number',
        ),
      );
    }
  } catch {
    // Storage blocked or corrupt: start without saved positions.
  }
  return new Map();
}

let positions: Map<string, number> | undefined;
/** The page load's first location: the reader may have scrolled the pre-rendered page already. */
let firstKey: string | undefined;

function savePositions(saved: Map<string, number>) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...saved].slice(-MAX_ENTRIES)));
  } catch {
    // Storage full or blocked: positions are kept for this page's life only.
  }
}

/**
 * Every fresh page load has the key "default": keyed by it alone, a page opened in a tab just used
 * for another page would start at that page's scroll position.
 */
const keyOf = (location: Location) =>
  location.key === 'default' ? location.pathname : location.key;

/**
 * Back and forward return to where the reader was on that page; any other navigation starts at the
 * top, or at the element a #hash names. On the page load's first location, the reader stays where
 * they are unless a position was saved for it (a reload). Rendered inside the pages' Suspense boundary, so a page
 * whose code was still loading is scrolled once it is there.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = keyOf(location);

  useLayoutEffect(() => {
    positions ??= loadPositions();
    const saved = positions;
    window.history.scrollRestoration = 'manual';

    const restored = navigationType === 'POP' ? saved.get(key) : undefined;
    const target = location.hash
      ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
      : null;
    if (restored !== undefined) window.scrollTo(0, restored);
    else if (target) target.scrollIntoView();
    else if ((firstKey ??= key) !== key) window.scrollTo(0, 0);

    const remember = () => {
      saved.delete(key);
      saved.set(key, window.scrollY);
    };
    const persist = () => savePositions(saved);
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
      persist();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per history entry
  }, [key]);

  return null;
}
