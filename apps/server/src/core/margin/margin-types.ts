// The spot-margin part's commands, events, errors and read view (docs/margin.md). Imported by
// core/types.ts into the Command and CoreEvent unions; plain JSON like every other command and event.
//
// A user has one cross margin account (ledger account type 'margin') and one isolated account per pair
// ('isolated:<symbol>', holding only that pair's base and quote). Loans come from the lending pool of
// their asset (the system account 'margin_lending_pool'); interest accrues hourly by `margin.accrue`.
// Prices never come from the core: every command that values an account carries the mark (index) prices
// it is to use, in the valuation asset (USDT), and they are journaled with it.

/** The ledger account types of margin: cross, and isolated per spot symbol (e.g. 'isolated:btcusdt'). */
export type MarginAccountType = 'margin' | `isolated:${string}`;

/**
 * The actor of the liquidator's commands: the only one whose spot orders a liquidating account may place
 * (it sells and buys back through the book); every other order from that account is ACCOUNT_LIQUIDATING.
 */
export const MARGIN_LIQUIDATOR_ACTOR = 'system:margin-liquidator';

/**
 * The lending pool of every asset, and margin's own insurance fund: it pays a liquidation's shortfall to
 * the pool and takes what the account still holds after one (a contra account: it may go negative).
 * Perpetuals have their own (`insurance_fund`), whose balance limits their payouts before deleveraging,
 * so a margin loss never reaches it.
 */
export const MARGIN_SYSTEM_ACCOUNTS = ['margin_lending_pool', 'margin_insurance_fund'] as const;

export const MARGIN_CORE_ERRORS = [
  /** The action would leave the account's margin level below what its leverage allows. */
  'MARGIN_LEVEL_TOO_LOW',
  /** Above what the account's equity and leverage allow, or what the pool can lend. */
  'BORROW_LIMIT_EXCEEDED',
  /** A repayment larger than what is owed (principal + interest). */
  'REPAY_EXCEEDS_DEBT',
  /** A leverage not among the configured choices. */
  'LEVERAGE_NOT_ALLOWED',
  /** A price needed to value the account was not given. */
  'MARGIN_PRICE_MISSING',
  /** Liquidation asked for an account whose level is above the liquidation level. */
  'NOT_LIQUIDATABLE',
  /**
   * The account is being liquidated: no borrowing, transfer, leverage change or order (but the
   * liquidator's) until it is settled.
   */
  'ACCOUNT_LIQUIDATING',
  /** Not an asset of this margin account, or margin not configured for it. */
  'MARGIN_ASSET_UNKNOWN',
  /** The hour was already accrued (or is not after the last one). */
  'ALREADY_ACCRUED',
  /** The account still has funds frozen by open orders. */
  'OPEN_ORDERS_EXIST',
] as const;

export interface MarginPairConfig {
  /** Spot symbol, lower case ('btcusdt'). */
  symbol: string;
  base: string;
  quote: string;
}

export interface MarginConfig {
  /** Below this level the user is warned (e.g. '1.3'). */
  callLevel: string;
  /** At or below this level the account is liquidated (e.g. '1.1'); below callLevel. */
  liquidationLevel: string;
  /** The cross account's leverage (e.g. 3). */
  crossLeverage: number;
  /** The leverages an isolated account may choose (e.g. [3, 5, 10]); the first is the default. */
  isolatedLeverages: number[];
  /** Pairs with isolated margin (their base and quote are the isolated account's assets). */
  pairs: MarginPairConfig[];
}

/** Asset -> mark price in the valuation asset (canonical decimal; the valuation asset itself is '1'). */
export type MarginPrices = Record<string, string>;

