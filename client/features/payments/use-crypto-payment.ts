import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking } from '../../../contracts/bookings';
import type { BlockchainPaymentResponse } from '../../../contracts/payments';
import { bookingsKeys } from '../bookings';
import {
  isAlreadyPaid,
  isUnconfirmed,
  PAYMENT_MESSAGES,
  paymentErrorMessage,
  useConfirmBlockchainPayment,
  useCreateBlockchainPayment,
} from './api';
import { isBusy, type SentPayment, type Stage } from './crypto-stage';
import type { WalletState } from './use-wallet-connection';
import {
  injectedWallet,
  sendWalletPayment,
  switchWalletChain,
  walletChainId,
  walletErrorMessage,
} from './wallet';

/**
 * Spec §4, crypto: the server quotes the payment (address, wei, chain), the wallet sends it, and
 * the server confirms the transaction. The booking is never lost on the way: a transaction the
 * network has not confirmed yet can be checked again, never sent again.
 */
export function useCryptoPayment({
  booking,
  fail,
  onStart,
}: {
  booking: Booking;
  fail: (title: string, message: string) => void;
  /** A payment starts: what was said before goes. */
  onStart: () => void;
}) {
  const queryClient = useQueryClient();
  const createPayment = useCreateBlockchainPayment();
  const confirmPayment = useConfirmBlockchainPayment();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const busy = isBusy(stage);

  function paymentFailed(message: string) {
    setStage({ kind: 'idle' });
    fail('Payment Failed', message);
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

  async function pay(wallet: WalletState) {
    if (busy) return;
    const provider = injectedWallet();
    if (wallet.kind !== 'connected' || !provider) {
      fail('No Wallet Connected', 'Please connect your wallet first.');
      return;
    }
    const from = wallet.address;
    onStart();
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

  return { stage, busy, pay, confirm };
}
