// SQL tables of real custody on an EVM chain (modules/wallet/chain/evm, docs/custody.md). No key material
// is stored: keys are derived from the configured mnemonic at run time. What is here: how far the deposit
// watcher has followed the chain (cursor and recent block hashes, for reorganisations), the transfers it
// found, sweeps, nonces, and every outgoing transaction with each signed attempt (stored before it is
// broadcast, so a restart re-sends the same transaction instead of a new one).
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The last block the deposit watcher processed, per chain. */
export const custodyCursors = pgTable('custody_cursors', {
  chain: text('chain').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Hashes of the recently processed blocks: a reorganisation is found by comparing them with the chain. */
export const custodyBlocks = pgTable(
  'custody_blocks',
  {
    chain: text('chain').notNull(),
    number: bigint('number', { mode: 'bigint' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.number] })],
);

/**
 * Incoming transfers to deposit addresses, one per (tx hash, log index); a native transfer has log index
 * -1. Status: pending (confirming) -> credited, or dropped (its block left the chain) or ignored (below
 * one unit of the asset's decimals).
 */
export const custodyDeposits = pgTable(
  'custody_deposits',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    address: text('address').notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    asset: text('asset').notNull(),
    /** On-chain units (wei, token units) as a decimal integer. */
    value: text('value').notNull(),
    status: text('status').notNull(),
    sweepId: bigint('sweep_id', { mode: 'bigint' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('custody_deposits_output_uq').on(t.chain, t.txHash, t.logIndex),
    index('custody_deposits_status_idx').on(t.chain, t.status),
  ],
);

/**
 * Sweeps of a deposit address's balance of one asset into the hot wallet. Status: topup (waiting for a
 * gas top-up from the hot wallet), ready, sending, done, dust (not worth the gas; left in place).
 */
export const custodySweeps = pgTable(
  'custody_sweeps',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    chain: text('chain').notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    address: text('address').notNull(),
    asset: text('asset').notNull(),
    status: text('status').notNull(),
    topupTxId: bigint('topup_tx_id', { mode: 'bigint' }),
    sweepTxId: bigint('sweep_tx_id', { mode: 'bigint' }),
    /** On-chain units swept (set when the sweep transaction is signed). */
    value: text('value'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('custody_sweeps_status_idx').on(t.chain, t.status)],
);

/** The next nonce this server will use per sending address (the chain's count is checked as well). */
export const custodyNonces = pgTable(
  'custody_nonces',
  {
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.address] })],
);

/**
 * Outgoing transactions: withdrawal payouts and sweeps/top-ups. One row per intent (unique per kind and
 * ref), with the nonce fixed when it is first signed. Status: queued -> signed (stored, maybe not yet
 * broadcast) -> sent -> mined -> confirmed, or reverted (mined but failed) or conflict (its nonce was
 * used by a transaction this server did not sign).
 */
export const custodyTxs = pgTable(
  'custody_txs',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    chain: text('chain').notNull(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    /** Which key signs: 'hot' or 'deposit:<userId>'. */
    signer: text('signer').notNull(),
    fromAddress: text('from_address').notNull(),
    /** The recipient of the asset (for a token, not the contract). */
    recipient: text('recipient').notNull(),
    asset: text('asset').notNull(),
    /** On-chain units to deliver (wei or token units); for a sweep set at signing. */
    value: text('value').notNull(),
    nonce: bigint('nonce', { mode: 'bigint' }),
    gasLimit: text('gas_limit'),
    status: text('status').notNull(),
    txHash: text('tx_hash'),
    minedBlock: bigint('mined_block', { mode: 'bigint' }),
    /** Gas paid (wei), once mined. */
    gasCost: text('gas_cost'),
    /** Head height when the current attempt was sent (replacement after EVM_REPLACE_AFTER_BLOCKS). */
    sentAtBlock: bigint('sent_at_block', { mode: 'bigint' }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('custody_txs_ref_uq').on(t.chain, t.kind, t.ref),
    index('custody_txs_status_idx').on(t.chain, t.status),
  ],
);

/** Every signed version of an outgoing transaction (same nonce; at most one of them can be mined). */
export const custodyTxAttempts = pgTable(
  'custody_tx_attempts',
  {
    txId: bigint('tx_id', { mode: 'bigint' }).notNull(),
    attempt: integer('attempt').notNull(),
    txHash: text('tx_hash').notNull(),
    raw: text('raw').notNull(),
    maxFeePerGas: text('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: text('max_priority_fee_per_gas').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.txId, t.attempt] }),
    uniqueIndex('custody_tx_attempts_hash_uq').on(t.txHash),
  ],
);
