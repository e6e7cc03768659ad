// SQL tables of proof of liabilities (docs/proof-of-liabilities.md; re-exported by ./schema.ts).
// Amounts here are integer atoms (10^-18 of a unit) in NUMERIC(60,0), exactly as the proofs encode them: a
// user's leaf adds up every account type, and an asset's total adds up every user, so they can exceed one
// account's NUMERIC(38,18) bound.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const atoms = (name: string) => numeric(name, { precision: 60, scale: 0, mode: 'string' });

/**
 * One published snapshot: the ledger at one core sequence number. `kind` 'daily' (at most one per UTC
 * `day`, the job's idempotency) or 'manual' (an operator's request). `saltKey` derives each user's salt
 * for this snapshot (HMAC-SHA256(saltKey, userId)); it is never published.
 */
export const liabilitySnapshots = pgTable(
  'liability_snapshots',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    kind: text('kind').notNull(),
    /** UTC date (YYYY-MM-DD) of takenAt. */
    day: text('day').notNull(),
    coreSeq: bigint('core_seq', { mode: 'number' }).notNull(),
    stateHash: text('state_hash').notNull(),
    saltKey: text('salt_key').notNull(),
    /** Operator id for 'manual'. */
    requestedBy: bigint('requested_by', { mode: 'bigint' }),
    users: integer('users').notNull(),
    /** [{ asset, name, balance (atoms, signed) }] of every system account, sorted. */
    systemAccounts: jsonb('system_accounts').notNull(),
    /** Simulated custody per asset, or null when no simulated chain runs ([{ asset, amount }]). */
    reserves: jsonb('reserves'),
    takenAt: ts('taken_at').notNull(),
  },
  (t) => [
    uniqueIndex('liability_snapshots_daily_uq').on(t.day).where(sql`${t.kind} = 'daily'`),
    index('liability_snapshots_taken_idx').on(t.takenAt),
  ],
);

/** Per snapshot and asset: the Merkle sum tree's root and the totals it is checked against. */
export const liabilityRoots = pgTable(
  'liability_roots',
  {
    snapshotId: bigint('snapshot_id', { mode: 'bigint' })
      .notNull()
      .references(() => liabilitySnapshots.id),
    asset: text('asset').notNull(),
    /** Null when no user holds an account in the asset (only system accounts). */
    rootHash: text('root_hash'),
    userTotal: atoms('user_total').notNull(),
    systemTotal: atoms('system_total').notNull(),
    leaves: integer('leaves').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.asset] })],
);

/** The leaves in tree order, so any snapshot's tree (and so any proof) can be rebuilt later. */
export const liabilityLeaves = pgTable(
  'liability_leaves',
  {
    snapshotId: bigint('snapshot_id', { mode: 'bigint' })
      .notNull()
      .references(() => liabilitySnapshots.id),
    asset: text('asset').notNull(),
    position: integer('position').notNull(),
    userId: text('user_id').notNull(),
    balance: atoms('balance').notNull(),
    leafHash: text('leaf_hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.asset, t.position] }),
    index('liability_leaves_user_idx').on(t.snapshotId, t.userId),
  ],
);
