// The earn part's contract (docs/earn.md): its commands, events, refusals and platform pool accounts.
// types.ts folds these into the core's Command, CoreEvent, CORE_ERRORS and SYSTEM_ACCOUNTS, so the rest of
// the server sees one contract. Plain JSON data only (commands are journaled, events projected).
//
// This file has no runtime imports: types.ts imports its constants, so a value import from there would
// be a cycle.
import type { AccountType, DecimalString } from '../types';

/** The four products. Pledge, finance and DeFi are deposits (principal frozen, interest from a pool);
 * a loan is principal lent from the lending pool and repaid with interest. */
export const EARN_KINDS = ['pledge', 'finance', 'loan', 'defi'] as const;
export type EarnKind = (typeof EARN_KINDS)[number];
export type DepositKind = Exclude<EarnKind, 'loan'>;

/** The platform's funded pool accounts and the gas account (system accounts: balance = money held). */
export const EARN_SYSTEM_ACCOUNTS = [
  'earn_pledge_pool',
  'earn_finance_pool',
  'earn_lending_pool',
  'earn_defi_pool',
  'earn_gas_fees',
] as const;
export type EarnSystemAccount = (typeof EARN_SYSTEM_ACCOUNTS)[number];

export const EARN_POOLS = ['pledge', 'finance', 'lending', 'defi'] as const;
export type EarnPool = (typeof EARN_POOLS)[number];

/** Which pool pays (or lends) for each product kind. */
export const POOL_OF_KIND: Record<EarnKind, EarnPool> = {
  pledge: 'pledge',
  finance: 'finance',
  loan: 'lending',
  defi: 'defi',
};

export const POOL_ACCOUNT: Record<EarnPool, EarnSystemAccount> = {
  pledge: 'earn_pledge_pool',
  finance: 'earn_finance_pool',
  lending: 'earn_lending_pool',
  defi: 'earn_defi_pool',
};

/** Every earn product's money lives in the user's finance account (wire code '3'). */
export const EARN_ACCOUNT: AccountType = 'finance';

/** t_repay_type: '1' interest each period then principal with the last; '2' everything at maturity. */
export const REPAY_WAYS = ['1', '2'] as const;
export type RepayWay = (typeof REPAY_WAYS)[number];

export const EARN_CORE_ERRORS = [
  'EARN_PRODUCT_UNKNOWN',
  'EARN_PRODUCT_CLOSED',
  'EARN_BELOW_MINIMUM',
  'EARN_ABOVE_MAXIMUM',
  /** The user's active principal in the product would pass its per-user limit. */
  'EARN_ABOVE_USER_LIMIT',
  /** The user has used the product's buyable count (pledge) or participation limit (finance). */
  'EARN_COUNT_LIMIT',
  /** The product's cap is reached (finance). */
  'EARN_SOLD_OUT',
  /** The pool cannot cover what this would commit it to: refused, never paid from other users' money. */
  'EARN_POOL_INSUFFICIENT',
  'EARN_ORDER_UNKNOWN',
  'EARN_ORDER_CLOSED',
  /** A finance order inside its lock days. */
  'EARN_LOCKED',
  'EARN_LOAN_UNKNOWN',
  'EARN_LOAN_EXISTS',
  'EARN_LOAN_SETTLED',
  'EARN_REPAY_WAY',
  /** The product's kind or asset differs from what the command needs (a kind or asset never changes). */
  'EARN_PRODUCT_MISMATCH',
] as const;

interface EarnProductBase {
  /** Stable id (the SQL row id of the product). */
  id: string;
  asset: string;
  status: 'open' | 'closed';
  /** Interest per day as a fraction (0.001 = 0.1 % a day). */
  dailyRate: DecimalString;
  /** Term in days: an order matures (a loan is due) this many days after it starts. */
  cycleDays: number;
  /** Smallest and largest amount of one subscription (or loan). */
  minAmount: DecimalString;
  maxAmount: DecimalString;
}

export interface PledgeProductConfig extends EarnProductBase {
  kind: 'pledge';
  /** Largest active principal one user may hold in the product. */
  userLimit: DecimalString;
  /** How many times one user may subscribe to the product (ever). */
  buyableCount: number;
  /** Interest paid at maturity, or each day as it accrues. */
  payout: 'maturity' | 'daily';
  /** Fraction of the principal kept when redeemed before maturity (0 <= rate < 1). */
  earlyPenaltyRate: DecimalString;
}

export interface FinanceProductConfig extends EarnProductBase {
  kind: 'finance';
  /** Days before an order may be redeemed (principal and interest to date); 0 <= lockDays <= cycleDays. */
  lockDays: number;
  /** Total principal the product takes (progress = sold / cap). */
  cap: DecimalString;
  /** How many times one user may subscribe to the product (ever). */
  participationLimit: number;
}

