// Proving a wallet address in the page: connect the injected EIP-1193 wallet, ask the server for a
// sign-in message (EIP-4361), have the wallet sign it as plain text, and send the proof. Nothing here can
// ask the wallet for a transaction or an allowance (lib/eip1193.ts allows four methods only).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { requestSignIn, sendProof } from '../api/defi-api';
import { earnKeys } from '../api/earn-keys';
import { connectWallet, injectedWallet, signMessage } from '../lib/eip1193';

export type ProofStep = 'idle' | 'connecting' | 'connected' | 'signing' | 'proven';

export function useWalletProof() {
  const qc = useQueryClient();
  const [wallet, setWallet] = useState<{ address: string; chainId: number }>();
  const [message, setMessage] = useState<string>();
  const provider = injectedWallet();

  const connect = useMutation({
    mutationFn: async () => {
      if (!provider) throw new Error('no wallet');
      return connectWallet(provider);
    },
    onSuccess: setWallet,
  });

  const prove = useMutation({
    mutationFn: async () => {
      if (!provider || !wallet) throw new Error('no wallet');
      const issued = await requestSignIn(wallet.address, wallet.chainId);
      setMessage(issued.message);
      const signature = await signMessage(provider, wallet.address, issued.message);
      return sendProof(issued.message, signature);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: earnKeys.addresses() }),
  });

  return { hasWallet: provider !== undefined, wallet, message, connect, prove };
}
