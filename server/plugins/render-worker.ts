import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { type BuildManifest, composePage, pageModuleFiles } from '../../contracts/page-html.js';

/** client/entry-prerender.tsx's exports, as the build compiled them for the server. */
interface RenderEntry {
  renderWithData: (
    url: string,
    reads: readonly string[],
    read: (path: string) => Promise<unknown>,
  ) => Promise<{ markup: string; state: unknown } | null>;
  pageModule: (url: string) => string | undefined;
}

export interface RenderTask {
  /** The server build of the app, the page template and the build's manifest (client build paths). */
  entry: string;
  template: string;
  manifest: string;
  url: string;
  /** Each read's path, and its answer's JSON. */
  answers: Record<string, string>;
}

interface Loaded {
  app: RenderEntry;
  template: string;
  manifest: BuildManifest;
}

/** Loaded once per thread and kept: the app's code and its template do not change while it runs. */
const loaded = new Map<string, Promise<Loaded>>();
function load({ entry, template, manifest }: RenderTask) {
  const key = `${entry}\n${template}\n${manifest}`;
  let found = loaded.get(key);
  if (!found) {
    found = Promise.all([
      import(pathToFileURL(entry).href) as Promise<RenderEntry>,
      readFile(template, 'utf8'),
      readFile(manifest, 'utf8').then((json) => JSON.parse(json) as BuildManifest),
    ]).then(([app, html, files]) => ({ app, template: html, manifest: files }));
    loaded.set(key, found);
  }
  return found;
}

/**
 * A page rendered with its reads' answers, in a worker thread (server/workers/pool.ts): React's
 * rendering of a large trip or gallery is tens of milliseconds of CPU the event loop is spared.
 * Null when the page makes none of the reads, as renderWithData says.
 */
export default async function renderPage(task: RenderTask): Promise<string | null> {
  const { app, template, manifest } = await load(task);
  const page = await app.renderWithData(task.url, Object.keys(task.answers), async (path) => {
    const json = task.answers[path];
    return json === undefined ? undefined : JSON.parse(json);
  });
  if (!page) return null;
  // Its code is asked for with the main script, as on the pre-rendered pages.
  const module = app.pageModule(task.url);
  const modules = module ? pageModuleFiles(manifest, module) : [];
  return composePage(template, page.markup, 'page', page.state, modules);
}
