import { z } from 'zod';
import {
  MAX_BOOKING_ITEMS,
  BOOKING_TYPES,
  BOOKING_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_VERIFICATIONS,
} from './bookings.values.js';
import { amountSchema, currencySchema } from './money.js';

export * from './bookings.values.js';

const text = (max: number) => z.string().trim().max(max);

export const bookingDetailsSchema = z.object({
  title: text(200).min(1, 'A booking needs a title'),
  description: text(2000).default(''),
  details: z.array(text(500)).max(MAX_BOOKING_ITEMS).default([]),
  accessibility: z.array(text(500)).max(MAX_BOOKING_ITEMS).default([]),
});
export type BookingDetails = z.infer<typeof bookingDetailsSchema>;

export const createBookingSchema = z.object({
  bookingType: z.enum(BOOKING_TYPES, {
    message: `Booking type must be one of ${BOOKING_TYPES.join(', ')}`,
  }),
  totalAmount: amountSchema,
  currency: currencySchema,
  bookingDetails: bookingDetailsSchema,
  /** Sent by the client as the spec says, and ignored: a new booking is always pending. */
  status: z.string().optional(),
  paymentStatus: z.string().optional(),
  /** The destinations of a cart checkout, by id; one entry per cart item. */
  items: z
    .array(z.object({ destinationId: z.string().min(1).max(100) }))
    .min(1, 'The cart is empty')
    .max(MAX_BOOKING_ITEMS, `At most ${MAX_BOOKING_ITEMS} items per booking`)
    .optional(),
});
export type CreateBookingRequest = z.input<typeof createBookingSchema>;
export type CreateBookingInput = z.output<typeof createBookingSchema>;

/** How a paid booking was paid: what a receipt shows. */
export const bookingPaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  verification: z.enum(PAYMENT_VERIFICATIONS),
  /** The Stripe PaymentIntent id, or the transaction hash. */
  reference: z.string(),
  /** The wallet that paid (crypto only). */
  payer: z.string().nullable(),
  paidAt: z.string(),
});
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;

export const bookingSchema = z.object({
  id: z.string(),
  /** What a person calls the booking: see bookingReference. */
  reference: z.string(),
  bookingType: z.string(),
  totalAmount: z.string(),
  currency: z.string(),
  bookingDetails: bookingDetailsSchema,
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  confirmationCode: z.string().nullable(),
  /** Set once paid. */
  payment: bookingPaymentSchema.nullable(),
  /** A card payment was begun (a PaymentIntent exists): its outcome may still be on its way. */
  cardPaymentStarted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingIdParamsSchema = z.object({ id: z.string() });
