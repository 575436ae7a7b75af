import Stripe from 'stripe';
import { createWalletClient, http, parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIRMATION_CODE_PATTERN,
  DEMO_BOOKINGS,
  bookingSchema,
  type Booking,
  type DemoBooking,
} from '../../contracts/bookings.js';
import {
  blockchainPaymentResponseSchema,
  type BlockchainPaymentResponse,
} from '../../contracts/payments.js';
import { startAnvil } from '../helpers/anvil.js';
import { intentEvent, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe.js';
import {
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';

const [flight, hotel, car] = DEMO_BOOKINGS as [DemoBooking, DemoBooking, DemoBooking];
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const randomHash = () =>
  `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}`;

function demoRequest(demo: DemoBooking, overrides: Record<string, unknown> = {}) {
  return {
    bookingType: demo.bookingType,
    totalAmount: demo.totalAmount,
    currency: demo.currency,
    bookingDetails: { title: 'Anything the client says', details: [], accessibility: [] },
    status: 'confirmed',
    paymentStatus: 'paid',
    ...overrides,
  };
}

async function book(visitor: Visitor, demo: DemoBooking): Promise<Booking> {
  const response = await visitor.request('POST', '/api/bookings', { body: demoRequest(demo) });
  expect(response.status).toBe(201);
  return bookingSchema.parse(await response.json());
}

async function bookingOf(visitor: Visitor, id: string): Promise<Booking> {
  const response = await visitor.request('GET', `/api/bookings/${id}`);
  expect(response.status).toBe(200);
  return bookingSchema.parse(await response.json());
}

async function startWalletPayment(visitor: Visitor, booking: Booking, wallet = WALLET) {
  const response = await visitor.request('POST', '/api/create-blockchain-payment', {
    body: {
      bookingId: booking.id,
      walletAddress: wallet,
      amount: booking.totalAmount,
      currency: booking.currency,
    },
  });
  expect(response.status).toBe(201);
  return blockchainPaymentResponseSchema.parse(await response.json());
}

async function fieldsOf(response: Response): Promise<string[]> {
  const body = (await response.json()) as { errors?: { path: string }[] };
  return (body.errors ?? []).map((e) => e.path);
}

describe('demo bookings and payments without providers (demo mode)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it.each(DEMO_BOOKINGS.map((d) => [d.bookingType, d] as const))(
    'books the %s pending, priced and described by the server',
    async (_, demo) => {
      const visitor = createVisitor(server.url);
      const booking = await book(visitor, demo);
      expect(booking).toMatchObject({
        bookingType: demo.bookingType,
        totalAmount: demo.totalAmount,
        currency: 'USD',
        status: 'pending',
        paymentStatus: 'pending',
        confirmationCode: null,
        payment: null,
        bookingDetails: demo.bookingDetails,
      });
    },
  );

  it('accepts the amount as a JSON number and answers it with two decimals', async () => {
    const visitor = createVisitor(server.url);
    const response = await visitor.request('POST', '/api/bookings', {
      body: demoRequest(hotel, { totalAmount: 1450 }),
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as Booking).totalAmount).toBe('1450.00');
  });

  it.each([
    ['another amount', demoRequest(flight, { totalAmount: '1.00' }), 'totalAmount'],
    ['a negative amount', demoRequest(flight, { totalAmount: '-687.50' }), 'totalAmount'],
    ['three decimals', demoRequest(flight, { totalAmount: '687.500' }), 'totalAmount'],
    ['an unknown currency', demoRequest(flight, { currency: 'ABC' }), 'currency'],
    ['another currency', demoRequest(flight, { currency: 'EUR' }), 'currency'],
  ])('refuses a demo booking with %s, naming the field', async (_, body, path) => {
    const visitor = createVisitor(server.url);
    const response = await visitor.request('POST', '/api/bookings', { body });
    expect(response.status).toBe(400);
    expect(await fieldsOf(response)).toContain(path);
    const list = await visitor.request('GET', '/api/bookings');
    expect(await list.json()).toEqual([]);
  });

  it("lists the visitor's own bookings, newest first", async () => {
    const visitor = createVisitor(server.url);
    const first = await book(visitor, flight);
    const second = await book(visitor, car);
    await book(createVisitor(server.url), hotel);
    const response = await visitor.request('GET', '/api/bookings');
    expect(response.status).toBe(200);
    const list = (await response.json()) as Booking[];
    expect(list.map((b) => b.id)).toEqual([second.id, first.id]);
  });

  it('answers card payments with a 503 that says demo mode, after checking the booking', async () => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, flight);
    const response = await visitor.request('POST', '/api/create-payment-intent', {
      body: { bookingId: booking.id, amount: '687.50', currency: 'USD' },
    });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { message: string }).message).toContain(
      'payment processing is not available in demo mode',
    );
    const wrongAmount = await visitor.request('POST', '/api/create-payment-intent', {
      body: { bookingId: booking.id, amount: '1.00', currency: 'USD' },
    });
    expect(wrongAmount.status).toBe(400);
    expect(await fieldsOf(wrongAmount)).toEqual(['amount']);
    expect((await bookingOf(visitor, booking.id)).paymentStatus).toBe('pending');
  });

  it('confirms a wallet payment by simulation, with a code, and a repeat changes nothing', async () => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, flight);
    const payment = await startWalletPayment(visitor, booking);
    expect(payment).toMatchObject({
      amount: '687.50',
      currency: 'USD',
      chainId: 31337,
      verification: 'simulated',
    });
    expect(payment.paymentAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // 687.50 USD at the default 3000 USD per ether.
    expect(BigInt(payment.value)).toBe((parseEther('687.5') + 2999n) / 3000n);

    const hash = randomHash();
    const confirm = () =>
      visitor.request('POST', '/api/confirm-blockchain-payment', {
        body: { paymentId: payment.paymentId, transactionHash: hash },
      });
    const response = await confirm();
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; booking: Booking };
    expect(body.status).toBe('confirmed');
    expect(body.booking).toMatchObject({
      id: booking.id,
      status: 'confirmed',
      paymentStatus: 'paid',
      payment: { method: 'crypto', verification: 'simulated', reference: hash },
    });
    expect(body.booking.confirmationCode).toMatch(CONFIRMATION_CODE_PATTERN);
    expect(body.booking.payment?.payer).toBe(WALLET.toLowerCase());

    const again = await confirm();
    expect(again.status).toBe(200);
    expect(((await again.json()) as { booking: Booking }).booking).toEqual(body.booking);

    // Paying the paid booking again: refused, by wallet and by card; another hash too.
    const other = await visitor.request('POST', '/api/confirm-blockchain-payment', {
      body: { paymentId: payment.paymentId, transactionHash: randomHash() },
    });
    expect(other.status).toBe(409);
    const second = await visitor.request('POST', '/api/create-blockchain-payment', {
      body: { bookingId: booking.id, walletAddress: WALLET, amount: '687.50', currency: 'USD' },
    });
    expect(second.status).toBe(409);
    expect(await bookingOf(visitor, booking.id)).toEqual(body.booking);
  });

  it('confirms one of two payments of a booking, and refuses the other', async () => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, car);
    const a = await startWalletPayment(visitor, booking);
    const b = await startWalletPayment(visitor, booking);
    const [ra, rb] = await Promise.all(
      [a, b].map((p) =>
        visitor.request('POST', '/api/confirm-blockchain-payment', {
          body: { paymentId: p.paymentId, transactionHash: randomHash() },
        }),
      ),
    );
    expect([ra!.status, rb!.status].sort()).toEqual([200, 409]);
    const paid = await bookingOf(visitor, booking.id);
    expect(paid.paymentStatus).toBe('paid');
  });

  it('refuses one transaction for two bookings', async () => {
    const visitor = createVisitor(server.url);
    const hash = randomHash();
    const first = await startWalletPayment(visitor, await book(visitor, flight));
    const secondBooking = await book(visitor, hotel);
    const second = await startWalletPayment(visitor, secondBooking);
    for (const [payment, status] of [
      [first, 200],
      [second, 409],
    ] as const) {
      const response = await visitor.request('POST', '/api/confirm-blockchain-payment', {
        body: { paymentId: payment.paymentId, transactionHash: hash },
      });
      expect(response.status).toBe(status);
    }
    expect((await bookingOf(visitor, secondBooking.id)).paymentStatus).toBe('pending');
  });

  it("gives another visitor's booking and payment a 404, and changes nothing", async () => {
    const owner = createVisitor(server.url);
    const booking = await book(owner, hotel);
    const payment = await startWalletPayment(owner, booking);
    const stranger = createVisitor(server.url);
    for (const bookingId of [booking.id, crypto.randomUUID(), 'nope']) {
      for (const path of ['/api/create-payment-intent', '/api/create-blockchain-payment']) {
        const response = await stranger.request('POST', path, {
          body: { bookingId, walletAddress: WALLET, amount: '1450.00', currency: 'USD' },
        });
        expect(response.status, `${path} ${bookingId}`).toBe(404);
        expect(await fieldsOf(response)).toEqual(['bookingId']);
      }
    }
    const confirm = await stranger.request('POST', '/api/confirm-blockchain-payment', {
      body: { paymentId: payment.paymentId, transactionHash: randomHash() },
    });
    expect(confirm.status).toBe(404);
    expect(await fieldsOf(confirm)).toEqual(['paymentId']);
    expect((await bookingOf(owner, booking.id)).paymentStatus).toBe('pending');
  });

  it.each([
    ['a malformed address', { walletAddress: '0x1234' }, 'walletAddress'],
    ['an address with a bad character', { walletAddress: `0x${'g'.repeat(40)}` }, 'walletAddress'],
    ['a negative amount', { amount: '-1450' }, 'amount'],
    ['three decimals', { amount: '1450.001' }, 'amount'],
    ['another amount', { amount: '1449.99' }, 'amount'],
    ['an unknown currency', { currency: 'QQQ' }, 'currency'],
  ])('refuses a wallet payment with %s, naming the field', async (_, change, path) => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, hotel);
    const response = await visitor.request('POST', '/api/create-blockchain-payment', {
      body: {
        bookingId: booking.id,
        walletAddress: WALLET,
        amount: '1450.00',
        currency: 'USD',
        ...change,
      },
    });
    expect(response.status).toBe(400);
    expect(await fieldsOf(response)).toContain(path);
  });

  it.each([
    ['a short hash', '0x1234'],
    ['a hash without 0x', 'ab'.repeat(32)],
    ['a hash with a bad character', `0x${'z'.repeat(64)}`],
  ])('refuses a confirmation with %s, and changes nothing', async (_, transactionHash) => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, hotel);
    const payment = await startWalletPayment(visitor, booking);
    const response = await visitor.request('POST', '/api/confirm-blockchain-payment', {
      body: { paymentId: payment.paymentId, transactionHash },
    });
    expect(response.status).toBe(400);
    expect(await fieldsOf(response)).toEqual(['transactionHash']);
    expect((await bookingOf(visitor, booking.id)).paymentStatus).toBe('pending');
  });

  it('has no webhook without Stripe', async () => {
    const response = await fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{}',
    });
    expect(response.status).toBe(503);
  });
});

