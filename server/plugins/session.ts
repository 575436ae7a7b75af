import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey } from '../client-address.js';
import type { SessionRepository } from './session-repository.js';

/** 32 random bytes: twice the 128 bits the contract asks for. */
const SESSION_TOKEN_BYTES = 32;
/** Browsers cap cookie lifetimes at 400 days; a visitor's trips live that long without a visit. */
const SESSION_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
/** Sessions whose visitor this process keeps in memory (about 200 bytes each). */
const KNOWN_VISITORS_KEPT = 10_000;
/**
 * The caching of an answer read with the visitor's session (trips, items, bookings, media, chat,
 * shares), unless its route chose its own (an ETag's `private, no-cache`, a thumbnail's max-age):
 * no shared cache may keep it, and no browser either, since the next visitor on a shared computer
 * could read it from the disk cache.
 */
export const VISITOR_CACHE_CONTROL = 'private, no-store';

declare module 'fastify' {
  interface FastifyRequest {
    sessionToken: string | null;
    /** True when the session came from a valid cookie, false when this request started it. */
    sessionFromCookie: boolean;
    /** The visitor who owns trips, media, bookings and chat. Creates the stored session on first use. */
    getVisitorId(): Promise<string>;
    /**
     * The visitor of a valid session cookie, on any path (a page, too), without starting a session:
     * null for a newcomer or a session that was never stored.
     */
    findVisitorId(): Promise<string | null>;
  }
}

/**
 * The key of a per-visitor rate limit: the session of a returning visitor, else the address, so a
 * client that drops its cookie on every request does not get a fresh allowance each time.
 */
export function visitorRateKey(request: FastifyRequest): string {
  return request.sessionFromCookie && request.sessionToken
    ? `session:${request.sessionToken}`
    : `ip:${addressKey(request.ip)}`;
}

export interface SessionPluginOptions {
  sessions: SessionRepository;
  secureCookies: boolean;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Visitors are anonymous: the cookie carries a random token, signed with the session secret so a
 * forged one is dropped without a database read. Only its hash is stored, so a copy of the database
 * cannot be replayed as live sessions. The row is written when a feature first needs the visitor,
 * so browsing the catalogue writes nothing.
 */
async function sessionPlugin(app: FastifyInstance, options: SessionPluginOptions) {
  const cookieName = options.secureCookies ? '__Host-sid' : 'sid';
  const visitorIds = new WeakMap<FastifyRequest, Promise<string>>();
  /** Requests that read their visitor: their answers are the visitor's (VISITOR_CACHE_CONTROL). */
  const visitorScoped = new WeakSet<FastifyRequest>();

  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionFromCookie', false);
  app.decorateRequest('getVisitorId', function (this: FastifyRequest) {
    visitorScoped.add(this);
    let pending = visitorIds.get(this);
    if (!pending) {
      const token = this.sessionToken;
      if (!token) throw new Error('getVisitorId() called outside /api');
      pending = resolveVisitor(token);
      visitorIds.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest('findVisitorId', async function (this: FastifyRequest) {
    visitorScoped.add(this);
    const raw = this.cookies[cookieName];
    const token = raw ? verify(this, raw) : null;
    return token ? storedVisitor(hashToken(token)) : null;
  });

  // A session's visitor never changes and a session row is never deleted, so what one process
  // has read stays true for every process: kept here, the visitor costs no query per request.
  // Keyed by the token's hash, as stored: the raw tokens are not kept.
  const knownVisitors = new Map<string, string>();
  function remember(tokenHash: string, visitorId: string): string {
    if (knownVisitors.size >= KNOWN_VISITORS_KEPT) {
      // Oldest first: a Map iterates in insertion order.
      knownVisitors.delete(knownVisitors.keys().next().value!);
    }
    knownVisitors.set(tokenHash, visitorId);
    return visitorId;
  }

  async function storedVisitor(tokenHash: string): Promise<string | null> {
    const known = knownVisitors.get(tokenHash);
    if (known) return known;
    const existing = await options.sessions.findVisitorId(tokenHash);
    return existing ? remember(tokenHash, existing) : null;
  }

  async function resolveVisitor(token: string): Promise<string> {
    const tokenHash = hashToken(token);
    const existing = await storedVisitor(tokenHash);
    if (existing) return existing;
    const stored = await options.sessions.insertOrGet(
      tokenHash,
      randomUUID(),
      new Date().toISOString(),
    );
    return remember(tokenHash, stored);
  }

  // Signed cookies already checked, by their whole value: the signature of a value that was valid
  // once stays valid (one secret per process), so a returning visitor costs a lookup, not an HMAC.
  // Only valid cookies are kept: a forged one is checked, and refused, every time.
  const verifiedCookies = new Map<string, string>();
  function verify(request: FastifyRequest, raw: string): string | null {
    const known = verifiedCookies.get(raw);
    if (known) return known;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    if (verifiedCookies.size >= KNOWN_VISITORS_KEPT) {
      verifiedCookies.delete(verifiedCookies.keys().next().value!);
    }
    verifiedCookies.set(raw, unsigned.value);
    return unsigned.value;
  }

  // A callback hook, not an async one: it runs on every API request and never waits.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const raw = request.cookies[cookieName];
    const verified = raw ? verify(request, raw) : null;
    if (verified) {
      request.sessionToken = verified;
      request.sessionFromCookie = true;
      return done();
    }
    const token = randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
    request.sessionToken = token;
    reply.setCookie(cookieName, token, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      path: '/',
      maxAge: SESSION_MAX_AGE_SECONDS,
    });
    done();
  });

  // Here, once, rather than on each route: any answer made after reading the visitor is theirs,
  // whatever route made it (an error answer too: "not found" for an id says what is not theirs).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (visitorScoped.has(request) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', VISITOR_CACHE_CONTROL);
    }
    done(null, payload);
  });
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['@fastify/cookie'] });
