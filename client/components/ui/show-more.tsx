import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from './button';

/** What a keyboard reaches first in an item shown by "Show more". */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex="0"]';

/**
 * A long list rendered a part at a time: the first `step` items, and `step` more at each "Show
 * more". A gallery of a hundred photos is then a screenful of cards to render, hydrate and lay out
 * instead of a hundred, and the page answers its reader sooner (docs/quality.md). The list's
 * element takes `listRef`: after "Show more", focus moves to the first newly shown item, so a
 * keyboard or screen reader user goes on reading where the list grew.
 */
export function useShowMore(step: number) {
  const [limit, setLimit] = useState(step);
  const listRef = useRef<HTMLUListElement>(null);
  const focusAt = useRef<number | null>(null);

  useLayoutEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    focusAt.current = null;
    listRef.current?.children[at]?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [limit]);

  return {
    limit,
    listRef,
    showMore: () => {
      focusAt.current = limit;
      setLimit(limit + step);
    },
  };
}

/**
 * Says how many of the list's items are shown and offers the next part; nothing once all are.
 * `items` names them in the plural ("photos and videos").
 */
export function ShowMore({
  shown,
  total,
  step,
  items,
  onShowMore,
}: {
  shown: number;
  total: number;
  step: number;
  items: string;
  onShowMore: () => void;
}) {
  if (shown >= total) return null;
  return (
    <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2">
      {/* A status message (WCAG 4.1.3): "Show more" moves focus to the first new item, and the
          new count is said politely after it. */}
      <p role="status" className="text-slate-800">
        Showing {shown} of {total} {items}
      </p>
      <Button variant="secondary" onClick={onShowMore}>
        Show {Math.min(step, total - shown)} more
      </Button>
    </div>
  );
}
