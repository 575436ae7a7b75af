import { useEffect, useRef, useState } from 'react';
import {
  connectWallet,
  injectedWallet,
  shortAddress,
  walletErrorMessage,
  watchWalletAccount,
} from './wallet';

export type WalletState =
  { kind: 'disconnected' } | { kind: 'connecting' } | { kind: 'connected'; address: `0x${string}` };

/**
 * The browser wallet's connection: Connect asks the wallet for an account, and a change of account
 * (or access revoked) in the wallet itself is followed. `fail` says why a connection did not happen.
 */
export function useWalletConnection({
  busy,
  fail,
  clearProblem,
  onConnected,
}: {
  /** A payment is on its way: no new connection meanwhile. */
  busy: boolean;
  fail: (title: string, message: string) => void;
  /** A new attempt: what the last one said goes. */
  clearProblem: () => void;
  /** Connected (the Connect button is gone): what to do next. */
  onConnected: () => void;
}) {
  const [wallet, setWallet] = useState<WalletState>({ kind: 'disconnected' });
  const [connectedNote, setConnectedNote] = useState('');
  const onConnectedRef = useRef(onConnected);
  useEffect(() => {
    onConnectedRef.current = onConnected;
  });

  const connectedAddress = wallet.kind === 'connected' ? wallet.address : null;
  useEffect(() => {
    const provider = injectedWallet();
    if (!provider || !connectedAddress) return;
    return watchWalletAccount(provider, (address) =>
      setWallet(address ? { kind: 'connected', address } : { kind: 'disconnected' }),
    );
  }, [connectedAddress]);

  async function connect() {
    if (wallet.kind === 'connecting' || busy) return;
    const provider = injectedWallet();
    if (!provider) {
      fail('No Wallet Found', 'Please install a Web3 wallet.');
      return;
    }
    clearProblem();
    setConnectedNote('');
    setWallet({ kind: 'connecting' });
    try {
      const address = await connectWallet(provider);
      setWallet({ kind: 'connected', address });
      setConnectedNote(`Wallet connected: ${shortAddress(address)}.`);
      onConnectedRef.current();
    } catch (error) {
      setWallet({ kind: 'disconnected' });
      fail('Connection Failed', walletErrorMessage(error, 'Your wallet could not connect.'));
    }
  }

  return { wallet, connect, connectedNote, clearConnectedNote: () => setConnectedNote('') };
}
