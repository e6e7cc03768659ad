// The contracts part's commands, events, errors and read view (docs/contracts.md). Imported by
// core/types.ts into the Command, CoreEvent and CORE_ERRORS unions; plain JSON like every other command.
//
// Perpetual contracts, U-based (linear: margin and profit in the quote, e.g. BTCUSDT in USDT) and
// coin-margined (inverse: margin and profit in the base, e.g. BTCUSD in BTC), on books of the spot
// matching engine (core/spot/order-book.ts). Hedge mode: a user has at most one long and one short
// position per market. Prices the risk engine uses are stored index ticks carried by `contract.tick`.

/** A stored index tick as a command carries it (the same shape as the seconds part's ticks). */
export interface ContractTick {
  /** `<symbol>:<time>`. */
  id: string;
  time: number;
  /** The index price (canonical decimal). */
  price: string;
  sources: string[];
}

/** One maintenance-margin tier: positions whose entry cost is at most `maxNotional` (settle asset). */
export interface ContractTier {
  maxNotional: string;
  /** Maintenance margin rate ('0.005' = 0.5 %). */
  mmr: string;
  /** Largest leverage for a position in this tier. */
  maxLeverage: number;
}

export interface ContractMarketConfig {
  /** Lower case, e.g. 'btcusdt' (linear) or 'btcusd' (inverse). */
  symbol: string;
  kind: 'linear' | 'inverse';
  base: string;
  quote: string;
  /** Places of the price (tick = 10^-priceDecimals of the quote). */
  priceDecimals: number;
  /** Places of the quantity in contracts (lot = 10^-qtyDecimals contracts). */
  qtyDecimals: number;
  /** One contract: linear, in the base (e.g. '0.001' BTC); inverse, in the quote (e.g. '100' USD). */
  contractSize: string;
  /** Smallest order quantity in contracts. */
  minQty: string;
  maxLeverage: number;
  /** Ascending by maxNotional; the last tier covers everything above. */
  tiers: ContractTier[];
  makerFeeRate: string;
  takerFeeRate: string;
  /** Market orders and liquidations take the book at most this far from the mark ('0.05' = 5 %). */
  marketProtection: string;
  /** How far the mark's basis may stray from the index ('0.005'). */
  markBand: string;
  fundingIntervalMs: number;
  /** Cap of one funding rate ('0.0075'). */
  fundingCap: string;
  /** Interest component of the funding rate per interval ('0.0001'). */
  interestRate: string;
  status: 'trading' | 'halted';
}

/** Direction codes of spec section 3: above 2 means close. */
export const CONTRACT_DIRECTIONS = [1, 2, 3, 4] as const;
/** 1 open long (buy), 2 open short (sell), 3 close long (sell), 4 close short (buy). */
export type ContractDirection = (typeof CONTRACT_DIRECTIONS)[number];
export type PositionSide = 'long' | 'short';
export type MarginMode = 'cross' | 'isolated';

export interface ContractPlace {
  userId: string;
  symbol: string;
  direction: ContractDirection;
  type: 'limit' | 'market';
  price?: string;
  /** Contracts. */
  quantity: string;
  /** A stop order: rests in the core until the mark reaches this price (a buy when the mark rises to it,
   * a sell when it falls to it), then places the limit or market order `type`. */
  triggerPrice?: string;
}

