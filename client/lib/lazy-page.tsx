import { lazy, useState, type ComponentType } from 'react';

type PageModule = { default: ComponentType };

export interface LazyPage {
  (): React.ReactElement;
  /** Loads the page's code; a page loaded before it first renders shows without a fallback. */
  preload(): Promise<void>;
}

/**
 * A page whose code loads when it is first shown (React.lazy), or earlier with `preload()`. The
 * browser entry preloads the page it opens on, so the pre-rendered HTML is replaced by the page
 * itself and not by the "Loading…" fallback.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType | undefined;
  const Lazy = lazy(load);
  function Page() {
    // Chosen once per mount: a page never switches component type, so it never loses its state.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  Page.preload = async () => {
    loaded = (await load()).default;
  };
  return Page;
}
