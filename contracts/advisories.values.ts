/*
 * The advisories contract's values. Without zod: the browser's pages import these at first
 * render. The schemas and their types are in advisories.ts, which re-exports all of this.
 */

/** GET the travel advisories, every country's current level. */
export const ADVISORIES_PATH = '/api/advisories';