export type ContractCommand =
  | { type: 'contract.market'; payload: ContractMarketConfig }
  | {
      /** Leverage and margin mode of a user on a market (mode only while flat with no open order). */
      type: 'contract.leverage';
      payload: { userId: string; symbol: string; leverage: number; mode: MarginMode };
    }
  | { type: 'contract.place'; payload: ContractPlace }
  | { type: 'contract.cancel'; payload: { userId: string; symbol: string; orderId: string } }
  | {
      /** Adds margin to (or takes it from) a position; a reduction never below the initial margin. */
      type: 'contract.margin';
      payload: { userId: string; positionId: string; amount: string; flag: 'add' | 'reduce' };
    }
  | {
      /** Take-profit and stop-loss mark prices of a position (null clears one). */
      type: 'contract.tpsl';
      payload: { userId: string; positionId: string; takeProfit: string | null; stopLoss: string | null };
    }
  | {
      /** A stored index tick: the mark is updated, TP/SL fire, crossed positions are liquidated. */
      type: 'contract.tick';
      payload: { symbol: string; tick: ContractTick };
    }
  | {
      /** Settles the funding interval ending at `at` (a multiple of the interval, at most the command time). */
      type: 'contract.funding';
      payload: { symbol: string; at: number };
    }
  | {
      /** Moves money from a (house) user's contract account into the insurance fund. */
      type: 'contract.insurance';
      payload: { userId: string; asset: string; amount: string };
    };

export const CONTRACT_CORE_ERRORS = [
  'LEVERAGE_TOO_HIGH',
  'REDUCE_ONLY_WOULD_OPEN',
  'POSITION_NOT_FOUND',
  'MARGIN_BELOW_INITIAL',
  'TPSL_WRONG_SIDE',
  'MODE_LOCKED',
  'FUNDING_NOT_DUE',
  'TICK_STALE',
  'TRIGGER_WRONG_SIDE',
] as const;

export type ContractOrderStatus = 'open' | 'filled' | 'cancelled';

export interface ContractOrderEvent {
  type: 'contract.order';
  seq: number;
  orderId: string;
  userId: string;
  symbol: string;
  direction: ContractDirection;
  orderType: 'limit' | 'market' | 'liquidation' | 'tp' | 'sl' | 'trigger';
  price: string | null;
  /** A resting stop order (orderType 'trigger'): its mark trigger and what it places when it fires. */
  triggerPrice?: string;
  triggerType?: 'limit' | 'market';
  quantity: string;
  filledQty: string;
  /** Settle-asset value of the fills. */
  filledValue: string;
  fee: string;
  leverage: number;
  status: ContractOrderStatus;
  /** Profit realized by the fills of a close order. */
  profit: string;
  createdTs: number;
  ts: number;
}

export interface ContractTradeEvent {
  type: 'contract.trade';
  seq: number;
  tradeId: string;
  symbol: string;
  price: string;
  qty: string;
  takerSide: 'buy' | 'sell';
  /** Who traded (the users' own fills, docs/contracts.md "History"): the resting order's side and the
   * incoming one's; for a liquidation the taker is its liquidation order (id `-positionId`). */
  maker: ContractFillSide;
  taker: ContractFillSide;
  /** The taker is a liquidation order. */
  liquidation: boolean;
  ts: number;
}

/**
 * An auto-deleveraging close: what the book did not take of a liquidated position closes against an
 * opposite position at the bankruptcy price. Not a trade of the book (no public trade, no K-line); both
 * users' own fills (docs/contracts.md "History").
 */
export interface ContractAdlEvent {
  type: 'contract.adl';
  seq: number;
  /** `<seq>-adl<n>`, n from 1 within the command. */
  tradeId: string;
  symbol: string;
  /** The bankruptcy price. */
  price: string;
  qty: string;
  /** The liquidation order's side (id `-positionId`, fee 0). */
  liquidated: ContractFillSide;
  /** The deleveraged position's side: order id `adl-<positionId>`, its closing direction, fee 0. */
  counterparty: ContractFillSide;
  ts: number;
}

/** One side of a fill. */
export interface ContractFillSide {
  orderId: string;
  userId: string;
  direction: ContractDirection;
  /** Fee of this fill (settle asset). */
  fee: string;
  /** Profit realized by this fill before its fee (a close; '0' for an opening fill). */
  pnl: string;
}

/** The state of a position after a command touched it (quantity 0: closed). */
export interface ContractPositionEvent {
  type: 'contract.position';
  seq: number;
  position: ContractPositionView;
}

