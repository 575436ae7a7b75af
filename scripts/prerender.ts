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

/** The parts of Vite's build manifest (`build.manifest`) read here, by source file. */
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** A manifest entry's chunk and every chunk it imports statically, through any depth. */
function chunksOf(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const entry = manifest[key];
  if (!entry || into.has(entry.file)) return into;
  into.add(entry.file);
  for (const imported of entry.imports ?? []) chunksOf(manifest, imported, into);
  return into;
}

/**
 * The page's own code, announced in its HTML. The app loads a page's code lazily (client/App.tsx),
 * and the browser would learn of it only once the entry script has run: Vite's loader then adds a
 * preload link per chunk, each one main-thread work in the start-up task. Listed in the HTML, the
 * chunks are fetched with the entry's (at low priority, like it), and the loader finds them there.
 */
function pagePreloads(manifest: Manifest, pageModules: string[]): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const initial = entry ? chunksOf(manifest, entry) : new Set<string>();
  const chunks = new Set<string>();
  for (const key of pageModules) chunksOf(manifest, key, chunks);
  return [...chunks].filter((file) => !initial.has(file));
}

/**
 * The page's HTML: the template with the markup in #root, marked as a page to hydrate or as the
 * shell to render over (client/main.tsx), its title, and preload links for its own chunks.
 */
function page(
  template: string,
  markup: string,
  kind: 'page' | 'shell',
  preloads: string[] = [],
): string {
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
  if (preloads.length > 0) {
    const links = preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    html = html.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
  }
  return lowPriorityScripts(html);
}

/** Pre-renders the pages into `outDir` (the client build). */
export async function prerenderPages(outDir: string): Promise<void> {
  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(
    await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const vite = await createServer({
    root: path.join(ROOT, 'client'),
    configFile: path.join(ROOT, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'warn',
  });
  try {
    const { render } = (await vite.ssrLoadModule('/entry-prerender.tsx')) as { render: Render };
    // The modules of client/pages rendering has loaded: a page's lazy module is loaded by the
    // first render of its route, so what a render adds is that route's page (relative to client/,
    // as the manifest names it). The landing page's is in the entry already.
    const { moduleGraph } = vite.environments.ssr;
    const pagesDir = path.join(ROOT, 'client', 'pages') + path.sep;
    const loadedPages = () =>
      new Set(
        [...moduleGraph.idToModuleMap]
          .filter(([id, node]) => id.startsWith(pagesDir) && node.ssrModule !== null)
          .map(([id]) => id),
      );
    await mkdir(path.join(outDir, PRERENDERED_DIR), { recursive: true });
    const targets = [
      ...PRERENDERED_ROUTES.map((route) => ({ route, file: prerenderedFile(route) })),
      { route: NOT_FOUND_PATH, file: PRERENDERED_NOT_FOUND },
    ];
    for (const { route, file } of targets) {
      const before = loadedPages();
      const markup = await render(route);
      const pageModules = [...loadedPages()]
        .filter((id) => !before.has(id))
        .map((id) => path.relative(path.join(ROOT, 'client'), id).split(path.sep).join('/'));
      const preloads = pagePreloads(manifest, pageModules);
      await writeFile(path.join(outDir, file), page(template, markup, 'page', preloads));
    }
    const shell = await render('/', { shellOnly: true });
    await writeFile(path.join(outDir, 'index.html'), page(template, shell, 'shell'));
  } finally {
    await vite.close();
  }
}
