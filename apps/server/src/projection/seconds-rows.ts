// The seconds-contract read model (seconds_orders) from the core's `seconds.order` events: a contract's
// row carries its latest state with the entry and exit ticks (upserted, a newer seq wins). Written by the
// projection in the same transaction as the bills, so one cursor covers all of a command's rows.
import type { SecondsOrderEvent } from '@/core/seconds/seconds-types';
import type { CoreEvent } from '@/core/types';
import { bulkInsert } from '@/db/bulk-insert';
import type { Db } from '@/db/client';
import { secondsOrders } from '@/db/schema';

type OrderInsert = typeof secondsOrders.$inferInsert;

const ORDER_UPSERT = `on conflict ("id") do update set
  "status" = excluded."status", "exit_tick_id" = excluded."exit_tick_id", "exit_time" = excluded."exit_time",
  "exit_price" = excluded."exit_price", "exit_sources" = excluded."exit_sources", "profit" = excluded."profit",
  "seq" = excluded."seq", "settled_at" = excluded."settled_at"
  where excluded."seq" >= "seconds_orders"."seq"`;
const numeric = (id: string) => /^\d{1,19}$/.test(id);

function orderRow(e: SecondsOrderEvent): OrderInsert {
  return {
    id: BigInt(e.orderId),
    userId: BigInt(e.userId),
    symbol: e.symbol,
    direction: e.direction,
    periodId: e.periodId,
    durationSec: e.durationSec,
    rate: e.rate,
    stake: e.stake,
    payout: e.payout,
    asset: e.asset,
    entryTickId: e.entry.id,
    entryTime: e.entry.time,
    entryPrice: e.entry.price,
    entrySources: e.entry.sources.join(','),
    expiresAt: e.expiresAt,
    status: e.status,
    exitTickId: e.exit?.id ?? null,
    exitTime: e.exit?.time ?? null,
    exitPrice: e.exit?.price ?? null,
    exitSources: e.exit ? e.exit.sources.join(',') : null,
    profit: e.profit,
    seq: e.seq,
    createdAt: new Date(e.createdTs),
    settledAt: e.settledTs === null ? null : new Date(e.settledTs),
  };
}

/** The rows of the commands in `events` with seq > afterSeq; one row per contract (its latest state). */
export function secondsRowsOf(events: readonly CoreEvent[], afterSeq: number): OrderInsert[] {
  const rows = new Map<string, OrderInsert>();
  for (const e of events) {
    if (e.type !== 'seconds.order' || e.seq <= afterSeq) continue;
    // Only users with SQL ids have rows (the core's own tests use other names).
    if (numeric(e.userId)) rows.set(e.orderId, orderRow(e));
  }
  return [...rows.values()];
}

export async function insertSecondsRows(db: Pick<Db, 'insert'>, rows: OrderInsert[]): Promise<void> {
  await bulkInsert(db, secondsOrders, rows, ORDER_UPSERT, 500);
}
