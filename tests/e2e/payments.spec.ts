import type { Page } from '@playwright/test';
import {
  bookingReference,
  CONFIRMATION_CODE_PATTERN,
  DEMO_BOOKINGS,
} from '../../contracts/bookings';
import { expect, test } from './fixtures';
import {
  BANFF,
  cartButton,
  cartPanel,
  destinationCard,
  failedResourceLog,
  gotoLanding,
  holdRequests,
  injectWallet,
  notifications,
  SIMULATED_CHAIN_HEX,
  TIMBERLINE,
  WALLET_ADDRESS,
} from './helpers';

/*
 * The e2e server runs without Stripe keys and without CHAIN_RPC_URL (playwright.config.ts): a card
 * payment gets the demo-mode 503, and a wallet payment is confirmed by simulation on chain 31337.
 * The wallet is the far edge, so it is replaced by an EIP-1193 provider injected into the page.
 */

/** How each demo booking's amount reads on screen (two decimals, as the server sends it). */
const AMOUNTS: Record<string, string> = {
  flight: '$687.50',
  hotel: '$1450.00',
  car_rental: '$420.00',
};
const [FLIGHT] = DEMO_BOOKINGS;
if (!FLIGHT) throw new Error('No demo bookings');
const FLIGHT_TITLE = FLIGHT.bookingDetails.title;

const SIMULATED =
  'Simulated confirmation: no blockchain is configured for this demo, so no funds moved';
const DEMO_MODE = /payment processing is not available in demo mode/i;

const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`^Step \\d of 3: ${name}$`) });

const selectButton = (page: Page, title: string) =>
  page.getByRole('button', { name: `Select ${title}`, exact: true });

const toastItem = (page: Page, title: string) =>
  notifications(page).getByRole('listitem').filter({ hasText: title });

const paymentMethod = (page: Page) => page.getByRole('radiogroup', { name: 'Payment method' });
const radio = (page: Page, name: 'Card' | 'Crypto wallet') =>
  paymentMethod(page).getByRole('radio', { name, exact: true });
const walletStatus = (page: Page) =>
  page.getByRole('region', { name: 'Pay with a crypto wallet' }).getByRole('status');

/** Opens the demo and waits for the three bookings. */
/** Connects the injected wallet and waits until the page shows it (Pay before that is refused). */
async function connectWallet(page: Page) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByText('Connected wallet:')).toBeVisible();
}

async function gotoDemo(page: Page) {
  await page.goto('/payment-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Demo' })).toBeVisible();
  for (const booking of DEMO_BOOKINGS) {
    await expect(selectButton(page, booking.bookingDetails.title)).toBeVisible();
  }
}

/**
 * Selects a demo booking and waits for the payment step; returns the booking's id. `status` 200:
 * the visitor's open booking of the same kind is continued rather than made again.
 */
async function selectBooking(page: Page, title: string, status = 201): Promise<string> {
  const created = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/bookings' && r.request().method() === 'POST',
  );
  await selectButton(page, title).click();
  const response = await created;
  expect(response.status()).toBe(status);
  await expect(stepHeading(page, 'Pay for your booking')).toBeFocused();
  return ((await response.json()) as { id: string }).id;
}

/**
 * The e2e server has no Stripe keys, so no card payment can begin there: the booking's reads are
 * answered as they would be once one had (the return page's waiting and polling are what is tested).
 */
