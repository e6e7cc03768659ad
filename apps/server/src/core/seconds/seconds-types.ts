// The seconds (speed) contract part's commands, events and read view (docs/seconds.md). Imported by
// core/types.ts into the Command and CoreEvent unions; plain JSON like every other command and event.
//
// A contract bets that the index price of a symbol is higher (rise) or lower (fall) at its expiry than at
// acceptance. Both prices are stored index ticks carried by the commands (the core never reads prices,
// the clock or a random source): the entry tick by `seconds.place`, the exit tick by `seconds.settle`,
// which names the first stored tick at or after the contracts' expiry. Nothing else decides an outcome.

/** A stored index tick as a command carries it: enough to find and check it in the tick record. */
export interface SecondsTick {
  /** `<symbol>:<time>` (the tick record's key: symbol and time are unique). */
  id: string;
  /** Milliseconds since the epoch. */
  time: number;
  /** The index price (canonical decimal). */
  price: string;
  /** The price sources the index was taken from ('simulator', or each source of a median). */
  sources: string[];
}

/** A period offered for seconds contracts (set by operators; the same terms for everyone). */
export interface SecondsPeriodConfig {
  /** Stable name, e.g. '30s': [a-z0-9_-]{1,32}. */
  periodId: string;
  /** Length of a contract in seconds (5 .. 86400). */
  durationSec: number;
  /** Profit of a win as a fraction of the stake ('0.8' = 80 %); 0 < rate <= 10. */
  rate: string;
  /** Smallest and largest stake, whole units of the stake asset. */
  minStake: string;
  maxStake: string;
  /** Disabled periods take no new orders; open contracts keep their own terms. */
  enabled: boolean;
  /** Display order (0 .. 10000). */
  sort: number;
}

export const SECONDS_DIRECTIONS = ['rise', 'fall'] as const;
export type SecondsDirection = (typeof SECONDS_DIRECTIONS)[number];

export interface SecondsPlace {
  userId: string;
  /** Lower case, e.g. 'btcusdt'. */
  symbol: string;
  direction: SecondsDirection;
  periodId: string;
  /** Whole units of `asset` (spec: the quantity is an integer). */
  stake: string;
  /** The stake asset (the market's quote, 'USDT'); held on the user's spot account. */
  asset: string;
  /** The index tick current at acceptance: the entry price. */
  tick: SecondsTick;
}

export interface SecondsSettle {
  symbol: string;
  /**
   * The command states that `tick` is the first stored tick of `symbol` at or after `from`. Every open
   * contract of the symbol expiring in [from, tick.time] therefore has `tick` as its first tick at or
   * after expiry: it settles on it when the tick is within the tolerance of its expiry, else it is void.
   */
  from: number;
  tick: SecondsTick;
}

export interface SecondsVoid {
  symbol: string;
  /** The command states that no tick of `symbol` is stored in [from, through]; through <= its ts. */
  from: number;
  through: number;
}

export interface SecondsPoolMove {
  /** The platform's house account whose spot balance funds the pool. */
  userId: string;
  asset: string;
  amount: string;
  /** 'in': house account -> pool; 'out': pool -> house account (never below the open exposure). */
  direction: 'in' | 'out';
}

export type SecondsCommand =
  | {
      /** Creates or replaces a period (operator, audited by the caller). */
      type: 'seconds.period';
      payload: SecondsPeriodConfig;
    }
  | {
      /** Opens a contract: freezes the stake, records the entry tick, reserves the payout. */
      type: 'seconds.place';
      payload: SecondsPlace;
    }
  | {
      /** Settles (or voids) the open contracts whose first tick at or after expiry is `tick`. */
      type: 'seconds.settle';
      payload: SecondsSettle;
    }
  | {
      /** Voids the open contracts with no tick within the tolerance of expiry: stakes returned. */
      type: 'seconds.void';
      payload: SecondsVoid;
    }
  | {
      /** Moves money between the house account and the seconds pool. */
      type: 'seconds.pool';
      payload: SecondsPoolMove;
    };

export const SECONDS_STATUSES = ['open', 'won', 'lost', 'draw', 'void'] as const;
export type SecondsStatus = (typeof SECONDS_STATUSES)[number];

/** The state of one contract after a command (placed, settled or voided). */
export interface SecondsOrderEvent {
  type: 'seconds.order';
  seq: number;
  /** The placing command's seq. */
  orderId: string;
  userId: string;
  symbol: string;
  direction: SecondsDirection;
  periodId: string;
  durationSec: number;
  rate: string;
  stake: string;
  /** Profit of a win (stake x rate, rounded down to the asset's decimals), reserved in the pool. */
  payout: string;
  asset: string;
  entry: SecondsTick;
  /** Acceptance time + duration (ms). */
  expiresAt: number;
  status: SecondsStatus;
  /** The settlement tick; null while open and for a void. */
  exit: SecondsTick | null;
  /** Signed: +payout (won), -stake (lost), 0 (draw, void, open). */
  profit: string;
  createdTs: number;
  /** The settling command's time; null while open. */
  settledTs: number | null;
}

/** The core's seconds state as the rest of the server reads it (money-core's `seconds()`). */
export interface SecondsReader {
  periods(): SecondsPeriodConfig[];
  period(periodId: string): SecondsPeriodConfig | undefined;
  /** A user's open contracts, newest first. */
  openOrdersOf(userId: string): SecondsOrderEvent[];
  openOrder(orderId: string): SecondsOrderEvent | undefined;
  openCount(): number;
  /** Symbols with open contracts and the earliest expiry of each. */
  nextExpiries(): { symbol: string; expiresAt: number }[];
  /** Sum of the payouts of the open contracts (what the pool must hold), per asset. */
  exposure(asset: string): string;
  /** Assets with open exposure or a pool balance. */
  assets(): string[];
}

/** Settlement tolerance: a contract settles on its first tick at or after expiry only when that tick is
 * at most this late; otherwise it is void and the stake is returned (never a guessed price). */
export const SECONDS_SETTLE_TOLERANCE_MS = 5_000;
/** The entry tick may be at most this old at acceptance (a stale index takes no orders). */
export const SECONDS_ENTRY_MAX_AGE_MS = 5_000;
/** Open contracts per user. */
export const SECONDS_MAX_OPEN_PER_USER = 200;
