import { bookingApiPath } from '../../../contracts/bookings.values.js';
import { APP_ROUTES } from '../../../contracts/routes.js';
import { createStripeCardProvider } from '../../adapters/payments/card.js';
import { createRpcVerifier, createSimulatedVerifier } from '../../adapters/payments/chain.js';
import type { AppContext } from '../../context.js';
import type { HttpServer } from '../../http-server.js';
import type { PagePreloads } from '../../plugins/spa.js';
import type { DestinationService } from '../destinations/service.js';
import { createBlockchainPaymentRepository } from '../payments/repository.js';
import { paymentRoutes } from '../payments/routes.js';
import { createPaymentService } from '../payments/service.js';
import { createBookingRepository } from './repository.js';
import { bookingRoutes } from './routes.js';
import { createBookingService } from './service.js';

/**
 * Bookings, priced from the destinations catalogue, and their payments: by card (Stripe, when
 * configured) or by wallet, verified on a chain node or simulated (docs/decisions/019).
 */
export async function registerBookings(
  app: HttpServer,
  { config, database }: AppContext,
  { destinations }: { destinations: DestinationService },
): Promise<{ pagePreloads: PagePreloads }> {
  const bookingRepository = createBookingRepository(database.db);
  const payments = createPaymentService({
    bookings: bookingRepository,
    blockchainPayments: createBlockchainPaymentRepository(database.db),
    card: config.stripe ? await createStripeCardProvider(config.stripe) : undefined,
    chain: config.chain.rpcUrl
      ? createRpcVerifier(config.chain.rpcUrl, config.chain.confirmTimeoutMs)
      : createSimulatedVerifier(),
    paymentAddress: config.chain.paymentAddress,
    usdPerEth: config.chain.usdPerEth,
    usdRates: config.chain.usdRates,
    log: app.log,
  });
  await app.register(bookingRoutes, {
    service: createBookingService(bookingRepository, destinations, {
      reconcile: payments.reconcile,
      currencyRefusal: payments.currencyRefusal,
      beforeCancel: payments.beforeCancel,
    }),
  });
  await app.register(paymentRoutes, { service: payments });
  return {
    pagePreloads: {
      // Only a returning visitor has bookings: a read would start a session to find none.
      [APP_ROUTES.receipt]: async (request, { bookingId }) =>
        bookingId && (await request.findVisitorId()) ? [{ data: bookingApiPath(bookingId) }] : [],
    },
  };
}
