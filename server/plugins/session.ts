import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey } from '../client-address.js';
import { hashToken, newToken } from '../lib/tokens.js';
import type { SessionRepository, StoredSession } from './session-repository.js';

/**
 * The cookie's lifetime: browsers cap it at 400 days. It is sent again on a visitor's first visit
 * of each day, so it lapses that long after the last visit, when the sweep deletes what the
 * session held, by default (docs/decisions/011-session-retention.md).
 */
export const SESSION_COOKIE_DAYS = 400;
const SESSION_MAX_AGE_SECONDS = SESSION_COOKIE_DAYS * 24 * 60 * 60;
/** Sessions whose visitor this process keeps in memory (each entry a few short strings). */
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
    /**
     * The visitor who owns trips, media, bookings and chat, for a write: stores the session on
     * first use. Reads use `findVisitorId()`.
     */
    getVisitorId(): Promise<string>;
    /**
     * The visitor of a valid session cookie, on any path (a page, too), without storing a session:
     * null for a newcomer, a session that was never stored or one the sweep removed. Every read of
     * a visitor's things uses this, so reading stores nothing.
     */
    findVisitorId(): Promise<string | null>;
    /**
     * The stored session of a valid cookie (its visitor and, when signed in, its account), without
     * storing one: null as for `findVisitorId()`.
     */
    findSession(): Promise<StoredSession | null>;
    /**
     * Signs this browser in to the account whose things are `visitorId`'s: the session presented
     * is deleted and a new one, on a new token and cookie, names the account (no fixation).
     * Returns the new session's id.
     */
    signIn(account: {
      accountId: string;
      visitorId: string;
      deviceLabel: string | null;
    }): Promise<string>;
    /** Signs this browser out: its session is deleted; it goes on as a new anonymous visitor. */
    signOut(): Promise<void>;
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

/** A request's session work, set by the onRequest hook. */
interface SessionState {
  /** The request's reply, so a visit can send the cookie again (see `visited`). */
  reply: FastifyReply;
  /** The visitor, once `getVisitorId()` was asked. */
  visitorId: Promise<string> | null;
  /** Whether the request read its visitor: its answer is the visitor's (VISITOR_CACHE_CONTROL). */
  visitorScoped: boolean;
}
const STATE = Symbol('session');
type Stateful = { [STATE]: SessionState };

const DAY_MS = 86_400_000;
/** Today's UTC day and when it ends: every returning visitor's request asks for it. */
let today = { day: '', endsAt: 0 };

/** The UTC day of a time, `YYYY-MM-DD`: a session's last visit is kept to the day. */
function dayOf(at: Date): string {
  const time = at.getTime();
  if (time >= today.endsAt || time < today.endsAt - DAY_MS) {
    today = {
      day: at.toISOString().slice(0, 10),
      endsAt: (Math.floor(time / DAY_MS) + 1) * DAY_MS,
    };
  }
  return today.day;
}

/**
 * Visitors are anonymous: the cookie carries a random token, signed with the session secret so a
 * forged one is dropped without a database read. Only its hash is stored, so a copy of the database
 * cannot be replayed as live sessions. The row is written on the visitor's first write, never by a
 * read, so browsing (the visitor's own empty pages too) writes nothing. Its `last_seen_at` is
 * moved on the first visit of each day, for the sweep (server/features/retention). Signing in to
 * an account (optional: docs/decisions/024) replaces the session with one on a new token that
 * names the account and its visitor; signing out deletes it.
 */
