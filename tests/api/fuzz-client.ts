import { randomUUID } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import { hashToken, newToken } from '../../server/lib/tokens.js';
import type { TestServer } from '../helpers/server.js';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Longer than any answer takes, even on a busy machine: a hang is a failure too. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Loopback addresses the fuzzer sends from (Linux routes all of 127.0.0.0/8 to lo). */
const SOURCE_ADDRESSES = 250;
/** Sessions of the one fuzzing visitor, each its own rate-limit key. */
const SESSIONS = 64;

/**
 * Sends bytes exactly as given (node:http, not fetch, so invalid UTF-8, odd content types and raw
 * paths go out untouched), from a chosen loopback address.
 */
export function sendRaw(
  baseUrl: string,
  options: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer;
    localAddress?: string;
  },
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-length'] = String(options.body.length);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method,
        path: options.path,
        headers,
        localAddress: options.localAddress,
        agent: false,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * The fuzzing visitor: one visitor (one visitorId, owning the real records) behind many sessions,
 * sending from many loopback addresses. The rate limits are fixed in the routes (no setting raises
 * them), keyed by session or by address; rotating both keeps the fuzz requests from turning into
 * 429s while every request still acts for the same visitor.
 */
export async function createFuzzVisitor(
  server: TestServer,
  firstCookie: string,
  sessions = SESSIONS,
) {
  const cookieName = firstCookie.split('=')[0]!;
  const cookies: string[] = [firstCookie];
  const now = new Date().toISOString();
  // A read hands out the cookie without storing its session (only a write does): stored here.
  const firstHash = hashToken(
    server.app.unsignCookie(firstCookie.slice(cookieName.length + 1)).value ?? '',
  );
  await server.database.db
    .insertInto('sessions')
    .values({ tokenHash: firstHash, visitorId: randomUUID(), createdAt: now, lastSeenAt: now })
    .onConflict((oc) => oc.column('tokenHash').doNothing())
    .execute();
  const visitorId = await server.database.db
    .selectFrom('sessions')
    .select('visitorId')
    .where('tokenHash', '=', firstHash)
    .executeTakeFirstOrThrow();
  for (let i = 1; i < sessions; i++) {
    const token = newToken();
    await server.database.db
      .insertInto('sessions')
      .values({
        tokenHash: hashToken(token),
        visitorId: visitorId.visitorId,
        createdAt: now,
        lastSeenAt: now,
      })
      .execute();
    cookies.push(`${cookieName}=${server.app.signCookie(token)}`);
  }
  let turn = 0;
  return {
    visitorId: visitorId.visitorId,
    /** Sends as the visitor, from the next session and address in turn. */
    send(options: {
      method: string;
      path: string;
      headers?: Record<string, string>;
      body?: Buffer;
    }): Promise<RawResponse> {
      turn++;
      return sendRaw(server.url, {
        ...options,
        headers: { ...options.headers, cookie: cookies[turn % cookies.length]! },
        localAddress: `127.0.0.${2 + (turn % SOURCE_ADDRESSES)}`,
      });
    },
    /** JSON in and out, for setting up records. */
    async json(
      method: string,
      path: string,
      body?: unknown,
    ): Promise<{ status: number; body: unknown }> {
      const response = await this.send({
        method,
        path,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
      });
      const text = response.body.toString();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
  };
}
export type FuzzVisitor = Awaited<ReturnType<typeof createFuzzVisitor>>;
