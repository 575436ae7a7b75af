/*
 * The destinations contract's values. Without zod: the browser's pages import these at first
 * render. The schemas and their types are in destinations.ts, which re-exports all of this.
 */

/** GET the destinations, with their accessibility features. */
export const DESTINATIONS_PATH = '/api/destinations';
