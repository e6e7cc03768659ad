// The earn read models from the core's earn events (docs/earn.md "History"): each deposit order's and
// each loan's latest state, upserted so that a newer seq wins and a replayed older event changes nothing.
// Written by the bill projection in the same transaction as the bills, under its one cursor.
import type { CoreEvent } from '@/core/types';
import { bulkInsert } from '@/db/bulk-insert';
import type { Db } from '@/db/client';
import { earnLoanStates, earnOrders } from '@/db/schema';

type OrderInsert = typeof earnOrders.$inferInsert;
type LoanInsert = typeof earnLoanStates.$inferInsert;

export interface EarnRows {
  orders: OrderInsert[];
  loans: LoanInsert[];
}

const ORDER_UPSERT = `on conflict ("id") do update set
  "accrued_days" = excluded."accrued_days", "accrued" = excluded."accrued", "paid" = excluded."paid",
  "penalty" = excluded."penalty", "status" = excluded."status", "closed_at" = excluded."closed_at",
  "seq" = excluded."seq", "updated_at" = excluded."updated_at"
  where excluded."seq" >= "earn_orders"."seq"`;

const LOAN_UPSERT = `on conflict ("loan_id") do update set
  "status" = excluded."status", "repaid" = excluded."repaid", "penalty_paid" = excluded."penalty_paid",
  "installments" = excluded."installments", "closed_at" = excluded."closed_at", "seq" = excluded."seq",
  "updated_at" = excluded."updated_at"
  where excluded."seq" >= "earn_loan_states"."seq"`;

const numeric = (id: string) => /^\d{1,19}$/.test(id);
const at = (ms: number | null) => (ms === null ? null : new Date(ms));

/** The earn rows of the commands in `events` with seq > afterSeq: one row per order and loan (latest). */
export function earnRowsOf(events: readonly CoreEvent[], afterSeq: number): EarnRows {
  const orders = new Map<string, OrderInsert>();
  const loans = new Map<string, LoanInsert>();
  for (const e of events) {
    if (e.seq <= afterSeq) continue;
    // Only SQL users (and SQL loan applications) have rows; the core's own tests use other names.
    if (e.type === 'earn.order' && numeric(e.userId)) {
      orders.set(e.orderId, {
        id: e.orderId,
        userId: BigInt(e.userId),
        kind: e.kind,
        productId: e.productId,
        asset: e.asset,
        amount: e.amount,
        dailyRate: e.dailyRate,
        cycleDays: e.cycleDays,
        lockDays: e.lockDays,
        payout: e.payout,
        earlyPenaltyRate: e.earlyPenaltyRate,
        startAt: new Date(e.startTs),
        endAt: new Date(e.endTs),
        interestTotal: e.interestTotal,
        accruedDays: e.accruedDays,
        accrued: e.accrued,
        paid: e.paid,
        penalty: e.penalty,
        status: e.status,
        address: e.address,
        gasAsset: e.gasAsset,
        gasFee: e.gasFee,
        closedAt: at(e.closedTs),
        seq: e.seq,
        updatedAt: new Date(e.ts),
      });
    } else if (e.type === 'earn.loan' && numeric(e.userId) && numeric(e.loanId)) {
      loans.set(e.loanId, {
        loanId: BigInt(e.loanId),
        userId: BigInt(e.userId),
        status: e.status,
        principal: e.principal,
        interestTotal: e.interestTotal,
        repaid: e.repaid,
        penaltyPaid: e.penaltyPaid,
        installments: JSON.stringify(e.installments),
        startAt: new Date(e.startTs),
        closedAt: at(e.closedTs),
        seq: e.seq,
        updatedAt: new Date(e.ts),
      });
    }
  }
  return { orders: [...orders.values()], loans: [...loans.values()] };
}

export async function insertEarnRows(db: Pick<Db, 'insert'>, rows: EarnRows): Promise<void> {
  await Promise.all([
    bulkInsert(db, earnOrders, rows.orders, ORDER_UPSERT, 300),
    bulkInsert(db, earnLoanStates, rows.loans, LOAN_UPSERT, 300),
  ]);
}
