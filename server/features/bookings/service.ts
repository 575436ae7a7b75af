import { randomUUID } from 'node:crypto';
import { ACCESSIBILITY_FEATURE_LABELS } from '../../../contracts/accessibility.js';
import {
  DEMO_BOOKINGS,
  type Booking,
  type BookingDetails,
  type CreateBookingInput,
} from '../../../contracts/bookings.js';
import { cartPriceOf } from '../../../contracts/cart.js';
import type { Destination } from '../../../contracts/destinations.js';
import { formatCents, toCents } from '../../../contracts/money.js';
import { BadRequest, Conflict, NotFound } from '../../errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { DestinationService } from '../destinations/service.js';
import { toBooking, type BookingRepository, type BookingRow } from './repository.js';

/** What a cart checkout books, written by the server from the catalogue (not from the client). */
function destinationBookingDetails(items: Destination[], given: BookingDetails): BookingDetails {
  const names = items.map((d) => d.name);
  const features = new Set(items.flatMap((d) => d.accessibilityFeatures));
  return {
    title:
      items.length === 1
        ? names[0]!
        : `${items.length} destinations: ${names.slice(0, 3).join(', ')}${items.length > 3 ? ', ...' : ''}`,
    description: given.description,
    details: items.map(
      (d) =>
        `${d.name}, ${d.location}, ${d.country}: ${d.currency} ${cartPriceOf(d.price)} ${d.priceBasis}`,
    ),
    accessibility: [...features].map((f) => ACCESSIBILITY_FEATURE_LABELS[f]),
  };
}

/** A demo booking is priced and described by the server's own list, never by the client. */
function priceDemo(input: CreateBookingInput) {
  const demo = DEMO_BOOKINGS.find((d) => d.bookingType === input.bookingType)!;
  if (input.currency !== demo.currency) {
    throw new BadRequest('Invalid request', [
      { path: 'currency', message: `This booking is priced in ${demo.currency}` },
    ]);
  }
  if (input.totalAmount !== demo.totalAmount) {
    throw new BadRequest('Invalid request', [
      {
        path: 'totalAmount',
        message: `The amount of this booking is ${demo.totalAmount} ${demo.currency}`,
      },
    ]);
  }
  return { totalAmount: demo.totalAmount, bookingDetails: demo.bookingDetails };
}

export interface BookingServiceOptions {
  /**
   * Brings a pending booking's payment state up to date with its provider before it is shown (a card
   * payment whose webhook has not arrived yet). Returns the row as it is now.
   */
  reconcile?: (row: BookingRow) => Promise<BookingRow>;
  /**
   * Why no payment method here can take this currency, or undefined when one can: a booking that
   * could not be paid is refused before it is made.
   */
  currencyRefusal?: (currency: string) => string | undefined;
  /** Throws when the booking's payment is under way (a card payment processing): not cancellable. */
  beforeCancel?: (row: BookingRow) => Promise<void>;
}

export function createBookingService(
  repository: BookingRepository,
  destinations: DestinationService,
  options: BookingServiceOptions = {},
) {
  async function priceDestinations(input: CreateBookingInput) {
    if (!input.items) {
      throw new BadRequest('Invalid request', [
        { path: 'items', message: 'A destinations booking lists its destinations' },
      ]);
    }
    const catalogue = new Map((await destinations.list()).map((d) => [d.id, d]));
    const items = input.items.map((item, index) => {
      const destination = catalogue.get(item.destinationId);
      if (!destination) {
        throw new BadRequest('Invalid request', [
          { path: `items.${index}.destinationId`, message: 'Unknown destination' },
        ]);
      }
      return destination;
    });
    const currencies = new Set(items.map((d) => d.currency));
    if (currencies.size > 1 || !currencies.has(input.currency)) {
      throw new BadRequest('Invalid request', [
        {
          path: 'currency',
          message: `The items are priced in ${[...currencies].join(', ')}: book each currency separately`,
        },
      ]);
    }
    const totalCents = items.reduce((sum, d) => sum + cartPriceOf(d.price) * 100, 0);
    if (toCents(input.totalAmount) !== totalCents) {
      throw new BadRequest('Invalid request', [
        {
          path: 'totalAmount',
          message: `The total of these items is ${formatCents(totalCents)} ${input.currency}`,
        },
      ]);
    }
    return { items, totalAmount: formatCents(totalCents) };
  }

  return {
    /**
     * A new pending booking, or the visitor's open booking of exactly the same thing (created: false),
     * so that choosing it again after going back continues it rather than adding another.
     */
    async create(
      visitorId: string,
      input: CreateBookingInput,
    ): Promise<{ booking: Booking; created: boolean }> {
      const refusal = options.currencyRefusal?.(input.currency);
      if (refusal) {
        throw new BadRequest('Invalid request', [{ path: 'currency', message: refusal }]);
      }
      // Never trust the client's amount or status: price from the server's lists, start pending.
      let priced: { totalAmount: string; bookingDetails: BookingDetails };
      if (input.bookingType === 'destinations') {
        const { items, totalAmount } = await priceDestinations(input);
        priced = {
          totalAmount,
          bookingDetails: destinationBookingDetails(items, input.bookingDetails),
        };
      } else {
        priced = priceDemo(input);
      }
      const what = {
        bookingType: input.bookingType,
        totalAmount: priced.totalAmount,
        currency: input.currency,
        bookingDetails: JSON.stringify(priced.bookingDetails),
      };
      const open = await repository.findOpenTwin(visitorId, what);
      if (open) return { booking: toBooking(open), created: false };
      const now = new Date().toISOString();
      const booking = await repository.insert({
        id: randomUUID(),
        visitorId,
        ...what,
        status: 'pending',
        paymentStatus: 'pending',
        confirmationCode: null,
        createdAt: now,
        updatedAt: now,
      });
      return { booking, created: true };
    },

    /** Cancels the visitor's unpaid booking; cancelling it again answers the same. */
    async cancel(visitorId: string | null, id: string): Promise<Booking> {
      const row =
        visitorId && isUuid(id) ? await repository.findForVisitor(id, visitorId) : undefined;
      if (!row) throw new NotFound('Booking not found');
      if (row.status === 'cancelled') return toBooking(row);
      if (row.paymentStatus === 'paid') {
        throw new Conflict('This booking is paid, so it cannot be cancelled here');
      }
      await options.beforeCancel?.(row);
      if (!(await repository.cancel(row.id, new Date().toISOString()))) {
        // Paid in the meantime (a payment confirmed between the two reads).
        throw new Conflict('This booking is paid, so it cannot be cancelled here');
      }
      return toBooking((await repository.findById(row.id))!);
    },

    /** Null: a visitor with no stored session, who has no bookings. */
    async get(visitorId: string | null, id: string): Promise<Booking> {
      let row =
        visitorId && isUuid(id) ? await repository.findForVisitor(id, visitorId) : undefined;
      if (!row) throw new NotFound('Booking not found');
      if (options.reconcile) row = await options.reconcile(row);
      return toBooking(row);
    },

    list: async (visitorId: string | null) =>
      visitorId ? repository.listForVisitor(visitorId) : [],
  };
}
export type BookingService = ReturnType<typeof createBookingService>;
