import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ACCESS_CODE_ALPHABET } from '../../../contracts/beta.js';
import type { Booking } from '../../../contracts/bookings.js';
import { toCents } from '../../../contracts/money.js';
import {
  CARD_DEMO_MODE_MESSAGE,
  type BlockchainPaymentResponse,
  type ConfirmBlockchainPaymentResponse,
  type PaymentIntentResponse,
} from '../../../contracts/payments.js';
import type { CardIntent, CardProvider } from '../../adapters/payments/card.js';
import { CardProviderError, WebhookSignatureError } from '../../adapters/payments/card.js';
import { chainErrorForLog, quoteWei, type ChainVerifier } from '../../adapters/payments/chain.js';
import { AppError, BadRequest, Conflict, ServiceUnavailable } from '../../errors.js';
import { isUuid } from '../../lib/uuid.js';
import { toBooking, type BookingRepository, type BookingRow } from '../bookings/repository.js';
import type { UsdRates } from './currency-rates.js';
import type { BlockchainPaymentRepository } from './repository.js';

const CONFIRMATION_CODE_LENGTH = 8;

/** AJ- and eight characters of the access codes' alphabet (no 0/O, 1/I/L). */
export function newConfirmationCode(): string {
  let code = '';
  for (let i = 0; i < CONFIRMATION_CODE_LENGTH; i++) {
    code += ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)];
  }
  return `AJ-${code}`;
}

const hashUsed = () =>
  new AppError(409, 'This transaction has already paid for a booking', [
    { path: 'transactionHash', message: 'This transaction has already paid for a booking' },
  ]);

const notFound = (path: string, what: string) =>
  new AppError(404, `${what} not found`, [{ path, message: `${what} not found` }]);

const ALREADY_PAID = 'This booking is already paid';
const CANCELLED = 'This booking was cancelled, so it cannot be paid';
const CHAIN_DOWN = 'The blockchain network is not answering. Please try again in a minute.';
const CARD_DOWN =
  'Card payments are not answering right now. Please try again in a minute, or pay with a crypto wallet.';

export interface PaymentServiceDeps {
  bookings: BookingRepository;
  blockchainPayments: BlockchainPaymentRepository;
  /** Stripe, when configured. */
  card: CardProvider | undefined;
  chain: ChainVerifier;
  paymentAddress: string;
  usdPerEth: number;
  /** What a unit of each currency wallet payments are quoted in is worth in US dollars. */
  usdRates: UsdRates;
  log: FastifyBaseLogger;
}

