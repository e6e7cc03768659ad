// The EVM custody settings from the configuration (CHAIN_ADAPTER=evm), checked once at start: a missing
// RPC URL, chain id or mnemonic, a malformed token list or an unreadable mnemonic file stops the server
// with a message naming the variable. The mnemonic is never part of a message.
import { readFileSync } from 'node:fs';
import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { getAddress, isAddress } from 'viem';
import type { AppConfig } from '@/config';
import { SecretText } from '@/lib/secret-text';

export interface EvmToken {
  asset: string;
  contract: `0x${string}`;
}

export interface EvmSettings {
  rpcUrl: string;
  chainId: number;
  network: string;
  confirmations: number;
  tokens: EvmToken[];
  mnemonic: SecretText;
  hotAccount: number;
  pollMs: number;
  startBlock: bigint | undefined;
  replaceAfterBlocks: number;
  explorerTxUrl: string;
  failpoint: '' | 'after-sign';
}

function fail(variable: string, why: string): never {
  throw new Error(`Invalid configuration:\n  ${variable}: ${why}`);
}

export function parseTokens(text: string): EvmToken[] {
  const tokens: EvmToken[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const [asset, contract] = part.split('=').map((s) => s.trim());
    if (!asset || !/^[A-Z0-9]{2,12}$/.test(asset) || !contract || !isAddress(contract, { strict: false })) {
      fail('EVM_TOKENS', 'expected a comma list of ASSET=0xcontract (upper-case asset code)');
    }
    if (asset === 'ETH' || tokens.some((t) => t.asset === asset)) fail('EVM_TOKENS', `${asset} listed twice`);
    tokens.push({ asset, contract: getAddress(contract) });
  }
  return tokens;
}

export function loadEvmSettings(config: AppConfig): EvmSettings {
  if (!config.EVM_RPC_URL) fail('EVM_RPC_URL', 'required when CHAIN_ADAPTER=evm');
  if (!/^https?:\/\//.test(config.EVM_RPC_URL)) fail('EVM_RPC_URL', 'must be an http(s) URL');
  if (config.EVM_CHAIN_ID === undefined) fail('EVM_CHAIN_ID', 'required when CHAIN_ADAPTER=evm');
  let mnemonic = config.EVM_MNEMONIC;
  if (config.EVM_MNEMONIC_FILE) {
    if (mnemonic) fail('EVM_MNEMONIC_FILE', 'set either EVM_MNEMONIC or EVM_MNEMONIC_FILE, not both');
    try {
      mnemonic = new SecretText(readFileSync(config.EVM_MNEMONIC_FILE, 'utf8'));
    } catch {
      fail('EVM_MNEMONIC_FILE', 'cannot be read');
    }
  }
  if (!mnemonic) fail('EVM_MNEMONIC', 'EVM_MNEMONIC or EVM_MNEMONIC_FILE is required when CHAIN_ADAPTER=evm');
  const words = mnemonic.reveal().trim().split(/\s+/).join(' ');
  if (!validateMnemonic(words, wordlist)) fail('EVM_MNEMONIC', 'not a valid BIP-39 English mnemonic');
  return {
    rpcUrl: config.EVM_RPC_URL,
    chainId: config.EVM_CHAIN_ID,
    network: config.EVM_NETWORK,
    confirmations: config.EVM_CONFIRMATIONS,
    tokens: parseTokens(config.EVM_TOKENS),
    mnemonic: new SecretText(words),
    hotAccount: config.EVM_HOT_WALLET_ACCOUNT,
    pollMs: config.EVM_POLL_MS,
    startBlock: config.EVM_START_BLOCK === undefined ? undefined : BigInt(config.EVM_START_BLOCK),
    replaceAfterBlocks: config.EVM_REPLACE_AFTER_BLOCKS,
    explorerTxUrl: config.EVM_EXPLORER_TX_URL,
    failpoint: config.CUSTODY_FAILPOINT,
  };
}

/** The explorer link of a transaction, or null when none is configured or the hash is not plain hex. */
export function explorerLink(template: string, txHash: string | null | undefined): string | null {
  if (!template || !txHash || !/^0x[0-9a-fA-F]{64}$/.test(txHash)) return null;
  return template.replaceAll('{tx}', txHash);
}
