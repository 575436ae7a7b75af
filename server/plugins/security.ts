import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { Forbidden } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SecurityPluginOptions {
  /** The site's own origin (APP_URL), e.g. https://travel.example. */
  appOrigin: string;
  /** Card payments are configured: allow Stripe.js and its Payment Element frames. */
  stripe?: boolean;
  /** Origins the browser PUTs uploads to directly (an S3 bucket), beside our own. */
  uploadOrigins?: string[];
}

/** What Stripe.js needs, from Stripe's CSP guide: its script, its frames and its API. */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The security headers of every answer, made by Helmet from the CSP the SPA works under. They depend
 * only on the configuration, so they are computed once at start (Helmet's middleware would parse
 * the same directives again on every request) and also sent on errors answered before any hook runs.
 */
export function securityHeaders(options: SecurityPluginOptions): Readonly<Record<string, string>> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.stripe ? STRIPE.script : [])],
        frameSrc: options.stripe ? STRIPE.frame : ["'none'"],
        // Radix's scroll lock and positioning write <style> elements and style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: [
          "'self'",
          ...(options.stripe ? STRIPE.connect : []),
          ...(options.uploadOrigins ?? []),
        ],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: options.appOrigin.startsWith('https:') ? [] : null,
      },
    },
    // The SPA loads nothing cross-origin (Stripe.js only when card payments are configured).
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    strictTransportSecurity: options.appOrigin.startsWith('https:'),
  });
  // Helmet is Connect middleware: it only sets and removes headers, synchronously.
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * The headers of an API answer (JSON, a file, a calendar): what OWASP's REST Security Cheat Sheet
 * asks of one. A browser renders no API answer as a page, so the page-only headers (the app's
 * script, style and connect policy, Origin-Agent-Cluster, COOP, DNS prefetching, IE's and Flash's
 * switches) say nothing there; every API request paid for them in bytes and header checks.
 */
export function apiSecurityHeaders(
  pageHeaders: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const kept = [
    'cross-origin-resource-policy',
    'referrer-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
  ];
  return Object.freeze({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(
      kept.flatMap((name) => (pageHeaders[name] ? [[name, pageHeaders[name]]] : [])),
    ),
  });
}

/** A state-changing request whose Origin is neither the site's nor the host it was sent to. */
function crossSite(request: FastifyRequest, appOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin === undefined || origin === appOrigin) return false;
  // The same host the request was sent to (a dev proxy, or 127.0.0.1 instead of localhost).
  const host = request.headers.host;
  return !(host && (origin === `http://${host}` || origin === `https://${host}`));
}

/**
 * Helmet's headers on every page, the API's own on every API answer, and a check that state-changing requests come from the site
 * itself: a browser always sends Origin on cross-site POSTs, so a foreign or `null` Origin is
 * refused; requests without one (curl, scripts) carry no ambient cookies from another site.
 */
async function securityPlugin(app: FastifyInstance, options: SecurityPluginOptions) {
  const pageHeaders = securityHeaders(options);
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  // One callback hook, not async ones: it runs on every request and never waits.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
    done(
      crossSite(request, options.appOrigin)
        ? new Forbidden('Cross-site request refused')
        : undefined,
    );
  });
}

export default fp(securityPlugin, { name: 'security' });
