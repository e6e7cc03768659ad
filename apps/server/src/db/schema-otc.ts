// SQL tables of OTC / P2P trading (re-exported by ./schema.ts; docs/otc.md). The money of ads and orders
// lives in the money core (core/otc): these rows are the product's records (who, what price, which
// payment methods, the order's state and times, appeals). An order's core state is the truth for where
// its coins are; the row follows each accepted command.
import {
  bigint,
  bigserial,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 38, scale: 18, mode: 'string' });

/** One merchant application (and, once approved, the merchant) per user. */
export const otcMerchants = pgTable(
  'otc_merchants',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    /** Shown on ads and orders. */
    nickname: text('nickname').notNull(),
    /** 'pending' | 'approved' | 'rejected' */
    status: text('status').notNull(),
    /** The deposit frozen in the merchant account (type 8) when the settings ask for one. */
    depositAsset: text('deposit_asset'),
    depositAmount: money('deposit_amount'),
    /** The merchant's live channel key (spec: merchant object id and chatKey). */
    chatKey: text('chat_key').notNull(),
    rejectReason: text('reject_reason'),
    decidedBy: bigint('decided_by', { mode: 'bigint' }),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('otc_merchants_user_uq').on(t.userId),
    index('otc_merchants_status_idx').on(t.status, t.id),
  ],
);

/** A merchant's ad: 'sell' (the merchant sells coins; reserve frozen in the core) or 'buy'. */
export const otcAds = pgTable(
  'otc_ads',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    merchantId: bigint('merchant_id', { mode: 'bigint' }).notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    side: text('side').notNull(),
    asset: text('asset').notNull(),
    fiat: text('fiat').notNull(),
    /** 'fixed' | 'margin' (a percentage over the index price in the fiat) */
    priceType: text('price_type').notNull(),
    price: money('price').notNull(),
    margin: money('margin'),
    /** Coins offered in total and still available for new orders. */
    amount: money('amount').notNull(),
    remaining: money('remaining').notNull(),
    /** Per-order limits in fiat. */
    minFiat: money('min_fiat').notNull(),
    maxFiat: money('max_fiat').notNull(),
    /** Comma list of the merchant's payment method ids (sell ads: where buyers pay). */
    paymentIds: text('payment_ids').notNull(),
    /** Comma list of payment kinds accepted ('bank', 'ewallet'): the market filter. */
    paymentKinds: text('payment_kinds').notNull(),
    timeLimitMin: integer('time_limit_min').notNull(),
    terms: text('terms').notNull(),
    /** 'online' | 'paused' | 'closed' */
    status: text('status').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('otc_ads_market_idx').on(t.status, t.side, t.asset, t.fiat),
    index('otc_ads_merchant_idx').on(t.merchantId, t.id),
  ],
);

export const otcOrders = pgTable(
  'otc_orders',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    orderCode: text('order_code').notNull(),
    adId: bigint('ad_id', { mode: 'bigint' }).notNull(),
    merchantId: bigint('merchant_id', { mode: 'bigint' }).notNull(),
    merchantUserId: bigint('merchant_user_id', { mode: 'bigint' }).notNull(),
    /** The user who took the ad. */
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    buyerId: bigint('buyer_id', { mode: 'bigint' }).notNull(),
    sellerId: bigint('seller_id', { mode: 'bigint' }).notNull(),
    /** The taker's side: 'buy' (from a sell ad) | 'sell' (to a buy ad). */
    side: text('side').notNull(),
    asset: text('asset').notNull(),
    fiat: text('fiat').notNull(),
    price: money('price').notNull(),
    amount: money('amount').notNull(),
    total: money('total').notNull(),
    /** JSON: the seller's payment methods shown to the buyer (full account numbers; parties only). */
    payment: text('payment').notNull(),
    /** 'waiting' | 'paid' | 'appeal' | 'released' | 'cancelled' */
    status: text('status').notNull(),
    /** Payment deadline (ms since the epoch). */
    deadline: bigint('deadline', { mode: 'number' }).notNull(),
    chatKey: text('chat_key').notNull(),
    proof: text('proof'),
    /** 'buyer' | 'timeout' | 'appeal' */
    cancelReason: text('cancel_reason'),
    paidAt: ts('paid_at'),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('otc_orders_code_uq').on(t.orderCode),
    index('otc_orders_buyer_idx').on(t.buyerId, t.id),
    index('otc_orders_seller_idx').on(t.sellerId, t.id),
    index('otc_orders_status_idx').on(t.status, t.deadline),
  ],
);

export const otcAppeals = pgTable(
  'otc_appeals',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'bigint' }).notNull(),
    byUserId: bigint('by_user_id', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    /** 'open' | 'pending_approval' | 'resolved' */
    status: text('status').notNull(),
    /** 'buyer' | 'seller' */
    decision: text('decision'),
    decidedBy: bigint('decided_by', { mode: 'bigint' }),
    approvedBy: bigint('approved_by', { mode: 'bigint' }),
    note: text('note'),
    createdAt: ts('created_at').notNull(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    uniqueIndex('otc_appeals_order_uq').on(t.orderId),
    index('otc_appeals_status_idx').on(t.status, t.id),
  ],
);