export interface LoanProductConfig extends EarnProductBase {
  kind: 'loan';
  /** Length of one repayment period of repay way '1' (the last period may be shorter). */
  periodDays: number;
  repayWays: RepayWay[];
  /** Penalty per full day overdue, as a fraction of the overdue installment. */
  overdueRate: DecimalString;
}

export interface DefiProductConfig extends EarnProductBase {
  kind: 'defi';
  /** The one-time fee per wallet address (paid the first time an address joins any pool). */
  gasAsset: string;
  gasFee: DecimalString;
}

export type EarnProductConfig =
  | PledgeProductConfig
  | FinanceProductConfig
  | LoanProductConfig
  | DefiProductConfig;

/** The earn part's commands (types.ts adds CommandBase to each). */
export type EarnCommandBody =
  | {
      /**
       * Funds (positive) or draws down (negative, only what no order is owed) a pool from `source`:
       * `adjustment` after a second operator approved it, `demo_funding` for the labelled demo.
       */
      type: 'earn.pool.fund';
      payload: {
        pool: EarnPool;
        asset: string;
        amount: DecimalString;
        source: 'adjustment' | 'demo_funding';
        ref: string;
      };
    }
  | {
      /** Creates or edits a product. Kind and asset never change; new terms apply to new orders only. */
      type: 'earn.product.set';
      payload: { product: EarnProductConfig };
    }
  | {
      /**
       * Subscribes to a pledge, finance or DeFi product: the amount is frozen in the finance account and
       * the full-term interest is reserved in the pool. DeFi needs the proven wallet address (its gas fee
       * is charged the first time the address joins). The order id is `E<seq>`.
       */
      type: 'earn.subscribe';
      payload: { userId: string; productId: string; amount: DecimalString; address?: string };
    }
  | {
      /** Ends an active order of the user before maturity (pledge: with the stated penalty; finance:
       * after its lock days; DeFi: any time). At or after maturity it settles as matured. */
      type: 'earn.redeem';
      payload: { userId: string; orderId: string };
    }
  | {
      /**
       * The accrual job's command per product and period ('2026-06-01' or '2026-06-01T13'): accrues every
       * whole day elapsed since each order started, pays daily payouts, settles matured orders and marks
       * overdue loans. Repeating it changes nothing (days already accrued are not accrued again).
       */
      type: 'earn.accrue';
      payload: { productId: string; period: string };
    }
  | {
      /** Lends an approved application's principal from the lending pool to the user's finance account. */
      type: 'earn.loan.disburse';
      payload: {
        loanId: string;
        userId: string;
        productId: string;
        amount: DecimalString;
        repayWay: RepayWay;
      };
    }
  | {
      /** Repays the next installment (with its penalty if overdue) or everything left, from the finance account. */
      type: 'earn.loan.repay';
      payload: { userId: string; loanId: string; mode: 'next' | 'full' };
    };

export type EarnOrderStatus = 'active' | 'completed' | 'redeemed';

/** The state of one deposit order after a command (every order a command touched gets one). */
export interface EarnOrderEvent {
  type: 'earn.order';
  seq: number;
  orderId: string;
  userId: string;
  kind: DepositKind;
  productId: string;
  asset: string;
  amount: DecimalString;
  dailyRate: DecimalString;
  cycleDays: number;
  /** Finance: redeemable after this many days; others 0. */
  lockDays: number;
  payout: 'maturity' | 'daily';
  /** Pledge: the stated early-redemption penalty rate; others '0'. */
  earlyPenaltyRate: DecimalString;
  startTs: number;
  endTs: number;
  /** The full-term interest (the estimated revenue), reserved in the pool at subscription. */
  interestTotal: DecimalString;
  accruedDays: number;
  accrued: DecimalString;
  paid: DecimalString;
  /** Kept from the principal by an early redemption. */
  penalty: DecimalString;
  status: EarnOrderStatus;
  /** DeFi: the proven wallet address and the gas fee this order paid (0 when the address had paid). */
  address: string | null;
  gasAsset: string | null;
  gasFee: DecimalString | null;
  closedTs: number | null;
  ts: number;
}

export interface EarnInstallment {
  dueTs: number;
  principal: DecimalString;
  interest: DecimalString;
  /** Penalty paid with it (0 until paid, or when paid on time). */
  penalty: DecimalString;
  paidTs: number | null;
}

export type EarnLoanStatus = 'repaying' | 'overdue' | 'settled';

export interface EarnLoanEvent {
  type: 'earn.loan';
  seq: number;
  loanId: string;
  userId: string;
  productId: string;
  asset: string;
  principal: DecimalString;
  dailyRate: DecimalString;
  overdueRate: DecimalString;
  repayWay: RepayWay;
  cycleDays: number;
  startTs: number;
  installments: EarnInstallment[];
  interestTotal: DecimalString;
  /** Principal, interest and penalties paid so far. */
  repaid: DecimalString;
  penaltyPaid: DecimalString;
  status: EarnLoanStatus;
  closedTs: number | null;
  ts: number;
}

export type EarnEvent = EarnOrderEvent | EarnLoanEvent;
