import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();
/** The server renders every page online; hydration starts from the same. */
const onlineOnServer = () => true;

/**
 * Whether the browser can reach the network, as TanStack Query's onlineManager knows it (told the
 * browser's real state at start, client/lib/saved-reads.ts, and its online/offline events after).
 * One source for the notice under the header and for every button that needs a connection.
 */
export const useOnline = () => useSyncExternalStore(subscribe, isOnline, onlineOnServer);
