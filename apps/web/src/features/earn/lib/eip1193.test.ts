import { describe, expect, it } from 'vitest';
import {
  connectWallet,
  type Eip1193Provider,
  signMessage,
  utf8Hex,
  WalletMethodRefused,
  walletRequest,
} from './eip1193';

function recordingProvider(): Eip1193Provider & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    request: async ({ method, params }) => {
      calls.push(method);
      if (method === 'eth_requestAccounts') return ['0x00000000000000000000000000000000000000aa'];
      if (method === 'eth_chainId') return '0x38';
      if (method === 'personal_sign') return `0x${'1'.repeat(130)}${String(params?.length)}`;
      throw new Error('unexpected');
    },
  };
}

describe('eip1193', () => {
  it('refuses every method outside the four it may use, before the wallet sees it', async () => {
    const provider = recordingProvider();
    for (const method of [
      'eth_sendTransaction',
      'eth_signTypedData_v4',
      'eth_sign',
      'wallet_watchAsset',
      'eth_call',
    ])
      await expect(walletRequest(provider, method as never)).rejects.toBeInstanceOf(WalletMethodRefused);
    expect(provider.calls).toEqual([]);
  });

  it('connects, reads the chain and asks for a plain-text signature of the message', async () => {
    const provider = recordingProvider();
    expect(await connectWallet(provider)).toEqual({
      address: '0x00000000000000000000000000000000000000aa',
      chainId: 56,
    });
    await signMessage(provider, '0x00000000000000000000000000000000000000aa', 'hi');
    expect(provider.calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign']);
    expect(utf8Hex('hé')).toBe('0x68c3a9');
  });
});
