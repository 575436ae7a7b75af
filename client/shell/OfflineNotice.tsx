import { useQueryClient } from '@tanstack/react-query';
import { Wifi, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { formatDateTime } from '../lib/dates';
import { isSavedRead } from '../lib/saved-reads';
import { useOnline } from '../lib/use-online';

/**
 * Whether the site can reach the server, in a polite status line under the header, and when what
 * the page shows was saved: offline, the reads on screen are the device's saved copies
 * (client/lib/saved-reads.ts), and what needs the network says so.
 */
export function OfflineNotice() {
  const online = useOnline();
  const savedAt = useOldestSavedReadOnScreen(!online);
  const back = useBackOnline(online);
  return (
    <div role="status" className="empty:hidden">
      {back ? (
        <p className="flex items-start gap-2 border-b border-emerald-800 bg-emerald-50 px-4 py-2 text-emerald-950">
          <Wifi aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <strong>You are back online.</strong>
        </p>
      ) : null}
      {online ? null : (
        <p className="flex items-start gap-2 border-b border-amber-700 bg-amber-50 px-4 py-2 text-amber-950">
          <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            <strong>You are offline.</strong>{' '}
            {savedAt
              ? `This page shows what this device saved on ${formatDateTime(new Date(savedAt))}. `
              : 'Pages you have opened before show what this device saved. '}
            Changes to your trips are kept on this device and sent when you are back online;
            payments, uploads, the assistant and signing in need a connection.
          </span>
        </p>
      )}
    </div>
  );
}

/** How long "back online" stays: long enough to be read, then out of the way. */
const BACK_ONLINE_MS = 6_000;

/** True for a moment after the connection returns, so that its return is seen and announced. */
function useBackOnline(online: boolean): boolean {
  const [back, setBack] = useState(false);
  const was = useRef(online);
  useEffect(() => {
    const cameBack = online && !was.current;
    was.current = online;
    if (!cameBack) {
      setBack(false);
      return;
    }
    setBack(true);
    const timer = setTimeout(() => setBack(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [online]);
  return back;
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