export type MarginCommand =
  | {
      /** Operator: levels, leverages and isolated pairs (replaces the whole configuration). */
      type: 'margin.configure';
      payload: MarginConfig;
    }
  | {
      /** Operator: an asset's lending terms; `hourlyRate` is a fraction per hour ('0.00001'). */
      type: 'margin.pool.set';
      payload: { asset: string; hourlyRate: string; enabled: boolean };
    }
  | {
      /** Operator: money into (amount > 0) or out of (< 0, only what is not lent) the lending pool. */
      type: 'margin.pool.fund';
      payload: { asset: string; amount: string; source: 'adjustment' | 'demo_funding'; ref: string };
    }
  | {
      /**
       * Between the user's spot account and a margin account. Out is refused while the account is
       * liquidating or when it would leave the level below what the leverage allows (at `prices`).
       */
      type: 'margin.transfer';
      payload: {
        userId: string;
        account: MarginAccountType;
        asset: string;
        amount: string;
        direction: 'in' | 'out';
        prices: MarginPrices;
      };
    }
  | {
      /** An isolated account's leverage (one of the configured choices). */
      type: 'margin.leverage';
      payload: { userId: string; account: MarginAccountType; leverage: number; prices: MarginPrices };
    }
  | {
      /** Borrow from the pool into the margin account (limits: equity x (leverage - 1), the pool). */
      type: 'margin.borrow';
      payload: {
        userId: string;
        account: MarginAccountType;
        asset: string;
        amount: string;
        prices: MarginPrices;
      };
    }
  | {
      /** Repay from the margin account's available balance: interest first, oldest loan first. */
      type: 'margin.repay';
      payload: { userId: string; account: MarginAccountType; asset: string; amount: string };
    }
  | {
      /**
       * Hourly interest: every open loan taken before `hourTs` (a whole hour, after the last accrued one)
       * owes outstanding principal x hourly rate more, rounded up to the asset's decimals.
       */
      type: 'margin.accrue';
      payload: { hourTs: number };
    }
  | {
      /** Marks an account whose level at `prices` is at or below the liquidation level as liquidating. */
      type: 'margin.liquidate.begin';
      payload: { userId: string; account: MarginAccountType; prices: MarginPrices };
    }
  | {
      /**
       * Ends a liquidation (after the liquidator sold through the book): repays every loan from the
       * account, interest first; what cannot be repaid is covered by the insurance fund, which then takes
       * whatever else is left in the account. Nothing is ever taken from another user.
       */
      type: 'margin.liquidate.settle';
      payload: { userId: string; account: MarginAccountType };
    };

export type MarginLoanStatus = 'open' | 'repaid' | 'liquidated';

/** A loan after a command that touched it (borrow, accrual, repayment, liquidation). */
export interface MarginLoanEvent {
  type: 'margin.loan';
  seq: number;
  loanId: string;
  userId: string;
  account: MarginAccountType;
  asset: string;
  /** Borrowed amount. */
  amount: string;
  /** Principal still owed. */
  principal: string;
  /** Interest accrued and not yet paid. */
  interest: string;
  /** Interest accrued over the loan's life. */
  interestTotal: string;
  hourlyRate: string;
  status: MarginLoanStatus;
  /** Covered by the insurance fund at liquidation (principal + interest), '0' otherwise. */
  covered: string;
  createdTs: number;
  ts: number;
}

/** A liquidation's outcome. */
export interface MarginLiquidationEvent {
  type: 'margin.liquidation';
  seq: number;
  userId: string;
  account: MarginAccountType;
  phase: 'begin' | 'settled';
  /** Per asset: what the insurance fund covered (settled only). */
  shortfall: Record<string, string>;
  /** Per asset: what the insurance fund took from the account after covering a shortfall. */
  recovered: Record<string, string>;
  ts: number;
}

export interface MarginLoanView {
  loanId: string;
  userId: string;
  account: MarginAccountType;
  asset: string;
  amount: string;
  principal: string;
  interest: string;
  interestTotal: string;
  hourlyRate: string;
  createdTs: number;
}

export interface MarginPoolView {
  asset: string;
  hourlyRate: string;
  enabled: boolean;
  /** What the pool holds (not lent). */
  balance: string;
  /** Principal lent out. */
  lent: string;
  /** Interest received. */
  interestEarned: string;
  /** Covered by the insurance fund. */
  covered: string;
}

/** What the rest of the server reads of margin (app.core.margin()). */
export interface MarginReader {
  config(): MarginConfig | undefined;
  pool(asset: string): MarginPoolView | undefined;
  pools(): MarginPoolView[];
  /** Open loans of a user (one account or all), oldest first. */
  loansOf(userId: string, account?: MarginAccountType): MarginLoanView[];
  /** All open loans (liquidation and interest jobs, console). */
  openAccounts(): { userId: string; account: MarginAccountType }[];
  leverageOf(userId: string, account: MarginAccountType): number;
  isLiquidating(userId: string, account: MarginAccountType): boolean;
  lastAccruedHour(): number;
}
