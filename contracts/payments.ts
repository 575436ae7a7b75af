import { z } from 'zod';
import { bookingSchema } from './bookings.js';
import { amountSchema, currencySchema } from './money.js';

/** The message of the 503 when Stripe is not configured (ARCHITECTURE.md §5, spec §8). */
export const CARD_DEMO_MODE_MESSAGE =
  'Card payment processing is not available in demo mode. You can pay with a crypto wallet instead.';

const bookingId = z.string().trim().min(1, 'Booking is required').max(100);

export const createPaymentIntentSchema = z.object({
  bookingId,
  amount: amountSchema,
  currency: currencySchema,
});
export type CreatePaymentIntentRequest = z.input<typeof createPaymentIntentSchema>;

export const paymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  /** What the Payment Element needs to load; sent with the secret so the client needs no config call. */
  publishableKey: z.string(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

export const walletAddressSchema = z
  .string()
  .trim()
  .regex(ADDRESS, 'A wallet address is 0x followed by 40 hexadecimal characters');

export const createBlockchainPaymentSchema = z.object({
  bookingId,
  walletAddress: walletAddressSchema,
  amount: amountSchema,
  currency: currencySchema,
});
export type CreateBlockchainPaymentRequest = z.input<typeof createBlockchainPaymentSchema>;

export const blockchainPaymentResponseSchema = z.object({
  paymentId: z.string(),
  paymentAddress: z.string(),
  /** The booking's amount and currency, two decimals. */
  amount: z.string(),
  currency: z.string(),
  /** What the wallet sends: the amount quoted in wei, as a decimal string. */
  value: z.string(),
  /** The chain the wallet must be on (31337 is a local development chain, where nothing real moves). */
  chainId: z.number().int().positive(),
  /** `chain` when the transaction is checked on CHAIN_RPC_URL, `simulated` otherwise. */
  verification: z.enum(['chain', 'simulated']),
});
export type BlockchainPaymentResponse = z.infer<typeof blockchainPaymentResponseSchema>;

export const confirmBlockchainPaymentSchema = z.object({
  paymentId: z.string().trim().min(1, 'Payment is required').max(100),
  transactionHash: z
    .string()
    .trim()
    .regex(TX_HASH, 'A transaction hash is 0x followed by 64 hexadecimal characters'),
});
export type ConfirmBlockchainPaymentRequest = z.input<typeof confirmBlockchainPaymentSchema>;

export const confirmBlockchainPaymentResponseSchema = z.object({
  status: z.literal('confirmed'),
  booking: bookingSchema,
});
export type ConfirmBlockchainPaymentResponse = z.infer<
  typeof confirmBlockchainPaymentResponseSchema
>;
