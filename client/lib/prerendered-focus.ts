/** The element's place under `root`: the index among its parent's element children, per level. */
function pathTo(root: Element, node: Element): number[] | null {
  const path: number[] = [];
  for (let current: Element | null = node; current !== root; current = current.parentElement) {
    if (!current?.parentElement) return null;
    path.unshift(Array.prototype.indexOf.call(current.parentElement.children, current));
  }
  return path;
}

function elementAt(root: Element, path: readonly number[]): Element | null {
  let current: Element | null = root;
  for (const index of path) current = current?.children[index] ?? null;
  return current;
}

/**
 * A keyboard user may move focus in the pre-rendered page before the app has rendered over it,
 * which replaces its elements. Call before rendering; the returned function, called once the app's
 * first render is on screen, focuses the element in the same place of the new page.
 */
export function keepFocusAcrossFirstRender(container: HTMLElement): () => void {
  const active = document.activeElement;
  let focusedPath = active && container.contains(active) ? pathTo(container, active) : null;
  const remember = (event: FocusEvent) => {
    if (event.target instanceof Element) focusedPath = pathTo(container, event.target);
  };
  container.addEventListener('focusin', remember);
  return () => {
    container.removeEventListener('focusin', remember);
    const path = focusedPath;
    focusedPath = null;
    const active = document.activeElement;
    if (!path || (active && active !== document.body)) return;
    const target = elementAt(container, path);
    if (target instanceof HTMLElement) target.focus();
  };
}
