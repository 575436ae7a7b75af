import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBodySchema } from '../../contracts/errors.js';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyHeaderSchema } from '../../contracts/idempotency.js';
import { BadRequest, Conflict, UnprocessableContent } from '../errors.js';
import type { IdempotencyStore } from './idempotency-store.js';

/**
 * Writes that a double click or a retry can repeat answer a repeat with their first answer
 * (docs/decisions/029, the IETF draft "The Idempotency-Key HTTP Header Field"). A route opts in
 * with `config: { ...limits(…), idempotent: true }`; a request to it with an `Idempotency-Key`
 * header is then done once per visitor, route and key for a day:
 *
 * - the same key with the same request: the first answer (status, body, its content type,
 *   cache-control and ETag) is sent again, with `Idempotent-Replayed: true`, and nothing is done
 *   again;
 * - the same key with another request (other parameters or body): 422;
 * - while the first is still running: this one waits for its answer, up to WAIT_MS, then 409;
 * - an answer that is not a success (a refusal, a limit, a failure) is not kept: the key is free
 *   again, so a retry with it runs afresh;
 * - without the header, the route works as it always did.
 *
 * Keys are per visitor (another visitor's same key is another key) and per route. The rows hold
 * no key or visitor as they are (HMACs with the session secret), and the answer (a share link's
 * address, say) is encrypted with a key derived from the idempotency key, which only the client
 * holds.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honours an Idempotency-Key header (the idempotency plugin). */
    idempotent?: boolean;
  }
}

/** A request whose key is still being answered is waited for this long at most, then 409. */
const WAIT_MS = 10 * 1000;
const POLL_MS = 100;
/** Answers longer than this are not kept (none of the routes' answers comes near it). */
const MAX_KEPT_ANSWER_CHARS = 64 * 1024;
/** The headers of an answer that a replay repeats (a new trip's or item's version as its ETag). */
const KEPT_HEADERS = ['content-type', 'cache-control', 'etag'] as const;
export const REPLAYED_HEADER = 'idempotent-replayed';
const IDEMPOTENT_ROUTE_DESCRIPTION = `Honours an \`${IDEMPOTENCY_KEY_HEADER}\` header (a key per intent, at most 255 visible ASCII characters, quoted or bare): a repeat of the same request with the key within a day is answered with the first answer (\`Idempotent-Replayed: true\`) and not done again; the key with another request is a 422; a repeat while the first is running waits for it, then 409.`;

export interface IdempotencyPluginOptions {
  store: IdempotencyStore;
  /** The HMAC key that hides visitors, keys and requests in the rows (the session secret). */
  secret: string;
}

interface KeptAnswer {
  headers: Partial<Record<(typeof KEPT_HEADERS)[number], string>>;
  body: string;
}

/** JSON with every object's keys sorted: one request, one fingerprint, whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The AES-256-GCM key of one key's answer: only whoever holds the idempotency key can read it. */
function answerKey(key: string, visitorId: string, route: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, visitorId, `idempotent answer ${route}`, 32));
}

function seal(answer: KeptAnswer, cipherKey: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cipherKey, iv);
  const text = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64');
}

function open(sealed: string, cipherKey: Buffer): KeptAnswer {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', cipherKey, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
  return JSON.parse(text.toString('utf8')) as KeptAnswer;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function idempotencyPlugin(app: FastifyInstance, options: IdempotencyPluginOptions) {
  const { store, secret } = options;
  const hmac = (...parts: string[]) =>
    createHmac('sha256', secret).update(parts.join('\n')).digest('hex');
  /** The requests that claimed their key, and what their answer is kept under. */
  const claimed = new WeakMap<FastifyRequest, { id: string; cipherKey: Buffer }>();

  function keyOf(request: FastifyRequest): string | undefined {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return undefined;
    const parsed = idempotencyKeyHeaderSchema.safeParse(
      Array.isArray(header) ? header.join(', ') : header,
    );
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? `Invalid ${IDEMPOTENCY_KEY_HEADER}`;
      throw new BadRequest(message, [{ path: IDEMPOTENCY_KEY_HEADER, message }]);
    }
    return parsed.data;
  }

  function replay(reply: FastifyReply, statusCode: number, answer: KeptAnswer) {
    for (const name of KEPT_HEADERS) {
      const value = answer.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    return reply.code(statusCode).header(REPLAYED_HEADER, 'true').send(answer.body);
  }

  // Only the routes that honour a key run its hooks, and the OpenAPI document says it of each,
  // with its two answers. A route's own hooks run after the app's: the claim is made after the
  // body is parsed and checked (a malformed repeat is refused as the first was) and after the
  // limits (a repeat counts, as any request does).
  app.addHook('onRoute', (route) => {
    if (route.config?.idempotent !== true) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), claim];
    route.onSend = [...[route.onSend ?? []].flat(), keep];
    const schema = (route.schema ??= {});
    const response = (schema.response ??= {}) as Record<number, unknown>;
    response[409] ??= errorBodySchema;
    response[422] ??= errorBodySchema;
    schema.description = [schema.description, IDEMPOTENT_ROUTE_DESCRIPTION]
      .filter(Boolean)
      .join('\n\n');
  });

  async function claim(request: FastifyRequest, reply: FastifyReply) {
    const key = keyOf(request);
    if (key === undefined) return;
    const visitorId = await request.getVisitorId();
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const entry = {
      id: hmac('key', visitorId, route, key),
      visitorHash: hmac('visitor', visitorId),
      fingerprint: hmac(
        'request',
        canonical({ params: request.params, query: request.query, body: request.body }),
      ),
    };
    const cipherKey = answerKey(key, visitorId, route);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = await store.begin(entry);
      switch (found.kind) {
        case 'started':
          claimed.set(request, { id: entry.id, cipherKey });
          return;
        case 'done':
          await replay(reply, found.statusCode, open(found.response, cipherKey));
          return reply;
        case 'mismatch':
          throw new UnprocessableContent(
            `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request. Send a new key for a new request.`,
          );
        case 'running':
          if (Date.now() + POLL_MS > deadline) {
            reply.header('retry-after', '1');
            throw new Conflict(
              `A request with this ${IDEMPOTENCY_KEY_HEADER} is still in progress. Please try again in a moment.`,
            );
          }
          await sleep(POLL_MS);
      }
    }
  }

  async function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const mine = claimed.get(request);
    if (!mine) return payload;
    claimed.delete(request);
    const success = reply.statusCode >= 200 && reply.statusCode < 300;
    try {
      if (success && typeof payload === 'string' && payload.length <= MAX_KEPT_ANSWER_CHARS) {
        const headers: KeptAnswer['headers'] = {};
        for (const name of KEPT_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        await store.finish(
          mine.id,
          reply.statusCode,
          seal({ headers, body: payload }, mine.cipherKey),
        );
      } else {
        await store.release(mine.id);
      }
    } catch (error) {
      // The answer goes out all the same; a repeat then waits for the abandoned key to lapse.
      request.log.warn({ err: error }, 'idempotency key: the answer could not be kept');
    }
    return payload;
  }
}

export default fp(idempotencyPlugin, { name: 'idempotency' });
