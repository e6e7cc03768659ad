// The contract read models (docs/contracts.md "History") from the core's contract events: an order's and a
// position's row carry their latest state (upserted, a newer seq wins; a closed position keeps its entry
// price and largest size), trades, the users' own fills (one row per user side of a trade or of an
// auto-deleveraging close), liquidations and funding payments are inserted once. Written by the
// projection in the same transaction as the bills, so one cursor covers all of a command's rows and a
// replayed event changes nothing.
import { type Amount, formatAmount, max, parseAmount } from '@coin/shared/money';
import type { ContractFillSide } from '@/core/contracts/contract-types';
import type { CoreEvent } from '@/core/types';
import { bulkInsert } from '@/db/bulk-insert';
import type { Db } from '@/db/client';
import {
  contractFills,
  contractFunding,
  contractLiquidations,
  contractOrders,
  contractPositions,
  contractTrades,
} from '@/db/schema';

type OrderInsert = typeof contractOrders.$inferInsert;
type TradeInsert = typeof contractTrades.$inferInsert;
type FillInsert = typeof contractFills.$inferInsert;

/** One user side of a trade or of an auto-deleveraging close. */
function fillRow(
  e: { tradeId: string; seq: number; symbol: string; price: string; qty: string; ts: number },
  role: 'maker' | 'taker' | 'adl',
  side: ContractFillSide,
  liquidation: boolean,
): FillInsert {
  return {
    tradeId: e.tradeId,
    role,
    seq: e.seq,
    userId: BigInt(side.userId),
    orderId: side.orderId,
    symbol: e.symbol,
    direction: side.direction,
    price: e.price,
    qty: e.qty,
    fee: side.fee,
    pnl: side.pnl,
    liquidation,
    createdAt: new Date(e.ts),
  };
}
type PositionInsert = typeof contractPositions.$inferInsert;
type LiquidationInsert = typeof contractLiquidations.$inferInsert;
type FundingInsert = typeof contractFunding.$inferInsert;

export interface ContractRows {
  orders: OrderInsert[];
  trades: TradeInsert[];
  fills: FillInsert[];
  positions: PositionInsert[];
  liquidations: LiquidationInsert[];
  funding: FundingInsert[];
}

const STATUS = { open: 0, filled: 1, cancelled: 2 } as const;
const numeric = (id: string) => /^\d{1,19}$/.test(id);
const amt = (v: string) => parseAmount(v);

const ORDER_UPSERT = `on conflict ("id") do update set
  "filled_qty" = excluded."filled_qty", "filled_value" = excluded."filled_value", "fee" = excluded."fee",
  "profit" = excluded."profit", "status" = excluded."status", "seq" = excluded."seq",
  "order_type" = excluded."order_type", "price" = excluded."price",
  "trigger_price" = coalesce(excluded."trigger_price", "contract_orders"."trigger_price"),
  "trigger_type" = coalesce(excluded."trigger_type", "contract_orders"."trigger_type"),
  "updated_at" = excluded."updated_at"
  where excluded."seq" >= "contract_orders"."seq"`;

/** A closed position's row keeps the entry price and largest size it had, and the liquidation it met. */
const POSITION_UPSERT = `on conflict ("id") do update set
  "mode" = excluded."mode", "leverage" = excluded."leverage", "qty" = excluded."qty",
  "max_qty" = greatest("contract_positions"."max_qty", excluded."max_qty"),
  "avg_price" = case when excluded."qty" = 0 then "contract_positions"."avg_price" else excluded."avg_price" end,
  "margin" = excluded."margin", "realized_pnl" = excluded."realized_pnl",
  "status" = case when "contract_positions"."status" = 'liquidated' then 'liquidated' else excluded."status" end,
  "tick_id" = coalesce(excluded."tick_id", "contract_positions"."tick_id"),
  "close_mark" = coalesce(excluded."close_mark", "contract_positions"."close_mark"),
  "bankruptcy_price" = coalesce(excluded."bankruptcy_price", "contract_positions"."bankruptcy_price"),
  "seq" = excluded."seq", "updated_at" = excluded."updated_at"
  where excluded."seq" >= "contract_positions"."seq"`;

