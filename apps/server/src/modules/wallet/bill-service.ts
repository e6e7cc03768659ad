// Reads of the bills read model (written by ../../projection/bill-projection.ts, one row per posting):
// bills, one row per event in an account and coin with its net effect, and the order centre (one row per
// command).
import { add, formatAmount, parseAmount } from '@coin/shared/money';
import { and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
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

/** One field's part of an event: its change and its balance after the event. */
export interface BillPart {
  delta: string;
  balance: string;
}

/**
 * One event (a core command) in one account of one coin, with its net effect (available + frozen) and
 * the available and frozen changes as details; a part the event did not touch is null. A withdrawal
 * request is one row (net 0: available -101, frozen +101), not two lines that read like two movements.
 */
export interface Bill {
  id: string;
  seq: number;
  coin: string;
  accountType: string;
  delta: string;
  available: BillPart | null;
  frozen: BillPart | null;
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
    // A posting row per (seq, idx) in SQL; grouped here into one row per event, account and coin. The
    // balance after the event is that of the field's last posting in it.
    const part = (field: 'available' | 'frozen') => ({
      delta: sql<string | null>`sum(${walletBills.delta}) filter (where ${walletBills.field} = ${field})`,
      balance: sql<
        string | null
      >`(array_agg(${walletBills.balance} order by ${walletBills.idx} desc) filter (where ${walletBills.field} = ${field}))[1]`,
    });
    const available = part('available');
    const frozen = part('frozen');
    // The bill type too: a referral rebate paid in the same command as the user's own fill is its own row.
    const groupBy = [
      walletBills.seq,
      walletBills.asset,
      walletBills.accountType,
      walletBills.billType,
    ] as const;
    const groups = this.ctx.db
      .select({ seq: walletBills.seq })
      .from(walletBills)
      .where(where)
      .groupBy(...groupBy)
      .as('bill_groups');
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select({
          seq: walletBills.seq,
          asset: walletBills.asset,
          accountType: walletBills.accountType,
          availableDelta: available.delta,
          availableBalance: available.balance,
          frozenDelta: frozen.delta,
          frozenBalance: frozen.balance,
          billType: sql<string>`min(${walletBills.billType})`,
          ref: sql<string>`min(${walletBills.ref})`,
          createdAt: sql<Date>`min(${walletBills.createdAt})`.mapWith(walletBills.createdAt),
        })
        .from(walletBills)
        .where(where)
        .groupBy(...groupBy)
        .orderBy(desc(walletBills.seq), desc(sql`max(${walletBills.idx})`))
        .limit(q.size)
        .offset((q.current - 1) * q.size),
      this.ctx.db.select({ n: sql<number>`count(*)::int` }).from(groups),
    ]);
    const toPart = (delta: string | null, balance: string | null): BillPart | null =>
      delta === null ? null : { delta: canonicalDecimal(delta), balance: canonicalDecimal(balance ?? '0') };
    return {
      records: rows.map((r) => {
        const net = add(parseAmount(r.availableDelta ?? '0'), parseAmount(r.frozenDelta ?? '0'));
        return {
          id: `${r.seq}-${r.asset}-${r.accountType}${r.billType === 'referral.rebate' ? '-rebate' : ''}`,
          seq: r.seq,
          coin: r.asset,
          accountType: CODES[r.accountType] ?? r.accountType,
          delta: formatAmount(net),
          available: toPart(r.availableDelta, r.availableBalance),
          frozen: toPart(r.frozenDelta, r.frozenBalance),
          billType: r.billType,
          ref: r.ref,
          createTime: r.createdAt.toISOString(),
        };
      }),
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
