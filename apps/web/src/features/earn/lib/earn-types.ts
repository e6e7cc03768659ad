// Wire shapes of the earn calls (docs/earn.md "HTTP API"). Amounts and rates are decimal strings; a rate
// is a fraction ('0.0012' is 0.12 % a day).
export type EarnKind = 'pledge' | 'finance' | 'loan' | 'defi';
export type FinanceCategory = 'value_added' | 'member' | 'ordinary';
export type Tier = 'standard' | 'premium' | 'professional' | 'partner';
export type RepayWay = '1' | '2';

interface ProductBase {
  id: string;
  name: string;
  description: string;
  coin: string;
  /** The coin's decimal places. */
  decimals: number;
  status: 'open' | 'closed';
  dailyRate: string;
  annualRate: string;
  cycleDays: number;
  minAmount: string;
  maxAmount: string;
}

export interface PledgeProduct extends ProductBase {
  userLimit: string;
  buyableCount: number;
  payout: 'maturity' | 'daily';
  earlyPenaltyRate: string;
  minRevenue: string;
  bought: number;
  holding: string;
}

export interface FinanceProduct extends ProductBase {
  category: FinanceCategory;
  lockDays: number;
  cap: string;
  sold: string;
  remaining: string;
  progress: string;
  dailyIncomePer10k: string;
  participationLimit: number;
  joined: number;
  holding: string;
  memberOnly: boolean;
  requiredTier: Tier | null;
  allowed: boolean | null;
}

export interface FinanceList {
  memberMinTier: Tier;
  myTier: Tier | null;
  records: FinanceProduct[];
}

export interface LoanProduct extends ProductBase {
  periodDays: number;
  repayWays: RepayWay[];
  overdueRate: string;
  lender: 'platform';
  available: string;
}

export interface DefiPool extends ProductBase {
  poolAddress: string | null;
  gasAsset: string;
  gasFee: string;
  totalOutput: string;
  nodes: number;
  participants: number;
  staked: string;
  singleIncome: string;
}

export type AnyProduct =
  | ({ kind: 'pledge' } & PledgeProduct)
  | ({ kind: 'finance' } & FinanceProduct)
  | ({ kind: 'loan' } & LoanProduct)
  | ({ kind: 'defi' } & DefiPool);

export type OrderStatus = 'active' | 'completed' | 'redeemed';

export interface EarnOrder {
  id: string;
  kind: 'pledge' | 'finance' | 'defi';
  productId: string;
  productName: string | null;
  coin: string;
  amount: string;
  dailyRate: string;
  cycleDays: number;
  lockDays: number;
  payout: 'maturity' | 'daily';
  earlyPenaltyRate: string;
  beginTime: string;
  endTime: string;
  estimatedRevenue: string;
  accruedDays: number;
  accrued: string;
  paid: string;
  penalty: string;
  paymentDate: string;
  status: OrderStatus;
  statusCode: number;
  address: string | null;
  gasAsset: string | null;
  gasFee: string | null;
  closeTime: string | null;
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export interface RedeemQuote {
  orderId: string;
  coin: string;
  allowed: boolean;
  matured: boolean;
  principal: string;
  penalty: string;
  interest: string;
}

export interface Income {
  coins: { coin: string; totalIncome: string; holding: string; pendingIncome: string }[];
  activeOrders: number;
  totalOrders: number;
  totalIncomeUsdt: string;
  holdingUsdt: string;
}

export type LoanStatus = 'pending' | 'repaying' | 'failed' | 'settled' | 'overdue';

export interface Installment {
  dueTs: number;
  dueTime: string;
  principal: string;
  interest: string;
  penalty: string;
  paidTs: number | null;
  paidTime: string | null;
}

export interface Loan {
  id: string;
  productId: string;
  productName: string | null;
  coin: string;
  amount: string;
  repayWay: RepayWay;
  cycleDays: number;
  dailyRate: string;
  overdueRate: string;
  interest: string;
  lender: 'platform';
  status: LoanStatus;
  statusCode: number;
  failReason: string | null;
  failure: string | null;
  applyTime: string;
  startTime: string | null;
  repayTime: string | null;
  installments: Installment[];
  repaid: string;
  penaltyPaid: string;
  due: { next: string; nextPenalty: string; full: string; penalty: string } | null;
  documents: { frontImage: string; backImage: string; holdingImage: string };
}

export interface RepayType {
  dictValue: RepayWay;
  dictLabel: string;
}

export interface SignInMessage {
  nonce: string;
  message: string;
  address: string;
  chainId: number;
  expiresAt: string;
}

export interface ProvenAddress {
  address: string;
  chainId: number;
  provenTime: string;
  gasPaid: boolean;
}
