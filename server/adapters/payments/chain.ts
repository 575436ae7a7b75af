import {
  createPublicClient,
  http,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  WaitForTransactionReceiptTimeoutError,
  type Hash,
  type PublicClient,
} from 'viem';

/** The chain simulated payments are asked of: a local development chain (anvil, Hardhat). */
export const SIMULATED_CHAIN_ID = 31337;

export interface ExpectedPayment {
  hash: string;
  /** The address the payment must be sent to. */
  to: string;
  /** The wallet the payment was created for. */
  from: string;
  /** The least value in wei. */
  minValue: bigint;
  /** When the payment was quoted: a transaction mined before it cannot pay it. */
  notBefore: Date;
}

/** Leeway for the chain's clock against ours when comparing a block's time with the quote's. */
const CLOCK_SKEW_SECONDS = 120n;

export type ChainCheck =
  { outcome: 'paid' } | { outcome: 'pending' } | { outcome: 'refused'; reason: string };

export interface ChainVerifier {
  verification: 'chain' | 'simulated';
  chainId(): Promise<number>;
  check(expected: ExpectedPayment): Promise<ChainCheck>;
}

/**
 * Without CHAIN_RPC_URL there is no chain to ask: the specification's demo simulates confirmation.
 * Payments made so are marked `simulated` on the booking and its receipt.
 */
export function createSimulatedVerifier(): ChainVerifier {
  return {
    verification: 'simulated',
    chainId: async () => SIMULATED_CHAIN_ID,
    check: async () => ({ outcome: 'paid' }),
  };
}

const same = (a: string | null | undefined, b: string) =>
  typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/**
 * Checks a wallet payment on a real chain through its JSON-RPC endpoint: the transaction is mined and
 * succeeded, went to the payment address, came from the paying wallet, and carried at least the
 * quoted value. A transaction the node knows but has not mined within `timeoutMs` is `pending`.
 */
export function createRpcVerifier(rpcUrl: string, timeoutMs: number): ChainVerifier {
  const client: PublicClient = createPublicClient({
    transport: http(rpcUrl, { retryCount: 2, timeout: 10_000 }),
  });
  let chainId: Promise<number> | undefined;

  return {
    verification: 'chain',

    chainId() {
      chainId ??= client.getChainId().catch((error: unknown) => {
        chainId = undefined; // ask again next time
        throw error;
      });
      return chainId;
    },

    async check({ hash, to, from, minValue, notBefore }) {
      const txHash = hash as Hash;
      // A hash the node has never seen is refused at once; only a known one is waited for.
      try {
        await client.getTransaction({ hash: txHash });
      } catch (error) {
        if (error instanceof TransactionNotFoundError) {
          return { outcome: 'refused', reason: 'No transaction with this hash is on the chain' };
        }
        throw error;
      }
      let receipt;
      try {
        receipt = await client.waitForTransactionReceipt({
          hash: txHash,
          timeout: timeoutMs,
          pollingInterval: 250,
          retryCount: 0,
        });
      } catch (error) {
        if (
          !(error instanceof WaitForTransactionReceiptTimeoutError) &&
          !(error instanceof TransactionReceiptNotFoundError)
        ) {
          throw error;
        }
        return { outcome: 'pending' };
      }
      // A sped-up or cancelled transaction answers with its replacement's receipt.
      if (receipt.transactionHash.toLowerCase() !== hash.toLowerCase()) {
        return { outcome: 'refused', reason: 'The transaction was replaced in the wallet' };
      }
      if (receipt.status !== 'success') {
        return { outcome: 'refused', reason: 'The transaction failed on the chain' };
      }
      const transaction = await client.getTransaction({ hash: txHash });
      if (!same(transaction.to, to)) {
        return {
          outcome: 'refused',
          reason: 'The transaction was not sent to the payment address',
        };
      }
      if (!same(transaction.from, from)) {
        return {
          outcome: 'refused',
          reason: 'The transaction was not sent from the wallet this payment was made for',
        };
      }
      if (transaction.value < minValue) {
        return {
          outcome: 'refused',
          reason: `The transaction sent ${transaction.value} wei; this payment needs ${minValue} wei`,
        };
      }
      const block = await client.getBlock({ blockHash: receipt.blockHash });
      if (block.timestamp + CLOCK_SKEW_SECONDS < BigInt(Math.floor(notBefore.getTime() / 1000))) {
        return { outcome: 'refused', reason: 'The transaction was made before this payment' };
      }
      return { outcome: 'paid' };
    },
  };
}

/** What a chain failure may say in a log: RPC URLs often carry an API key, so never the URL. */
export function chainErrorForLog(error: unknown): { name: string; shortMessage?: string } {
  const e = error as { name?: string; shortMessage?: string };
  return { name: e.name ?? 'Error', shortMessage: e.shortMessage };
}

/**
 * The quote in wei for an amount in cents of a currency worth `usdPerUnit` US dollars, at a rate in
 * dollars per ether, rounded up so the payment is never short by a fraction of a wei.
 */
export function quoteWei(cents: number, usdPerEth: number, usdPerUnit = 1): bigint {
  const micro = (rate: number) => BigInt(Math.round(rate * 1_000_000));
  const microDollarsPerEth = micro(usdPerEth);
  // cents / 100 * unit rate dollars * 1e18 wei/ETH / (rate) = cents * microUnit * 1e16 / microRate
  const numerator = BigInt(cents) * micro(usdPerUnit) * 10n ** 16n;
  return (numerator + microDollarsPerEth - 1n) / microDollarsPerEth;
}
