import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { SAFETY_KIT_PATH } from '../../../contracts/emergency.values';
import type { EmergencyContact, SafetyKitPaper } from '../../../contracts/emergency';
import { HELP_LINES_PATH } from '../../../contracts/help-lines.values';
import type { HelpLines } from '../../../contracts/help-lines';
import { ApiError } from '../../lib/api';

export const EMERGENCY_CONTACTS_PATH = '/api/emergency-contacts';

/**
 * The header client/public/sw.js adds to a response it serves from its cache because the network
 * failed: the page then says it is offline and shows the date the numbers were saved.
 */
const OFFLINE_HEADER = 'x-served-from';
const OFFLINE_VALUE = 'offline-cache';

export interface EmergencyContactsResult {
  contacts: EmergencyContact[];
  /** When the server answered: the response's Date, which a cached copy keeps. */
  refreshedAt: Date;
  /** The service worker answered from its cache because the network failed. */
  offline: boolean;
}

async function failure(response: Response): Promise<ApiError> {
  return new ApiError(response.status, (await response.text()) || response.statusText, undefined);
}

export async function fetchEmergencyContacts(signal?: AbortSignal) {
  const response = await fetch(EMERGENCY_CONTACTS_PATH, { credentials: 'include', signal });
  if (!response.ok) throw await failure(response);
  const served = Date.parse(response.headers.get('date') ?? '');
  return {
    contacts: (await response.json()) as EmergencyContact[],
    refreshedAt: Number.isNaN(served) ? new Date() : new Date(served),
    offline: response.headers.get(OFFLINE_HEADER) === OFFLINE_VALUE,
  } satisfies EmergencyContactsResult;
}

export const emergencyContactsQuery = queryOptions({
  queryKey: [EMERGENCY_CONTACTS_PATH],
  queryFn: ({ signal }) => fetchEmergencyContacts(signal),
});

export function useEmergencyContacts() {
  return useQuery(emergencyContactsQuery);
}

export const helpLinesQuery = queryOptions<HelpLines>({ queryKey: [HELP_LINES_PATH] });

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
      if (!response.ok) {
        const text = await response.text();
        let serverMessage: string | undefined;
        try {
          const parsed = JSON.parse(text) as { message?: unknown };
          if (typeof parsed.message === 'string') serverMessage = parsed.message;
        } catch {
          // Not the JSON error envelope: the status line is all there is.
        }
        throw new ApiError(response.status, text || response.statusText, serverMessage);
      }
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
