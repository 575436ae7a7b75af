import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/** Idle time, or a moment after the page's first render where the browser has no idle callback. */
function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(run, { timeout: 5000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 1000);
  return () => clearTimeout(handle);
}

/**
 * A dialog whose code loads when the page is idle, not with the page: a form dialog brings its
 * validation (zod and the contract's schemas), which the page's first render does not need. It
 * renders nothing until first opened; opened before its code has arrived, it shows as soon as it
 * has (focus stays on the button that opened it meanwhile). After that it stays mounted, so its
 * own closing (focus back to the opener) works as in any dialog.
 */
export function lazyDialog<Props extends { open: boolean }>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const loadOnce = () => (loading ??= load().then((component) => ({ default: component })));
  const Lazy = lazy(loadOnce);
  function LazyDialog(props: Props) {
    const [used, setUsed] = useState(props.open);
    if (props.open && !used) setUsed(true);
    useEffect(
      () =>
        whenIdle(() => {
          // A failed fetch is retried when the dialog is opened; React shows the error then.
          loadOnce().catch(() => {
            loading = undefined;
          });
        }),
      [],
    );
    return used ? (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    ) : null;
  }
  return LazyDialog;
}
