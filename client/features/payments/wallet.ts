import type { Address, EIP1193Provider, Hash } from 'viem';

/*
 * The browser wallet (EIP-1193: MetaMask, Rabby, Coinbase Wallet...), spoken to through viem. viem
 * is imported when a wallet is first used, so the payment page loads without it.
 */

declare global {
  interface Window {
    /** Injected by a wallet extension; absent when none is installed. */
    ethereum?: EIP1193Provider;
  }
}

/** EIP-1193 and JSON-RPC error codes that call for their own words. */
const USER_REJECTED = 4001;
const UNAUTHORIZED = 4100;
const UNRECOGNIZED_CHAIN = 4902;
/** MetaMask: a request of the same kind is already waiting in the wallet. */
const REQUEST_PENDING = -32002;

/** A failure described in words for a person; the message is shown as it is. */
export class WalletError extends Error {
  override name = 'WalletError';
}

/** The wallet the browser offers, if any. */
export function injectedWallet(): EIP1193Provider | undefined {
  return typeof window === 'undefined' ? undefined : window.ethereum;
}

async function walletClient(provider: EIP1193Provider) {
  const { createWalletClient, custom } = await import('viem');
  return createWalletClient({ transport: custom(provider) });
}

/** Asks the wallet for its accounts (the wallet shows its own prompt) and returns the first one. */
export async function connectWallet(provider: EIP1193Provider): Promise<Address> {
  const client = await walletClient(provider);
  const [address] = await client.requestAddresses();
  if (!address)
    throw new WalletError('Your wallet did not share an account. Unlock it and try again.');
  return address;
}

/** The chain the wallet is on now. */
export async function walletChainId(provider: EIP1193Provider): Promise<number> {
  return (await walletClient(provider)).getChainId();
}

/** Asks the wallet to move to `chainId` (the wallet asks the person first). */
export async function switchWalletChain(provider: EIP1193Provider, chainId: number): Promise<void> {
  await (await walletClient(provider)).switchChain({ id: chainId });
}

export interface WalletTransfer {
  from: Address;
  to: string;
  /** In wei, as a decimal string (the server's quote). */
  value: string;
}

/**
 * Asks the wallet to send `value` wei to `to` and returns the transaction's hash. `chain: null`:
 * the chain was checked (and switched) before, and viem has no definition of the local demo chain.
 */
export async function sendWalletPayment(
  provider: EIP1193Provider,
  { from, to, value }: WalletTransfer,
): Promise<Hash> {
  const client = await walletClient(provider);
  return client.sendTransaction({
    account: from,
    to: to as Address,
    value: BigInt(value),
    chain: null,
  });
}

/** Follows the wallet's account: a new account, or `null` when the site lost access to it. */
export function watchWalletAccount(
  provider: EIP1193Provider,
  onChange: (address: Address | null) => void,
): () => void {
  const listener = (accounts: readonly Address[]) => onChange(accounts[0] ?? null);
  provider.on?.('accountsChanged', listener);
  return () => provider.removeListener?.('accountsChanged', listener);
}

/** The EIP-1193 / JSON-RPC code of an error or of any error it wraps. */
function rpcCode(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'number') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** What went wrong with a wallet request, in words; `fallback` when the error says nothing useful. */
export function walletErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof WalletError) return error.message;
  switch (rpcCode(error)) {
    case USER_REJECTED:
      return 'You declined the request in your wallet.';
    case UNAUTHORIZED:
      return 'Your wallet has not given this site access to the account. Connect it again.';
    case REQUEST_PENDING:
      return 'Your wallet is already waiting for an answer: open it, answer there, then try again.';
    case UNRECOGNIZED_CHAIN:
      return 'Your wallet does not know the network this payment needs.';
  }
  if (typeof error === 'object' && error !== null) {
    // viem's errors: `details` is the wallet's own words, `shortMessage` viem's summary.
    const { details, shortMessage } = error as { details?: unknown; shortMessage?: unknown };
    if (typeof details === 'string' && details.trim()) return details.trim();
    if (typeof shortMessage === 'string' && shortMessage.trim()) return shortMessage.trim();
  }
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  return fallback;
}

/** "0x1234…abcd": enough to recognise an address at a glance. */
export function shortAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

const WEI_PER_ETHER = 10n ** 18n;

/**
 * Wei as ether for reading ("0.229167"), rounded up at the last decimal shown so the figure is
 * never less than what the wallet will send.
 */
export function weiToEther(wei: string, decimals = 6): string {
  const value = BigInt(wei);
  const step = 10n ** BigInt(18 - decimals);
  const rounded = ((value + step - 1n) / step) * step;
  const whole = rounded / WEI_PER_ETHER;
  const fraction = (rounded % WEI_PER_ETHER)
    .toString()
    .padStart(18, '0')
    .slice(0, decimals)
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}