export interface ContractLiquidationEvent {
  type: 'contract.liquidation';
  seq: number;
  symbol: string;
  positionId: string;
  userId: string;
  side: PositionSide;
  qty: string;
  /** The tick whose mark crossed. */
  tickId: string;
  mark: string;
  bankruptcyPrice: string;
  /** Filled in the book / closed against opposite positions by auto-deleveraging. */
  bookQty: string;
  adlQty: string;
  /** What the insurance fund got (negative: what it paid). */
  insurance: string;
  ts: number;
}

export interface ContractFundingEvent {
  type: 'contract.funding';
  seq: number;
  symbol: string;
  at: number;
  rate: string;
  mark: string;
  /** Total paid by the paying side and received by the other (equal). */
  total: string;
  /** [positionId, userId, signed amount] per position. */
  payments: [string, string, string][];
}

/** A market's mark price after a stored index tick (every tick, whether or not anything fired): what the
 * mark-price bars of every process (a cluster gateway's replica included) are built from. */
export interface ContractMarkEvent {
  type: 'contract.mark';
  seq: number;
  symbol: string;
  /** The tick's id and time (ms), as stored. */
  tickId: string;
  time: number;
  mark: string;
}

export type ContractEvent =
  | ContractMarkEvent
  | ContractOrderEvent
  | ContractTradeEvent
  | ContractAdlEvent
  | ContractPositionEvent
  | ContractLiquidationEvent
  | ContractFundingEvent;

export interface ContractPositionView {
  positionId: string;
  userId: string;
  symbol: string;
  side: PositionSide;
  mode: MarginMode;
  leverage: number;
  /** Contracts held. */
  qty: string;
  /** Settle-asset value at entry (sum of fills' values). */
  entryValue: string;
  avgPrice: string;
  margin: string;
  /** Contracts committed to open close orders. */
  closing: string;
  realizedPnl: string;
  takeProfit: string | null;
  stopLoss: string | null;
  /** Expected liquidation price (null: the position cannot be liquidated). */
  liquidationPrice: string | null;
  openedTs: number;
  ts: number;
}

export interface ContractMarketView {
  config: ContractMarketConfig;
  settle: string;
  mark: string | null;
  index: string | null;
  /** The tick the mark was last taken from. */
  tickId: string | null;
  lastPrice: string | null;
  /** Contracts, equal on both sides. */
  openInterest: string;
  /** Last funding settlement time and the next one's estimated rate. */
  lastFundingAt: number;
  predictedFundingRate: string;
  lastFundingRate: string;
}

export interface ContractOrderView {
  orderId: string;
  userId: string;
  symbol: string;
  direction: ContractDirection;
  /** 'trigger': a resting stop order, `triggerPrice` and `triggerType` say when it fires and what it
   * places then (`price` is its limit, or the trigger price for a stop market). */
  type: 'limit' | 'market' | 'trigger';
  price: string;
  triggerPrice: string | null;
  triggerType: 'limit' | 'market' | null;
  quantity: string;
  filledQty: string;
  hold: string;
  leverage: number;
  createdTs: number;
}

/** What the rest of the server reads of the contracts part (through MoneyCore.contracts()). */
export interface ContractsReader {
  markets(): ContractMarketView[];
  market(symbol: string): ContractMarketView | undefined;
  positionsOf(userId: string, symbol?: string): ContractPositionView[];
  position(positionId: string): ContractPositionView | undefined;
  openOrdersOf(userId: string, symbol?: string): ContractOrderView[];
  openOrder(orderId: string): ContractOrderView | undefined;
  settingsOf(userId: string, symbol: string): { leverage: number; mode: MarginMode };
  depth(symbol: string, limit: number): { bids: [string, string][]; asks: [string, string][] } | undefined;
  /** Positions of a market ranked for auto-deleveraging, most profitable first (published ranking). */
  adlRanking(symbol: string, side: PositionSide): { positionId: string; score: string }[];
}
