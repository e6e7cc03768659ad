// The referral rebate read model (referral_rebates) from the core's `referral.rebate` events: one row per
// rebate posting, keyed by (seq, posting index), inserted once. Written by the projection in the same
// transaction as the bills, so one cursor covers all of a command's rows (docs/identity.md).
import type { CoreEvent } from '@/core/types';
import { bulkInsert } from '@/db/bulk-insert';
import type { Db } from '@/db/client';
import { referralRebates } from '@/db/schema';

export type RebateInsert = typeof referralRebates.$inferInsert;

const numeric = (id: string) => /^\d{1,19}$/.test(id);

/** The rebate rows of the commands in `events` with seq > afterSeq. */
export function rebateRowsOf(events: readonly CoreEvent[], afterSeq: number): RebateInsert[] {
  const rows: RebateInsert[] = [];
  for (const e of events) {
    if (e.type !== 'referral.rebate' || e.seq <= afterSeq) continue;
    // Only users with SQL ids have rows (the core's own tests use other names).
    if (!numeric(e.beneficiaryUserId) || !numeric(e.payerUserId)) continue;
    rows.push({
      seq: e.seq,
      postingIdx: e.postingIdx,
      beneficiaryId: BigInt(e.beneficiaryUserId),
      payerId: BigInt(e.payerUserId),
      generation: e.generation,
      asset: e.asset,
      amount: e.amount,
      fee: e.fee,
      source: e.commandType,
      createdAt: new Date(e.ts),
    });
  }
  return rows;
}

/** The posting positions (`<seq>|<idx>`) that are rebates: their bills are typed 'referral.rebate'. */
export function rebatePostings(events: readonly CoreEvent[]): Set<string> | undefined {
  let out: Set<string> | undefined;
  for (const e of events) {
    if (e.type !== 'referral.rebate') continue;
    out ??= new Set();
    out.add(`${e.seq}|${e.postingIdx}`);
  }
  return out;
}

export async function insertRebateRows(db: Pick<Db, 'insert'>, rows: RebateInsert[]): Promise<void> {
  await bulkInsert(db, referralRebates, rows, 'on conflict do nothing', 1000);
}
