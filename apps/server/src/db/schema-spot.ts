// SQL read models of spot trading (re-exported by ./schema.ts): every order's latest state and every
// trade, written by the projection from the core's spot events in batches (never on the acknowledgement
// path). The core's open orders are the truth for what is open now; these tables are the history.
import { bigint, index, numeric, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 38, scale: 18, mode: 'string' });

/** One row per order, upserted with its latest state (status 0 open, 1 filled, 2 cancelled). */
export const spotOrders = pgTable(
  'spot_orders',
  {
    /** The order id: the seq of the command that placed it. */
    id: bigint('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    type: text('type').notNull(),
    timeInForce: text('time_in_force').notNull(),
    price: money('price'),
    quantity: money('quantity'),
    quoteQuantity: money('quote_quantity'),
    filledQty: money('filled_qty').notNull(),
    filledQuote: money('filled_quote').notNull(),
    fee: money('fee').notNull(),
    feeAsset: text('fee_asset').notNull(),
    status: smallint('status').notNull(),
    cancelReason: text('cancel_reason'),
    clientOrderId: text('client_order_id'),
    /** The account the order drew on: 'spot', 'margin' or 'isolated:<symbol>' (docs/margin.md). */
    account: text('account').notNull().default('spot'),
    /** The seq of the last command that changed the order (a replayed older event never wins). */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('spot_orders_user_idx').on(t.userId, t.id),
    index('spot_orders_user_symbol_idx').on(t.userId, t.symbol, t.id),
    index('spot_orders_user_status_idx').on(t.userId, t.status, t.id),
  ],
);

/** One row per fill. */
export const spotTrades = pgTable(
  'spot_trades',
  {
    /** `<seq>-<n>` */
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    symbol: text('symbol').notNull(),
    price: money('price').notNull(),
    qty: money('qty').notNull(),
    quoteQty: money('quote_qty').notNull(),
    takerSide: text('taker_side').notNull(),
    makerOrderId: bigint('maker_order_id', { mode: 'bigint' }).notNull(),
    takerOrderId: bigint('taker_order_id', { mode: 'bigint' }).notNull(),
    makerUserId: bigint('maker_user_id', { mode: 'bigint' }).notNull(),
    takerUserId: bigint('taker_user_id', { mode: 'bigint' }).notNull(),
    makerFee: money('maker_fee').notNull(),
    takerFee: money('taker_fee').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('spot_trades_maker_order_idx').on(t.makerOrderId),
    index('spot_trades_taker_order_idx').on(t.takerOrderId),
    index('spot_trades_maker_user_idx').on(t.makerUserId, t.seq),
    index('spot_trades_taker_user_idx').on(t.takerUserId, t.seq),
    index('spot_trades_symbol_idx').on(t.symbol, t.seq),
  ],
);

/** The status codes of spot_orders.status (the spec: waiting deal, fully dealt, cancelled). */
export const SPOT_STATUS = { open: 0, filled: 1, cancelled: 2 } as const;

export type SpotOrderRow = typeof spotOrders.$inferSelect;
export type SpotTradeRow = typeof spotTrades.$inferSelect;
