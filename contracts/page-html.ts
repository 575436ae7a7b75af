/**
 * A page's HTML as the server sends it: the build's index.html with a page's markup in #root. The
 * build composes the pre-rendered pages with it (scripts/prerender.ts), the server the pages it
 * renders with a visitor's data (server/plugins/spa.ts), and the browser's entry (client/main.tsx)
 * reads what it finds there.
 */

/** The element holding the answers a page was rendered with (JSON), for the app's first render. */
export const PAGE_DATA_ID = 'page-data';

/** What the markup in #root is: a page to hydrate, or the app shell to render over. */
export type PageKind = 'page' | 'shell';

/**
 * The page is on screen without its scripts, which only make it interactive: they are fetched at
 * low priority, after the stylesheet and the page's images, and never hold up the first paint.
 */
function lowPriorityScripts(html: string): string {
  return html.replace(
    /<script type="module"|<link rel="modulepreload"/g,
    (tag) => `${tag} fetchpriority="low"`,
  );
}

/**
 * JSON inside a <script> element: a `<` is written as its escape, so no text of a visitor's (a
 * caption saying "</script><script>…") can end the element. JSON.parse reads it back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The page's HTML: the template (the build's index.html, with an empty #root) with the markup in
 * #root, marked as a page to hydrate or as the shell to render over, its title, and the answers it
 * was rendered with, if any. The markup comes from React, which escapes all text.
 */
export function composePage(
  template: string,
  markup: string,
  kind: PageKind,
  data?: unknown,
): string {
  // React puts a rendered <title> first; the head's title takes its place.
  const title = /^<title>.*?<\/title>/.exec(markup)?.[0];
  const body = title ? markup.slice(title.length) : markup;
  // The CSP runs no inline script: React writes some only for content that completed late.
  if (/<script(?![^>]*\ssrc=)/.test(body)) throw new Error('the rendered markup has a script');
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error('index.html has no empty <div id="root"></div>');
  const answers =
    data === undefined
      ? ''
      : `<script type="application/json" id="${PAGE_DATA_ID}">${scriptSafeJson(data)}</script>`;
  let html = template.replace(
    root,
    () => `<div id="root" data-prerendered="${kind}">${body}</div>${answers}`,
  );
  if (title) html = html.replace(/<title>.*?<\/title>/, () => title);
  return lowPriorityScripts(html);
}
