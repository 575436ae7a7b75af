/*
 * Row versions as HTTP entity tags (RFC 9110 §8.8.3, §13.1.1; docs/decisions/032), without zod:
 * the browser's offline queue sends the version it last saw, and the server refuses a change to a
 * trip or an item that was changed elsewhere since (412, with the row as it is now).
 */

/** The request header that holds the version a change was made against. */
export const IF_MATCH_HEADER = 'If-Match';

/** The response header that holds a row's version (as `versionTag` writes it). */
export const ETAG_HEADER = 'ETag';

/** The highest version a tag may name: the column is a 32-bit integer on both databases. */
export const VERSION_MAX = 2_147_483_647;

/** The 412's message: the change was not made, and `current` shows the row as it is now. */
export const CHANGED_ELSEWHERE = 'This was changed elsewhere since you last saw it';

/** A row's version as an entity tag: 3 is `"3"`, quotes included. */
export const versionTag = (version: number): string => `"${version}"`;

const TAG = /^(?:W\/)?"(\d{1,10})"$|^(\d{1,10})$/;

/**
 * An If-Match value to the version it names: `"3"` (the tag the server sends), `W/"3"` or a bare
 * `3` (taken as `"3"`), or `*` for any version. Null when it is none of these (a list of tags
 * included: a change is made against one version).
 */
export function parseVersionTag(value: string): number | '*' | null {
  const trimmed = value.trim();
  if (trimmed === '*') return '*';
  const match = TAG.exec(trimmed);
  const digits = match?.[1] ?? match?.[2];
  if (digits === undefined) return null;
  const version = Number(digits);
  return version <= VERSION_MAX ? version : null;
}
