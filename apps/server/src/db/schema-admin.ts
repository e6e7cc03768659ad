// SQL tables of the admin area (re-exported by ./schema.ts so drizzle-kit and the client see them).
import { bigint, bigserial, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Balance adjustment requests (four-eyes): one operator requests, a different admin approves, and only
 * then the money core runs the 'adjust' command with id `adjust:<id>`. Status moves forward only:
 * pending -> approving -> approved | failed, or pending -> rejected. 'approving' is the claim that makes
 * two concurrent approvals submit the command once.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    asset: text('asset').notNull(),
    accountType: text('account_type').notNull(),
    /** Signed: positive credits the user, negative debits. */
    amount: numeric('amount', { precision: 38, scale: 18, mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'bigint' }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'bigint' }),
    decisionReason: text('decision_reason'),
    /** The core's error code when the approved command was refused (e.g. INSUFFICIENT_BALANCE). */
    failure: text('failure'),
    coreSeq: bigint('core_seq', { mode: 'number' }),
    createdAt: ts('created_at').notNull(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('balance_adjustments_status_idx').on(t.status, t.id),
    index('balance_adjustments_user_idx').on(t.userId, t.id),
  ],
);

/**
 * Operator requests (docs/admin-console.md "Operator requests"): creating an operator ('create') or
 * changing an operator's role ('role') is requested by one admin and applied only when a different
 * admin approves. pending -> approved | rejected, each by one conditional UPDATE. The initial password
 * is kept as an argon2id hash only while the request is pending.
 */
export const operatorRequests = pgTable(
  'operator_requests',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    kind: text('kind').notNull(),
    /** 'create': the new name; 'role': the target operator's name when requested. */
    username: text('username').notNull(),
    role: text('role').notNull(),
    /** 'role': the operator whose role changes; 'create': the operator created on approval. */
    operatorId: bigint('operator_id', { mode: 'bigint' }),
    /** 'role': the role when requested. */
    fromRole: text('from_role'),
    passwordHash: text('password_hash'),
    status: text('status').notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'bigint' }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'bigint' }),
    decisionReason: text('decision_reason'),
    createdAt: ts('created_at').notNull(),
    decidedAt: ts('decided_at'),
  },
  (t) => [index('operator_requests_status_idx').on(t.status, t.id)],
);
