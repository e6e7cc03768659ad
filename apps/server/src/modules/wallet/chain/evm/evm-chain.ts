// What the custody jobs share: the JSON-RPC client (viem over HTTP), the chain's name in SQL rows and
// command ids, the HD keys, the ERC-20 tokens with their on-chain decimals, and unit conversion between
// on-chain integers and the wallet's decimal amounts (truncated to the asset's decimals, never rounded up).
import { formatUnits, type PublicClient, parseUnits } from 'viem';
import type { Db } from '@/db/client';
import type { Clock } from '@/lib/clock';
import type { WalletAssets } from '../../wallet-assets';
import type { EvmSettings } from './evm-settings';
import type { HdKeys } from './hd-keys';

export const NATIVE_ASSET = 'ETH';
export const NATIVE_DECIMALS = 18;

export interface ChainToken {
  asset: string;
  contract: `0x${string}`;
  /** The contract's own decimals (read at start). */
  decimals: number;
}

export interface CustodyLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface EvmChain {
  /** `evm<chainId>`: the chain column of wallet rows and part of deposit command ids. */
  name: string;
  settings: EvmSettings;
  client: PublicClient;
  keys: HdKeys;
  tokens: ChainToken[];
  db: Db;
  clock: Clock;
  assets: WalletAssets;
  log: CustodyLog;
}

export function tokenOf(chain: EvmChain, asset: string): ChainToken | undefined {
  return chain.tokens.find((t) => t.asset === asset);
}

export function chainDecimals(chain: EvmChain, asset: string): number {
  if (asset === NATIVE_ASSET) return NATIVE_DECIMALS;
  const token = tokenOf(chain, asset);
  if (!token) throw new Error(`${asset} is not an asset of ${chain.name}`);
  return token.decimals;
}

/** On-chain units -> the wallet's decimal string, truncated to the asset's decimals. */
export function toWalletAmount(chain: EvmChain, asset: string, value: bigint): string {
  const onChain = chainDecimals(chain, asset);
  const decimals = chain.assets.find(asset)?.decimals ?? onChain;
  const drop = onChain > decimals ? 10n ** BigInt(onChain - decimals) : 1n;
  return formatUnits((value / drop) * drop, onChain);
}

/** The wallet's decimal string -> on-chain units (exact: the wallet never has more decimals). */
export function toChainUnits(chain: EvmChain, asset: string, amount: string): bigint {
  return parseUnits(amount, chainDecimals(chain, asset));
}

/** Every asset this chain carries: the native coin and the configured tokens. */
export function chainAssets(chain: EvmChain): string[] {
  return [NATIVE_ASSET, ...chain.tokens.map((t) => t.asset)];
}

/**
 * A node's or viem's error as a short text for logs and the console: viem's short message and details,
 * without the full message (which repeats the RPC URL, possibly with a provider key, and the request).
 */
export function errorText(err: unknown): string {
  if (err instanceof Error) {
    const e = err as Error & { shortMessage?: string; details?: string };
    const text = e.shortMessage ? `${e.shortMessage}${e.details ? ` (${e.details})` : ''}` : e.message;
    return text.slice(0, 300);
  }
  return String(err).slice(0, 300);
}