export function createPaymentService(deps: PaymentServiceDeps) {
  const { bookings, blockchainPayments, card, chain, log } = deps;

  /** The visitor's booking the request names, after checking the amount and currency it states. */
  async function payableBooking(
    visitorId: string,
    input: { bookingId: string; amount: string; currency: string },
  ): Promise<BookingRow> {
    const row = isUuid(input.bookingId)
      ? await bookings.findForVisitor(input.bookingId, visitorId)
      : undefined;
    if (!row) throw notFound('bookingId', 'Booking');
    if (input.currency !== row.currency) {
      throw new BadRequest('Invalid request', [
        { path: 'currency', message: `This booking is priced in ${row.currency}` },
      ]);
    }
    if (input.amount !== row.totalAmount) {
      throw new BadRequest('Invalid request', [
        {
          path: 'amount',
          message: `The amount of this booking is ${row.totalAmount} ${row.currency}`,
        },
      ]);
    }
    if (row.paymentStatus === 'paid') throw new Conflict(ALREADY_PAID);
    if (row.status === 'cancelled') throw new Conflict(CANCELLED);
    return row;
  }

  /** Marks a booking paid from a PaymentIntent Stripe says succeeded, if it is this booking's. */
  async function settleCard(row: BookingRow, intent: CardIntent): Promise<void> {
    const matches =
      intent.id === row.stripePaymentIntentId &&
      intent.currency === row.currency &&
      intent.amountReceived === toCents(row.totalAmount);
    if (!matches) {
      log.error(
        { bookingId: row.id, intentId: intent.id },
        'a succeeded PaymentIntent does not match its booking; left for a person to check',
      );
      return;
    }
    const marked = await bookings.markPaid(row.id, {
      method: 'card',
      verification: 'stripe',
      reference: intent.id,
      payer: null,
      confirmationCode: newConfirmationCode(),
      paidAt: new Date().toISOString(),
    });
    if (!marked && row.paymentReference !== intent.id) {
      // Paid by card after a wallet payment confirmed it (or the other way round): the money
      // arrived twice. Nothing is refunded automatically; the log says which payment to refund.
      const current = await bookings.findById(row.id);
      if (current?.paymentReference !== intent.id) {
        log.error(
          { bookingId: row.id, intentId: intent.id },
          'booking paid twice: refund this PaymentIntent',
        );
      }
    }
  }

  /** The booking's one PaymentIntent: the one it has, or a new one for its own amount. */
  async function intentFor(row: BookingRow, card: CardProvider): Promise<PaymentIntentResponse> {
    let intent: CardIntent;
    if (row.stripePaymentIntentId) {
      intent = await card.retrieveIntent(row.stripePaymentIntentId);
      if (intent.status === 'succeeded') {
        await settleCard(row, intent);
        throw new Conflict(ALREADY_PAID);
      }
    } else {
      intent = await card.createIntent({
        bookingId: row.id,
        amountCents: toCents(row.totalAmount),
        currency: row.currency,
        description: `Accessible Journeys booking ${row.id}`,
      });
      const attached = await bookings.attachPaymentIntent(row.id, intent.id);
      if (attached !== intent.id) intent = await card.retrieveIntent(attached);
    }
    if (!intent.clientSecret) throw new Error('Stripe returned a PaymentIntent without a secret');
    return { clientSecret: intent.clientSecret, publishableKey: card.publishableKey };
  }

  /**
   * A wallet payment is refused while the booking's card payment has gone through or is under way
   * (its webhook may not have arrived): the booking must never be paid twice.
   */
  async function refuseIfCardPaying(row: BookingRow): Promise<void> {
    if (!card || !row.stripePaymentIntentId) return;
    let intent: CardIntent;
    try {
      intent = await card.retrieveIntent(row.stripePaymentIntentId);
    } catch (error) {
      log.error({ err: error, bookingId: row.id }, 'Stripe refused or did not answer');
      throw new ServiceUnavailable(CARD_DOWN);
    }
    if (intent.status === 'succeeded') {
      await settleCard(row, intent);
      throw new Conflict(ALREADY_PAID);
    }
    if (intent.status === 'processing' || intent.status === 'requires_capture') {
      throw new Conflict('A card payment for this booking is being processed');
    }
  }

  const walletCurrencies = Object.keys(deps.usdRates).sort();
  const walletRefusal = (currency: string) =>
    `Wallet payments are quoted only for bookings in ${walletCurrencies.join(', ')}, not ${currency}` +
    (card ? '; pay this booking by card' : '');

  return {
    /**
     * Why a booking in this currency could not be paid here, or undefined: Stripe takes the
     * catalogue's currencies when it is configured, a wallet those with a configured rate.
     */
    currencyRefusal(currency: string): string | undefined {
      if (card || deps.usdRates[currency] !== undefined) return undefined;
      return `Bookings in ${currency} cannot be paid here yet: card payments are not available in demo mode, and wallet payments are quoted only for bookings in ${walletCurrencies.join(', ')}`;
    },

    /** A booking whose card payment has gone through or is processing is not cancelled. */
    beforeCancel: refuseIfCardPaying,

    async createPaymentIntent(
      visitorId: string,
      input: { bookingId: string; amount: string; currency: string },
    ): Promise<PaymentIntentResponse> {
      const row = await payableBooking(visitorId, input);
      if (!card) throw new ServiceUnavailable(CARD_DEMO_MODE_MESSAGE);
      try {
        return await intentFor(row, card);
      } catch (error) {
        if (!(error instanceof CardProviderError)) throw error;
        log.error({ err: error, bookingId: row.id }, 'Stripe refused or did not answer');
        throw new ServiceUnavailable(CARD_DOWN);
      }
    },

    /** Stripe's webhook: the signature is checked over the raw bytes before anything is read. */
    async handleCardWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      if (!card?.acceptsWebhooks) {
        throw new ServiceUnavailable('Card payment webhooks are not configured');
      }
      let event;
      try {
        event = card.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw new BadRequest('Invalid signature', [
            { path: 'stripe-signature', message: 'The webhook signature does not verify' },
          ]);
        }
        throw error;
      }
      if (event.type === 'ignored') return;
      const row = event.intent.bookingId
        ? await bookings.findById(event.intent.bookingId)
        : undefined;
      if (!row) {
        log.warn({ intentId: event.intent.id }, 'webhook for a PaymentIntent of no known booking');
        return;
      }
      if (event.type === 'succeeded') await settleCard(row, event.intent);
      else if (event.intent.id === row.stripePaymentIntentId) {
        await bookings.markPaymentFailed(row.id, new Date().toISOString());
      }
    },

    /** Before a pending card booking is shown, asks Stripe how its PaymentIntent stands. */
    async reconcile(row: BookingRow): Promise<BookingRow> {
      if (!card || row.paymentStatus === 'paid' || !row.stripePaymentIntentId) return row;
      try {
        const intent = await card.retrieveIntent(row.stripePaymentIntentId);
        if (intent.status !== 'succeeded') return row;
        await settleCard(row, intent);
        return (await bookings.findById(row.id)) ?? row;
      } catch (error) {
        // The booking is shown as it is stored; the webhook will bring the news.
        log.warn({ err: error, bookingId: row.id }, 'could not ask Stripe about a payment');
        return row;
      }
    },

    async createBlockchainPayment(
      visitorId: string,
      input: { bookingId: string; walletAddress: string; amount: string; currency: string },
    ): Promise<BlockchainPaymentResponse> {
      const row = await payableBooking(visitorId, input);
      const usdPerUnit = deps.usdRates[row.currency];
      if (usdPerUnit === undefined) {
        throw new BadRequest('Invalid request', [
          { path: 'currency', message: walletRefusal(row.currency) },
        ]);
      }
      await refuseIfCardPaying(row);
      let chainId: number;
      try {
        chainId = await chain.chainId();
      } catch (error) {
        log.warn({ chain: chainErrorForLog(error) }, 'the chain did not say its id');
        throw new ServiceUnavailable(CHAIN_DOWN);
      }
      const value = quoteWei(toCents(row.totalAmount), deps.usdPerEth, usdPerUnit);
      const payment = await blockchainPayments.insert({
        id: randomUUID(),
        bookingId: row.id,
        visitorId,
        walletAddress: input.walletAddress.toLowerCase(),
        paymentAddress: deps.paymentAddress,
        amount: row.totalAmount,
        currency: row.currency,
        valueWei: value.toString(),
        chainId,
        verification: chain.verification,
        status: 'pending',
        transactionHash: null,
        createdAt: new Date().toISOString(),
        confirmedAt: null,
      });
      return {
        paymentId: payment.id,
        paymentAddress: payment.paymentAddress,
        amount: payment.amount,
        currency: payment.currency,
        value: payment.valueWei,
        chainId,
        verification: chain.verification,
      };
    },

    async confirmBlockchainPayment(
      visitorId: string,
      input: { paymentId: string; transactionHash: string },
    ): Promise<ConfirmBlockchainPaymentResponse> {
      const hash = input.transactionHash.toLowerCase();
      const payment = isUuid(input.paymentId)
        ? await blockchainPayments.findForVisitor(input.paymentId, visitorId)
        : undefined;
      if (!payment) throw notFound('paymentId', 'Payment');
      const booking = async (): Promise<Booking> =>
        toBooking((await bookings.findById(payment.bookingId))!);

      if (payment.status === 'confirmed') {
        // Repeating a confirmation changes nothing; another transaction for it is refused.
        if (payment.transactionHash === hash)
          return { status: 'confirmed', booking: await booking() };
        throw new Conflict('This payment is already confirmed with another transaction');
      }
      const current = await booking();
      if (current.paymentStatus === 'paid') throw new Conflict(ALREADY_PAID);
      if (await blockchainPayments.findByHash(hash)) {
        throw new Conflict('This transaction has already paid for a booking');
      }
      await refuseIfCardPaying((await bookings.findById(payment.bookingId))!);
      if (payment.verification !== chain.verification) {
        throw new Conflict('This payment was set up for another network; please start again');
      }

      let check;
      try {
        check = await chain.check({
          hash,
          to: payment.paymentAddress,
          from: payment.walletAddress,
          minValue: BigInt(payment.valueWei),
          notBefore: new Date(payment.createdAt),
        });
      } catch (error) {
        log.warn(
          { chain: chainErrorForLog(error), paymentId: payment.id },
          'could not check a transaction',
        );
        throw new ServiceUnavailable(CHAIN_DOWN);
      }
      if (check.outcome === 'pending') {
        throw new Conflict('The transaction is not mined yet. Wait a moment, then check again.');
      }
      if (check.outcome === 'refused') {
        throw new BadRequest(check.reason, [{ path: 'transactionHash', message: check.reason }]);
      }

      const outcome = await blockchainPayments.confirm(payment, hash, {
        method: 'crypto',
        verification: chain.verification,
        reference: hash,
        payer: payment.walletAddress,
        confirmationCode: newConfirmationCode(),
        paidAt: new Date().toISOString(),
      });
      if (outcome === 'confirmed') return { status: 'confirmed', booking: await booking() };
      if (outcome === 'booking-paid') throw new Conflict(ALREADY_PAID);
      if (outcome === 'hash-used') throw hashUsed();
      // A second confirmation raced this one: answer as a repeat would.
      const again = await blockchainPayments.findForVisitor(payment.id, visitorId);
      if (again?.transactionHash === hash) return { status: 'confirmed', booking: await booking() };
      throw new Conflict('This payment is already confirmed with another transaction');
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
