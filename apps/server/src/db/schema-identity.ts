// SQL tables of identity certification, bank cards, payment methods, agents, computed grades and the
// referral rebate read model (docs/identity.md; re-exported by ./schema.ts). Identity documents and
// account numbers are stored encrypted (lib/pii-crypto via modules/identity/pii.ts): the `*_enc`
// columns hold AES-256-GCM ciphertext, `*_hash` a keyed HMAC for duplicate checks, `*_last4` what a
// masked display needs. Rebates themselves are money: they are core postings; this table is their
// projection, written with the bills in the same transaction.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 38, scale: 18, mode: 'string' });

/**
 * One certification request (level 'primary' or 'advanced'); status 0 under review, 1 passed, 2 failed
 * (with `reason`). A user has at most one request under review or passed per level (partial unique
 * index); a failed one may be followed by a new request. An ID number can be under review or certified
 * on one account only (unique keyed hash).
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    level: text('level').notNull(),
    status: smallint('status').notNull(),
    /** Primary: the real name, country, card type and the encrypted ID number. */
    name: text('name'),
    country: text('country'),
    cardType: text('card_type'),
    idNumberEnc: text('id_number_enc'),
    idNumberHash: text('id_number_hash'),
    idNumberLast4: text('id_number_last4'),
    /** Advanced: upload names of the front, back and holding photos. */
    front: text('front'),
    back: text('back'),
    hold: text('hold'),
    reason: text('reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'bigint' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('kyc_submissions_user_idx').on(t.userId, t.level, t.id),
    index('kyc_submissions_status_idx').on(t.status, t.id),
    uniqueIndex('kyc_submissions_open_uq').on(t.userId, t.level).where(sql`${t.status} in (0, 1)`),
    uniqueIndex('kyc_submissions_id_number_uq')
      .on(t.idNumberHash)
      .where(sql`${t.level} = 'primary' and ${t.status} in (0, 1)`),
  ],
);

/** The one bank card of a user (spec section 3): immutable once saved (the primary key refuses a second). */
export const userBankCards = pgTable('user_bank_cards', {
  userId: bigint('user_id', { mode: 'bigint' }).primaryKey(),
  cardNoEnc: text('card_no_enc').notNull(),
  cardNoLast4: text('card_no_last4').notNull(),
  bankName: text('bank_name').notNull(),
  bankAddress: text('bank_address'),
  swiftCode: text('swift_code'),
  branchName: text('branch_name'),
  homeAddress: text('home_address'),
  createdAt: ts('created_at').notNull(),
});

/** Payment methods for peer-to-peer trading: kind 'bank' or 'ewallet'. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    kind: text('kind').notNull(),
    holderName: text('holder_name').notNull(),
    /** The bank name (kind bank) or the e-wallet provider (kind ewallet). */
    provider: text('provider').notNull(),
    accountEnc: text('account_enc').notNull(),
    accountLast4: text('account_last4').notNull(),
    branchName: text('branch_name'),
    qrCode: text('qr_code'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('payment_methods_user_idx').on(t.userId, t.id)],
);

/** Agents: granted and revoked by operators (audited); an agent sees its team's volumes. */
export const agents = pgTable('agents', {
  userId: bigint('user_id', { mode: 'bigint' }).primaryKey(),
  /** 'active' or 'revoked'. */
  status: text('status').notNull(),
  note: text('note'),
  grantedBy: bigint('granted_by', { mode: 'bigint' }).notNull(),
  grantedAt: ts('granted_at').notNull(),
  revokedBy: bigint('revoked_by', { mode: 'bigint' }),
  revokedAt: ts('revoked_at'),
});

/**
 * The inputs and outcome of each user's last grade computation (the rule is the `tiers` setting):
 * what the user centre shows as "why this tier". users.tier and users.grade carry the outcome.
 */
export const userGrades = pgTable('user_grades', {
  userId: bigint('user_id', { mode: 'bigint' }).primaryKey(),
  tier: text('tier').notNull(),
  grade: text('grade').notNull(),
  volume30d: money('volume_30d').notNull(),
  balance: money('balance').notNull(),
  computedAt: ts('computed_at').notNull(),
});

/**
 * Referral rebates as the core paid them (core events `referral.rebate`): one row per rebate posting,
 * keyed by the command's seq and the posting's index, so a replayed batch writes nothing twice.
 */
export const referralRebates = pgTable(
  'referral_rebates',
  {
    seq: bigint('seq', { mode: 'number' }).notNull(),
    postingIdx: integer('posting_idx').notNull(),
    beneficiaryId: bigint('beneficiary_id', { mode: 'bigint' }).notNull(),
    payerId: bigint('payer_id', { mode: 'bigint' }).notNull(),
    generation: smallint('generation').notNull(),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    /** The command type that charged the fee (spot.place, swap, withdraw.complete ...). */
    source: text('source').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seq, t.postingIdx] }),
    index('referral_rebates_beneficiary_idx').on(t.beneficiaryId, t.createdAt),
    index('referral_rebates_pair_idx').on(t.beneficiaryId, t.payerId),
  ],
);
