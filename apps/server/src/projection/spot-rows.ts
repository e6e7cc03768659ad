// The spot read models (spot_orders, spot_trades) from the core's spot events: an order's row carries its
// latest state (upserted, a newer seq wins), a trade's row is inserted once. Written by the projection in
// the same transaction as the bills, so one cursor covers all of a command's rows.
import type { CoreEvent, SpotOrderEvent } from '@/core/types';
import { bulkInsert } from '@/db/bulk-insert';
import type { Db } from '@/db/client';
import { spotOrders, spotTrades } from '@/db/schema';

type OrderInsert = typeof spotOrders.$inferInsert;
type TradeInsert = typeof spotTrades.$inferInsert;

export interface SpotRows {
  orders: OrderInsert[];
  trades: TradeInsert[];
}

const STATUS = { open: 0, filled: 1, cancelled: 2 } as const;

/** An order's row carries its latest state: a newer seq wins, a replayed older event changes nothing. */
const ORDER_UPSERT = `on conflict ("id") do update set
  "filled_qty" = excluded."filled_qty", "filled_quote" = excluded."filled_quote", "fee" = excluded."fee",
  "status" = excluded."status", "cancel_reason" = excluded."cancel_reason", "seq" = excluded."seq",
  "updated_at" = excluded."updated_at"
  where excluded."seq" >= "spot_orders"."seq"`;
const numeric = (id: string) => /^\d{1,19}$/.test(id);

function orderRow(e: SpotOrderEvent): OrderInsert {
  return {
    id: BigInt(e.orderId),
    userId: BigInt(e.userId),
    symbol: e.symbol,
    side: e.side,
    type: e.orderType,
    timeInForce: e.timeInForce,
    price: e.price,
    quantity: e.quantity,
    quoteQuantity: e.quoteQuantity,
    filledQty: e.filledQty,
    filledQuote: e.filledQuote,
    fee: e.fee,
    feeAsset: e.feeAsset,
    status: STATUS[e.status],
    cancelReason: e.cancelReason,
    clientOrderId: e.clientOrderId,
    account: e.account ?? 'spot',
    seq: e.seq,
    createdAt: new Date(e.createdTs),
    updatedAt: new Date(e.ts),
  };
}

/** The spot rows of the commands in `events` with seq > afterSeq; one row per order (its latest state). */
export function spotRowsOf(events: readonly CoreEvent[], afterSeq: number): SpotRows {
  const orders = new Map<string, OrderInsert>();
  const trades: TradeInsert[] = [];
  for (const e of events) {
    if (e.seq <= afterSeq) continue;
    if (e.type === 'spot.order') {
      // Only users with SQL ids have rows (the core's own tests use other names).
      if (numeric(e.userId)) orders.set(e.orderId, orderRow(e));
    } else if (e.type === 'spot.trade') {
      if (!numeric(e.makerUserId) || !numeric(e.takerUserId)) continue;
      trades.push({
        id: e.tradeId,
        seq: e.seq,
        symbol: e.symbol,
        price: e.price,
        qty: e.qty,
        quoteQty: e.quoteQty,
        takerSide: e.takerSide,
        makerOrderId: BigInt(e.makerOrderId),
        takerOrderId: BigInt(e.takerOrderId),
        makerUserId: BigInt(e.makerUserId),
        takerUserId: BigInt(e.takerUserId),
        makerFee: e.makerFee,
        takerFee: e.takerFee,
        createdAt: new Date(e.ts),
      });
    }
  }
  return { orders: [...orders.values()], trades };
}

/** Upserts orders (a row written by a later command is never overwritten by an earlier one) and trades. */
export async function insertSpotRows(db: Pick<Db, 'insert'>, rows: SpotRows): Promise<void> {
  await Promise.all([
    bulkInsert(db, spotOrders, rows.orders, ORDER_UPSERT, 500),
    bulkInsert(db, spotTrades, rows.trades, 'on conflict do nothing', 500),
  ]);
}
