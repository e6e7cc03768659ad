// Reads of the bills read model (written by ../../projection/bill-projection.ts, one row per command and
// account): bills, one row per event in an account and coin with its net effect, and the order centre
// (one row per command).
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

/** One field's change in one account, in the order centre. */
interface OrderLeg {
  coin: string;
  accountType: string;
  field: 'available' | 'frozen';
  delta: string;
}

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
    // One row per command, account and bill type in SQL (a referral rebate paid in the same command as
    // the user's own fill is its own row); per user, an account is an asset and an account type.
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select({
          seq: walletBills.seq,
          asset: walletBills.asset,
          accountType: walletBills.accountType,
          availableDelta: walletBills.availableDelta,
          availableBalance: walletBills.availableBalance,
          frozenDelta: walletBills.frozenDelta,
          frozenBalance: walletBills.frozenBalance,
          billType: walletBills.billType,
          ref: walletBills.ref,
          createdAt: walletBills.createdAt,
        })
        .from(walletBills)
        .where(where)
        .orderBy(desc(walletBills.seq), desc(walletBills.idx))
        .limit(q.size)
        .offset((q.current - 1) * q.size),
      this.ctx.db.select({ n: sql<number>`count(*)::int` }).from(walletBills).where(where),
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
        // Per account, its available change, then its frozen change.
        legs: mine.flatMap((l) => {
          const coin = l.asset;
          const accountType = CODES[l.accountType] ?? l.accountType;
          const legs: OrderLeg[] = [];
          if (l.availableDelta !== null)
            legs.push({ coin, accountType, field: 'available', delta: canonicalDecimal(l.availableDelta) });
          if (l.frozenDelta !== null)
            legs.push({ coin, accountType, field: 'frozen', delta: canonicalDecimal(l.frozenDelta) });
          return legs;
        }),
      };
    });
    return { records, total: total?.n ?? 0, current: q.current, size: q.size };
  }
}
