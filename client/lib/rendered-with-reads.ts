import { createContext } from 'react';

/**
 * True where the page is rendered with the answers of its reads: by the server for this visitor
 * (server/plugins/spa.ts, entry-prerender.tsx's renderWithData), and in the browser hydrating
 * that page (main.tsx). Its queries then start with the same answers on both sides, so a part
 * that otherwise waits for hydration before showing an answer (one another part may have fetched
 * first) can show it in the first render.
 */
export const RenderedWithReads = createContext(false);
