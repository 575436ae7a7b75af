import type { BlockchainPaymentResponse } from '../../../contracts/payments';

/** A transaction the wallet sent: confirming it again is safe, sending it again would pay twice. */
export interface SentPayment {
  quote: BlockchainPaymentResponse;
  hash: `0x${string}`;
}

/** Where a crypto payment is: from the server's quote to the network's confirmation. */
export type Stage =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  | { kind: 'switching'; chainId: number }
  | { kind: 'sending'; quote: BlockchainPaymentResponse }
  /** `recheck`: the visitor pressed "Check again" for a transaction sent before. */
  | { kind: 'confirming'; sent: SentPayment; recheck: boolean }
  | { kind: 'unconfirmed'; sent: SentPayment; message: string };

/** What went wrong, as a toast and on the page says it. */
export interface Problem {
  title: string;
  message: string;
}

const BUSY: ReadonlySet<Stage['kind']> = new Set([
  'preparing',
  'switching',
  'sending',
  'confirming',
]);

/** While a payment is on its way nothing else may start (nor the payment method change). */
export const isBusy = (stage: Stage) => BUSY.has(stage.kind);

/** What the status region says at each stage (a polite live region: read without moving focus). */
export function stageText(stage: Stage): string {
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

/** The transaction waiting for the network, once "Check again" is what to do next. */
export const awaitingPayment = (stage: Stage): SentPayment | null =>
  stage.kind === 'unconfirmed' || (stage.kind === 'confirming' && stage.recheck)
    ? stage.sent
    : null;

/** The quote being paid, while it is. */
export const quoteOf = (stage: Stage): BlockchainPaymentResponse | null =>
  stage.kind === 'sending'
    ? stage.quote
    : stage.kind === 'confirming' || stage.kind === 'unconfirmed'
      ? stage.sent.quote
      : null;
