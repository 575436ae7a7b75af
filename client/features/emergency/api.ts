import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EMERGENCY_CONTACTS_PATH, SAFETY_KIT_PATH } from '../../../contracts/emergency.values';
import type { EmergencyContact, SafetyKitPaper } from '../../../contracts/emergency';
import { HELP_LINES_PATH } from '../../../contracts/help-lines.values';
import type { HelpLines } from '../../../contracts/help-lines';
import { OFFLINE_HEADER, OFFLINE_VALUE, SAFETY_KIT_CACHE } from '../../../contracts/offline';
import { ApiError, apiGet } from '../../lib/api';

/*
 * OFFLINE_HEADER: what client/sw.ts adds to a response it serves from its cache because the network
 * failed: the page then says it is offline and shows the date the numbers were saved.
 */

/** The emergency feature's query keys: each key has one shape, the one its fetcher returns. */
export const emergencyKeys = {
  contacts: ['emergency', 'contacts'] as const,
  helpLines: ['emergency', 'help-lines'] as const,
  /** When the device saved the kit at `url` (client/sw.ts keeps the kits downloaded). */
  savedKit: (url: string) => ['emergency', 'saved-kit', url] as const,
};

export interface EmergencyContactsResult {
  contacts: EmergencyContact[];
  /** When the server answered: the response's Date, which a cached copy keeps. */
  refreshedAt: Date;
  /** The service worker answered from its cache because the network failed. */
  offline: boolean;
}

/**
 * GET /api/emergency-contacts: every country's numbers, sorted by country (the list is small),
 * with when they were fetched and whether the service worker answered from its cache. Read here
 * rather than through apiRequest, which keeps no headers.
 */
export async function fetchEmergencyContacts(
  signal?: AbortSignal,
): Promise<EmergencyContactsResult> {
  const response = await fetch(EMERGENCY_CONTACTS_PATH, { credentials: 'include', signal });
  if (!response.ok) throw await ApiError.from(response);
  const served = Date.parse(response.headers.get('date') ?? '');
  return {
    contacts: (await response.json()) as EmergencyContact[],
    refreshedAt: Number.isNaN(served) ? new Date() : new Date(served),
    offline: response.headers.get(OFFLINE_HEADER) === OFFLINE_VALUE,
  };
}

/**
 * The one read of the emergency numbers: the Emergency information page shows all of it, a
 * trip's Overview picks its country's numbers from `contacts` (`select`).
 */
/**
 * Asked even when the browser says it is offline: the service worker answers these two reads from
 * its saved copy (client/sw.ts), which is what the page is for in an emergency.
 */
const ANSWERED_OFFLINE = 'always';

export const emergencyContactsQuery = queryOptions({
  queryKey: emergencyKeys.contacts,
  queryFn: ({ signal }) => fetchEmergencyContacts(signal),
  networkMode: ANSWERED_OFFLINE,
});

export function useEmergencyContacts() {
  return useQuery(emergencyContactsQuery);
}

/** GET /api/help-lines. */
export const fetchHelpLines = (signal?: AbortSignal) => apiGet<HelpLines>(HELP_LINES_PATH, signal);

export const helpLinesQuery = queryOptions({
  queryKey: emergencyKeys.helpLines,
  queryFn: ({ signal }) => fetchHelpLines(signal),
  networkMode: ANSWERED_OFFLINE,
});

export function useHelpLines() {
  return useQuery(helpLinesQuery);
}

export interface SafetyKitChoice {
  /** ISO codes; undefined for "the countries of my trips" (the server's default). */
  countries?: readonly string[];
  paper: SafetyKitPaper;
}

export function safetyKitUrl({ countries, paper }: SafetyKitChoice): string {
  const query = new URLSearchParams({ paper });
  if (countries) query.set('countries', countries.join(','));
  return `${SAFETY_KIT_PATH}?${query.toString()}`;
}

const KIT_FILE_NAME = 'travel-safety-kit.pdf';

/** When a response was made: its Date, which a saved copy keeps; null without one. */
function servedAt(response: Response): Date | null {
  const served = Date.parse(response.headers.get('date') ?? '');
  return Number.isNaN(served) ? null : new Date(served);
}

export interface DownloadedKit {
  /** The service worker answered from the kit saved on the device: the network failed. */
  offline: boolean;
  /** When the kit was made (for a saved one, when it was saved). */
  madeAt: Date | null;
}

/**
 * Fetches the kit and hands it to the browser as a download; a 400's message is the error shown.
 * Asked even offline: the service worker answers with the kit saved for that choice, if any
 * (the form says offline whether there is one, and refuses the press when there is none).
 */
export function useDownloadSafetyKit() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (choice: SafetyKitChoice): Promise<DownloadedKit> => {
      const response = await fetch(safetyKitUrl(choice), { credentials: 'include' });
      if (!response.ok) throw await ApiError.from(response);
      saveFile(await response.blob(), KIT_FILE_NAME);
      return {
        offline: response.headers.get(OFFLINE_HEADER) === OFFLINE_VALUE,
        madeAt: servedAt(response),
      };
    },
    // Downloaded online, the worker has saved it: what the device holds is asked again.
    onSuccess: (_kit, choice) =>
      queryClient.invalidateQueries({ queryKey: emergencyKeys.savedKit(safetyKitUrl(choice)) }),
  });
}

export interface SavedKit {
  /** When it was made and saved (its Date); null if the response had none. */
  savedAt: Date | null;
}

/**
 * The kit at `url` as the device holds it, or null if it holds none: read from the worker's cache
 * (client/sw.ts) by the page itself, so it works offline. Null too where there is no Cache API.
 */
export async function fetchSavedKit(url: string): Promise<SavedKit | null> {
  if (typeof caches === 'undefined') return null;
  const saved = await caches.match(url, { cacheName: SAFETY_KIT_CACHE });
  return saved ? { savedAt: servedAt(saved) } : null;
}

export const savedKitQuery = (url: string) =>
  queryOptions({
    queryKey: emergencyKeys.savedKit(url),
    queryFn: () => fetchSavedKit(url),
    // The device's cache, not the network; and read again each time it is shown, since a
    // download, a sign-in or the worker's expiry may have changed it meanwhile.
    networkMode: 'always',
    staleTime: 0,
  });

/** Whether the kit for `choice` is on the device, asked only while `asking` (offline). */
export function useSavedKit(choice: SafetyKitChoice, asking: boolean) {
  return useQuery({ ...savedKitQuery(safetyKitUrl(choice)), enabled: asking });
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is not needed once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
