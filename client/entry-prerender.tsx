/**
 * The build's pre-rendering (scripts/prerender.ts): each page's first screen as HTML, so the
 * browser paints it before the JavaScript has arrived; the app then renders over it (main.tsx).
 * Nothing here runs in the browser.
 */
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './App';
import { ShellOnly } from './components/layout/Layout';

/**
 * The markup of the app at `url` (lazy pages included), or of the shell alone. Rendered twice: the
 * first pass waits for the lazy components to load; the second, with them loaded, renders in one
 * go. React's streaming renderer would send content that completed late with inline scripts to
 * move it into place, which the site's CSP does not run (and nothing hydrates here).
 */
export async function render(url: string, { shellOnly = false } = {}): Promise<string> {
  const app = (
    <ShellOnly value={shellOnly}>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </ShellOnly>
  );
  await prerender(app);
  return renderToString(app);
}
