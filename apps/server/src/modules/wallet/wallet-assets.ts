// The wallet's per-asset settings: decimals, deposit/withdraw switches, the fixed withdrawal fee and
// minimum, confirmations and networks. Seeded at start when missing and cached in memory (tiny table).
import { parseAmount } from '@coin/shared/money';
import { asc, eq } from 'drizzle-orm';
import type { MoneyCore } from '@/core/types';
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
  /** Largest amount of one operation in this asset (canonical decimal); the core enforces it too. */
  maxAmount: string;
  /** Manual recharges above this amount need a second operator's approval (canonical decimal). */
  dualApprovalAbove: string;
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

/**
 * Per-operation maximum and the manual-recharge amount above which a second operator must approve, per
 * seeded asset: roughly 100 million and 10 thousand US dollars. An asset an operator adds without them
 * gets the fallbacks below.
 */
const LIMITS: Record<string, { max: string; dualAbove: string }> = {
  USDT: { max: '100000000', dualAbove: '10000' },
  BTC: { max: '2000', dualAbove: '0.2' },
  ETH: { max: '50000', dualAbove: '5' },
  BNB: { max: '200000', dualAbove: '20' },
  SOL: { max: '1000000', dualAbove: '100' },
  XRP: { max: '100000000', dualAbove: '20000' },
  DOGE: { max: '1000000000', dualAbove: '100000' },
  ADA: { max: '200000000', dualAbove: '20000' },
  TRX: { max: '1000000000', dualAbove: '100000' },
  LTC: { max: '1000000', dualAbove: '100' },
  DOT: { max: '10000000', dualAbove: '2000' },
  LINK: { max: '5000000', dualAbove: '1000' },
  AVAX: { max: '2000000', dualAbove: '500' },
};
const FALLBACK_LIMITS = { max: '1000000', dualAbove: '0' };

function limitsOf(asset: string): { max: string; dualAbove: string } {
  return LIMITS[asset] ?? FALLBACK_LIMITS;
}

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
          maxAmount: limitsOf(asset).max,
          dualApprovalAbove: limitsOf(asset).dualAbove,
          confirmations,
          networks,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
    // Rows from before the limit columns existed get the seeded limits once.
    for (const row of await this.db.select().from(walletAssets)) {
      if (row.maxAmount !== null && row.dualApprovalAbove !== null) continue;
      const limits = limitsOf(row.asset);
      await this.db
        .update(walletAssets)
        .set({
          maxAmount: row.maxAmount ?? limits.max,
          dualApprovalAbove: row.dualApprovalAbove ?? limits.dualAbove,
          updatedAt: now,
        })
        .where(eq(walletAssets.asset, row.asset));
    }
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
      maxAmount: canonicalDecimal(r.maxAmount ?? limitsOf(r.asset).max),
      dualApprovalAbove: canonicalDecimal(r.dualApprovalAbove ?? limitsOf(r.asset).dualAbove),
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

/**
 * Sends `asset.configure` for every wallet asset whose decimals or per-operation maximum the money core
 * does not have yet, so the core re-checks every amount against the same limits as the wire.
 */
export async function configureCoreAssets(core: MoneyCore, assets: WalletAssets, now: Date): Promise<void> {
  for (const a of assets.all()) {
    const known = core.assetLimits(a.asset);
    const max = parseAmount(a.maxAmount);
    if (known?.decimals === a.decimals && known.maxAmount === max) continue;
    const result = await core.submit({
      id: `asset.configure:${a.asset}:${a.decimals}:${a.maxAmount}:${now.getTime()}`,
      actor: 'system',
      ts: now.getTime(),
      type: 'asset.configure',
      payload: { asset: a.asset, decimals: a.decimals, maxAmount: a.maxAmount },
    });
    if (!result.ok) throw new Error(`asset.configure ${a.asset} refused: ${result.error}`);
  }
}