describe('card payments through Stripe (a local stand-in for its API)', () => {
  const WEBHOOK_SECRET = 'whsec_test_secret';
  let stripeApi: FakeStripe;
  let server: TestServer;
  const signer = new Stripe('sk_test_fake');

  beforeAll(async () => {
    stripeApi = await startFakeStripe();
    server = await startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeApi.url,
    });
  });
  afterAll(async () => {
    await server?.close();
    await stripeApi?.close();
  });

  async function intentFor(visitor: Visitor, booking: Booking) {
    const response = await visitor.request('POST', '/api/create-payment-intent', {
      body: { bookingId: booking.id, amount: booking.totalAmount, currency: booking.currency },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { clientSecret: string; publishableKey: string };
    expect(body.publishableKey).toBe('pk_test_fake');
    const intent = [...stripeApi.intents.values()].find(
      (i) => i.client_secret === body.clientSecret,
    );
    expect(intent).toBeDefined();
    return intent!;
  }

  function postWebhook(payload: string, signature?: string) {
    return fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature':
          signature ??
          signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
  }

  it("creates one PaymentIntent per booking for the booking's own amount", async () => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, flight);
    const intent = await intentFor(visitor, booking);
    expect(intent).toMatchObject({
      amount: 68750,
      currency: 'usd',
      metadata: { bookingId: booking.id },
    });
    const created = stripeApi.requests.filter(
      (r) => r.method === 'POST' && r.form.get('metadata[bookingId]') === booking.id,
    );
    expect(created).toHaveLength(1);
    expect(created[0]!.headers['idempotency-key']).toBe(`booking-${booking.id}-payment-intent`);
    // Opening the card step again reuses the intent.
    const again = await intentFor(visitor, booking);
    expect(again.id).toBe(intent.id);
  });

  it('refuses another amount or currency without asking Stripe', async () => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, hotel);
    const before = stripeApi.requests.length;
    const cases: [Record<string, string>, string][] = [
      [{ amount: '1.00' }, 'amount'],
      [{ amount: '-1450' }, 'amount'],
      [{ amount: '1450.001' }, 'amount'],
      [{ currency: 'EUR' }, 'currency'],
      [{ currency: 'XYZ' }, 'currency'],
    ];
    for (const [change, path] of cases) {
      const response = await visitor.request('POST', '/api/create-payment-intent', {
        body: { bookingId: booking.id, amount: '1450.00', currency: 'USD', ...change },
      });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(await fieldsOf(response)).toContain(path);
    }
    expect(stripeApi.requests.length).toBe(before);
  });

  it('marks the booking paid and confirmed on a signed webhook, once', async () => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, hotel);
    const intent = await intentFor(visitor, booking);
    const payload = JSON.stringify(
      intentEvent('payment_intent.succeeded', stripeApi.succeed(intent.id)),
    );

    const response = await postWebhook(payload);
    expect(response.status).toBe(200);
    const paid = await bookingOf(visitor, booking.id);
    expect(paid).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      payment: { method: 'card', verification: 'stripe', reference: intent.id, payer: null },
    });
    expect(paid.confirmationCode).toMatch(CONFIRMATION_CODE_PATTERN);

    // Stripe delivers at least once: a repeat changes nothing.
    expect((await postWebhook(payload)).status).toBe(200);
    expect(await bookingOf(visitor, booking.id)).toEqual(paid);
    // And a paid booking gets no new payment.
    const more = await visitor.request('POST', '/api/create-payment-intent', {
      body: { bookingId: booking.id, amount: '1450.00', currency: 'USD' },
    });
    expect(more.status).toBe(409);
  });

  it('refuses a webhook with a bad or missing signature, and changes nothing', async () => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, car);
    const intent = await intentFor(visitor, booking);
    const payload = JSON.stringify(
      intentEvent('payment_intent.succeeded', stripeApi.succeed(intent.id)),
    );
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    expect((await postWebhook(payload, forged)).status).toBe(400);
    // A signature over other bytes: the body was changed on the way.
    const signedOther = signer.webhooks.generateTestHeaderString({
      payload: payload.replace('succeeded', 'succeeded '),
      secret: WEBHOOK_SECRET,
    });
    expect((await postWebhook(payload, signedOther)).status).toBe(400);
    const unsigned = await fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    // Still pending in the database (read it directly: GET would ask Stripe and find it paid).
    const row = await server.database.db
      .selectFrom('bookings')
      .select(['paymentStatus', 'status'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ paymentStatus: 'pending', status: 'pending' });
  });

  it('ignores a succeeded intent whose amount is not the booking’s', async () => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, flight);
    const intent = await intentFor(visitor, booking);
    const short = { ...stripeApi.succeed(intent.id), amount_received: 100 };
    const response = await postWebhook(
      JSON.stringify(intentEvent('payment_intent.succeeded', short)),
    );
    expect(response.status).toBe(200);
    const row = await server.database.db
      .selectFrom('bookings')
      .select('paymentStatus')
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(row.paymentStatus).toBe('pending');
  });

  it('records a declined card as failed, and a later success still confirms', async () => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, car);
    const intent = await intentFor(visitor, booking);
    const declined = stripeApi.decline(intent.id, 'Your card was declined.');
    expect(
      (await postWebhook(JSON.stringify(intentEvent('payment_intent.payment_failed', declined))))
        .status,
    ).toBe(200);
    expect((await bookingOf(visitor, booking.id)).paymentStatus).toBe('failed');
    // The visitor tries again with the same intent, and it goes through.
    await intentFor(visitor, booking);
    const ok = stripeApi.succeed(intent.id);
    await postWebhook(JSON.stringify(intentEvent('payment_intent.succeeded', ok)));
    expect((await bookingOf(visitor, booking.id)).paymentStatus).toBe('paid');
  });

  it('refuses a wallet payment once the card has paid, even before the webhook', async () => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, hotel);
    const intent = await intentFor(visitor, booking);
    const payment = await startWalletPayment(visitor, booking);
    stripeApi.succeed(intent.id);
    const confirm = await visitor.request('POST', '/api/confirm-blockchain-payment', {
      body: { paymentId: payment.paymentId, transactionHash: randomHash() },
    });
    expect(confirm.status).toBe(409);
    const paid = await bookingOf(visitor, booking.id);
    expect(paid.payment).toMatchObject({ method: 'card', reference: intent.id });
    const another = await visitor.request('POST', '/api/create-blockchain-payment', {
      body: { bookingId: booking.id, walletAddress: WALLET, amount: '1450.00', currency: 'USD' },
    });
    expect(another.status).toBe(409);
  });

  it('shows a payment Stripe has taken before its webhook arrives (the return page)', async () => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, flight);
    const intent = await intentFor(visitor, booking);
    expect((await bookingOf(visitor, booking.id)).paymentStatus).toBe('pending');
    stripeApi.succeed(intent.id);
    const shown = await bookingOf(visitor, booking.id);
    expect(shown).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(shown.payment?.reference).toBe(intent.id);
  });
});

