// Liquidation through the book (docs/margin.md "Liquidation"): for an account at or below the
// liquidation level at mark prices, the liquidator
//   1. submits `margin.liquidate.begin` (the core re-checks the level and locks the account: no borrowing,
//      transfer out or leverage change),
//   2. cancels the account's open orders,
//   3. sells on the spot book what is not needed to repay (market orders within the protection band) and
//      buys back borrowed coins that are short,
//   4. submits `margin.liquidate.settle`: the core repays every loan, interest first; what the account
//      cannot pay is covered by the insurance fund, which then takes what is left. Never another user.
// Every step is a core command with a deterministic id under one prefix, so a run interrupted by a crash
// is simply run again.
import { parseAmount } from '@coin/shared/money';
import { formatAtoms, POW10 } from '@/core/atoms';
import {
  MARGIN_LIQUIDATOR_ACTOR,
  type MarginAccountType,
  type MarginReader,
} from '@/core/margin/margin-types';
import type { AccountBalance, Command, CommandResult, SpotMarketConfig, SpotOrderEvent } from '@/core/types';

/** What the liquidator needs of the core (MoneyCore has it all). */
export interface LiquidationCore {
  submit(command: Command): Promise<CommandResult>;
  balancesOf(userId: string): AccountBalance[];
  spotOpenOrders(userId: string, symbol?: string): SpotOrderEvent[];
  spotMarket(symbol: string): SpotMarketConfig | undefined;
  margin(): MarginReader;
}

export const VALUATION_ASSET = 'USDT';

export type LiquidationOutcome = 'healthy' | 'settled' | 'shortfall' | 'pending';

/** The spot market an account trades `asset` on against the valuation asset. */
export function marketOf(
  core: LiquidationCore,
  account: MarginAccountType,
  asset: string,
): SpotMarketConfig | undefined {
  if (account !== 'margin') {
    const m = core.spotMarket(account.slice('isolated:'.length));
    return m !== undefined && (m.base === asset || m.quote === asset) ? m : undefined;
  }
  const pair = core
    .margin()
    .config()
    ?.pairs.find((p) => p.base === asset && p.quote === VALUATION_ASSET);
  return core.spotMarket(pair?.symbol ?? `${asset.toLowerCase()}${VALUATION_ASSET.toLowerCase()}`);
}

function lotUnits(m: SpotMarketConfig): bigint {
  return POW10[18 - m.qtyDecimals] as bigint;
}

export async function liquidate(
  core: LiquidationCore,
  userId: string,
  account: MarginAccountType,
  prices: Record<string, string>,
  prefix: string,
  ts: number,
): Promise<LiquidationOutcome> {
  const actor = MARGIN_LIQUIDATOR_ACTOR;
  let n = 0;
  const run = (type: Command['type'], payload: unknown) => {
    n += 1;
    return core.submit({ id: `${prefix}:${n}`, actor, ts, type, payload } as Command);
  };
  if (!core.margin().isLiquidating(userId, account)) {
    const begin = await run('margin.liquidate.begin', { userId, account, prices });
    if (!begin.ok) return begin.error === 'NOT_LIQUIDATABLE' ? 'healthy' : 'pending';
  } else {
    n += 1;
  }
  for (const o of core.spotOpenOrders(userId)) {
    if ((o.account ?? 'spot') !== account) continue;
    await run('spot.cancel', { userId, symbol: o.symbol, orderId: o.orderId });
  }
  const owed = new Map<string, bigint>();
  for (const l of core.margin().loansOf(userId, account)) {
    owed.set(l.asset, (owed.get(l.asset) ?? 0n) + parseAmount(l.principal) + parseAmount(l.interest));
  }
  const available = (asset: string) => {
    const b = core.balancesOf(userId).find((x) => x.asset === asset && x.accountType === account);
    return b === undefined ? 0n : parseAmount(b.available);
  };
  // Sell what is not needed for a debt in the same coin.
  const held = core
    .balancesOf(userId)
    .filter((b) => b.accountType === account && b.asset !== VALUATION_ASSET);
  for (const b of held) {
    const m = marketOf(core, account, b.asset);
    if (m === undefined || m.base !== b.asset) continue;
    const excess = parseAmount(b.available) - (owed.get(b.asset) ?? 0n);
    const qty = excess - (excess % lotUnits(m));
    if (qty <= 0n || qty < parseAmount(m.minQty)) continue;
    await run('spot.place', {
      userId,
      symbol: m.symbol,
      side: 'sell',
      type: 'market',
      quantity: formatAtoms(qty),
      account,
    });
  }
  // Buy back borrowed coins that are short.
  for (const [asset, due] of owed) {
    if (asset === VALUATION_ASSET) continue;
    const short = due - available(asset);
    if (short <= 0n) continue;
    const m = marketOf(core, account, asset);
    if (m === undefined || m.base !== asset) continue;
    const lot = lotUnits(m);
    const qty = ((short + lot - 1n) / lot) * lot;
    const byQty = await run('spot.place', {
      userId,
      symbol: m.symbol,
      side: 'buy',
      type: 'market',
      quantity: formatAtoms(qty),
      account,
    });
    if (!byQty.ok) {
      const spend = available(m.quote);
      if (spend > 0n)
        await run('spot.place', {
          userId,
          symbol: m.symbol,
          side: 'buy',
          type: 'market',
          quoteQuantity: formatAtoms(spend),
          account,
        });
    }
  }
  const settled = await run('margin.liquidate.settle', { userId, account });
  if (!settled.ok) return 'pending';
  return settled.reply?.shortfall === true ? 'shortfall' : 'settled';
}
