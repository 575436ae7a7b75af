import type Stripe from 'stripe';

/** A PaymentIntent as the bookings feature needs it: amounts in the currency's minor units. */
export interface CardIntent {
  id: string;
  clientSecret: string | null;
  status: string;
  amount: number;
  amountReceived: number;
  /** Upper case, e.g. USD. */
  currency: string;
  /** The booking it was created for (from its metadata). */
  bookingId: string | undefined;
}

/** What a verified webhook tells us; other event types are acknowledged and ignored. */
export type CardEvent =
  | { type: 'succeeded'; intent: CardIntent }
  | { type: 'failed'; intent: CardIntent; reason: string | undefined }
  | { type: 'ignored'; eventType: string };

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** Stripe could not be reached or refused the call; the cause keeps Stripe's own error for the log. */
export class CardProviderError extends Error {
  override name = 'CardProviderError';
}

async function calling<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new CardProviderError(`Stripe: ${what} failed`, { cause: error });
  }
}

export interface CardProvider {
  publishableKey: string;
  /** Whether webhooks can be verified (STRIPE_WEBHOOK_SECRET is set). */
  acceptsWebhooks: boolean;
  createIntent(input: {
    bookingId: string;
    amountCents: number;
    currency: string;
    description: string;
  }): Promise<CardIntent>;
  retrieveIntent(id: string): Promise<CardIntent>;
  /** Verifies Stripe's signature over the exact bytes received; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): CardEvent;
}

/**
 * Currencies Stripe counts in whole units (no minor unit), from its documentation. Every amount here
 * is kept in hundredths, so these are divided by 100 on the way to Stripe.
 */
const ZERO_DECIMAL = new Set(
  'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' '),
);

export function toStripeAmount(cents: number, currency: string): number {
  return ZERO_DECIMAL.has(currency) ? Math.round(cents / 100) : cents;
}

export function fromStripeAmount(amount: number, currency: string): number {
  return ZERO_DECIMAL.has(currency) ? amount * 100 : amount;
}

function toIntent(intent: Stripe.PaymentIntent): CardIntent {
  const currency = intent.currency.toUpperCase();
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    status: intent.status,
    amount: fromStripeAmount(intent.amount, currency),
    amountReceived: fromStripeAmount(intent.amount_received ?? 0, currency),
    currency,
    bookingId: intent.metadata?.bookingId,
  };
}

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** A stand-in for api.stripe.com (stripe-mock, or the tests' fake). */
  apiBase: string | undefined;
}

/**
 * Card payments through Stripe's PaymentIntents; the Payment Element collects the card. Stripe's
 * library is loaded here, when it is configured, not by every start (docs/quality.md, cold start).
 */
export async function createStripeCardProvider(settings: StripeSettings): Promise<CardProvider> {
  const { default: StripeClient } = await import('stripe');
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const stripe = new StripeClient(settings.secretKey, {
    // A visitor waits on these calls: fail within seconds rather than hang past a proxy's limit.
    maxNetworkRetries: 1,
    timeout: 8_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  return {
    publishableKey: settings.publishableKey,
    acceptsWebhooks: settings.webhookSecret !== undefined,

    async createIntent({ bookingId, amountCents, currency, description }) {
      const intent = await calling('create PaymentIntent', () =>
        stripe.paymentIntents.create(
          {
            amount: toStripeAmount(amountCents, currency),
            currency: currency.toLowerCase(),
            description,
            metadata: { bookingId },
            automatic_payment_methods: { enabled: true },
          },
          // One PaymentIntent per booking, even when two requests race or a retry follows a timeout.
          { idempotencyKey: `booking-${bookingId}-payment-intent` },
        ),
      );
      return toIntent(intent);
    },

    async retrieveIntent(id) {
      return toIntent(
        await calling('retrieve PaymentIntent', () => stripe.paymentIntents.retrieve(id)),
      );
    },

    parseWebhook(rawBody, signature) {
      if (!settings.webhookSecret) throw new WebhookSignatureError('webhooks are not configured');
      if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      if (event.type === 'payment_intent.succeeded') {
        return { type: 'succeeded', intent: toIntent(event.data.object) };
      }
      if (event.type === 'payment_intent.payment_failed') {
        const intent = event.data.object;
        return {
          type: 'failed',
          intent: toIntent(intent),
          reason: intent.last_payment_error?.message,
        };
      }
      return { type: 'ignored', eventType: event.type };
    },
  };
}
