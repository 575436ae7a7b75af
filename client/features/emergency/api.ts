import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { EMERGENCY_CONTACTS_PATH, SAFETY_KIT_PATH } from '../../../contracts/emergency.values';
import type { EmergencyContact, SafetyKitPaper } from '../../../contracts/emergency';
import { HELP_LINES_PATH } from '../../../contracts/help-lines.values';
import type { HelpLines } from '../../../contracts/help-lines';
import { OFFLINE_HEADER, OFFLINE_VALUE } from '../../../contracts/offline';
import { ApiError, apiGet } from '../../lib/api';

/*
 * OFFLINE_HEADER: what client/sw.ts adds to a response it serves from its cache because the network
 * failed: the page then says it is offline and shows the date the numbers were saved.
 */

/** The emergency feature's query keys: each key has one shape, the one its fetcher returns. */
export const emergencyKeys = {
  contacts: ['emergency', 'contacts'] as const,
  helpLines: ['emergency', 'help-lines'] as const,
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

/** Fetches the kit and hands it to the browser as a download; a 400's message is the error shown. */
export function useDownloadSafetyKit() {
  return useMutation({
    mutationFn: async (choice: SafetyKitChoice) => {
      const response = await fetch(safetyKitUrl(choice), { credentials: 'include' });
      if (!response.ok) throw await ApiError.from(response);
      saveFile(await response.blob(), KIT_FILE_NAME);
    },
  });
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
