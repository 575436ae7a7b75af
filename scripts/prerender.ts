import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer } from 'vite';
import {
  PRERENDERED_DIR,
  PRERENDERED_NOT_FOUND,
  PRERENDERED_ROUTES,
  prerenderedFile,
} from '../contracts/routes.js';

/*
 * The last step of `vite build` (vite.config.ts): each route without a parameter is rendered to
 * HTML (client/entry-prerender.tsx) and written into the build as a page of its own, so a browser
 * paints the page before its JavaScript has arrived; the app then hydrates it (client/main.tsx).
 * index.html becomes the app shell (header, footer and a loading line), sent for the routes with a
 * parameter and for addresses with a query, and rendered over. The server picks the file
 * (server/plugins/spa.ts).
 */

type Render = (url: string, options?: { shellOnly?: boolean }) => Promise<string>;

const ROOT = path.resolve(import.meta.dirname, '..');
/** A path that is no route: the not-found page. */
const NOT_FOUND_PATH = '/__not-found__';

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
 * The page's HTML: the template with the markup in #root, marked as a page to hydrate or as the
 * shell to render over (client/main.tsx), and its title.
 */
function page(template: string, markup: string, kind: 'page' | 'shell'): string {
  // React puts a rendered <title> first; the head's title takes its place.
  const title = /^<title>.*?<\/title>/.exec(markup)?.[0];
  const body = title ? markup.slice(title.length) : markup;
  // The CSP runs no inline script: React writes some only for content that completed late.
  if (/<script(?![^>]*\ssrc=)/.test(body)) throw new Error('the pre-rendered markup has a script');
  let html = template.replace(
    '<div id="root"></div>',
    () => `<div id="root" data-prerendered="${kind}">${body}</div>`,
  );
  if (!html.includes(body)) throw new Error('index.html has no empty <div id="root"></div>');
  if (title) html = html.replace(/<title>.*?<\/title>/, () => title);
  return lowPriorityScripts(html);
}

/** Pre-renders the pages into `outDir` (the client build). */
export async function prerenderPages(outDir: string): Promise<void> {
  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const vite = await createServer({
    root: path.join(ROOT, 'client'),
    configFile: path.join(ROOT, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'warn',
  });
  try {
    const { render } = (await vite.ssrLoadModule('/entry-prerender.tsx')) as { render: Render };
    await mkdir(path.join(outDir, PRERENDERED_DIR), { recursive: true });
    const targets = [
      ...PRERENDERED_ROUTES.map((route) => ({ route, file: prerenderedFile(route) })),
      { route: NOT_FOUND_PATH, file: PRERENDERED_NOT_FOUND },
    ];
    for (const { route, file } of targets) {
      await writeFile(path.join(outDir, file), page(template, await render(route), 'page'));
    }
    const shell = await render('/', { shellOnly: true });
    await writeFile(path.join(outDir, 'index.html'), page(template, shell, 'shell'));
  } finally {
    await vite.close();
  }
}
