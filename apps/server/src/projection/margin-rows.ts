// The margin read model (margin_loans) from the core's `margin.loan` events: a loan's row carries its
// latest state (upserted, a newer seq wins). Written by the projection in the same transaction as the
// bills (docs/margin.md).
import type { CoreEvent } from '@/core/types';
import { bulkInsert } from '@/db/bulk-insert';
import type { Db } from '@/db/client';
import { marginLoans } from '@/db/schema';

export type MarginLoanInsert = typeof marginLoans.$inferInsert;

const LOAN_UPSERT = `on conflict ("id") do update set
  "principal" = excluded."principal", "interest" = excluded."interest",
  "interest_total" = excluded."interest_total", "status" = excluded."status", "seq" = excluded."seq",
  "updated_at" = excluded."updated_at"
  where excluded."seq" >= "margin_loans"."seq"`;
const numeric = (id: string) => /^\d{1,19}$/.test(id);

export function marginRowsOf(events: readonly CoreEvent[], afterSeq: number): MarginLoanInsert[] {
  const rows = new Map<string, MarginLoanInsert>();
  for (const e of events) {
    if (e.seq <= afterSeq || e.type !== 'margin.loan' || !numeric(e.userId)) continue;
    rows.set(e.loanId, {
      id: BigInt(e.loanId),
      userId: BigInt(e.userId),
      account: e.account,
      asset: e.asset,
      amount: e.amount,
      principal: e.principal,
      interest: e.interest,
      interestTotal: e.interestTotal,
      hourlyRate: e.hourlyRate,
      status: e.status,
      seq: e.seq,
      createdAt: new Date(e.createdTs),
      updatedAt: new Date(e.ts),
    });
  }
  return [...rows.values()];
}

export async function insertMarginRows(db: Pick<Db, 'insert'>, rows: MarginLoanInsert[]): Promise<void> {
  await bulkInsert(db, marginLoans, rows, LOAN_UPSERT, 500);
}
