import type { EIP1193Provider } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  connectWallet,
  sendWalletPayment,
  shortAddress,
  switchWalletChain,
  walletChainId,
  walletErrorMessage,
  weiToEther,
} from './wallet';

const ACCOUNT = '0x9f3b2c4d5e6f708192a3b4c5d6e7f8091a2b3c4d';
const PAYMENT_ADDRESS = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
const HASH = `0x${'ab'.repeat(32)}`;

interface Call {
  method: string;
  params?: unknown;
}

/** A wallet at the far edge: answers EIP-1193 requests the way an extension does. */
function fakeWallet(answers: Record<string, (params: unknown) => unknown>) {
  const calls: Call[] = [];
  const provider = {
    request: async ({ method, params }: Call) => {
      calls.push({ method, params });
      const answer = answers[method];
      if (!answer) throw Object.assign(new Error(`${method} is not supported`), { code: 4200 });
      return answer(params);
    },
    on: () => provider,
    removeListener: () => provider,
  } as unknown as EIP1193Provider;
  return { provider, calls };
}

const rejected = () => {
  throw Object.assign(new Error('User denied the request'), { code: 4001 });
};

describe('the wallet', () => {
  it('connects to the first account the wallet shares', async () => {
    const { provider, calls } = fakeWallet({ eth_requestAccounts: () => [ACCOUNT] });
    expect((await connectWallet(provider)).toLowerCase()).toBe(ACCOUNT);
    expect(calls.map((c) => c.method)).toEqual(['eth_requestAccounts']);
  });

  it('says so when the wallet shares no account', async () => {
    const { provider } = fakeWallet({ eth_requestAccounts: () => [] });
    const error = await connectWallet(provider).catch((e: unknown) => e);
    expect(walletErrorMessage(error, 'x')).toMatch(/did not share an account/);
  });

  it('reads the chain and asks to switch with the hex id (EIP-3326)', async () => {
    const { provider, calls } = fakeWallet({
      eth_chainId: () => '0x1',
      wallet_switchEthereumChain: () => null,
    });
    expect(await walletChainId(provider)).toBe(1);
    await switchWalletChain(provider, 31337);
    expect(calls.at(-1)).toEqual({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a69' }],
    });
  });

  it('sends the quoted value in wei, as hex, to the payment address, from the account', async () => {
    const { provider, calls } = fakeWallet({ eth_sendTransaction: () => HASH });
    const hash = await sendWalletPayment(provider, {
      from: ACCOUNT,
      to: PAYMENT_ADDRESS,
      value: '229166666666666667',
    });
    expect(hash).toBe(HASH);
    expect(calls).toHaveLength(1);
    const [tx] = calls[0]!.params as [Record<string, string>];
    expect(tx.from?.toLowerCase()).toBe(ACCOUNT);
    expect(tx.to).toBe(PAYMENT_ADDRESS);
    expect(BigInt(tx.value!)).toBe(229166666666666667n);
    expect(tx.value).toBe(`0x${229166666666666667n.toString(16)}`);
  });

  it('describes a refusal in plain words', async () => {
    const { provider } = fakeWallet({
      eth_requestAccounts: rejected,
      eth_sendTransaction: rejected,
    });
    const refusal = await connectWallet(provider).catch((e: unknown) => e);
    expect(walletErrorMessage(refusal, 'x')).toBe('You declined the request in your wallet.');
    const declined = await sendWalletPayment(provider, {
      from: ACCOUNT,
      to: PAYMENT_ADDRESS,
      value: '1',
    }).catch((e: unknown) => e);
    expect(walletErrorMessage(declined, 'x')).toBe('You declined the request in your wallet.');
  });

  it("passes on the wallet's own words for other failures", async () => {
    const { provider } = fakeWallet({
      eth_requestAccounts: () => {
        throw Object.assign(new Error('Wallet is locked'), { code: -32603 });
      },
    });
    const error = await connectWallet(provider).catch((e: unknown) => e);
    expect(walletErrorMessage(error, 'fallback')).toMatch(/Wallet is locked/);
    expect(walletErrorMessage(undefined, 'fallback')).toBe('fallback');
  });
});

describe('shortAddress', () => {
  it('keeps the start and the end of an address', () => {
    expect(shortAddress(PAYMENT_ADDRESS)).toBe('0xa0Ee…9720');
    expect(shortAddress('0x1234')).toBe('0x1234');
  });
});

describe('weiToEther', () => {
  it('shows ether with up to six decimals, never less than the wei', () => {
    expect(weiToEther('229166666666666667')).toBe('0.229167');
    expect(weiToEther('1000000000000000000')).toBe('1');
    expect(weiToEther('1500000000000000000')).toBe('1.5');
    expect(weiToEther('1')).toBe('0.000001');
    expect(weiToEther('0')).toBe('0');
  });
});
