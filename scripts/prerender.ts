import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { composePage } from '../contracts/page-html.js';
import {
  PAGE_TEMPLATE,
  PRERENDERED_DIR,
  PRERENDERED_NOT_FOUND,
  PRERENDERED_ROUTES,
  prerenderedFile,
} from '../contracts/routes.js';

/*
 * The last step of `vite build` (vite.config.ts), with the server build of client/entry-prerender.tsx:
 * each route without a parameter is rendered to HTML and written into the build as a page of its
 * own, so a browser paints the page before its JavaScript has arrived; the app then hydrates it
 * (client/main.tsx). index.html becomes the app shell (header, footer and a loading line), sent for
 * the routes with a parameter and for addresses with a query, and rendered over. The template is
 * kept for the pages the server renders with a visitor's data. The server picks the file
 * (server/plugins/spa.ts).
 */

type Render = (url: string, options?: { shellOnly?: boolean }) => Promise<string>;

/** A path that is no route: the not-found page. */
const NOT_FOUND_PATH = '/__not-found__';

/** Pre-renders the pages into `outDir` (the client build), with the server build at `entry`. */
export async function prerenderPages(outDir: string, entry: string): Promise<void> {
  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const { render } = (await import(pathToFileURL(entry).href)) as { render: Render };
  await mkdir(path.join(outDir, PRERENDERED_DIR), { recursive: true });
  await writeFile(path.join(outDir, PAGE_TEMPLATE), template);
  const targets = [
    ...PRERENDERED_ROUTES.map((route) => ({ route, file: prerenderedFile(route) })),
    { route: NOT_FOUND_PATH, file: PRERENDERED_NOT_FOUND },
  ];
  for (const { route, file } of targets) {
    await writeFile(path.join(outDir, file), composePage(template, await render(route), 'page'));
  }
  const shell = await render('/', { shellOnly: true });
  await writeFile(path.join(outDir, 'index.html'), composePage(template, shell, 'shell'));
}