/** The contract rows of the commands in `events` with seq > afterSeq. */
export function contractRowsOf(events: readonly CoreEvent[], afterSeq: number): ContractRows {
  const orders = new Map<string, OrderInsert>();
  const positions = new Map<string, PositionInsert>();
  const trades: TradeInsert[] = [];
  const fills: FillInsert[] = [];
  const liquidations: LiquidationInsert[] = [];
  const funding: FundingInsert[] = [];
  const liquidated = new Map<string, LiquidationInsert>();
  for (const e of events) {
    if (e.seq <= afterSeq || e.type !== 'contract.liquidation' || !numeric(e.userId)) continue;
    const row: LiquidationInsert = {
      seq: e.seq,
      positionId: BigInt(e.positionId),
      userId: BigInt(e.userId),
      symbol: e.symbol,
      side: e.side,
      qty: e.qty,
      tickId: e.tickId,
      mark: e.mark,
      bankruptcyPrice: e.bankruptcyPrice,
      bookQty: e.bookQty,
      adlQty: e.adlQty,
      insurance: e.insurance,
      createdAt: new Date(e.ts),
    };
    liquidations.push(row);
    liquidated.set(e.positionId, row);
  }
  for (const e of events) {
    if (e.seq <= afterSeq) continue;
    if (e.type === 'contract.order') {
      if (!numeric(e.userId)) continue;
      // A stop that fired keeps its trigger (the order it placed carries none).
      const before = orders.get(e.orderId);
      orders.set(e.orderId, {
        id: e.orderId,
        userId: BigInt(e.userId),
        symbol: e.symbol,
        direction: e.direction,
        orderType: e.orderType,
        price: e.price,
        triggerPrice: e.triggerPrice ?? before?.triggerPrice ?? null,
        triggerType: e.triggerType ?? before?.triggerType ?? null,
        quantity: e.quantity,
        filledQty: e.filledQty,
        filledValue: e.filledValue,
        fee: e.fee,
        profit: e.profit,
        leverage: e.leverage,
        status: STATUS[e.status],
        seq: e.seq,
        createdAt: new Date(e.createdTs),
        updatedAt: new Date(e.ts),
      });
    } else if (e.type === 'contract.trade') {
      trades.push({
        id: e.tradeId,
        seq: e.seq,
        symbol: e.symbol,
        price: e.price,
        qty: e.qty,
        takerSide: e.takerSide,
        createdAt: new Date(e.ts),
      });
      // Events journaled before fills named their users have no sides; non-SQL users have no rows.
      if (e.maker !== undefined && numeric(e.maker.userId)) fills.push(fillRow(e, 'maker', e.maker, false));
      if (e.taker !== undefined && numeric(e.taker.userId))
        fills.push(fillRow(e, 'taker', e.taker, e.liquidation === true));
    } else if (e.type === 'contract.adl') {
      // Not a book trade (no contract_trades row): the liquidated side as a liquidation taker, the
      // deleveraged side with role 'adl'.
      if (numeric(e.liquidated.userId)) fills.push(fillRow(e, 'taker', e.liquidated, true));
      if (numeric(e.counterparty.userId)) fills.push(fillRow(e, 'adl', e.counterparty, false));
    } else if (e.type === 'contract.position') {
      const p = e.position;
      if (!numeric(p.userId) || !numeric(p.positionId)) continue;
      const prev = positions.get(p.positionId);
      const closed = amt(p.qty) === 0n;
      const liq = liquidated.get(p.positionId) ?? undefined;
      const maxQty = prev ? max(amt(prev.maxQty), amt(p.qty)) : amt(p.qty);
      positions.set(p.positionId, {
        id: BigInt(p.positionId),
        userId: BigInt(p.userId),
        symbol: p.symbol,
        side: p.side,
        mode: p.mode,
        leverage: p.leverage,
        qty: p.qty,
        maxQty: formatAmount(maxQty as Amount),
        avgPrice: closed && prev ? prev.avgPrice : p.avgPrice,
        margin: p.margin,
        realizedPnl: p.realizedPnl,
        status: liq ? 'liquidated' : closed ? 'closed' : 'open',
        tickId: liq?.tickId ?? prev?.tickId ?? null,
        closeMark: liq?.mark ?? prev?.closeMark ?? null,
        bankruptcyPrice: liq?.bankruptcyPrice ?? prev?.bankruptcyPrice ?? null,
        seq: e.seq,
        openedAt: new Date(p.openedTs),
        updatedAt: new Date(p.ts),
      });
    } else if (e.type === 'contract.funding') {
      for (const [positionId, userId, amount] of e.payments) {
        if (!numeric(userId) || !numeric(positionId)) continue;
        funding.push({
          seq: e.seq,
          positionId: BigInt(positionId),
          userId: BigInt(userId),
          symbol: e.symbol,
          rate: e.rate,
          mark: e.mark,
          amount,
          fundingAt: new Date(e.at),
        });
      }
    }
  }
  return {
    orders: [...orders.values()],
    trades,
    fills,
    positions: [...positions.values()],
    liquidations,
    funding,
  };
}

export function contractRowCount(rows: ContractRows): number {
  return (
    rows.orders.length +
    rows.trades.length +
    rows.fills.length +
    rows.positions.length +
    rows.liquidations.length +
    rows.funding.length
  );
}

/** Upserts orders and positions (a later command's row is never overwritten by an earlier one), inserts
 * the rest once. */
export async function insertContractRows(db: Pick<Db, 'insert'>, rows: ContractRows): Promise<void> {
  if (contractRowCount(rows) === 0) return;
  await Promise.all([
    bulkInsert(db, contractOrders, rows.orders, ORDER_UPSERT, 500),
    bulkInsert(db, contractTrades, rows.trades, 'on conflict do nothing', 500),
    bulkInsert(db, contractFills, rows.fills, 'on conflict do nothing', 500),
    bulkInsert(db, contractPositions, rows.positions, POSITION_UPSERT, 500),
    bulkInsert(db, contractLiquidations, rows.liquidations, 'on conflict do nothing', 500),
    bulkInsert(db, contractFunding, rows.funding, 'on conflict do nothing', 500),
  ]);
}
