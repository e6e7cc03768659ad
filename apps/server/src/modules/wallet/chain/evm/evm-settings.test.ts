import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { SecretText } from '@/lib/secret-text';
import { explorerLink, loadEvmSettings, parseTokens } from './evm-settings';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const base = { CHAIN_ADAPTER: 'evm', EVM_RPC_URL: 'http://127.0.0.1:8545', EVM_CHAIN_ID: '1' };

describe('EVM custody settings', () => {
  it('parses the token list and refuses malformed or repeated entries', () => {
    expect(parseTokens(' USDT=0xdac17f958d2ee523a2206206994597c13d831ec7 , ')).toEqual([
      { asset: 'USDT', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
    ]);
    expect(parseTokens('')).toEqual([]);
    expect(() => parseTokens('usdt=0xdac17f958d2ee523a2206206994597c13d831ec7')).toThrow(/EVM_TOKENS/);
    expect(() => parseTokens('USDT=0x1234')).toThrow(/EVM_TOKENS/);
    expect(() => parseTokens('ETH=0xdac17f958d2ee523a2206206994597c13d831ec7')).toThrow(/listed twice/);
    const twice =
      'USDT=0xdac17f958d2ee523a2206206994597c13d831ec7,USDT=0xdac17f958d2ee523a2206206994597c13d831ec7';
    expect(() => parseTokens(twice)).toThrow(/listed twice/);
  });

  it('needs the RPC URL, the chain id and one valid mnemonic, and never shows it', () => {
    expect(() =>
      loadEvmSettings(loadConfig({ ...base, EVM_RPC_URL: undefined, EVM_MNEMONIC: MNEMONIC })),
    ).toThrow(/EVM_RPC_URL: required/);
    expect(() =>
      loadEvmSettings(loadConfig({ ...base, EVM_CHAIN_ID: undefined, EVM_MNEMONIC: MNEMONIC })),
    ).toThrow(/EVM_CHAIN_ID: required/);
    expect(() => loadEvmSettings(loadConfig(base))).toThrow(/EVM_MNEMONIC/);
    expect(() =>
      loadEvmSettings(loadConfig({ ...base, EVM_MNEMONIC: MNEMONIC, EVM_MNEMONIC_FILE: '/nonexistent' })),
    ).toThrow(/not both/);
    expect(() => loadEvmSettings(loadConfig({ ...base, EVM_MNEMONIC_FILE: '/nonexistent/m.txt' }))).toThrow(
      /EVM_MNEMONIC_FILE: cannot be read/,
    );
    const settings = loadEvmSettings(
      loadConfig({ ...base, EVM_MNEMONIC: `  ${MNEMONIC.replaceAll(' ', '  ')}\n` }),
    );
    expect(settings.mnemonic.reveal()).toBe(MNEMONIC);
    expect(settings).toMatchObject({ chainId: 1, network: 'ERC20', confirmations: 12, pollMs: 4000 });
    for (const shown of [JSON.stringify(settings), String(settings.mnemonic), inspect(settings)]) {
      expect(shown).not.toContain('abandon');
    }
  });

  it('builds explorer links only from plain transaction hashes', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    expect(explorerLink('https://etherscan.io/tx/{tx}', hash)).toBe(`https://etherscan.io/tx/${hash}`);
    expect(explorerLink('', hash)).toBeNull();
    expect(explorerLink('https://x/{tx}', 'sim-123')).toBeNull();
    expect(explorerLink('https://x/{tx}', `${hash}/../evil`)).toBeNull();
    expect(new SecretText('x').toJSON()).toBe('[secret]');
  });
});
