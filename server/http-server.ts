import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { BadRequest } from './errors.js';

/**
 * A request's URL as it may be logged: without its query string (upload signatures, e-mail
 * verification tokens) and with share and calendar tokens masked, since a log must not open what
 * the database keeps only as hashes.
 */
export function loggableUrl(url: string): string {
  return url
    .split('?')[0]!
    .replace(/^(\/(?:api\/)?shared(?:-trips?)?\/)[^/]+/, '$1***')
    .replace(/^(\/api\/calendar\/)[^/]+/, '$1***');
}

/**
 * A share link's page (`/shared/:token`, `/shared-trip/:token`) or an answer of its API
 * (`/api/shared/…`, `/api/shared-trips/…`): public to whoever holds the link, never for search
 * engines, which could otherwise list a link that a visitor pasted somewhere crawled.
 */
const SHARE_LINK_PATH = /^\/(?:shared|shared-trip|api\/shared|api\/shared-trips)\//;
const SHARE_LINK_ROBOTS = 'noindex, nofollow';

/** Whether parsed input holds U+0000 anywhere. Iterative: a JSON body may nest thousands deep. */
export function holdsNul(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** JSON bodies of this API are small; uploads have their own streaming route. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;
const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_PATTERN = /^[\w-]{8,64}$/;

/**
 * Fastify's options: the log (no cookies, no query strings, no share tokens), the body limit, the
 * proxies believed, request ids, and the answer to a URL refused before routing.
 */
function serverOptions(
  config: Config,
  headers: Readonly<Record<string, string>>,
): FastifyServerOptions {
  const { trustProxy } = config;
  return {
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: loggableUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // A hop count believes that many proxies nearest the server (Fastify's types take no number).
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    // On close, idle keep-alive sockets are dropped (Fastify's default) and in-flight requests finish.
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed or overlong URL is refused before routing, so the error handler never sees it:
    // answer in the error envelope, without echoing the URL as Fastify's default body does.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A part of the URL is too long'
          : 'Malformed URL';
      void reply
        .code(error.statusCode ?? 400)
        .header(REQUEST_ID_HEADER, request.id)
        // No onRequest hook runs for these either: the same security headers as every answer.
        .headers(headers)
        .send({ message });
    },
  };
}

/**
 * The Fastify instance every route is registered on: JSON in, zod schemas for validation and
 * serialisation, and every answer naming its request id (and, for share links, kept out of search
 * engines). `headers` are the security headers, for the answers given before any hook runs.
 */
export function createHttpServer(config: Config, headers: Readonly<Record<string, string>>) {
  const app = Fastify(serverOptions(config, headers)).withTypeProvider<ZodTypeProvider>();
  // JSON only: a text/plain body would otherwise reach the schemas as a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The hooks that run on every request take a callback: an async hook costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // Here, before any route or limit can answer, so that an error or a 429 says it too.
    if (SHARE_LINK_PATH.test(request.url)) reply.header('x-robots-tag', SHARE_LINK_ROBOTS);
    done();
  });
  return app;
}
export type HttpServer = ReturnType<typeof createHttpServer>;

/**
 * Once closing, every answer closes its connection: a keep-alive connection whose request was in
 * flight at SIGTERM would otherwise stay open, idle, and hold the shutdown until its keep-alive
 * timeout. An answer begun before the close says so in its headers; one whose headers had already
 * gone (its bytes still being written when the close began) ends its connection once written.
 */
export function closeConnectionsWhenClosing(app: HttpServer): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (closing) request.raw.socket?.end();
    done();
  });
}

/** PostgreSQL cannot store U+0000 in text (SQLite can): refused in any input, on both databases. */
export function refuseNul(app: HttpServer): void {
  app.addHook('preValidation', (request, _reply, done) => {
    done(
      holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)
        ? new BadRequest('The request holds a NUL character, which no field accepts')
        : undefined,
    );
  });
}
