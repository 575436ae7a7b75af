import type { MediaStorage } from '../../../adapters/storage/types.js';
import type { MediaLogger } from '../gallery.js';
import type { MediaRepository, UploadRow } from '../repository.js';

/** A recorded upload may be listed this long after its URL expired (a slow last PUT). */
export const RECORD_GRACE_MS = 60 * 60 * 1000;
/** Tickets removed per query by the sweep, which loops until none are left. */
const SWEEP_BATCH = 500;
/** Tickets read per query when all of a visitor's are removed. */
const REMOVE_BATCH = 100;

export interface TicketDeps {
  repository: MediaRepository;
  storage: MediaStorage;
}

/** Removes an object and the ticket that let it in: a refused upload leaves nothing behind. */
export async function forget(deps: TicketDeps, uploadId: string, key: string): Promise<void> {
  await deps.storage.delete(key);
  await deps.repository.deleteUpload(uploadId);
}

/** An upload ticket, and its object unless that is a listed file's. */
async function removeTicket(deps: TicketDeps, ticket: UploadRow): Promise<void> {
  // A recorded local upload wrote the served file itself: only its ticket goes. Anything at an
  // incoming key (a replayed S3 URL) is not served and goes too.
  if (ticket.status === 'recorded' && !ticket.objectKey.startsWith('incoming/')) {
    await deps.repository.deleteUpload(ticket.id);
  } else {
    await forget(deps, ticket.id, ticket.objectKey);
  }
}

/**
 * Removes what upload URLs left behind: tickets expired (with the grace to record) whose file
 * was never listed, and their objects. Answers how many tickets went.
 */
export async function sweepTickets(
  deps: TicketDeps & { log: MediaLogger },
  now: Date,
): Promise<number> {
  const before = new Date(now.getTime() - RECORD_GRACE_MS).toISOString();
  let removed = 0;
  for (;;) {
    const stale = await deps.repository.listStaleUploads(before, SWEEP_BATCH);
    for (const ticket of stale) await removeTicket(deps, ticket);
    removed += stale.length;
    if (stale.length < SWEEP_BATCH) break;
  }
  if (removed > 0) deps.log.info({ count: removed }, 'removed expired uploads');
  return removed;
}

/** Every upload ticket of the visitor, and the objects not listed (the retention sweep). */
export async function removeVisitorTickets(deps: TicketDeps, visitorId: string): Promise<void> {
  for (;;) {
    const tickets = await deps.repository.listVisitorUploads(visitorId, REMOVE_BATCH);
    for (const ticket of tickets) await removeTicket(deps, ticket);
    if (tickets.length < REMOVE_BATCH) return;
  }
}
