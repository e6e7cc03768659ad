// The money core's public contract: commands in, events out (DESIGN section 3). Everything here is
// plain data that survives JSON (amounts are canonical decimal strings), because commands are journaled
// and events are projected. The core never reads the clock: `ts` comes with the command.
//
// Owned by the money-core work. Other areas read these types and call the runtime in
// ../journal/money-core.ts; they never change balances any other way.

import type { ContractCommand, ContractEvent, ContractsReader } from './contracts/contract-types';
import { CONTRACT_CORE_ERRORS } from './contracts/contract-types';
import {
  EARN_CORE_ERRORS,
  EARN_SYSTEM_ACCOUNTS,
  type EarnCommandBody,
  type EarnEvent,
} from './earn/earn-commands';
import type { EarnReader } from './earn/earn-view';
import {
  MARGIN_CORE_ERRORS,
  MARGIN_SYSTEM_ACCOUNTS,
  type MarginAccountType,
  type MarginCommand,
  type MarginLiquidationEvent,
  type MarginLoanEvent,
  type MarginReader,
} from './margin/margin-types';
import { OTC_CORE_ERRORS, type OtcCommand, type OtcReader } from './otc/otc-types';
import type { ReferralCommandBody, ReferralRebateEvent } from './referral/referral-types';
import type { SecondsCommand, SecondsOrderEvent, SecondsReader } from './seconds/seconds-types';

/** Decimal string with at most 18 fraction digits, no exponent, no sign unless stated ("12.5"). */
export type DecimalString = string;

/** The account kinds of a user (wire codes in ACCOUNT_TYPE_CODES; '0' is the total-assets view only). */
export const ACCOUNT_TYPES = ['spot', 'contract', 'finance', 'merchant'] as const;
/**
 * The ledger's account types: the wallet's (ACCOUNT_TYPES, which `transfer` and `adjust` take) and the
 * margin accounts (core/margin: 'margin' cross, 'isolated:<symbol>'), moved only by margin commands.
 */
export type AccountType = WalletAccountType | MarginAccountType;
/** The account types of the wallet's own commands (`transfer`, `adjust`). */
export type WalletAccountType = (typeof ACCOUNT_TYPES)[number];

/** Wire codes used by getMyBalance?type= and the wallet pages. '8' is shown only when is_merchant is 2. */
export const ACCOUNT_TYPE_CODES = {
  total: '0',
  spot: '1',
  contract: '2',
  finance: '3',
  merchant: '8',
  /** Cross margin (core/margin). */
  margin: '4',
  /** Isolated margin: '5' with the pair's symbol ('5:btcusdt' on the wire, docs/margin.md). */
  isolated: '5',
} as const;

/** The wire code of any ledger account type (isolated margin: '5:<symbol>'). */
export function wireCodeOf(type: AccountType): string {
  if (type.startsWith('isolated:')) return `5:${type.slice('isolated:'.length)}`;
  return ACCOUNT_TYPE_CODES[type as keyof typeof ACCOUNT_TYPE_CODES];
}

