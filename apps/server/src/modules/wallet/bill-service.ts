// Reads of the bills read model (written by ../../projection/bill-projection.ts): bills per posting,
// and the order centre (one row per command).
import { and, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { walletBills } from '@/db/schema';
import { canonicalDecimal } from './wallet-assets';
import type { Page, WalletContext } from './wallet-context';

export const BILL_KINDS = ['recharge', 'withdraw', 'swap', 'transfer'] as const;
const KIND_TYPES: Record<(typeof BILL_KINDS)[number], string[]> = {
  recharge: ['deposit.credit'],
  withdraw: ['withdraw.freeze', 'withdraw.complete', 'withdraw.release'],
  swap: ['swap'],
  transfer: ['transfer'],
};
const CODES: Record<string, string> = { spot: '1', contract: '2', finance: '3', merchant: '8' };

export interface Bill {
  id: string;
  seq: number;
  coin: string;
  accountType: string;
  field: string;
  delta: string;
  balance: string;
  billType: string;
  ref: string;
  createTime: string;
}

function toDate(v: number | string | undefined): Date | undefined {
  if (v === undefined) return undefined;
  return typeof v === 'number' ? new Date(v) : new Date(v);
}

export class BillService {
  constructor(private readonly ctx: WalletContext) {}

  async bills(
    userId: bigint,
    q: {
      current: number;
      size: number;
      coin?: string | undefined;
      type?: string | undefined;
      accountType?: string | undefined;
      startTime?: number | string | undefined;
      endTime?: number | string | undefined;
    },
  ): Promise<Page<Bill>> {
    const conds: SQL[] = [eq(walletBills.userId, userId)];
    if (q.coin) conds.push(eq(walletBills.asset, q.coin));
    if (q.type) conds.push(eq(walletBills.billType, q.type));
    if (q.accountType) {
      const name = Object.entries(CODES).find(([, c]) => c === q.accountType)?.[0];
      if (name) conds.push(eq(walletBills.accountType, name));
    }
    const start = toDate(q.startTime);
    const end = toDate(q.endTime);
    if (start) conds.push(gte(walletBills.createdAt, start));
    if (end) conds.push(lte(walletBills.createdAt, end));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select()
        .from(walletBills)
        .where(where)
        .orderBy(desc(walletBills.seq), desc(walletBills.idx))
        .limit(q.size)
        .offset((q.current - 1) * q.size),
      this.ctx.db.select({ n: count() }).from(walletBills).where(where),
    ]);
    return {
      records: rows.map((r) => ({
        id: r.id.toString(),
        seq: r.seq,
        coin: r.asset,
        accountType: CODES[r.accountType] ?? r.accountType,
        field: r.field,
        delta: canonicalDecimal(r.delta),
        balance: canonicalDecimal(r.balance),
        billType: r.billType,
        ref: r.ref,
        createTime: r.createdAt.toISOString(),
      })),
      total: total?.n ?? 0,
      current: q.current,
      size: q.size,
    };
  }

  /** One row per command (seq) with its legs for this user. */
  async orders(
    userId: bigint,
    q: { current: number; size: number; kind?: (typeof BILL_KINDS)[number] | undefined },
  ) {
    const conds: SQL[] = [eq(walletBills.userId, userId)];
    if (q.kind) conds.push(inArray(walletBills.billType, KIND_TYPES[q.kind]));
    const where = and(...conds);
    const seqs = await this.ctx.db
      .selectDistinct({ seq: walletBills.seq })
      .from(walletBills)
      .where(where)
      .orderBy(desc(walletBills.seq))
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    const [total] = await this.ctx.db
      .select({ n: sql<number>`count(distinct ${walletBills.seq})::int` })
      .from(walletBills)
      .where(where);
    const list = seqs.map((s) => s.seq);
    const legs =
      list.length === 0
        ? []
        : await this.ctx.db
            .select()
            .from(walletBills)
            .where(and(eq(walletBills.userId, userId), inArray(walletBills.seq, list)))
            .orderBy(desc(walletBills.seq), walletBills.idx);
    const records = list.map((seq) => {
      const mine = legs.filter((l) => l.seq === seq);
      const first = mine[0];
      const kind = BILL_KINDS.find((k) => first && KIND_TYPES[k].includes(first.billType)) ?? 'other';
      return {
        seq,
        kind,
        billType: first?.billType ?? '',
        ref: first?.ref ?? '',
        createTime: first?.createdAt.toISOString() ?? '',
        legs: mine.map((l) => ({
          coin: l.asset,
          accountType: CODES[l.accountType] ?? l.accountType,
          field: l.field,
          delta: canonicalDecimal(l.delta),
        })),
      };
    });
    return { records, total: total?.n ?? 0, current: q.current, size: q.size };
  }
}
