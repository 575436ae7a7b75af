import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingSchema, DEMO_BOOKINGS, type Booking } from '../../contracts/bookings.js';
import { blockchainPaymentResponseSchema } from '../../contracts/payments.js';
import { DESTINATIONS } from '../../server/catalogue/destinations.js';
import { quoteWei } from '../../server/adapters/payments/chain.js';
import {
  DEFAULT_WALLET_USD_RATES,
  parseUsdRates,
  type UsdRates,
} from '../../server/features/payments/currency-rates.js';
import { buildBooking, cartBooking } from '../factories/bookings.js';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe.js';
import {
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const randomHash = () =>
  `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}`;
const banff = DESTINATIONS.find((d) => d.id === 'banff-national-park')!;
const CURRENCIES = [...new Set(DESTINATIONS.map((d) => d.currency))].sort();

async function populate(server: TestServer) {
  await fetch(`${server.url}/api/destinations/populate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
}

async function post(visitor: Visitor, path: string, body: unknown) {
  const response = await visitor.request('POST', path, { body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const messagesOf = (body: Record<string, unknown>) =>
  ((body.errors ?? []) as { path: string; message: string }[]).map((e) => e.message).join(' ');

async function checkout(visitor: Visitor, items: typeof DESTINATIONS): Promise<Booking> {
  const answer = await post(visitor, '/api/bookings', cartBooking(items));
  expect(answer.status, messagesOf(answer.body)).toBe(201);
  return bookingSchema.parse(answer.body);
}

const walletPayment = (visitor: Visitor, booking: Booking) =>
  post(visitor, '/api/create-blockchain-payment', {
    bookingId: booking.id,
    walletAddress: WALLET,
    amount: booking.totalAmount,
    currency: booking.currency,
  });

describe('every booking the site makes can be paid (demo mode: wallet at configured rates)', () => {
  let server: TestServer;
  const rates = parseUsdRates(DEFAULT_WALLET_USD_RATES) as UsdRates;
  beforeAll(async () => {
    server = await startTestServer();
    await populate(server);
  });
  afterAll(() => server?.close());

  it('has a default rate for every currency the catalogue prices in', () => {
    for (const currency of CURRENCIES) expect(rates[currency], currency).toBeGreaterThan(0);
  });

  it.each(CURRENCIES)(
    'books and pays a %s destination by wallet, quoted at its rate',
    async (code) => {
      const destination = DESTINATIONS.find((d) => d.currency === code)!;
      const visitor = createVisitor(server.url);
      const booking = await checkout(visitor, [destination]);
      expect(booking.currency).toBe(code);

      const answer = await walletPayment(visitor, booking);
      expect(answer.status, messagesOf(answer.body)).toBe(201);
      const quote = blockchainPaymentResponseSchema.parse(answer.body);
      expect(quote).toMatchObject({ amount: booking.totalAmount, currency: code });
      // The server's default 3,000 USD per ether, after the currency's own rate.
      const cents = Math.round(Number(booking.totalAmount) * 100);
      expect(BigInt(quote.value)).toBe(quoteWei(cents, 3000, rates[code]));

      const confirmed = await post(visitor, '/api/confirm-blockchain-payment', {
        paymentId: quote.paymentId,
        transactionHash: randomHash(),
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.booking).toMatchObject({ paymentStatus: 'paid', currency: code });
    },
  );

  it('values other currencies in US dollars first: 100 CAD at 0.72 asks for 72 dollars of ether', () => {
    expect(quoteWei(10_000, 3000, 0.72)).toBe(quoteWei(7_200, 3000));
    expect(quoteWei(10_000, 3000)).toBe((10n ** 18n * 100n + 2999n) / 3000n);
  });
});

describe('a currency no method can take is refused before the booking is made', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ WALLET_USD_RATES: 'EUR=1.08' });
    await populate(server);
  });
  afterAll(() => server?.close());

  it('refuses the CAD checkout with its reason, and stores nothing', async () => {
    const visitor = createVisitor(server.url);
    const answer = await post(visitor, '/api/bookings', cartBooking([banff]));
    expect(answer.status).toBe(400);
    expect(messagesOf(answer.body)).toMatch(/Bookings in CAD cannot be paid here yet/);
    expect(messagesOf(answer.body)).toMatch(/EUR, USD/);
    const list = await visitor.request('GET', '/api/bookings');
    expect(await list.json()).toEqual([]);
  });

  it('still books and quotes the currencies it has rates for', async () => {
    const louvre = DESTINATIONS.find((d) => d.currency === 'EUR')!;
    const visitor = createVisitor(server.url);
    const booking = await checkout(visitor, [louvre]);
    expect((await walletPayment(visitor, booking)).status).toBe(201);
  });

  it('refuses rates that are not CODE=rate', () => {
    expect(parseUsdRates('CAD=0.72, eur=1.08')).toEqual({ USD: 1, CAD: 0.72, EUR: 1.08 });
    expect(typeof parseUsdRates('CAD')).toBe('string');
    expect(typeof parseUsdRates('CAD=-1')).toBe('string');
    expect(typeof parseUsdRates('CAD=0')).toBe('string');
    expect(typeof parseUsdRates('USD=2')).toBe('string');
  });
});

describe('with Stripe configured, a currency without a wallet rate is paid by card', () => {
  let stripeApi: FakeStripe;
  let server: TestServer;
  beforeAll(async () => {
    stripeApi = await startFakeStripe();
    server = await startTestServer({
      WALLET_USD_RATES: 'EUR=1.08',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_API_BASE: stripeApi.url,
    });
    await populate(server);
  });
  afterAll(async () => {
    await server?.close();
    await stripeApi?.close();
  });

  it('books CAD, quotes no wallet payment for it, and starts a CAD card payment', async () => {
    const visitor = createVisitor(server.url);
    const booking = await checkout(visitor, [banff]);
    expect(booking.cardPaymentStarted).toBe(false);
    const wallet = await walletPayment(visitor, booking);
    expect(wallet.status).toBe(400);
    expect(messagesOf(wallet.body)).toMatch(/not CAD; pay this booking by card/);

    const card = await post(visitor, '/api/create-payment-intent', {
      bookingId: booking.id,
      amount: booking.totalAmount,
      currency: booking.currency,
    });
    expect(card.status).toBe(200);
    const intent = [...stripeApi.intents.values()].at(-1)!;
    expect(intent.currency).toBe('cad');
    const read = await visitor.request('GET', `/api/bookings/${booking.id}`);
    expect(bookingSchema.parse(await read.json()).cardPaymentStarted).toBe(true);
  });

  it('does not cancel a booking whose card payment is processing', async () => {
    const visitor = createVisitor(server.url);
    const booking = await checkout(visitor, [banff]);
    await post(visitor, '/api/create-payment-intent', {
      bookingId: booking.id,
      amount: booking.totalAmount,
      currency: booking.currency,
    });
    [...stripeApi.intents.values()].at(-1)!.status = 'processing';
    const cancel = await post(visitor, `/api/bookings/${booking.id}/cancel`, {});
    expect(cancel.status).toBe(409);
    expect(String(cancel.body.message)).toMatch(/being processed/);
    const read = await visitor.request('GET', `/api/bookings/${booking.id}`);
    expect(bookingSchema.parse(await read.json()).status).toBe('pending');
  });
});

describe('pending bookings: one per choice, a short reference, and cancellable', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await populate(server);
  });
  afterAll(() => server?.close());

  it('answers the open booking again when the same thing is chosen again (Back, then Select)', async () => {
    const visitor = createVisitor(server.url);
    const first = await post(visitor, '/api/bookings', buildBooking());
    expect(first.status).toBe(201);
    const again = await post(visitor, '/api/bookings', buildBooking());
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const hotel = DEMO_BOOKINGS.find((d) => d.bookingType === 'hotel')!;
    const other = await post(visitor, '/api/bookings', { ...hotel });
    expect(other.status).toBe(201);
    // Another visitor choosing the same gets a booking of their own.
    const stranger = await post(createVisitor(server.url), '/api/bookings', buildBooking());
    expect(stranger.status).toBe(201);
    expect(stranger.body.id).not.toBe(first.body.id);
    const list = (await (await visitor.request('GET', '/api/bookings')).json()) as Booking[];
    expect(list).toHaveLength(2);
  });

  it('names each booking by the first eight digits of its id, in capitals', async () => {
    const visitor = createVisitor(server.url);
    const booking = bookingSchema.parse(
      (await post(visitor, '/api/bookings', buildBooking())).body,
    );
    expect(booking.reference).toMatch(/^[0-9A-F]{8}$/);
    expect(booking.id.toUpperCase().startsWith(booking.reference)).toBe(true);
  });

  it('cancels an unpaid booking, once; it can then not be paid, and choosing again makes a new one', async () => {
    const visitor = createVisitor(server.url);
    const booking = bookingSchema.parse(
      (await post(visitor, '/api/bookings', buildBooking())).body,
    );
    const cancel = await post(visitor, `/api/bookings/${booking.id}/cancel`, {});
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ id: booking.id, status: 'cancelled' });
    const repeat = await post(visitor, `/api/bookings/${booking.id}/cancel`, {});
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(cancel.body);

    const wallet = await walletPayment(visitor, booking);
    expect(wallet.status).toBe(409);
    expect(String(wallet.body.message)).toMatch(/cancelled/);
    const card = await post(visitor, '/api/create-payment-intent', {
      bookingId: booking.id,
      amount: booking.totalAmount,
      currency: booking.currency,
    });
    expect(card.status).toBe(409);

    const fresh = await post(visitor, '/api/bookings', buildBooking());
    expect(fresh.status).toBe(201);
    expect(fresh.body.id).not.toBe(booking.id);
  });

  it('refuses to cancel a paid booking, and another visitor cannot cancel at all', async () => {
    const visitor = createVisitor(server.url);
    const booking = bookingSchema.parse(
      (await post(visitor, '/api/bookings', buildBooking())).body,
    );
    const stranger = await post(
      createVisitor(server.url),
      `/api/bookings/${booking.id}/cancel`,
      {},
    );
    expect(stranger.status).toBe(404);
    const unknown = await post(visitor, '/api/bookings/not-a-booking/cancel', {});
    expect(unknown.status).toBe(404);

    const quote = blockchainPaymentResponseSchema.parse(
      (await walletPayment(visitor, booking)).body,
    );
    await post(visitor, '/api/confirm-blockchain-payment', {
      paymentId: quote.paymentId,
      transactionHash: randomHash(),
    });
    const cancel = await post(visitor, `/api/bookings/${booking.id}/cancel`, {});
    expect(cancel.status).toBe(409);
    const read = bookingSchema.parse(
      await (await visitor.request('GET', `/api/bookings/${booking.id}`)).json(),
    );
    expect(read).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    // Paid: choosing the same again is a new booking.
    expect((await post(visitor, '/api/bookings', buildBooking())).status).toBe(201);
  });
});
