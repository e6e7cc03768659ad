// The wallet's per-asset settings: decimals, deposit/withdraw switches, the fixed withdrawal fee and
// minimum, confirmations and networks. Seeded at start when missing and cached in memory (tiny table).
import { asc } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { walletAssets } from '@/db/schema';
import { AppError } from '@/lib/app-error';

export const NETWORK_FAMILIES = ['btc', 'evm', 'sol', 'xrp', 'doge', 'ada', 'trx', 'ltc', 'dot'] as const;
export type NetworkFamily = (typeof NETWORK_FAMILIES)[number];

export interface WalletNetwork {
  network: string;
  family: NetworkFamily;
}

export interface WalletAsset {
  asset: string;
  decimals: number;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  withdrawFee: string;
  minWithdraw: string;
  confirmations: number;
  networks: WalletNetwork[];
}

type Seed = [
  asset: string,
  decimals: number,
  fee: string,
  min: string,
  confirmations: number,
  WalletNetwork[],
];

// Confirmations are small because the default chain is simulated (one block every few seconds).
const SEED: Seed[] = [
  [
    'USDT',
    6,
    '1',
    '10',
    6,
    [
      { network: 'TRC20', family: 'trx' },
      { network: 'ERC20', family: 'evm' },
    ],
  ],
  ['BTC', 8, '0.0005', '0.001', 2, [{ network: 'BTC', family: 'btc' }]],
  ['ETH', 8, '0.005', '0.01', 6, [{ network: 'ERC20', family: 'evm' }]],
  ['BNB', 8, '0.001', '0.01', 6, [{ network: 'BEP20', family: 'evm' }]],
  ['SOL', 8, '0.01', '0.1', 6, [{ network: 'SOL', family: 'sol' }]],
  ['XRP', 6, '0.25', '20', 3, [{ network: 'XRP', family: 'xrp' }]],
  ['DOGE', 8, '5', '20', 6, [{ network: 'DOGE', family: 'doge' }]],
  ['ADA', 6, '1', '10', 6, [{ network: 'ADA', family: 'ada' }]],
  ['TRX', 6, '1', '10', 6, [{ network: 'TRC20', family: 'trx' }]],
  ['LTC', 8, '0.001', '0.01', 3, [{ network: 'LTC', family: 'ltc' }]],
  ['DOT', 8, '0.1', '1', 3, [{ network: 'DOT', family: 'dot' }]],
  ['LINK', 8, '0.3', '1', 6, [{ network: 'ERC20', family: 'evm' }]],
  ['AVAX', 8, '0.01', '0.1', 3, [{ network: 'AVAX-C', family: 'evm' }]],
];

/** SQL numeric(38,18) comes back with trailing zeros; the wire wants canonical decimals. */
export function canonicalDecimal(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

export class WalletAssets {
  private list: WalletAsset[] = [];
  private byCode = new Map<string, WalletAsset>();

  constructor(private readonly db: Executor) {}

  async init(now: Date): Promise<void> {
    await this.db
      .insert(walletAssets)
      .values(
        SEED.map(([asset, decimals, fee, min, confirmations, networks], i) => ({
          asset,
          sort: i,
          decimals,
          withdrawFee: fee,
          minWithdraw: min,
          confirmations,
          networks,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
    await this.reload();
  }

  async reload(): Promise<void> {
    const rows = await this.db.select().from(walletAssets).orderBy(asc(walletAssets.sort));
    this.list = rows.map((r) => ({
      asset: r.asset,
      decimals: r.decimals,
      depositEnabled: r.depositEnabled,
      withdrawEnabled: r.withdrawEnabled,
      withdrawFee: canonicalDecimal(r.withdrawFee),
      minWithdraw: canonicalDecimal(r.minWithdraw),
      confirmations: r.confirmations,
      networks: r.networks as WalletNetwork[],
    }));
    this.byCode = new Map(this.list.map((a) => [a.asset, a]));
  }

  all(): readonly WalletAsset[] {
    return this.list;
  }

  find(code: string): WalletAsset | undefined {
    return this.byCode.get(code.toUpperCase());
  }

  /** The asset or WALLET_ASSET_UNKNOWN (with the field when it came from a form). */
  get(code: string, field = 'coin'): WalletAsset {
    const asset = this.find(code);
    if (!asset) throw new AppError('WALLET_ASSET_UNKNOWN', [{ field, key: 'errors.WALLET_ASSET_UNKNOWN' }]);
    return asset;
  }

  network(asset: WalletAsset, name: string | undefined): WalletNetwork {
    const first = asset.networks[0];
    if (!first) throw new AppError('WALLET_ASSET_UNKNOWN');
    if (name === undefined || name === '') return first;
    const found = asset.networks.find((n) => n.network.toUpperCase() === name.toUpperCase());
    if (!found) throw new AppError('VALIDATION_FAILED', [{ field: 'network', key: 'validation.oneOf' }]);
    return found;
  }
}
