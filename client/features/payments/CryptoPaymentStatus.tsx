import { AlertTriangle, Loader2 } from 'lucide-react';
import { shortAddress, weiToEther } from './wallet';
import { quoteOf, stageText, type Problem, type Stage } from './crypto-stage';

/**
 * What the payment is doing, in a polite live region (read without moving focus), the amount the
 * wallet will ask for while it does, and what went wrong.
 */
export function CryptoPaymentStatus({
  stage,
  busy,
  amount,
  connectedNote,
  problem,
}: {
  stage: Stage;
  busy: boolean;
  /** The booking's amount, as the page writes it. */
  amount: string;
  /** "Wallet connected: …", until the payment starts. */
  connectedNote: string;
  problem: Problem | null;
}) {
  const status = stageText(stage) || connectedNote;
  const quote = quoteOf(stage);
  return (
    <>
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
    </>
  );
}