/** Named system accounts: the other side of every posting. Their balances may be negative (contra). */
export const SYSTEM_ACCOUNTS = [
  'deposit_clearing',
  'withdrawal_clearing',
  'fee_revenue',
  'security_fund',
  'insurance_fund',
  'swap_desk',
  'adjustment',
  'contract_pool',
  'otc_escrow',
  /** Where the demo's labelled play money comes from (the market maker's funding); never a real asset. */
  'demo_funding',
  /** The seconds-contract pool: losing stakes in, winning payouts out (core/seconds). */
  'seconds_pool',
  // earn: the funded pools and the gas account (core/earn)
  ...EARN_SYSTEM_ACCOUNTS,
  // margin: the lending pool of every asset (core/margin)
  ...MARGIN_SYSTEM_ACCOUNTS,
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef =
  | { kind: 'user'; userId: string; accountType: AccountType }
  | { kind: 'system'; name: SystemAccount };

export interface CommandBase {
  /** Idempotency key: a repeat with the same payload returns the first result; a different payload is rejected. */
  id: string;
  /** Who acts: a user id, or `op:<operatorId>` for operator actions. */
  actor: string;
  /** Milliseconds since the epoch, supplied by the caller (the core never reads the clock). */
  ts: number;
}

export type Command = CommandBase &
  (
    | {
        /** Credit a confirmed deposit (chain output or approved manual recharge) to the user's spot account. */
        type: 'deposit.credit';
        payload: { userId: string; asset: string; amount: DecimalString; ref: string };
      }
    | {
        /** Freeze amount + fee for a withdrawal request (a hold keyed by withdrawalId). */
        type: 'withdraw.freeze';
        payload: {
          userId: string;
          asset: string;
          amount: DecimalString;
          fee: DecimalString;
          withdrawalId: string;
        };
      }
    | {
        /** Pay out an approved withdrawal: amount to withdrawal clearing, fee split 90/10 fee revenue / security fund. */
        type: 'withdraw.complete';
        payload: {
          withdrawalId: string;
          /**
           * The asset's decimals (0..18): the fee split is done in whole units of this precision, the
           * remainder to fee revenue. Absent = 18 (commands journaled before it existed replay unchanged).
           */
          decimals?: number;
        };
      }
    | {
        /** Return a withdrawal's hold to available exactly once (rejected by an operator or cancelled by the user). */
        type: 'withdraw.release';
        payload: { withdrawalId: string; reason: 'rejected' | 'cancelled' };
      }
    | {
        /** Move available funds between two of the user's account types. */
        type: 'transfer';
        payload: { userId: string; asset: string; amount: DecimalString; from: AccountType; to: AccountType };
      }
    | {
        /**
         * Convert in the spot account at a quoted index price against the swap desk:
         * receive = amount * price, fee = receive * feeRate (charged in toAsset, split 90/10).
         */
        type: 'swap';
        payload: {
          userId: string;
          fromAsset: string;
          toAsset: string;
          amount: DecimalString;
          price: DecimalString;
          feeRate: DecimalString;
          /** Where the price came from (index tick time and source), kept for the record. */
          priceRef: string;
          /**
           * toAsset's decimals (0..18): receive rounds down and the fee up to this precision, and the fee
           * split is done at it. Absent = 18 (commands journaled before it existed replay unchanged).
           */
          toDecimals?: number;
        };
      }
    | {
        /**
         * The ledger's limits of an asset: its decimals (amounts with more are refused) and the largest
         * amount of one operation (AMOUNT_TOO_LARGE above it). Sent by the wallet at start for every asset
         * whose configuration changed; an asset never configured has only the NUMERIC(38,18) bound.
         */
        type: 'asset.configure';
        payload: { asset: string; decimals: number; maxAmount: DecimalString };
      }
    | {
        /**
         * Configures a spot market (core/spot): tick = 10^-priceDecimals of the quote, lot =
         * 10^-qtyDecimals of the base; priceDecimals + qtyDecimals may not exceed the quote's decimals
         * (so every notional is exact in the quote asset). Tick and lot change only while the book is
         * empty; fees, minimums, protection and status any time.
         */
        type: 'spot.market';
        payload: SpotMarketConfig;
      }
    | {
        /** Places a spot order for a user (see SpotPlace). */
        type: 'spot.place';
        payload: SpotPlace;
      }
    | {
        /** Cancels a user's open order by order id or client order id. */
        type: 'spot.cancel';
        payload: { userId: string; symbol: string; orderId?: string; clientOrderId?: string };
      }
    | {
        /**
         * Labelled demo money for a platform account of the embedded demo (the market maker), from the
         * `demo_funding` system account: visible as such in every posting, never a deposit.
         */
        type: 'demo.fund';
        payload: { userId: string; asset: string; amount: DecimalString; ref: string };
      }
    | {
        /** Operator balance adjustment (already approved by a second operator); signed amount. */
        type: 'adjust';
        payload: {
          userId: string;
          asset: string;
          accountType: AccountType;
          amount: DecimalString;
          ref: string;
        };
      }
    // seconds contracts (core/seconds/seconds-types.ts)
    | SecondsCommand
    // earn: pledge, finance, loans, DeFi (core/earn/earn-commands.ts)
    | EarnCommandBody
    | ReferralCommandBody
    // OTC: merchant deposits, ad reserves, order escrow (core/otc/otc-types.ts)
    | OtcCommand
    // spot margin (core/margin/margin-types.ts)
    | MarginCommand
    // perpetual contracts (core/contracts/contract-types.ts)
    | ContractCommand
  );

export type CommandType = Command['type'];

export interface SpotMarketConfig {
  /** Lower case without separator, e.g. 'btcusdt'. */
  symbol: string;
  base: string;
  quote: string;
  priceDecimals: number;
  qtyDecimals: number;
  /** Smallest order quantity in the base (a multiple of the lot). */
  minQty: DecimalString;
  /** Smallest order value in the quote. */
  minNotional: DecimalString;
  makerFeeRate: DecimalString;
  takerFeeRate: DecimalString;
  /**
   * Market-order protection: a market buy takes asks up to best ask x (1 + this), a sell bids down to
   * best bid x (1 - this); the rest of the order is cancelled, its frozen funds released.
   */
  marketProtection: DecimalString;
  status: 'trading' | 'halted';
}

export const SPOT_TIME_IN_FORCE = ['GTC', 'IOC', 'FOK', 'POST_ONLY'] as const;
export type SpotTimeInForce = (typeof SPOT_TIME_IN_FORCE)[number];

/**
 * A spot order. Limit: `price` and `quantity` (base). Market: a sell has `quantity`; a buy has either
 * `quantity` (base) or `quoteQuantity` (quote to spend). Market orders are immediate-or-cancel within
 * the market's protection band.
 */
export interface SpotPlace {
  userId: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  timeInForce?: SpotTimeInForce;
  price?: DecimalString;
  quantity?: DecimalString;
  quoteQuantity?: DecimalString;
  /** The user's own id for the order: unique among the user's open orders. */
  clientOrderId?: string;
  /**
   * The account the order draws on and receives into: 'spot' (absent) or a margin account ('margin',
   * or 'isolated:<this symbol>'; docs/margin.md).
   */
  account?: 'spot' | MarginAccountType;
  /**
   * Margin accounts only (docs/margin.md "Orders from margin accounts"): 'autoBorrow' borrows what the
   * account lacks of what the order freezes, in the same command; 'autoRepay' repays the account's debt
   * from the order's proceeds as it fills; 'autoBorrowRepay' both. Absent or 'none': neither.
   */
  sideEffect?: SpotSideEffect;
  /** Mark prices for an auto-borrow's limit check (as `margin.borrow` carries them). */
  prices?: Record<string, string>;
}

export const SPOT_SIDE_EFFECTS = ['none', 'autoBorrow', 'autoRepay', 'autoBorrowRepay'] as const;
export type SpotSideEffect = (typeof SPOT_SIDE_EFFECTS)[number];

export type SpotOrderStatus = 'open' | 'filled' | 'cancelled';
/** Why an order ended cancelled: by its owner, by its time in force, by self-trade prevention, ... */
export type SpotCancelReason = 'user' | 'ioc' | 'fok' | 'stp' | 'protection' | 'no_liquidity';

export const CORE_ERRORS = [
  'INSUFFICIENT_BALANCE',
  'INVALID_AMOUNT',
  'SAME_ACCOUNT',
  'HOLD_NOT_FOUND',
  'HOLD_EXISTS',
  'IDEMPOTENCY_MISMATCH',
  'INVALID_COMMAND',
  /** Above the asset's per-operation maximum, or a balance beyond what NUMERIC(38,18) holds. */
  'AMOUNT_TOO_LARGE',
  /**
   * Older than the idempotency window (IDEMPOTENCY_WINDOW_MS before the newest command time): its id may
   * have been forgotten, so the core cannot tell a first attempt from a repeat and refuses it.
   */
  'STALE_COMMAND',
  // spot
  'MARKET_UNKNOWN',
  'MARKET_HALTED',
  'INVALID_PRICE',
  'INVALID_QUANTITY',
  'BELOW_MIN_QTY',
  'BELOW_MIN_NOTIONAL',
  'POST_ONLY_WOULD_TAKE',
  'NO_LIQUIDITY',
  'ORDER_NOT_FOUND',
  'DUPLICATE_CLIENT_ORDER_ID',
  // seconds contracts
  'PERIOD_UNKNOWN',
  'PERIOD_DISABLED',
  'STAKE_OUT_OF_RANGE',
  'POOL_INSUFFICIENT',
  'PRICE_STALE',
  'TOO_MANY_OPEN_ORDERS',
  'NOTHING_TO_SETTLE',
  // earn (core/earn/earn-commands.ts)
  ...EARN_CORE_ERRORS,
  // OTC (core/otc/otc-types.ts)
  ...OTC_CORE_ERRORS,
  // margin (core/margin/margin-types.ts)
  ...MARGIN_CORE_ERRORS,
  // contracts (core/contracts/contract-types.ts)
  ...CONTRACT_CORE_ERRORS,
] as const;
export type CoreError = (typeof CORE_ERRORS)[number];

export interface Posting {
  account: AccountRef;
  asset: string;
  field: 'available' | 'frozen';
  /** Signed change. Within one command the deltas of each asset sum to zero. */
  delta: DecimalString;
}

export type CoreEvent =
  | {
      /** The new absolute balance of one user account after a command (for pushes and caches). */
      type: 'balance';
      seq: number;
      userId: string;
      asset: string;
      accountType: AccountType;
      available: DecimalString;
      frozen: DecimalString;
    }
  | {
      /** The balanced postings of one command (what bills and the audit of money are built from). */
      type: 'postings';
      seq: number;
      commandId: string;
      commandType: CommandType;
      actor: string;
      ts: number;
      ref: string;
      postings: Posting[];
    }
  | SpotOrderEvent
  | SpotTradeEvent
  | SpotDepthEvent
  | SecondsOrderEvent
  // earn (core/earn/earn-commands.ts)
  | EarnEvent
  | ReferralRebateEvent
  | MarginLoanEvent
  | MarginLiquidationEvent
  | ContractEvent;

/** The state of one order after a command (every order a command touched gets one). */
export interface SpotOrderEvent {
  type: 'spot.order';
  seq: number;
  orderId: string;
  userId: string;
  symbol: string;
  side: 'buy' | 'sell';
  orderType: 'limit' | 'market';
  timeInForce: SpotTimeInForce;
  /** Limit price; null for market orders. */
  price: DecimalString | null;
  /** Ordered base quantity; null for a market buy by quote amount. */
  quantity: DecimalString | null;
  /** Quote to spend of a market buy by quote amount; null otherwise. */
  quoteQuantity: DecimalString | null;
  filledQty: DecimalString;
  /** Sum of price x quantity of the fills, in the quote. */
  filledQuote: DecimalString;
  /** Fees paid so far, in `feeAsset` (what the order receives: base for a buy, quote for a sell). */
  fee: DecimalString;
  feeAsset: string;
  status: SpotOrderStatus;
  cancelReason: SpotCancelReason | null;
  clientOrderId: string | null;
  /** The placing command's time. */
  createdTs: number;
  ts: number;
  /** The margin account the order draws on; absent for the spot account (docs/margin.md). */
  account?: MarginAccountType;
  /** Set for a margin order that repays from its proceeds ('autoRepay' or 'autoBorrowRepay'). */
  sideEffect?: SpotSideEffect;
}

export interface SpotTradeEvent {
  type: 'spot.trade';
  seq: number;
  /** `<seq>-<n>`: unique, in execution order. */
  tradeId: string;
  symbol: string;
  price: DecimalString;
  qty: DecimalString;
  quoteQty: DecimalString;
  /** The taker's side (the maker took the other). */
  takerSide: 'buy' | 'sell';
  makerOrderId: string;
  takerOrderId: string;
  makerUserId: string;
  takerUserId: string;
  /** Fee of each side in the asset that side received. */
  makerFee: DecimalString;
  takerFee: DecimalString;
  ts: number;
}

/** Price levels a command changed, with their new total quantity ('0': the level is gone). */
export interface SpotDepthEvent {
  type: 'spot.depth';
  seq: number;
  symbol: string;
  bids: [DecimalString, DecimalString][];
  asks: [DecimalString, DecimalString][];
}

/**
 * A command's answer. `events` are the command's events when it was applied now; a repeat answered from
 * the idempotency table carries no events (they were published once) but the same `reply`, the small
 * product-specific summary a caller needs (a swap's credited amount and fee, an order's state ...).
 */
export type CommandResult =
  | { ok: true; seq: number; commandId: string; events: CoreEvent[]; reply?: CommandReply }
  | { ok: false; seq: number; commandId: string; error: CoreError };

/** Product replies: plain JSON, kept in the idempotency table for the window. */
export type CommandReply = Record<string, string | number | boolean | null>;

export interface AccountBalance {
  asset: string;
  accountType: AccountType;
  available: DecimalString;
  frozen: DecimalString;
}

export interface Hold {
  withdrawalId: string;
  userId: string;
  asset: string;
  amount: DecimalString;
  fee: DecimalString;
}

/**
 * What the rest of the server uses (implemented in ../journal/money-core.ts, decorated as `app.core`).
 * `submit` resolves only after the command is durable in the journal; events reach subscribers in seq
 * order, after durability.
 */
export interface MoneyCore {
  submit(command: Command): Promise<CommandResult>;
  balancesOf(userId: string): AccountBalance[];
  balance(userId: string, asset: string, accountType: AccountType): AccountBalance;
  systemBalance(name: SystemAccount, asset: string): DecimalString;
  holdOf(withdrawalId: string): Hold | undefined;
  /** Spot: a user's open orders (one market or all), oldest first. */
  spotOpenOrders(userId: string, symbol?: string): SpotOrderEvent[];
  /** Spot: an open order by id (undefined once it is filled or cancelled). */
  spotOpenOrder(orderId: string): SpotOrderEvent | undefined;
  /** Spot: a market's configuration as the core has it. */
  spotMarket(symbol: string): SpotMarketConfig | undefined;
  /** Spot: the best `limit` levels of each side of a market's book. */
  spotDepth(
    symbol: string,
    limit: number,
  ): { bids: [string, string][]; asks: [string, string][] } | undefined;
  /** Seconds contracts: periods, open contracts, exposure (core/seconds). */
  seconds(): SecondsReader;
  /** Perpetual contracts: markets, positions, open orders (core/contracts). */
  contracts(): ContractsReader;
  /** Earn: products, orders, loans and pools as the core has them (core/earn/earn-view.ts). */
  earn(): EarnReader;
  /** OTC: open orders, ad reserves and merchant deposits as the core has them (core/otc). */
  otc(): OtcReader;
  /** Spot margin: configuration, pools, loans (core/margin). */
  margin(): MarginReader;
  /** Referral: a user's generation-1 referrer as the core knows it (set by `referral.link`). */
  referralParent(userId: string): string | undefined;
  /** Referral: the rebate shares per generation the core applies (canonical fractions; [] = none). */
  referralShares(): string[];
  /** The limits the core enforces for an asset (set by `asset.configure`), atoms for the maximum. */
  assetLimits(asset: string): { decimals: number; maxAmount: bigint } | undefined;
  /**
   * The recorded result of a command id, whatever its payload (undefined when the id is unknown or still
   * in flight). For callers that re-derive a command after a crash whose payload may differ (a swap's
   * price): the first result stands.
   */
  resultOf(commandId: string): CommandResult | undefined;
  /**
   * Regenerates the events of the commands after `seq`, in seq order, whole commands only, stopping once
   * `limit` events are collected (so a result may hold a few more). Empty when nothing is after `seq`.
   * Events are exactly those published live (replay is deterministic). Needs a retained snapshot at or
   * before `seq` (or the journal from its start) and the segments after it.
   */
  eventsSince(seq: number, limit: number): Promise<CoreEvent[]>;
  /** Returns an unsubscribe function. */
  subscribe(listener: (events: readonly CoreEvent[]) => void): () => void;
  lastSeq(): number;
  stateHash(): string;
  close(): Promise<void>;
}
