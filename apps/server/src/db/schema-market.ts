// SQL tables of the market area (re-exported by ./schema.ts so drizzle-kit and the client see them).
// Coins and their USDT markets (operator-managed lists), stored index ticks (what settlements cite),
// persisted K-line bars (history survives restarts) and users' watchlists.
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

/** One row per asset, USDT included (the quote coin has no market of its own). */
export const marketCoins = pgTable('market_coins', {
  /** Lower case, e.g. 'btc'. */
  coin: text('coin').primaryKey(),
  name: text('name').notNull(),
  /** 1 crypto, 3 MT5 instrument (spec section 3). */
  coinType: smallint('coin_type').notNull().default(1),
  logo: text('logo'),
  /** Comma list of plate codes (dict coin_plate). */
  plate: text('plate').notNull().default(''),
  /** The simulator's starting price for a coin that was never priced; never a live override. */
  initialPrice: money('initial_price').notNull(),
  /** Annualized volatility of the simulator's geometric Brownian motion, e.g. '0.6'. */
  volatility: numeric('volatility', { precision: 10, scale: 6, mode: 'string' }).notNull(),
  /** Simulated 24 h quote turnover around which the simulator draws volume. */
  simDailyTurnover: money('sim_daily_turnover').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** A tradable pair; the three list flags are the spec's coinList (seconds), currencyList (spot), contractList. */
export const marketMarkets = pgTable('market_markets', {
  /** Lower case without separator, e.g. 'btcusdt'. */
  symbol: text('symbol').primaryKey(),
  coin: text('coin')
    .notNull()
    .references(() => marketCoins.coin),
  quote: text('quote').notNull(),
  /** Market id: lower case, except MT5 instruments keep their case ('XAUUSD'). */
  market: text('market').notNull(),
  showSymbol: text('show_symbol').notNull(),
  customizeFlag: smallint('customize_flag').notNull().default(1),
  priceDecimals: smallint('price_decimals').notNull(),
  qtyDecimals: smallint('qty_decimals').notNull(),
  /** Spot: smallest order quantity (a multiple of the lot); null means one lot. */
  minQty: numeric('min_qty', { precision: 38, scale: 18, mode: 'string' }),
  /** Spot: smallest order value in the quote; null means SPOT_MIN_NOTIONAL. */
  minNotional: numeric('min_notional', { precision: 38, scale: 18, mode: 'string' }),
  listSeconds: boolean('list_seconds').notNull().default(true),
  listSpot: boolean('list_spot').notNull().default(true),
  listContract: boolean('list_contract').notNull().default(true),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Every index tick (time, price, source), pruned after MARKET_TICK_RETENTION_HOURS. */
export const marketTicks = pgTable(
  'market_ticks',
  {
    symbol: text('symbol').notNull(),
    /** Milliseconds since the epoch. */
    time: bigint('time', { mode: 'number' }).notNull(),
    price: money('price').notNull(),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.time] }), index('market_ticks_time_idx').on(t.time)],
);

/** K-line bars of every interval; the open bar is upserted as it changes. */
export const marketKlines = pgTable(
  'market_klines',
  {
    symbol: text('symbol').notNull(),
    interval: text('interval').notNull(),
    /** Bar open time, ms. */
    time: bigint('time', { mode: 'number' }).notNull(),
    open: money('open').notNull(),
    high: money('high').notNull(),
    low: money('low').notNull(),
    close: money('close').notNull(),
    volume: money('volume').notNull(),
    amount: money('amount').notNull(),
    /** Built from simulator prices or simulated volume (or back-filled): shown with a label. */
    simulated: boolean('simulated').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.interval, t.time] })],
);

export const marketWatchlist = pgTable(
  'market_watchlist',
  {
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    symbol: text('symbol').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.symbol] })],
);
