// SQL read model of spot margin (re-exported by ./schema.ts): every loan's latest state, written by the
// projection from the core's `margin.loan` events (docs/margin.md). The core's open loans are the truth
// for what is owed now; this table is the history (entrust/borrowOrder).
import { bigint, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 38, scale: 18, mode: 'string' });

export const marginLoans = pgTable(
  'margin_loans',
  {
    /** The loan id: the seq of the borrow command. */
    id: bigint('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    /** 'margin' (cross) or 'isolated:<symbol>'. */
    account: text('account').notNull(),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    principal: money('principal').notNull(),
    interest: money('interest').notNull(),
    interestTotal: money('interest_total').notNull(),
    hourlyRate: money('hourly_rate').notNull(),
    /** open, repaid, liquidated */
    status: text('status').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('margin_loans_user_idx').on(t.userId, t.account, t.id)],
);
