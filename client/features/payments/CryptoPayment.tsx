import { CheckCircle2, Loader2, RefreshCw, Wallet } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Booking } from '../../../contracts/bookings';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { toast } from '../../components/ui/use-toast';
import { formatPrice } from '../../lib/format';
import { awaitingPayment, type Problem } from './crypto-stage';
import { CryptoPaymentStatus } from './CryptoPaymentStatus';
import { useCryptoPayment } from './use-crypto-payment';
import { useWalletConnection } from './use-wallet-connection';
import { shortAddress } from './wallet';

/**
 * Spec §4, crypto: connect a wallet, then pay. The wallet's connection (use-wallet-connection), the
 * payment from quote to confirmation (use-crypto-payment) and what it says meanwhile
 * (CryptoPaymentStatus) are each their own; this puts them on the page, and every failure says why
 * and leaves the way open to try again.
 */
export function CryptoPayment({
  booking,
  onBusyChange,
}: {
  booking: Booking;
  /** While a payment is on its way the method cannot change. */
  onBusyChange: (busy: boolean) => void;
}) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const payButton = useRef<HTMLButtonElement>(null);
  const checkAgainButton = useRef<HTMLButtonElement>(null);
  const amount = formatPrice(booking.totalAmount, booking.currency);
  // Connecting a wallet is between the page and the extension; paying and checking need the server.
  const network = useNeedsConnection();

  function fail(title: string, message: string) {
    toast({ variant: 'destructive', title, description: message });
    setProblem({ title, message });
  }

  const payment = useCryptoPayment({
    booking,
    fail,
    onStart: () => {
      setProblem(null);
      connection.clearConnectedNote();
    },
  });
  const { stage, busy } = payment;
  const connection = useWalletConnection({
    busy,
    fail,
    clearProblem: () => setProblem(null),
    // The Connect button is gone: the next thing to do is to pay.
    onConnected: () => requestAnimationFrame(() => payButton.current?.focus()),
  });
  const { wallet } = connection;

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  // The Pay button gives way to "Check again" once a transaction is out: focus follows.
  const awaiting = awaitingPayment(stage);
  const waitingForNetwork = awaiting !== null;
  useEffect(() => {
    if (waitingForNetwork) checkAgainButton.current?.focus();
  }, [waitingForNetwork]);

  return (
    <section aria-labelledby="crypto-payment-heading" className="grid gap-4">
      <h3 id="crypto-payment-heading" tabIndex={-1} className="text-xl font-bold">
        Pay with a crypto wallet
      </h3>
      <p className="max-w-3xl text-slate-800">
        Connect a browser wallet (an extension such as MetaMask), then pay {amount}. Your wallet
        shows the exact amount and asks you before anything is sent.
        {booking.currency === 'USD'
          ? null
          : ` The amount in ${booking.currency} is converted to ether at the rate this site is configured with.`}
      </p>

      {wallet.kind === 'connected' ? (
        <p className="flex flex-wrap items-center gap-2 text-slate-900">
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-green-700" />
          Connected wallet:{' '}
          <span className="font-mono font-semibold" title={wallet.address} aria-hidden="true">
            {shortAddress(wallet.address)}
          </span>
          <span className="sr-only">{wallet.address}</span>
        </p>
      ) : (
        <div>
          <Button
            variant="secondary"
            onClick={() => void connection.connect()}
            aria-disabled={wallet.kind === 'connecting' || busy ? true : undefined}
          >
            {wallet.kind === 'connecting' ? (
              <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
            ) : (
              <Wallet aria-hidden="true" className="size-5" />
            )}
            {wallet.kind === 'connecting' ? 'Connecting…' : 'Connect Wallet'}
          </Button>
        </div>
      )}

      {awaiting ? (
        <div className="max-w-3xl rounded-lg border border-amber-700 bg-amber-50 p-4 text-amber-950">
          <p className="font-bold">Your payment was sent and is waiting for the network</p>
          <p className="mt-1">
            Do not pay again: the transaction is on its way. Check again in a moment.
          </p>
          <p className="mt-2 text-sm break-all">
            Transaction: <span className="font-mono">{awaiting.hash}</span>
          </p>
          <Button
            ref={checkAgainButton}
            {...network.button({ className: 'mt-3', 'aria-disabled': busy })}
            onClick={() => {
              if (!busy) void payment.confirm(awaiting, true);
            }}
          >
            {busy ? (
              <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
            ) : (
              <RefreshCw aria-hidden="true" className="size-5" />
            )}
            Check again
          </Button>
          {network.note}
        </div>
      ) : (
        <div>
          <Button
            ref={payButton}
            onClick={() => void payment.pay(wallet)}
            {...network.button({
              'aria-disabled': busy,
              className: 'aria-disabled:cursor-not-allowed',
            })}
          >
            {busy ? (
              <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
            ) : null}
            Pay {amount} with wallet
          </Button>
          {network.note}
        </div>
      )}

      <CryptoPaymentStatus
        stage={stage}
        busy={busy}
        amount={amount}
        connectedNote={connection.connectedNote}
        problem={problem}
      />
    </section>
  );
}
