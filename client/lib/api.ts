import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyHeaderValue,
} from '../../contracts/idempotency.values';
import { isNoAnswer, noteNoAnswer } from './connection';

/** One field's problem, as the contract's error envelope lists it (contracts/errors.ts). */
export interface FieldIssue {
  /** The field, dotted for a nested one ("travelInterests.0"); empty for the request as a whole. */
  path: string;
  message: string;
}

/** What the contract's error envelope `{message, errors?}` says; empty for any other text. */
export interface ErrorEnvelope {
  message: string | undefined;
  /** Every field problem, in the order the server listed them. */
  errors: readonly FieldIssue[];
}

const isFieldIssue = (value: unknown): value is FieldIssue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FieldIssue).path === 'string' &&
  typeof (value as FieldIssue).message === 'string';

/** The JSON of a body, or undefined when it is not JSON (an HTML error page, S3's XML, nothing). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function envelopeOf(body: unknown): ErrorEnvelope {
  if (typeof body !== 'object' || body === null) return { message: undefined, errors: [] };
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  return {
    message: typeof message === 'string' ? message : undefined,
    errors: Array.isArray(errors) ? errors.filter(isFieldIssue) : [],
  };
}

/**
 * Reads an error body as the contract's envelope. For a body that did not come through `ApiError`
 * (an upload's answer, which Uppy hands over as text).
 */
export function parseErrorBody(text: string): ErrorEnvelope {
  return envelopeOf(parseJson(text));
}

/** "travelInterests.0" -> "travelInterests": a form shows a list's problems at the list. */
const topLevelField = (path: string) => path.split('.')[0] ?? '';

/**
 * A failed call. Its message is `STATUS: body text` (spec §8), or the status text when the body is
 * empty. The body is read here, once, as the contract's error envelope `{message, errors?}`:
 * - `serverMessage`: the envelope's `message`, the words for a person;
 * - `issues`: every field problem, in the server's order;
 * - `fieldErrors`: the first message for each top-level field. The first, because the server's
 *   schema reports a field's problems from the most basic on ("must be a real date" before "cannot
 *   be before the check-in date"), and a form shows one message per field;
 * - `body`: the answer's JSON, for the few calls whose failures carry a result of their own.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly body: unknown;
  readonly serverMessage: string | undefined;
  readonly issues: readonly FieldIssue[];
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(
    readonly status: number,
    readonly bodyText: string,
    /** The answer's Retry-After, when it said when to ask again. */
    readonly retryAfter?: string,
  ) {
    super(`${status}: ${bodyText}`);
    this.body = parseJson(bodyText);
    const { message, errors } = envelopeOf(this.body);
    this.serverMessage = message;
    this.issues = errors;
    const fields = new Map<string, string>();
    for (const { path, message: text } of errors) {
      const field = topLevelField(path);
      if (!fields.has(field)) fields.set(field, text);
    }
    // fromEntries defines each field as data, even one named "__proto__".
    this.fieldErrors = Object.fromEntries(fields);
  }

  /** The error for a response that is not ok (its body read to the end). */
  static async from(response: Response): Promise<ApiError> {
    const text = (await response.text()) || response.statusText;
    return new ApiError(response.status, text, response.headers.get('retry-after') ?? undefined);
  }
}

export interface ApiRequestOptions {
  signal?: AbortSignal;
  /**
   * Sent as the Idempotency-Key header: the server does a request with a key once, and answers a
   * repeat of it with the first answer (docs/decisions/029). One key per intent: see intent-keys.ts.
   */
  idempotencyKey?: string;
  /** Further request headers (a precondition such as If-Match). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * Until this page has had one answer from the API, the browser may hold no session cookie, and
 * each request sent without one is answered with a new cookie (server/plugins/session.ts): the
 * answer that arrives last is the one kept. A write stores its cookie's session; an answer to a
 * request sent without a cookie, arriving after it, would replace that cookie, and the visitor
 * would lose what they wrote (a newcomer's change queued offline, sent as the page's first reads
 * go out). So a write waits until every request sent without a cookie is answered, and nothing
 * is sent while a write without one is on its way.
 */
let answered = false;
/** Requests sent before the first answer, so perhaps without a cookie, not yet answered. */
const unanswered = new Set<Promise<void>>();
/** A write sent before the first answer, not yet answered. */
let writing: Promise<void> | null = null;

async function sendKeepingSession(write: boolean, send: () => Promise<Response>) {
  for (;;) {
    if (writing) await writing;
    else if (write && unanswered.size > 0) await Promise.all(unanswered);
    else break;
  }
  if (answered) return send();
  const sent = send();
  const settled: Promise<void> = sent
    .then(
      () => {
        answered = true;
      },
      () => undefined,
    )
    .finally(() => {
      unanswered.delete(settled);
      if (writing === settled) writing = null;
    });
  unanswered.add(settled);
  if (write) writing = settled;
  return sent;
}

/**
 * Sends credentials always, a JSON content type only when there is a body (spec §7), and an
 * idempotency key when given.
 */
export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  { signal, idempotencyKey, headers: extra }: ApiRequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { ...extra };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey !== undefined) {
    headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKeyHeaderValue(idempotencyKey);
  }
  let response: Response;
  try {
    response = await sendKeepingSession(method !== 'GET', () =>
      fetch(url, {
        method,
        credentials: 'include',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      }),
    );
  } catch (error) {
    // No answer: the browser may think itself online and reach nothing (client/lib/connection.ts).
    if (isNoAnswer(error)) await noteNoAnswer();
    throw error;
  }
  if (!response.ok) throw await ApiError.from(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** GET `url` (a path from contracts/*.values.ts) and its JSON answer. */
export const apiGet = <T>(url: string, signal?: AbortSignal) =>
  apiRequest<T>('GET', url, undefined, { signal });

/**
 * What a query's options may say about it beyond its key. `readPath`: the API path the query
 * GETs, for a read the server may answer while rendering the page (client/entry-prerender.tsx's
 * renderWithData matches it against the server's `pagePreloads`, server/plugins/spa.ts). Both
 * sides take the path from the same contracts/*.values.ts function.
 */
export type QueryMeta = { readPath?: string };

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta;
  }
}

/** The words to show a person for an error: the server's message when it sent one. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
