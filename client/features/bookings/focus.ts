import { useEffect, useRef } from 'react';
import { MAIN_CONTENT_ID } from '../../lib/landmarks';

/**
 * When a page's view changes after its first render (loading -> loaded, processing -> paid), focus
 * moves to the page's heading, so a screen reader announces the new view. Give each view's
 * PageShell its own `key`: a new heading element takes focus (refocusing the same one says nothing).
 */
export function useFocusHeadingOnChange(view: string) {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const changed = previous.current !== null && previous.current !== view;
    previous.current = view;
    if (!changed) return;
    const heading = document.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} h1`);
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [view]);
}