async function sessionPlugin(app: FastifyInstance, options: SessionPluginOptions) {
  const cookieName = options.secureCookies ? '__Host-sid' : 'sid';
  /**
   * What this plugin keeps of each request, on the request itself. Not in a WeakMap keyed by the
   * request: V8's minor collections hold a WeakMap's values strongly, and the reply refers to its
   * request, so every request and reply outlived the young generation and was copied and promoted
   * (docs/decisions/038).
   */
  const stateOf = (request: FastifyRequest) => (request as unknown as Stateful)[STATE];

  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(cookieName, token, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      path: '/',
      maxAge: SESSION_MAX_AGE_SECONDS,
    });

  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionFromCookie', false);
  app.decorateRequest(STATE as unknown as string, null);
  app.decorateRequest('getVisitorId', function (this: FastifyRequest) {
    const state = stateOf(this);
    state.visitorScoped = true;
    if (!state.visitorId) {
      const token = this.sessionToken;
      if (!token) throw new Error('getVisitorId() called outside /api');
      state.visitorId = resolveVisitor(this, token);
    }
    return state.visitorId;
  });
  // Not async functions: a returning visitor this process knows is answered by one settled
  // promise, without a chain of them (every read of a visitor's things asks).
  app.decorateRequest('findVisitorId', function (this: FastifyRequest) {
    return findSession(this).then((session) => session?.visitorId ?? null);
  });
  app.decorateRequest('findSession', function (this: FastifyRequest) {
    return findSession(this);
  });
  app.decorateRequest('signIn', async function (this: FastifyRequest, account) {
    const raw = this.cookies[cookieName];
    const oldHash = (raw ? verify(this, raw) : null)?.tokenHash ?? null;
    const token = newToken();
    const id = await options.sessions.rotate(
      oldHash,
      { tokenHash: hashToken(token), ...account },
      new Date().toISOString(),
    );
    if (oldHash) knownVisitors.delete(oldHash);
    startAnew(this, token);
    return id;
  });
  app.decorateRequest('signOut', async function (this: FastifyRequest) {
    const raw = this.cookies[cookieName];
    const oldHash = (raw ? verify(this, raw) : null)?.tokenHash;
    if (oldHash) {
      await options.sessions.remove(oldHash);
      knownVisitors.delete(oldHash);
    }
    // A new token, stored by the next write: the browser is a newcomer from here on.
    startAnew(this, newToken());
  });

  /** This request's session from here on is `token`'s, and the reply hands out its cookie. */
  function startAnew(request: FastifyRequest, token: string) {
    const state = stateOf(request);
    state.visitorScoped = true;
    state.visitorId = null;
    request.sessionToken = token;
    // The old cookie is no longer this browser's: its next request presents the new one.
    request.sessionFromCookie = false;
    setSessionCookie(state.reply, token);
  }

  function findSession(request: FastifyRequest): Promise<StoredSession | null> {
    stateOf(request).visitorScoped = true;
    const raw = request.cookies[cookieName];
    const verified = raw ? verify(request, raw) : null;
    return verified
      ? storedSession(request, verified.token, verified.tokenHash)
      : Promise.resolve(null);
  }

  // An anonymous session's visitor never changes, and a session seen today is not swept today
  // (the sweep takes only sessions unseen for whole days before today), so what this process read
  // today holds until the day ends: kept here, the visitor costs no query per request. The next
  // day's first visit reads the row again, which also notices a swept session. Signing in deletes
  // the session, and moves what its visitor held to the account (docs/decisions/024), so a
  // process that still remembers it reaches nothing of the account. A signed-in session is not
  // kept: signing out ends it at once in every process, at the cost of a read per request.
  // Keyed by the token's hash, as stored: the raw tokens are not kept.
  const knownVisitors = new Map<string, { visitorId: string; id: string | null; day: string }>();
  function remember(tokenHash: string, visitorId: string, day: string, id: string | null): string {
    knownVisitors.delete(tokenHash);
    if (knownVisitors.size >= KNOWN_VISITORS_KEPT) {
      // Oldest first: a Map iterates in insertion order.
      knownVisitors.delete(knownVisitors.keys().next().value!);
    }
    knownVisitors.set(tokenHash, { visitorId, id, day });
    return visitorId;
  }

  function storedSession(
    request: FastifyRequest,
    token: string,
    tokenHash: string,
  ): Promise<StoredSession | null> {
    const now = new Date();
    const day = dayOf(now);
    const known = knownVisitors.get(tokenHash);
    if (known?.day === day) {
      return Promise.resolve({ id: known.id, visitorId: known.visitorId, accountId: null });
    }
    return readSession(request, token, tokenHash, now, day);
  }

  /** The stored session, read and its day's visit recorded (see storedSession). */
  async function readSession(
    request: FastifyRequest,
    token: string,
    tokenHash: string,
    now: Date,
    day: string,
  ): Promise<StoredSession | null> {
    const visit = await options.sessions.visit(tokenHash, now);
    if (!visit) {
      knownVisitors.delete(tokenHash);
      return null;
    }
    // Once a day across every process: the process that recorded the day's visit.
    if (visit.firstToday) visited(request, token);
    const { firstToday: _, ...session } = visit;
    if (!session.accountId) remember(tokenHash, session.visitorId, day, session.id);
    return session;
  }

  /**
   * The day's first visit of a stored session sends the cookie again, so it
   * lapses a full lifetime after the last visit rather than after the first. Only on a reply that
   * is the visitor's own: an API answer, or a page rendered with the visitor's data (`private`).
   */
  function visited(request: FastifyRequest, token: string) {
    const { reply } = stateOf(request);
    if (!reply.sent) setSessionCookie(reply, token);
  }

  async function resolveVisitor(request: FastifyRequest, token: string): Promise<string> {
    const tokenHash = hashToken(token);
    const existing = await storedSession(request, token, tokenHash);
    if (existing) return existing.visitorId;
    const now = new Date();
    const stored = await options.sessions.insertOrGet(tokenHash, randomUUID(), now.toISOString());
    // The cookie may have been handed out by a read days ago: its lifetime starts again now.
    visited(request, token);
    return remember(tokenHash, stored, dayOf(now), null);
  }

  // Signed cookies already checked, by their whole value: the signature of a value that was valid
  // once stays valid (one secret per process), so a returning visitor costs a lookup, not an HMAC.
  // Only valid cookies are kept: a forged one is checked, and refused, every time. The token's
  // hash, the session's key, is kept with it: the raw cookie is in memory here anyway.
  const verifiedCookies = new Map<string, { token: string; tokenHash: string }>();
  function verify(
    request: FastifyRequest,
    raw: string,
  ): { token: string; tokenHash: string } | null {
    const known = verifiedCookies.get(raw);
    if (known) return known;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    if (verifiedCookies.size >= KNOWN_VISITORS_KEPT) {
      verifiedCookies.delete(verifiedCookies.keys().next().value!);
    }
    const verified = { token: unsigned.value, tokenHash: hashToken(unsigned.value) };
    verifiedCookies.set(raw, verified);
    return verified;
  }

  // A callback hook, not an async one: it runs on every request and never waits.
  app.addHook('onRequest', (request, reply, done) => {
    // Pages too: one rendered with the visitor's data finds the visitor, and sends the cookie again.
    const state: SessionState = { reply, visitorId: null, visitorScoped: false };
    (request as unknown as Stateful)[STATE] = state;
    if (!request.url.startsWith('/api/')) return done();
    const raw = request.cookies[cookieName];
    const verified = raw ? verify(request, raw) : null;
    if (verified) {
      request.sessionToken = verified.token;
      request.sessionFromCookie = true;
      return done();
    }
    const token = newToken();
    // The token is handed out on any first API request, read or write, but stored only by the
    // first write (`getVisitorId`): a newcomer's reads store nothing.
    request.sessionToken = token;
    setSessionCookie(reply, token);
    done();
  });

  // Here, once, rather than on each route: any answer made after reading the visitor is theirs,
  // whatever route made it (an error answer too: "not found" for an id says what is not theirs).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (stateOf(request)?.visitorScoped && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', VISITOR_CACHE_CONTROL);
    }
    done(null, payload);
  });
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['@fastify/cookie'] });
