// SQL read models of perpetual contracts (re-exported by ./schema.ts), written by the projection from the
// core's contract events in batches, never on the acknowledgement path (docs/contracts.md "History").
// The core's open orders and positions are the truth for what is open now; these tables are the history:
// every order's latest state, every public trade (the K-lines of the last price), every position's latest
// state (closed or liquidated ones stay), every liquidation and every funding payment.
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 38, scale: 18, mode: 'string' });

/** One row per order, upserted with its latest state (status 0 open, 1 filled, 2 cancelled). */
export const contractOrders = pgTable(
  'contract_orders',
  {
    /** The core's order id (the seq of the command that placed it, or a derived id for liquidations). */
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    symbol: text('symbol').notNull(),
    /** 1 open long, 2 open short, 3 close long, 4 close short. */
    direction: smallint('direction').notNull(),
    /** limit, market, liquidation, tp, sl */
    orderType: text('order_type').notNull(),
    price: money('price'),
    /** A stop (trigger) order's mark trigger and what it placed (kept after it fired). */
    triggerPrice: money('trigger_price'),
    triggerType: text('trigger_type'),
    quantity: money('quantity').notNull(),
    filledQty: money('filled_qty').notNull(),
    filledValue: money('filled_value').notNull(),
    fee: money('fee').notNull(),
    profit: money('profit').notNull(),
    leverage: integer('leverage').notNull(),
    status: smallint('status').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('contract_orders_user_idx').on(t.userId, t.status, t.createdAt)],
);

/** Every trade of the contract books (public: no user), inserted once. */
export const contractTrades = pgTable(
  'contract_trades',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    symbol: text('symbol').notNull(),
    price: money('price').notNull(),
    qty: money('qty').notNull(),
    takerSide: text('taker_side').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('contract_trades_symbol_idx').on(t.symbol, t.createdAt)],
);

/** One row per position with its latest state; a closed position keeps its entry price and largest size. */
export const contractPositions = pgTable(
  'contract_positions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    mode: text('mode').notNull(),
    leverage: integer('leverage').notNull(),
    qty: money('qty').notNull(),
    /** The largest quantity the position held. */
    maxQty: money('max_qty').notNull(),
    avgPrice: money('avg_price').notNull(),
    margin: money('margin').notNull(),
    realizedPnl: money('realized_pnl').notNull(),
    /** open, closed, liquidated */
    status: text('status').notNull(),
    /** Liquidated: the tick whose mark crossed, that mark and the bankruptcy price. */
    tickId: text('tick_id'),
    closeMark: money('close_mark'),
    bankruptcyPrice: money('bankruptcy_price'),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    openedAt: ts('opened_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('contract_positions_user_idx').on(t.userId, t.status, t.updatedAt)],
);

/** Every liquidation as the core stated it (the console's recent liquidations). */
export const contractLiquidations = pgTable(
  'contract_liquidations',
  {
    seq: bigint('seq', { mode: 'number' }).notNull(),
    positionId: bigint('position_id', { mode: 'bigint' }).notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    qty: money('qty').notNull(),
    tickId: text('tick_id').notNull(),
    mark: money('mark').notNull(),
    bankruptcyPrice: money('bankruptcy_price').notNull(),
    bookQty: money('book_qty').notNull(),
    adlQty: money('adl_qty').notNull(),
    /** What the insurance fund got (negative: what it paid). */
    insurance: money('insurance').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seq, t.positionId] }),
    index('contract_liquidations_time_idx').on(t.createdAt),
  ],
);

/** Every funding payment (signed: negative paid, positive received) of a position. */
export const contractFunding = pgTable(
  'contract_funding',
  {
    seq: bigint('seq', { mode: 'number' }).notNull(),
    positionId: bigint('position_id', { mode: 'bigint' }).notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    symbol: text('symbol').notNull(),
    rate: money('rate').notNull(),
    mark: money('mark').notNull(),
    amount: money('amount').notNull(),
    /** The end of the settled interval. */
    fundingAt: ts('funding_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seq, t.positionId] }),
    index('contract_funding_user_idx').on(t.userId, t.fundingAt),
  ],
);

/** The users' own fills: one row per user side of a contract trade (maker and taker), inserted once. */
export const contractFills = pgTable(
  'contract_fills',
  {
    /** The trade (`<seq>-<n>`, as in contract_trades). */
    tradeId: text('trade_id').notNull(),
    /** maker or taker */
    role: text('role').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    orderId: text('order_id').notNull(),
    symbol: text('symbol').notNull(),
    /** The order's direction: 1 open long, 2 open short, 3 close long, 4 close short. */
    direction: smallint('direction').notNull(),
    price: money('price').notNull(),
    qty: money('qty').notNull(),
    fee: money('fee').notNull(),
    /** Profit realized by a closing fill before its fee (0 for an opening fill). */
    pnl: money('pnl').notNull(),
    /** The taker side is a liquidation order. */
    liquidation: boolean('liquidation').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tradeId, t.role] }),
    index('contract_fills_user_idx').on(t.userId, t.createdAt),
    index('contract_fills_user_symbol_idx').on(t.userId, t.symbol, t.createdAt),
  ],
);

/**
 * Mark-price bars of the contract markets (docs/contracts.md "K-lines"): every contract tick's mark folded
 * into bars of every interval by the process that runs the contract passes, written every few seconds and
 * loaded again on start, so the mark chart survives a restart. Not a projection of core events: the marks
 * are the core's after each tick, read by the pass.
 */
export const contractMarkKlines = pgTable(
  'contract_mark_klines',
  {
    symbol: text('symbol').notNull(),
    interval: text('interval').notNull(),
    /** Bar open time, ms. */
    time: bigint('time', { mode: 'number' }).notNull(),
    open: money('open').notNull(),
    high: money('high').notNull(),
    low: money('low').notNull(),
    close: money('close').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.interval, t.time] })],
);
