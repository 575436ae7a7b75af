/**
 * Record ids are random UUIDs as `crypto.randomUUID()` writes them (lower-case hex), so an id of
 * any other shape is unknown without asking the database. Shared so every feature (and the upload
 * addresses of local storage) checks the same shape.
 */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const UUID_PATTERN = new RegExp(`^${UUID_SOURCE}$`);

/** Whether `id` has the shape of an id this site makes. */
export const isUuid = (id: string): boolean => UUID_PATTERN.test(id);
