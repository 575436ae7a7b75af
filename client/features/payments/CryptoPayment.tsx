import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Loader2, RefreshCw, Wallet } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Booking } from '../../../contracts/bookings';
import type { BlockchainPaymentResponse } from '../../../contracts/payments';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { formatPrice } from '../../lib/format';
import { bookingsKeys } from '../bookings';
import {
  isAlreadyPaid,
  isUnconfirmed,
  PAYMENT_MESSAGES,
  paymentErrorMessage,
  useConfirmBlockchainPayment,
  useCreateBlockchainPayment,
} from './api';
import {
  connectWallet,
  injectedWallet,
  sendWalletPayment,
  shortAddress,
  switchWalletChain,
  walletChainId,
  walletErrorMessage,
  watchWalletAccount,
  weiToEther,
} from './wallet';

type WalletState =
  { kind: 'disconnected' } | { kind: 'connecting' } | { kind: 'connected'; address: `0x${string}` };

/** A transaction the wallet sent: confirming it again is safe, sending it again would pay twice. */
interface SentPayment {
  quote: BlockchainPaymentResponse;
  hash: `0x${string}`;
}

type Stage =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  | { kind: 'switching'; chainId: number }
  | { kind: 'sending'; quote: BlockchainPaymentResponse }
  /** `recheck`: the visitor pressed "Check again" for a transaction sent before. */
  | { kind: 'confirming'; sent: SentPayment; recheck: boolean }
  | { kind: 'unconfirmed'; sent: SentPayment; message: string };

interface Problem {
  title: string;
  message: string;
}

const BUSY: ReadonlySet<Stage['kind']> = new Set([
  'preparing',
  'switching',
  'sending',
  'confirming',
]);

/** What the status region says at each stage (a polite live region: read without moving focus). */
function stageText(stage: Stage): string {
  switch (stage.kind) {
    case 'preparing':
      return 'Preparing payment…';
    case 'switching':
      return `Switch your wallet to the network with chain id ${stage.chainId}: your wallet is asking you…`;
    case 'sending':
      return 'Confirm the payment in your wallet…';
    case 'confirming':
      return 'Waiting for the network to confirm…';
    case 'unconfirmed':
      return stage.message;
    case 'idle':
      return '';
  }
}

/**
 * Spec §4, crypto: connect a wallet, then pay. The server quotes the payment (address, wei, chain),
 * the wallet sends it, and the server confirms the transaction; the booking is never lost on the
 * way, and every failure says why and leaves the way open to try again.
 */
