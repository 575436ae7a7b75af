import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { composePage } from '../../contracts/page-html.js';

/** client/entry-prerender.tsx's renderWithData, as the build compiled it for the server. */
type RenderWithData = (
  url: string,
  reads: readonly string[],
  read: (path: string) => Promise<unknown>,
) => Promise<{ markup: string; state: unknown } | null>;

export interface RenderTask {
  /** The server build of the app, and the page template (paths in the client build). */
  entry: string;
  template: string;
  url: string;
  /** Each read's path, and its answer's JSON. */
  answers: Record<string, string>;
}

/** Loaded once per thread and kept: the app's code and its template do not change while it runs. */
const loaded = new Map<string, Promise<{ render: RenderWithData; template: string }>>();
function load(entry: string, template: string) {
  const key = `${entry}\n${template}`;
  let found = loaded.get(key);
  if (!found) {
    found = Promise.all([
      import(pathToFileURL(entry).href) as Promise<{ renderWithData: RenderWithData }>,
      readFile(template, 'utf8'),
    ]).then(([module, html]) => ({ render: module.renderWithData, template: html }));
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
  const { render, template } = await load(task.entry, task.template);
  const page = await render(task.url, Object.keys(task.answers), async (path) => {
    const json = task.answers[path];
    return json === undefined ? undefined : JSON.parse(json);
  });
  return page ? composePage(template, page.markup, 'page', page.state) : null;
}
