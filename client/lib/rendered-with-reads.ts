import { createContext, useContext } from 'react';
import { useClientValue } from './use-client-value';

/**
 * True where the page is rendered with the answers of its reads: by the server for this visitor
 * (server/plugins/spa.ts, entry-prerender.tsx's renderWithData), and in the browser hydrating
 * that page (main.tsx). Its queries then start with the same answers on both sides.
 */
export const RenderedWithReads = createContext(false);

/**
 * Whether a part may show what its queries hold: once the page is hydrated (before, a query
 * another part fetched first would not match the pre-rendered HTML), or from the start where the
 * page was rendered with its reads.
 */
export function useMayShowAnswers(): boolean {
  return useClientValue(() => true, useContext(RenderedWithReads));
}