export function CryptoPayment({
  booking,
  onBusyChange,
}: {
  booking: Booking;
  /** While a payment is on its way the method cannot change. */
  onBusyChange: (busy: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const createPayment = useCreateBlockchainPayment();
  const confirmPayment = useConfirmBlockchainPayment();
  const [wallet, setWallet] = useState<WalletState>({ kind: 'disconnected' });
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [connectedNote, setConnectedNote] = useState('');
  const payButton = useRef<HTMLButtonElement>(null);
  const checkAgainButton = useRef<HTMLButtonElement>(null);
  const amount = formatPrice(booking.totalAmount, booking.currency);
  const busy = BUSY.has(stage.kind);

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  // The Pay button gives way to "Check again" once a transaction is out: focus follows.
  const awaiting =
    stage.kind === 'unconfirmed' || (stage.kind === 'confirming' && stage.recheck)
      ? stage.sent
      : null;
  const waitingForNetwork = awaiting !== null;
  useEffect(() => {
    if (waitingForNetwork) checkAgainButton.current?.focus();
  }, [waitingForNetwork]);

  // The visitor may change accounts (or revoke access) in the wallet itself.
  const connectedAddress = wallet.kind === 'connected' ? wallet.address : null;
  useEffect(() => {
    const provider = injectedWallet();
    if (!provider || !connectedAddress) return;
    return watchWalletAccount(provider, (address) =>
      setWallet(address ? { kind: 'connected', address } : { kind: 'disconnected' }),
    );
  }, [connectedAddress]);

  function fail(title: string, message: string) {
    toast({ variant: 'destructive', title, description: message });
    setProblem({ title, message });
  }

  function paymentFailed(message: string) {
    setStage({ kind: 'idle' });
    fail('Payment Failed', message);
  }

  async function connect() {
    if (wallet.kind === 'connecting' || busy) return;
    const provider = injectedWallet();
    if (!provider) {
      fail('No Wallet Found', 'Please install a Web3 wallet.');
      return;
    }
    setProblem(null);
    setConnectedNote('');
    setWallet({ kind: 'connecting' });
    try {
      const address = await connectWallet(provider);
      setWallet({ kind: 'connected', address });
      setConnectedNote(`Wallet connected: ${shortAddress(address)}.`);
      // The Connect button is gone: the next thing to do is to pay.
      requestAnimationFrame(() => payButton.current?.focus());
    } catch (error) {
      setWallet({ kind: 'disconnected' });
      fail('Connection Failed', walletErrorMessage(error, 'Your wallet could not connect.'));
    }
  }

  /** The booking was paid meanwhile (another tab): show it as it is now. */
  function refreshBooking() {
    setStage({ kind: 'idle' });
    void queryClient.invalidateQueries({ queryKey: bookingsKeys.one(booking.id) });
  }

  async function confirm(sent: SentPayment, recheck: boolean) {
    setStage({ kind: 'confirming', sent, recheck });
    try {
      // On success the booking (now paid) is stored and the page moves on to the success step.
      await confirmPayment.mutateAsync({
        paymentId: sent.quote.paymentId,
        transactionHash: sent.hash,
      });
    } catch (error) {
      if (isUnconfirmed(error)) {
        setStage({
          kind: 'unconfirmed',
          sent,
          message: paymentErrorMessage(
            error,
            'The network could not be reached to confirm your transaction.',
          ),
        });
      } else if (isAlreadyPaid(error)) {
        refreshBooking();
      } else {
        paymentFailed(paymentErrorMessage(error, PAYMENT_MESSAGES.blockchainFailed));
      }
    }
  }

  async function pay() {
    if (busy) return;
    const provider = injectedWallet();
    if (wallet.kind !== 'connected' || !provider) {
      fail('No Wallet Connected', 'Please connect your wallet first.');
      return;
    }
    const from = wallet.address;
    setProblem(null);
    setConnectedNote('');
    setStage({ kind: 'preparing' });

    let quote: BlockchainPaymentResponse;
    try {
      quote = await createPayment.mutateAsync({
        bookingId: booking.id,
        walletAddress: from,
        amount: booking.totalAmount,
        currency: booking.currency,
      });
    } catch (error) {
      if (isAlreadyPaid(error)) refreshBooking();
      else paymentFailed(paymentErrorMessage(error, PAYMENT_MESSAGES.blockchainFailed));
      return;
    }

    try {
      if ((await walletChainId(provider)) !== quote.chainId) {
        setStage({ kind: 'switching', chainId: quote.chainId });
        await switchWalletChain(provider, quote.chainId);
      }
    } catch (error) {
      paymentFailed(
        `This payment needs your wallet on the network with chain id ${quote.chainId}, and the switch did not happen (${walletErrorMessage(error, 'no reason given')}). Switch networks in your wallet, then try again.`,
      );
      return;
    }

    setStage({ kind: 'sending', quote });
    let hash: `0x${string}`;
    try {
      hash = await sendWalletPayment(provider, {
        from,
        to: quote.paymentAddress,
        value: quote.value,
      });
    } catch (error) {
      paymentFailed(walletErrorMessage(error, PAYMENT_MESSAGES.blockchainFailed));
      return;
    }
    await confirm({ quote, hash }, false);
  }

  const status = stageText(stage) || connectedNote;
  const quote =
    stage.kind === 'sending'
      ? stage.quote
      : stage.kind === 'confirming' || stage.kind === 'unconfirmed'
        ? stage.sent.quote
        : null;

  return (
    <section aria-labelledby="crypto-payment-heading" className="grid gap-4">
      <h3 id="crypto-payment-heading" tabIndex={-1} className="text-xl font-bold">
        Pay with a crypto wallet
      </h3>
      <p className="max-w-3xl text-slate-800">
        Connect a browser wallet (an extension such as MetaMask), then pay {amount}. Your wallet
        shows the exact amount and asks you before anything is sent.
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
            onClick={() => void connect()}
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
            className="mt-3"
            aria-disabled={busy ? true : undefined}
            onClick={() => {
              if (!busy) void confirm(awaiting, true);
            }}
          >
            {busy ? (
              <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
            ) : (
              <RefreshCw aria-hidden="true" className="size-5" />
            )}
            Check again
          </Button>
        </div>
      ) : (
        <div>
          <Button
            ref={payButton}
            onClick={() => void pay()}
            aria-disabled={busy ? true : undefined}
            className="aria-disabled:cursor-not-allowed"
          >
            {busy ? (
              <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
            ) : null}
            Pay {amount} with wallet
          </Button>
        </div>
      )}

      <div role="status" className="min-h-6 font-medium text-slate-900">
        {status ? (
          <p className="flex items-start gap-2">
            {busy ? (
              <Loader2
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-brand-700 motion-safe:animate-spin"
              />
            ) : null}
            {status}
          </p>
        ) : null}
        {quote && stage.kind === 'sending' ? (
          <p className="mt-1 font-normal text-slate-800">
            Your wallet will ask you to send about {weiToEther(quote.value)} ETH ({amount}) to{' '}
            <span className="font-mono" title={quote.paymentAddress}>
              {shortAddress(quote.paymentAddress)}
            </span>{' '}
            on the network with chain id {quote.chainId}.
          </p>
        ) : null}
      </div>

      {problem ? (
        <div className="flex max-w-3xl items-start gap-2 rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            <span className="font-bold">{problem.title}:</span> {problem.message}
          </p>
        </div>
      ) : null}
    </section>
  );
}
