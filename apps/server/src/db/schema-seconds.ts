// SQL tables of seconds contracts (re-exported by ./schema.ts): the read model of every contract (written
// by the projection from the core's `seconds.order` events, with the entry and exit ticks as evidence) and
// the users' acknowledgements of the risk notice. The core's open contracts are the truth for what is
// open now; `seconds_orders` is the history.
import { bigint, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 38, scale: 18, mode: 'string' });

/** One row per contract, upserted with its latest state (a newer seq wins). */
export const secondsOrders = pgTable(
  'seconds_orders',
  {
    /** The contract id: the seq of the command that placed it. */
    id: bigint('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    symbol: text('symbol').notNull(),
    /** 'rise' | 'fall' */
    direction: text('direction').notNull(),
    periodId: text('period_id').notNull(),
    durationSec: integer('duration_sec').notNull(),
    rate: money('rate').notNull(),
    stake: money('stake').notNull(),
    payout: money('payout').notNull(),
    asset: text('asset').notNull(),
    entryTickId: text('entry_tick_id').notNull(),
    entryTime: bigint('entry_time', { mode: 'number' }).notNull(),
    entryPrice: money('entry_price').notNull(),
    /** Comma list of the entry tick's sources. */
    entrySources: text('entry_sources').notNull(),
    /** Milliseconds since the epoch. */
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    /** 'open' | 'won' | 'lost' | 'draw' | 'void' */
    status: text('status').notNull(),
    exitTickId: text('exit_tick_id'),
    exitTime: bigint('exit_time', { mode: 'number' }),
    exitPrice: money('exit_price'),
    exitSources: text('exit_sources'),
    /** Signed: +payout, -stake, or 0. */
    profit: money('profit').notNull(),
    /** The seq of the last command that changed the contract (a replayed older event never wins). */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    index('seconds_orders_user_idx').on(t.userId, t.id),
    index('seconds_orders_user_status_idx').on(t.userId, t.status, t.id),
  ],
);

/** A user's acknowledgement of the seconds-contract risk notice (required before the first order). */
export const secondsRiskNotices = pgTable('seconds_risk_notices', {
  userId: bigint('user_id', { mode: 'bigint' }).primaryKey(),
  /** Which text was acknowledged (docs/seconds.md "Risk notice"). */
  version: integer('version').notNull(),
  /** The country of residence the user declared with it (ISO 3166 code). */
  country: text('country').notNull(),
  acknowledgedAt: ts('acknowledged_at').notNull(),
});
