import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingSchema } from '../../contracts/bookings.js';
import { DESTINATIONS } from '../../server/catalogue/destinations.js';
import { cartBooking } from '../factories/bookings.js';
import { createVisitor, startTestServer, type TestServer } from '../helpers/server.js';

const banff = DESTINATIONS.find((d) => d.id === 'banff-national-park')!;
const louvre = DESTINATIONS.find((d) => d.id === 'louvre-museum')!;
const usd = DESTINATIONS.filter((d) => d.currency === 'USD').slice(0, 2);

describe('bookings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await fetch(`${server.url}/api/destinations/populate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  });
  afterAll(() => server?.close());

  it('creates a pending booking priced from the catalogue, whatever status the client sends', async () => {
    const visitor = createVisitor(server.url);
    const response = await visitor.request('POST', '/api/bookings', { body: cartBooking(usd) });
    expect(response.status).toBe(201);
    const booking = bookingSchema.parse(await response.json());
    const total = usd.reduce((sum, d) => sum + d.price, 0);
    expect(booking).toMatchObject({
      bookingType: 'destinations',
      totalAmount: `${total}.00`,
      currency: 'USD',
      status: 'pending',
      paymentStatus: 'pending',
      confirmationCode: null,
    });
    expect(booking.bookingDetails.details).toHaveLength(usd.length);
    expect(booking.bookingDetails.details[0]).toContain(usd[0]!.name);
    expect(booking.bookingDetails.title).toContain(usd[0]!.name);

    const again = await visitor.request('GET', `/api/bookings/${booking.id}`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(booking);
  });

  it('keeps the same destination twice when the cart holds it twice', async () => {
    const visitor = createVisitor(server.url);
    const response = await visitor.request('POST', '/api/bookings', {
      body: cartBooking([banff, banff]),
    });
    expect(response.status).toBe(201);
    const booking = bookingSchema.parse(await response.json());
    expect(booking.totalAmount).toBe(`${banff.price * 2}.00`);
    expect(booking.currency).toBe(banff.currency);
  });

  it("gives another visitor's booking, an unknown id and a malformed id a 404", async () => {
    const owner = createVisitor(server.url);
    const created = bookingSchema.parse(
      await (await owner.request('POST', '/api/bookings', { body: cartBooking([banff]) })).json(),
    );
    const stranger = createVisitor(server.url);
    for (const id of [created.id, crypto.randomUUID(), 'not-an-id', '1%27%20OR%201=1']) {
      const response = await stranger.request('GET', `/api/bookings/${id}`);
      expect(response.status, id).toBe(404);
    }
  });

  it.each([
    [
      "a total that is not the items' prices",
      cartBooking([banff], { totalAmount: '1.00' }),
      'totalAmount',
    ],
    ['a negative amount', cartBooking([banff], { totalAmount: '-5' }), 'totalAmount'],
    ['three decimals', cartBooking([banff], { totalAmount: '10.005' }), 'totalAmount'],
    ['an unknown currency', cartBooking([banff], { currency: 'XYZ' }), 'currency'],
    [
      'a currency the items are not priced in',
      cartBooking([banff], { currency: 'USD' }),
      'currency',
    ],
    ['mixed currencies', cartBooking([banff, louvre], { currency: banff.currency }), 'currency'],
    [
      'an unknown destination',
      cartBooking([banff], { items: [{ destinationId: 'atlantis' }] }),
      'items.0.destinationId',
    ],
    ['no items', cartBooking([banff], { items: [] }), 'items'],
    [
      'an unknown booking type',
      { ...cartBooking([banff]), bookingType: 'spaceship' },
      'bookingType',
    ],
    ['no title', cartBooking([banff], { bookingDetails: { title: '' } }), 'bookingDetails.title'],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_, body, path) => {
    const visitor = createVisitor(server.url);
    const before = await server.database.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await visitor.request('POST', '/api/bookings', { body });
    expect(response.status).toBe(400);
    const error = (await response.json()) as { errors: { path: string }[] };
    expect(error.errors.map((e) => e.path)).toContain(path);
    const after = await server.database.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a booking from a foreign origin', async () => {
    const visitor = createVisitor(server.url);
    const response = await visitor.request('POST', '/api/bookings', {
      body: cartBooking([banff]),
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
  });
});
