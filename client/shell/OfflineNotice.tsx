import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { formatDateTime } from '../lib/dates';
import { isSavedRead } from '../lib/saved-reads';

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();
/** The server renders every page online; hydration starts from the same. */
const onlineOnServer = () => true;

/**
 * Whether the site can reach the server, in a polite status line under the header, and when what
 * the page shows was saved: offline, the reads on screen are the device's saved copies
 * (client/lib/saved-reads.ts), and what needs the network says so.
 */
export function OfflineNotice() {
  const online = useSyncExternalStore(subscribeOnline, isOnline, onlineOnServer);
  const savedAt = useOldestSavedReadOnScreen(!online);
  return (
    <div role="status" className="empty:hidden">
      {online ? null : (
        <p className="flex items-start gap-2 border-b border-amber-700 bg-amber-50 px-4 py-2 text-amber-950">
          <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            <strong>You are offline.</strong>{' '}
            {savedAt
              ? `This page shows what this device saved on ${formatDateTime(new Date(savedAt))}. `
              : 'Pages you have opened before show what this device saved. '}
            Changes, payments, uploads, the assistant and signing in wait for a connection.
          </span>
        </p>
      )}
    </div>
  );
}

/** The time of the oldest saved read the page is showing, while `watching`; else undefined. */
function useOldestSavedReadOnScreen(watching: boolean): number | undefined {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  return useSyncExternalStore(
    (listener) => (watching ? cache.subscribe(listener) : () => {}),
    () => {
      if (!watching) return undefined;
      const times = cache
        .findAll({ type: 'active' })
        .filter((query) => isSavedRead(query.queryKey) && query.state.data !== undefined)
        .map((query) => query.state.dataUpdatedAt);
      return times.length > 0 ? Math.min(...times) : undefined;
    },
    () => undefined,
  );
}
