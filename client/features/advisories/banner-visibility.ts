import { useState } from 'react';
import { useClientValue } from '../../lib/use-client-value';

/** Spec §4 and §9: "Hide for 24h" keeps the banner hidden for this long, across reloads. */
export const ADVISORY_HIDE_MS = 24 * 60 * 60 * 1000;
export const HIDDEN_24H_KEY = 'advisory-hidden-24h';
/** The X: hidden until the browser session ends. */
export const DISMISSED_KEY = 'advisory-dismissed';

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}

/** On load: a stored time under 24 hours old keeps the banner hidden; an older one is removed. */
function hiddenOnLoad(now: number): boolean {
  if (storage('sessionStorage')?.getItem(DISMISSED_KEY) === '1') return true;
  const local = storage('localStorage');
  const stored = Number(local?.getItem(HIDDEN_24H_KEY));
  if (!stored) return false;
  if (now - stored < ADVISORY_HIDE_MS && stored <= now) return true;
  local?.removeItem(HIDDEN_24H_KEY);
  return false;
}

/** Whether the banner is hidden, read from storage once per page load and kept up to date. */
let hiddenStored: boolean | undefined;

export function useBannerVisibility() {
  // A pre-rendered page shows the banner until hydration has read the storage.
  const hiddenBefore = useClientValue(() => (hiddenStored ??= hiddenOnLoad(Date.now())), false);
  const [hiddenNow, setHidden] = useState(false);
  return {
    hidden: hiddenBefore || hiddenNow,
    /** Hides for 24 hours; returns when the banner comes back. */
    hideFor24h(): Date {
      const now = Date.now();
      storage('localStorage')?.setItem(HIDDEN_24H_KEY, String(now));
      hiddenStored = true;
      setHidden(true);
      return new Date(now + ADVISORY_HIDE_MS);
    },
    dismissForSession() {
      storage('sessionStorage')?.setItem(DISMISSED_KEY, '1');
      hiddenStored = true;
      setHidden(true);
    },
  };
}