async function withCardStarted(page: Page, id: string) {
  await page.route(`**/api/bookings/${id}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      json: { ...(await response.json()), cardPaymentStarted: true },
    });
  });
}

/** A pending demo booking made through the API, in the page's own session (same cookie). */
/**
 * Books as the page's visitor. The page's own first API call sets the session cookie; until it has,
 * a request from the test would start a second session and the page would not see the booking.
 */
async function createPendingBooking(page: Page): Promise<string> {
  await expect
    .poll(async () => (await page.context().cookies()).length, { message: 'a session cookie' })
    .toBeGreaterThan(0);
  const response = await page.request.post('/api/bookings', {
    data: { ...FLIGHT, status: 'pending', paymentStatus: 'pending' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test.describe('payment demo', () => {
  test.use({ reducedMotion: 'reduce' });

  test('each demo booking reaches the payment step with its amount, and Back returns to the list', async ({
    page,
    checkA11y,
    consoleGuard,
  }) => {
    // Each payment step asks for a card payment first, which is a 503 in demo mode.
    consoleGuard.allow(failedResourceLog(503));
    await gotoDemo(page);
    await expect(page.getByRole('list', { name: 'Payment steps' })).toContainText(
      'Choose a booking',
    );
    await checkA11y(page);

    for (const [index, booking] of DEMO_BOOKINGS.entries()) {
      const { title, description, details, accessibility } = booking.bookingDetails;
      const amount = AMOUNTS[booking.bookingType]!;
      const card = page.getByRole('article', { name: title });
      await expect(card).toContainText(description);
      await expect(card).toContainText(details[0]!);
      await expect(card.getByRole('heading', { name: 'Accessibility' })).toBeVisible();
      await expect(card).toContainText(accessibility[0]!);
      await expect(card).toContainText(amount);

      const id = await selectBooking(page, title);
      await expect(page).toHaveURL(`/payment-demo?booking=${id}`);
      const summary = page.getByRole('region', { name: title });
      await expect(summary).toContainText(amount);
      await expect(summary).toContainText(`Booking reference${bookingReference(id)}`);
      await expect(radio(page, 'Card')).toBeChecked();
      await expect(radio(page, 'Crypto wallet')).not.toBeChecked();
      if (index === 0) {
        await expect(page.getByRole('alert').filter({ hasText: DEMO_MODE })).toBeVisible();
        await checkA11y(page);
      }

      await page.getByRole('button', { name: 'Back to Booking Selection' }).click();
      await expect(stepHeading(page, 'Choose a booking')).toBeFocused();
      await expect(page).toHaveURL('/payment-demo');
      await expect(selectButton(page, title)).toBeEnabled();
    }

    // The server holds all three, pending, at their own prices.
    const list = (await (await page.request.get('/api/bookings')).json()) as {
      bookingType: string;
      totalAmount: string;
      paymentStatus: string;
    }[];
    for (const booking of DEMO_BOOKINGS) {
      const stored = list.find((b) => b.bookingType === booking.bookingType);
      expect(stored?.totalAmount).toBe(booking.totalAmount);
      expect(stored?.paymentStatus).toBe('pending');
    }
  });

  test('a Select button is unavailable while its booking is being created', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(503));
    await gotoDemo(page);
    const release = await holdRequests(page, '**/api/bookings');
    await selectButton(page, FLIGHT_TITLE).click();
    const pending = page.getByRole('button', {
      name: `Creating your booking… for ${FLIGHT_TITLE}`,
      exact: true,
    });
    await expect(pending).toBeDisabled();
    await expect(pending).toBeFocused();
    await expect(selectButton(page, DEMO_BOOKINGS[1]!.bookingDetails.title)).toBeDisabled();
    release();
    await expect(stepHeading(page, 'Pay for your booking')).toBeFocused();
  });

  test('a double-clicked Select makes one booking', async ({ page, consoleGuard }) => {
    // The payment step asks for a card payment, which demo mode answers 503.
    consoleGuard.allow(failedResourceLog(503));
    await gotoDemo(page);
    await selectButton(page, FLIGHT_TITLE).dblclick();
    await expect(stepHeading(page, 'Pay for your booking')).toBeFocused();
    const bookings = await page.request.get('/api/bookings');
    expect((await bookings.json()) as unknown[]).toHaveLength(1);
  });

  test('Back and Select again continue one booking; Cancel booking asks first, and then a Select makes a new one', async ({
    page,
    checkA11y,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(503));
    await gotoDemo(page);
    const id = await selectBooking(page, FLIGHT_TITLE);
    await page.getByRole('button', { name: 'Back to Booking Selection' }).click();
    expect(await selectBooking(page, FLIGHT_TITLE, 200)).toBe(id);
    const reference = bookingReference(id);
    await expect(page.getByRole('region', { name: FLIGHT_TITLE })).toContainText(reference);

    // Asked first; "Keep booking" (and Escape) leave it as it was.
    const cancel = page.getByRole('button', { name: `Cancel booking ${FLIGHT_TITLE}` });
    await cancel.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await expect(dialog).toContainText(reference);
    await expect(dialog.getByRole('button', { name: 'Keep booking' })).toBeFocused();
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();

    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(dialog).toBeHidden();
    await expect(stepHeading(page, 'Pay for your booking')).toBeFocused();
    await expect(page.getByText('This booking was cancelled, so it cannot be paid.')).toBeVisible();
    await expect(toastItem(page, 'Booking cancelled')).toContainText(reference);
    await expect(cancel).toHaveCount(0);
    await expect(paymentMethod(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Back to Booking Selection' }).click();
    const fresh = await selectBooking(page, FLIGHT_TITLE);
    expect(fresh).not.toBe(id);
    const list = (await (await page.request.get('/api/bookings')).json()) as { status: string }[];
    expect(list.map((b) => b.status).sort()).toEqual(['cancelled', 'pending']);

    // The history says the same, and offers no payment for the cancelled one.
    await page.goto('/bookings');
    const cancelled = page
      .getByRole('article', { name: FLIGHT_TITLE })
      .filter({ hasText: reference });
    await expect(cancelled).toContainText('Cancelled');
    await expect(cancelled.getByRole('link', { name: /^Pay now/ })).toHaveCount(0);
    await expect(cancelled.getByRole('button', { name: /^Cancel booking/ })).toHaveCount(0);
    const open = page
      .getByRole('article', { name: FLIGHT_TITLE })
      .filter({ hasText: bookingReference(fresh) });
    await open.getByRole('button', { name: `Cancel booking ${FLIGHT_TITLE}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Cancel this booking?' })
      .getByRole('button', { name: 'Cancel booking' })
      .click();
    await expect(open.getByRole('heading', { name: FLIGHT_TITLE })).toBeFocused();
    await expect(open).toContainText('Cancelled');
    await checkA11y(page);
  });

  test('a booking in Canadian dollars from the cart is paid by wallet, at the configured rate', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(503));
    await injectWallet(page);
    await gotoLanding(page);
    await destinationCard(page, BANFF)
      .getByRole('button', { name: `Add to Cart: ${BANFF}` })
      .click();
    await cartButton(page).click();
    const panel = cartPanel(page);
    await panel.getByRole('button', { name: 'Checkout' }).click();
    const confirmation = panel.getByRole('status').filter({ hasText: 'Booking created' });
    await confirmation.getByRole('link', { name: 'Pay for this booking' }).click();
    await expect(stepHeading(page, 'Pay for your booking')).toBeFocused();
    await expect(page.getByRole('region', { name: BANFF })).toContainText('CAD');

    await radio(page, 'Crypto wallet').click();
    await expect(
      page.getByText(/converted to ether at the rate this site is configured with/),
    ).toBeVisible();
    await connectWallet(page);
    const quoted = page.waitForResponse((r) => r.url().endsWith('/api/create-blockchain-payment'));
    await page.getByRole('button', { name: /^Pay .*CAD.* with wallet$/ }).click();
    const quote = await quoted;
    expect(quote.status()).toBe(201);
    expect(quote.request().headers()['idempotency-key']).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(((await quote.json()) as { currency: string }).currency).toBe('CAD');
    await expect(stepHeading(page, 'Booking Confirmed')).toBeFocused();
    await expect(page.getByTestId('confirmation-code')).toHaveText(CONFIRMATION_CODE_PATTERN);
  });

  test('card: demo mode says Stripe is not configured and offers the crypto wallet', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(503));
    await injectWallet(page);
    await gotoDemo(page);
    const intent = page.waitForResponse((r) => r.url().endsWith('/api/create-payment-intent'));
    await selectBooking(page, FLIGHT_TITLE);
    expect((await intent).status()).toBe(503);

    const alert = page.getByRole('alert').filter({ hasText: 'Stripe Not Configured' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(DEMO_MODE);
    // Demo mode is not a failure to toast about: the alert says it and offers the way forward.
    await expect(toastItem(page, 'Payment Setup Failed')).toHaveCount(0);

    await alert.getByRole('button', { name: 'Pay with crypto wallet instead' }).click();
    await expect(radio(page, 'Crypto wallet')).toBeChecked();
    await expect(
      page.getByRole('heading', { level: 3, name: 'Pay with a crypto wallet' }),
    ).toBeFocused();
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
    await expect(alert).toBeHidden();

    // Back to card: the answer is kept, not asked again.
    await radio(page, 'Card').click();
    await expect(alert).toBeVisible();
  });

  test('wallet: connect, pay, confirmed; then the history and the receipt show it', async ({
    page,
    checkA11y,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(503));
    await injectWallet(page);
    await gotoDemo(page);
    const bookingId = await selectBooking(page, FLIGHT_TITLE);
    await radio(page, 'Crypto wallet').click();

    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    const connected = page.getByText('Connected wallet:');
    await expect(connected).toBeVisible();
    await expect(connected).toContainText('0x9f3b…3C4d', { ignoreCase: true });
    // The full address is there for screen readers (and as a tooltip).
    await expect(connected).toContainText(WALLET_ADDRESS, { ignoreCase: true });
    const pay = page.getByRole('button', { name: 'Pay $687.50 with wallet' });
    await expect(pay).toBeFocused();

    const quoted = page.waitForResponse((r) => r.url().endsWith('/api/create-blockchain-payment'));
    const releaseConfirm = await holdRequests(page, '**/api/confirm-blockchain-payment');
    await pay.click();
    const quoteResponse = await quoted;
    expect(quoteResponse.status()).toBe(201);
    const quote = (await quoteResponse.json()) as {
      paymentAddress: string;
      value: string;
      chainId: number;
      verification: string;
    };
    expect(quote.chainId).toBe(Number(SIMULATED_CHAIN_HEX));
    expect(quote.verification).toBe('simulated');
    // The transaction is out; the server is asked to confirm it.
    await expect(walletStatus(page)).toHaveText(/Waiting for the network to confirm…/);
    await expect(pay).toBeDisabled();
    await expect(radio(page, 'Card')).toBeDisabled();
    const confirmed = page.waitForResponse((r) =>
      r.url().endsWith('/api/confirm-blockchain-payment'),
    );
    releaseConfirm();
    const confirmation = (await (await confirmed).json()) as {
      booking: { confirmationCode: string; payment: { reference: string } };
    };

    // The wallet was asked for exactly the quote: to the payment address, the quoted wei, in hex.
    const sent = await page.evaluate(() => window.__sentTransactions);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to.toLowerCase()).toBe(quote.paymentAddress.toLowerCase());
    expect(sent[0]!.value).toBe(`0x${BigInt(quote.value).toString(16)}`);
    expect(sent[0]!.from.toLowerCase()).toBe(WALLET_ADDRESS);

    await expect(stepHeading(page, 'Booking Confirmed')).toBeFocused();
    const code = page.getByTestId('confirmation-code');
    await expect(code).toHaveText(/^AJ-[2-9A-HJKMNP-Z]{8}$/);
    const codeText = (await code.innerText()).trim();
    expect(codeText).toMatch(CONFIRMATION_CODE_PATTERN);
    expect(codeText).toBe(confirmation.booking.confirmationCode);
    const success = page.getByRole('region', { name: /Booking Confirmed$/ });
    await expect(success.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(page.getByText(SIMULATED)).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Crypto wallet');
    await expect(page.getByRole('main')).toContainText('$687.50');
    await checkA11y(page);

    // Booking History lists it, confirmed and paid, with its code.
    await page.getByRole('link', { name: 'Booking history' }).click();
    await expect(page).toHaveURL('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Booking History' })).toBeFocused();
    const entry = page.getByRole('article', { name: FLIGHT_TITLE }).filter({ hasText: codeText });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('Confirmed');
    await expect(entry).toContainText('Paid');
    await expect(entry).toContainText('$687.50');
    await expect(entry.getByRole('link', { name: /^Pay now/ })).toHaveCount(0);
    await checkA11y(page);

    // Its receipt: the code, the amount, how it was paid and checked, the transaction.
    await entry.getByRole('link', { name: `Receipt for ${FLIGHT_TITLE}` }).click();
    await expect(page).toHaveURL(`/bookings/${bookingId}/receipt`);
    await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('Accessible Journeys');
    await expect(main).toContainText(codeText);
    await expect(main).toContainText('$687.50 USD');
    await expect(main).toContainText(SIMULATED);
    await expect(main).toContainText(confirmation.booking.payment.reference);
    await expect(main).toContainText(FLIGHT.bookingDetails.accessibility[0]!);
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
    await checkA11y(page);

    // Printed, the receipt stands alone: no site header or footer, no buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
    await expect(main).toContainText(codeText);
    await page.emulateMedia({ media: 'screen' });

    // The page Stripe returns to shows a paid booking as confirmed too.
    await page.goto(`/payment-success?booking=${bookingId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Confirmed' })).toBeVisible();
    await expect(page.getByTestId('confirmation-code')).toHaveText(codeText);
    await expect(page.getByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      `/bookings/${bookingId}/receipt`,
    );
  });

  test('without a wallet: Connect says No Wallet Found, Pay says No Wallet Connected', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(503));
    await gotoDemo(page);
    await selectBooking(page, FLIGHT_TITLE);
    await radio(page, 'Crypto wallet').click();
    const panel = page.getByRole('region', { name: 'Pay with a crypto wallet' });

    await panel.getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(toastItem(page, 'No Wallet Found')).toContainText('Please install a Web3 wallet.');
    await expect(panel.getByText('No Wallet Found:')).toBeVisible();
    await expect(panel).toContainText('Please install a Web3 wallet.');

    await panel.getByRole('button', { name: 'Pay $687.50 with wallet' }).click();
    await expect(toastItem(page, 'No Wallet Connected')).toContainText(
      'Please connect your wallet first.',
    );
    await expect(panel).toContainText('No Wallet Connected: Please connect your wallet first.');

    // Nothing was asked of the server, and the booking is still there to pay.
    await expect(stepHeading(page, 'Pay for your booking')).toBeVisible();
  });

  test('a refused transaction says why and keeps the booking for another try', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(503));
    await injectWallet(page);
    await page.addInitScript(() => {
      // The person declines in the wallet (EIP-1193 code 4001) the first time.
      let declined = false;
      type Request = (args: { method: string; params?: unknown[] }) => Promise<unknown>;
      const wallet = (window as unknown as { ethereum: { request: Request } }).ethereum;
      const original = wallet.request.bind(wallet);
      Object.assign(wallet, {
        request: (args: { method: string; params?: unknown[] }) => {
          if (args.method === 'eth_sendTransaction' && !declined) {
            declined = true;
            return Promise.reject(
              Object.assign(new Error('User rejected the request.'), { code: 4001 }),
            );
          }
          return original(args);
        },
      });
    });
    await gotoDemo(page);
    await selectBooking(page, FLIGHT_TITLE);
    await radio(page, 'Crypto wallet').click();
    await connectWallet(page);
    const pay = page.getByRole('button', { name: 'Pay $687.50 with wallet' });
    await pay.click();

    await expect(toastItem(page, 'Payment Failed')).toContainText(
      'You declined the request in your wallet.',
    );
    await expect(page.getByRole('main')).toContainText(
      'Payment Failed: You declined the request in your wallet.',
    );
    await expect(pay).toBeEnabled();
    await pay.click();
    await expect(stepHeading(page, 'Booking Confirmed')).toBeFocused();
  });

  test('card: a failed setup toasts Payment Setup Failed and can be tried again', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(500));
    consoleGuard.allow(failedResourceLog(503));
    let calls = 0;
    await page.route('**/api/create-payment-intent', (route) => {
      calls += 1;
      return calls === 1
        ? route.fulfill({ status: 500, json: { message: 'The payment service is down' } })
        : route.continue();
    });
    await gotoDemo(page);
    await selectBooking(page, FLIGHT_TITLE);
    await expect(toastItem(page, 'Payment Setup Failed')).toContainText(
      'The payment service is down',
    );
    const panel = page.getByRole('region', { name: 'Pay by card' });
    await expect(panel).toContainText('Payment Setup Failed');
    await panel.getByRole('button', { name: 'Try again' }).click();
    // The real server answers the second time: demo mode.
    await expect(
      page.getByRole('alert').filter({ hasText: 'Stripe Not Configured' }),
    ).toBeVisible();
    expect(calls).toBe(2);
  });

  test('card: when Stripe.js cannot load, the page says so plainly', async ({
    page,
    consoleGuard,
  }) => {
    // As if Stripe were configured: the server hands out an intent, but Stripe.js cannot load
    // (this machine is offline, and the page's CSP only allows Stripe when it is configured).
    consoleGuard.allow(/js\.stripe\.com|Content Security Policy|Failed to load Stripe\.js/);
    await page.route('**/api/create-payment-intent', (route) =>
      route.fulfill({
        status: 200,
        json: { clientSecret: 'pi_test_secret_test', publishableKey: 'pk_test_demo' },
      }),
    );
    await page.route('https://js.stripe.com/**', (route) => route.abort());
    await gotoDemo(page);
    await selectBooking(page, FLIGHT_TITLE);
    const panel = page.getByRole('region', { name: 'Pay by card' });
    await expect(panel.getByText('The card form could not load')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('wallet: a transaction not mined yet is checked again, never sent again', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(503));
    consoleGuard.allow(failedResourceLog(409));
    await injectWallet(page);
    let confirmCalls = 0;
    const hashes: string[] = [];
    await page.route('**/api/confirm-blockchain-payment', (route) => {
      confirmCalls += 1;
      hashes.push((route.request().postDataJSON() as { transactionHash: string }).transactionHash);
      return confirmCalls === 1
        ? route.fulfill({
            status: 409,
            json: { message: 'The transaction is not mined yet. Wait a moment, then check again.' },
          })
        : route.continue();
    });
    await gotoDemo(page);
    await selectBooking(page, FLIGHT_TITLE);
    await radio(page, 'Crypto wallet').click();
    await connectWallet(page);
    await page.getByRole('button', { name: 'Pay $687.50 with wallet' }).click();

    const checkAgain = page.getByRole('button', { name: 'Check again' });
    await expect(checkAgain).toBeFocused();
    await expect(walletStatus(page)).toContainText('not mined yet');
    await expect(page.getByRole('button', { name: 'Pay $687.50 with wallet' })).toHaveCount(0);
    await checkAgain.click();

    await expect(stepHeading(page, 'Booking Confirmed')).toBeFocused();
    expect(confirmCalls).toBe(2);
    expect(hashes[1]).toBe(hashes[0]);
    expect(await page.evaluate(() => window.__sentTransactions.length)).toBe(1);
  });

  test('wallet: on another chain the wallet is asked to switch; a refusal names the chain', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(503));
    await injectWallet(page);
    await page.addInitScript(() => {
      // A wallet on Ethereum mainnet whose owner refuses to switch the first time.
      type Request = (args: { method: string; params?: unknown[] }) => Promise<unknown>;
      const wallet = (window as unknown as { ethereum: { request: Request } }).ethereum;
      const original = wallet.request.bind(wallet);
      let chainId = '0x1';
      let refused = false;
      (window as unknown as { __switches: unknown[] }).__switches = [];
      Object.assign(wallet, {
        request: (args: { method: string; params?: unknown[] }) => {
          if (args.method === 'eth_chainId') return Promise.resolve(chainId);
          if (args.method === 'wallet_switchEthereumChain') {
            (window as unknown as { __switches: unknown[] }).__switches.push(args.params?.[0]);
            if (!refused) {
              refused = true;
              return Promise.reject(
                Object.assign(new Error('User rejected the request.'), { code: 4001 }),
              );
            }
            chainId = (args.params?.[0] as { chainId: string }).chainId;
            return Promise.resolve(null);
          }
          return original(args);
        },
      });
    });
    await gotoDemo(page);
    await selectBooking(page, FLIGHT_TITLE);
    await radio(page, 'Crypto wallet').click();
    await connectWallet(page);
    const pay = page.getByRole('button', { name: 'Pay $687.50 with wallet' });
    await pay.click();
    await expect(toastItem(page, 'Payment Failed')).toContainText('chain id 31337');
    expect(await page.evaluate(() => window.__sentTransactions.length)).toBe(0);

    await pay.click();
    await expect(stepHeading(page, 'Booking Confirmed')).toBeFocused();
    const switches = await page.evaluate(
      () => (window as unknown as { __switches: unknown[] }).__switches,
    );
    expect(switches).toEqual([{ chainId: SIMULATED_CHAIN_HEX }, { chainId: SIMULATED_CHAIN_HEX }]);
  });

  test('a booking from the cart opens on its payment step', async ({ page, consoleGuard }) => {
    consoleGuard.allow(failedResourceLog(503));
    await gotoLanding(page);
    await destinationCard(page, TIMBERLINE)
      .getByRole('button', { name: `Add to Cart: ${TIMBERLINE}` })
      .click();
    await cartButton(page).click();
    const panel = cartPanel(page);
    await panel.getByRole('button', { name: 'Checkout' }).click();
    const confirmation = panel.getByRole('status').filter({ hasText: 'Booking created' });
    await expect(confirmation).toContainText('Nothing has been charged yet');

    await confirmation.getByRole('link', { name: 'Pay for this booking' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/payment-demo\?booking=[0-9a-f-]{36}$/);
    await expect(stepHeading(page, 'Pay for your booking')).toBeFocused();
    await expect(page.getByRole('region', { name: TIMBERLINE })).toBeVisible();
  });

  test('a link to an unknown booking says so above the list', async ({ page, consoleGuard }) => {
    consoleGuard.allow(failedResourceLog(404));
    await page.goto('/payment-demo?booking=00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Booking not found')).toBeVisible();
    await expect(stepHeading(page, 'Choose a booking')).toBeVisible();
    await expect(selectButton(page, FLIGHT_TITLE)).toBeVisible();
  });
});

test.describe('payment status and receipts', () => {
  test.use({ reducedMotion: 'reduce' });

  test('/payment-success: an unknown booking is not found; a pending one is processing', async ({
    page,
    checkA11y,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(404));
    await page.goto('/payment-success?booking=00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Booking history' })).toBeVisible();

    // No booking named at all: the page says there is nothing to show, and where to look.
    await page.goto('/payment-success');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Status' })).toBeVisible();
    await expect(page.getByText(/does not say which booking/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Booking history' })).toBeVisible();

    // A booking no card payment was started for: the page says so, and does not wait for news.
    const id = await createPendingBooking(page);
    let reads = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/bookings/${id}`) reads += 1;
    });
    await page.goto(`/payment-success?booking=${id}&redirect_status=succeeded`);
    await expect(page.getByRole('heading', { level: 1, name: 'No Payment Made' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(bookingReference(id));
    await expect(page.getByRole('link', { name: 'Pay for this booking' })).toHaveAttribute(
      'href',
      `/payment-demo?booking=${id}`,
    );
    await checkA11y(page);
    const settled = reads;
    await page.waitForTimeout(2_500);
    expect(reads).toBe(settled);

    // A card payment was started and Stripe says it failed: the page says so and offers to pay again.
    await withCardStarted(page, id);
    await page.goto(`/payment-success?booking=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment processing' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(FLIGHT_TITLE);
    await checkA11y(page);
    await page.goto(`/payment-success?booking=${id}&redirect_status=failed`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try paying again' })).toHaveAttribute(
      'href',
      `/payment-demo?booking=${id}`,
    );
  });

  test('/payment-success keeps checking a pending payment, then offers Refresh', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/bookings');
    const id = await createPendingBooking(page);
    await withCardStarted(page, id);
    let reads = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/bookings/${id}`) reads += 1;
    });
    await page.goto(`/payment-success?booking=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment processing' })).toBeVisible();
    await page.clock.runFor(10_000);
    await expect.poll(() => reads).toBeGreaterThanOrEqual(3);
    await page.clock.runFor(25_000);
    await expect(page.getByText('Your payment is still processing.')).toBeVisible();
    const settled = reads;
    await page.clock.runFor(10_000);
    expect(reads).toBe(settled);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('Your payment is still processing.')).toBeHidden();
    await expect.poll(() => reads).toBeGreaterThan(settled);
  });

  test('an unpaid booking has no receipt but a way to pay; history offers Pay now', async ({
    page,
    checkA11y,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(404));
    consoleGuard.allow(failedResourceLog(503));
    await page.goto('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Booking History' })).toBeVisible();
    const id = await createPendingBooking(page);

    await page.goto(`/bookings/${id}/receipt`);
    await expect(page.getByRole('heading', { level: 1, name: 'Not paid yet' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('$687.50 USD');
    await checkA11y(page);

    await page.goto('/bookings');
    const entry = page.getByRole('article', { name: FLIGHT_TITLE }).first();
    await expect(entry).toContainText('Not paid yet');
    await entry.getByRole('link', { name: `Pay now for ${FLIGHT_TITLE}` }).click();
    await expect(page).toHaveURL(`/payment-demo?booking=${id}`);
    await expect(stepHeading(page, 'Pay for your booking')).toBeFocused();

    await page.goto('/bookings/00000000-0000-4000-8000-000000000000/receipt');
    await expect(page.getByRole('heading', { level: 1, name: 'Receipt Not Found' })).toBeVisible();
  });

  test('a new visitor has an empty history with a way to the demo', async ({ page, checkA11y }) => {
    // A fresh context is a new visitor: nothing booked yet.
    await page.goto('/bookings');
    await expect(page.getByText('You have no bookings yet.')).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Choose a booking on the payment demo' }),
    ).toHaveAttribute('href', '/payment-demo');
    await checkA11y(page);
  });
});

test.describe('Touchdown menu', () => {
  test('Booking History and Final Trip Receipt open the booking history', async ({
    page,
  }, testInfo) => {
    await gotoLanding(page);
    if (testInfo.project.name === 'mobile') {
      // On a phone the Menu's Pages group has it.
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page
        .getByRole('menu', { name: 'Menu' })
        .getByRole('group', { name: 'Pages' })
        .getByRole('menuitem', { name: 'Booking History' })
        .click();
      await expect(page).toHaveURL('/bookings');
      await expect(page.getByRole('heading', { level: 1, name: 'Booking History' })).toBeFocused();
      return;
    }
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const item of ['Booking History', 'Final Trip Receipt']) {
      await nav.getByRole('button', { name: 'Touchdown', exact: true }).click();
      const menu = page.getByRole('menu', { name: 'Touchdown' });
      await expect(
        menu.getByRole('menuitem', { name: /^Reviews & Feedback ?, Coming soon$/ }),
      ).toHaveAttribute('aria-disabled', 'true');
      await menu.getByRole('menuitem', { name: item, exact: true }).click();
      await expect(page).toHaveURL('/bookings');
      await expect(page.getByRole('heading', { level: 1, name: 'Booking History' })).toBeFocused();
      await page.goBack();
      await expect(page).toHaveURL('/');
    }
  });
});
