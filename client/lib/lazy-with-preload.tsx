import { lazy, useState, type ComponentType } from 'react';

type Module = { default: ComponentType };

export interface LazyWithPreload {
  (): React.ReactElement;
  /** Loads the code; a component loaded before it first renders shows without a fallback. */
  preload(): Promise<void>;
}

/**
 * A component whose code loads when it is first shown (React.lazy), or earlier with `preload()`.
 * The browser entry preloads the page it opens on (and, under the app shell, the header's menus),
 * so what the pre-rendered HTML shows is replaced by the same thing, not by a fallback.
 */
export function lazyWithPreload(load: () => Promise<Module>): LazyWithPreload {
  let loaded: ComponentType | undefined;
  const Lazy = lazy(load);
  function Component() {
    // Chosen once per mount: a component never switches type, so it never loses its state.
    const [Shown] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Shown />;
  }
  Component.preload = async () => {
    loaded = (await load()).default;
  };
  return Component;
}