describe('card payments when Stripe cannot be reached', () => {
  it('answers a clear 503, not a 500, and the booking stays payable', async () => {
    const closed = await startFakeStripe();
    await closed.close(); // nothing listens on its port any more
    const server = await startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_API_BASE: closed.url,
    });
    try {
      const visitor = createVisitor(server.url);
      const booking = await book(visitor, car);
      const response = await visitor.request('POST', '/api/create-payment-intent', {
        body: { bookingId: booking.id, amount: '420.00', currency: 'USD' },
      });
      expect(response.status).toBe(503);
      const body = (await response.json()) as { message: string };
      expect(body.message).toContain('not answering');
      expect(JSON.stringify(body)).not.toContain('sk_test');
      expect((await bookingOf(visitor, booking.id)).paymentStatus).toBe('pending');
    } finally {
      await server.close();
    }
  });
});

describe('wallet payments checked on a real local chain (anvil)', () => {
  const PAYMENT_ADDRESS = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'.toLowerCase() as Address;
  const PAYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
  const STRANGER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' as Address;
  let chain: Awaited<ReturnType<typeof startAnvil>>;
  let server: TestServer;

  beforeAll(async () => {
    chain = await startAnvil();
    server = await startTestServer({
      CHAIN_RPC_URL: chain.url,
      CHAIN_PAYMENT_ADDRESS: PAYMENT_ADDRESS,
      CHAIN_CONFIRM_TIMEOUT_MS: '1500',
    });
  }, 30_000);
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  /** anvil's development accounts are unlocked: it signs eth_sendTransaction itself. */
  function send(from: Address, to: Address, value: bigint) {
    const wallet = createWalletClient({ transport: http(chain.url) });
    return wallet.sendTransaction({ account: from, to, value, chain: null });
  }

  async function confirm(visitor: Visitor, payment: BlockchainPaymentResponse, hash: string) {
    return visitor.request('POST', '/api/confirm-blockchain-payment', {
      body: { paymentId: payment.paymentId, transactionHash: hash },
    });
  }

  it('confirms a real transaction of the quoted value to the payment address', async () => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, car);
    const payment = await startWalletPayment(visitor, booking, PAYER);
    expect(payment).toMatchObject({ chainId: 31337, verification: 'chain' });
    expect(payment.paymentAddress.toLowerCase()).toBe(PAYMENT_ADDRESS);
    const hash = await send(PAYER, PAYMENT_ADDRESS, BigInt(payment.value));
    const response = await confirm(visitor, payment, hash);
    expect(response.status).toBe(200);
    const { booking: paid } = (await response.json()) as { booking: Booking };
    expect(paid).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      payment: { method: 'crypto', verification: 'chain', reference: hash.toLowerCase() },
    });
    expect(paid.confirmationCode).toMatch(CONFIRMATION_CODE_PATTERN);
    expect((await confirm(visitor, payment, hash)).status).toBe(200);
  });

  it.each([
    ['to another address', () => STRANGER, (v: bigint) => v, 'not sent to the payment address'],
    ['of too little value', () => PAYMENT_ADDRESS, (v: bigint) => v - 1n, 'needs'],
  ])('refuses a transaction %s, and the booking stays pending', async (_, to, value, reason) => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, flight);
    const payment = await startWalletPayment(visitor, booking, PAYER);
    const hash = await send(PAYER, to(), value(BigInt(payment.value)));
    const response = await confirm(visitor, payment, hash);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: { path: string }[] };
    expect(body.message).toContain(reason);
    expect(body.errors.map((e) => e.path)).toEqual(['transactionHash']);
    expect((await bookingOf(visitor, booking.id)).paymentStatus).toBe('pending');
  });

  it('refuses a transaction from another wallet than the payment was made for', async () => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, hotel);
    const payment = await startWalletPayment(visitor, booking, PAYER);
    const hash = await send(STRANGER, PAYMENT_ADDRESS, BigInt(payment.value));
    const response = await confirm(visitor, payment, hash);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain('wallet');
  });

  it('refuses a transaction mined before the payment was quoted', async () => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, car);
    const early = await send(PAYER, PAYMENT_ADDRESS, parseEther('1'));
    const payment = await startWalletPayment(visitor, booking, PAYER);
    // Move the quote's time past the clock leeway, as if the transaction were old.
    await server.database.db
      .updateTable('blockchainPayments')
      .set({ createdAt: new Date(Date.now() + 10 * 60_000).toISOString() })
      .where('id', '=', payment.paymentId)
      .execute();
    const response = await confirm(visitor, payment, early);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain('before');
    expect((await bookingOf(visitor, booking.id)).paymentStatus).toBe('pending');
  });

  it('refuses a hash the chain has never seen', async () => {
    const visitor = createVisitor(server.url);
    const booking = await book(visitor, hotel);
    const payment = await startWalletPayment(visitor, booking, PAYER);
    const response = await confirm(visitor, payment, randomHash());
    expect(response.status).toBe(400);
    expect((await bookingOf(visitor, booking.id)).paymentStatus).toBe('pending');
  });
});
