import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A PaymentIntent as Stripe's API answers it (the fields the site reads). */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
}

export interface StripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

/**
 * A local stand-in for api.stripe.com, reached through stripe-node's host/port/protocol options:
 * PaymentIntents create (honouring Idempotency-Key as Stripe does) and retrieve. Tests move an intent
 * to `succeeded` themselves, as a customer's card would.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, FakeIntent>();
  const requests: StripeRequest[] = [];

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const form = new URLSearchParams(req.method === 'GET' ? url.search : body);
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== 'Bearer sk_test_fake') {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const key = req.headers['idempotency-key'];
        const replay = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
        if (replay) return send(200, replay);
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [name, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(name);
          if (match) metadata[match[1]!] = value;
        }
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          amount_received: 0,
          currency: form.get('currency') ?? '',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          description: form.get('description'),
          metadata,
          last_payment_error: null,
        };
        intents.set(id, intent);
        if (typeof key === 'string') byIdempotencyKey.set(key, intent);
        return send(200, intent);
      }
      const retrieve = /^\/v1\/payment_intents\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && retrieve) {
        const intent = intents.get(retrieve[1]!);
        if (!intent) {
          return send(404, { error: { type: 'invalid_request_error', message: 'No such intent' } });
        }
        return send(200, intent);
      }
      send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    /** What a card payment does to the intent: it is paid in full. */
    succeed(id: string): FakeIntent {
      const intent = intents.get(id)!;
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      return intent;
    },
    decline(id: string, message: string): FakeIntent {
      const intent = intents.get(id)!;
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { message };
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A webhook event wrapping a PaymentIntent, as Stripe posts it. */
export function intentEvent(type: string, intent: FakeIntent) {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: intent },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}
