// What the rest of the server reads from the earn part (app.core.earn()): plain data with amounts as
// canonical decimal strings. Reads never change state.
import type { EarnLoanEvent, EarnOrderEvent, EarnPool, EarnProductConfig } from './earn-commands';

export interface EarnProductView {
  config: EarnProductConfig;
  /** Principal ever subscribed (finance progress) or lent. */
  sold: string;
  /** Interest ever paid from the pool for this product (DeFi total output). */
  paidOut: string;
  /** Principal in active orders (loans: principal not repaid). */
  activePrincipal: string;
  activeOrders: number;
  /** Users with active principal. */
  participants: number;
  /** DeFi: wallet addresses that have staked (nodes). */
  addresses: number;
}

export interface PoolView {
  pool: EarnPool;
  asset: string;
  balance: string;
  reserved: string;
  free: string;
}

export interface RedemptionQuote {
  /** False while a finance order is inside its lock days. */
  allowed: boolean;
  matured: boolean;
  /** Principal returned (after the penalty). */
  principal: string;
  penalty: string;
  /** Interest paid with the redemption (daily payouts: the days not paid yet). */
  interest: string;
}

export interface LoanQuote {
  /** The next installment with its penalty now. */
  next: string;
  nextPenalty: string;
  /** Everything left, with penalties now. */
  full: string;
  penalty: string;
}

export interface EarnReader {
  product(id: string): EarnProductView | undefined;
  products(): EarnProductView[];
  userCounter(productId: string, userId: string): { count: number; active: string };
  order(orderId: string): EarnOrderEvent | undefined;
  loan(loanId: string): EarnLoanEvent | undefined;
  pool(pool: EarnPool, asset: string): PoolView;
  poolList(): PoolView[];
  gasPaid(address: string): boolean;
  redemptionQuote(orderId: string, ts: number): RedemptionQuote | undefined;
  loanQuote(loanId: string, ts: number): LoanQuote | undefined;
  busyProductIds(): string[];
}
