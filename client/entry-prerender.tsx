/**
 * The app rendered outside the browser, built for Node beside the client (vite.config.ts): the
 * build's pre-rendering (scripts/prerender.ts), each page's first screen as HTML, so the browser
 * paints it before the JavaScript has arrived, and the server's pages rendered with a visitor's
 * data (server/plugins/spa.ts). The app then hydrates them (main.tsx). Nothing here runs in the
 * browser.
 */
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import { App, PAGES } from './App';
import { ShellOnly } from './shell/Layout';
import { RenderedWithReads } from './lib/rendered-with-reads';
import { createQueryClient } from './lib/query-client';

/**
 * The app as the browser's entry renders it (main.tsx), at `url`, without a browser; with
 * `queryClient`, the one that gets the page's reads' answers.
 */
function appAt(url: string, shellOnly: boolean, queryClient?: QueryClient) {
  return (
    <ShellOnly value={shellOnly}>
      <RenderedWithReads value={queryClient !== undefined}>
        <StaticRouter location={url}>
          <App queryClient={queryClient} />
        </StaticRouter>
      </RenderedWithReads>
    </ShellOnly>
  );
}

/**
 * The markup of the app at `url` (lazy pages included), or of the shell alone. Rendered twice: the
 * first pass waits for the lazy components to load; the second, with them loaded, renders in one
 * go. React's streaming renderer would send content that completed late with inline scripts to
 * move it into place, which the site's CSP does not run (and nothing hydrates here).
 */
export async function render(url: string, { shellOnly = false } = {}): Promise<string> {
  const app = appAt(url, shellOnly);
  await prerender(app);
  return renderToString(app);
}

/** A page rendered with the answers of its reads, and those answers for the browser's first render. */
export interface PageWithData {
  markup: string;
  state: DehydratedState;
}

/** The pages rendered once already in this process: their lazy code is loaded. */
const warmedPages = new Set<string>();

/**
 * The page at `url` as its visitor will see it once its reads have answered (the server's page
 * answers, server/plugins/spa.ts): rendered once to learn which queries the page makes, each of
 * them whose path is one of `reads` answered by `read`, then rendered again with the answers. A
 * query's path is the one its options declare (`meta.readPath`, lib/api.ts): the path its fetcher
 * GETs, from the same contracts/*.values.ts function the server's `pagePreloads` names it with;
 * its key is its feature's own. Null when the page makes none of those reads or one of them did
 * not answer: the page is then rendered in the browser, and shows its own loading and error
 * states.
 */
export async function renderWithData(
  url: string,
  reads: readonly string[],
  read: (path: string) => Promise<unknown>,
): Promise<PageWithData | null> {
  const queryClient = createQueryClient();
  const app = appAt(url, false, queryClient);
  const pathname = new URL(url, 'http://localhost').pathname;
  const page = PAGES.find(({ path }) => matchPath(path, pathname))?.path ?? '*';
  if (warmedPages.has(page)) {
    renderToString(app);
  } else {
    // The first time, waits for the page's lazy code, as render() does.
    await prerender(app);
    warmedPages.add(page);
  }
  const wanted = new Set(reads);
  const queries = queryClient
    .getQueryCache()
    .getAll()
    .flatMap((query) => {
      const path = query.meta?.readPath;
      return query.state.status === 'pending' && path !== undefined && wanted.has(path)
        ? [{ query, path }]
        : [];
    });
  if (queries.length === 0) return null;
  const answers = await Promise.all(queries.map(({ path }) => read(path)));
  if (answers.some((answer) => answer === undefined)) return null;
  queries.forEach(({ query }, i) => queryClient.setQueryData(query.queryKey, answers[i]));
  return { markup: renderToString(app), state: dehydrate(queryClient) };
}
