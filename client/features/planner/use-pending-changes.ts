import { useSyncExternalStore } from 'react';
import { pendingChanges, subscribePendingChanges } from './change-queue';
import type { PendingChange } from './pending-changes';

const noChanges: readonly PendingChange[] = [];

/** The changes made offline still waiting to be sent, kept current across tabs. */
export function usePendingChanges(): readonly PendingChange[] {
  return useSyncExternalStore(subscribePendingChanges, pendingChanges, () => noChanges);
}
