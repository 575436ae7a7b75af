import type { QueryFunction } from '@tanstack/react-query';

/**
 * A failed call. Its message is `STATUS: body text` (spec §8), or the status text when the body is
 * empty; `serverMessage` is the contract's `message` field when the body is the JSON error envelope.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly serverMessage: string | undefined,
  ) {
    super(`${status}: ${bodyText}`);
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  let serverMessage: string | undefined;
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') serverMessage = parsed.message;
  } catch {
    // Not JSON: the status line is all we have.
  }
  throw new ApiError(response.status, text, serverMessage);
}

/** Sends credentials always, and a JSON content type only when there is a body (spec §7). */
export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The generic read: joins the query key's segments with slashes and GETs that path. */
export const getQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const response = await fetch(queryKey.join('/'), { credentials: 'include', signal });
  await throwIfNotOk(response);
  return response.json();
};

/** The words to show a person for an error: the server's message when it sent one. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
