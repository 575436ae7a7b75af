/*
 * The help lines contract's address. Without zod: the browser's pages import these at first render,
 * and evaluating zod and every schema costs a phone's main thread noticeably (docs/decisions/013).
 * The schemas and their types are in help-lines.ts, which re-exports all of this.
 */

/** GET /api/help-lines: lines that do not depend on the country, for the Emergency information page. */
export const HELP_LINES_PATH = '/api/help-lines';
