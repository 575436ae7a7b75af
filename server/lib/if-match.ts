import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ETAG_HEADER,
  IF_MATCH_HEADER,
  parseVersionTag,
  versionTag,
} from '../../contracts/preconditions.values.js';
import { BadRequest } from '../errors.js';

const MALFORMED = `${IF_MATCH_HEADER} must name one version as an entity tag, such as "3", or be *`;

/** What a route that honours If-Match says of it in the OpenAPI document. */
export const IF_MATCH_DESCRIPTION = `Honours an \`${IF_MATCH_HEADER}\` header holding the version last seen as an entity tag (\`"3"\`; \`W/"3"\` and a bare \`3\` are taken too; \`*\` is any version): the change is made only while the record still has that version, else 412 with the record as it is now as \`current\`, and nothing changed. A malformed header is a 400. Without the header the change is made whatever the version (docs/decisions/032).`;

/**
 * The version a change is made against, from the request's If-Match header (docs/decisions/032):
 * undefined without the header or with `*` (any version: the change is made as without one).
 * Read here rather than through the route's headers schema, which would replace the request's
 * headers (as the Idempotency-Key, docs/decisions/029). A malformed header is a 400 naming it.
 */
export function ifMatchVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const parsed = parseVersionTag(Array.isArray(header) ? header.join(', ') : header);
  if (parsed === null)
    throw new BadRequest(MALFORMED, [{ path: IF_MATCH_HEADER, message: MALFORMED }]);
  return parsed === '*' ? undefined : parsed;
}

/** Sends a trip's or an item's version as the answer's ETag; answers the record, for chaining. */
export function withVersionTag<T extends { version: number }>(reply: FastifyReply, record: T): T {
  reply.header(ETAG_HEADER, versionTag(record.version));
  return record;
}
