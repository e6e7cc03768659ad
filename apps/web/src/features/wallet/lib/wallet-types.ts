// The wire shapes of the wallet API (docs/wallet-api.md). Money is always a decimal string here; the
// forms turn it into bigint amounts (@coin/shared/money) before doing any arithmetic.

/** Account-type wire codes: '0' is the read-only total view; '8' exists only for merchants. */
export const ACCOUNT_TYPE_CODES = ['0', '1', '2', '3', '8'] as const;
export type AccountTypeCode = (typeof ACCOUNT_TYPE_CODES)[number];
/** The account types money can move between ('0' is a view, not an account). */
export const MOVABLE_ACCOUNT_TYPES = ['1', '2', '3', '8'] as const;
export type MovableAccountType = (typeof MOVABLE_ACCOUNT_TYPES)[number];

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export interface AccountSummary {
  type: AccountTypeCode;
  name: string;
  totalUsdt: string;
  totalFiat: string;
}

export interface WalletAccount {
  currency: string;
  rate: string;
  totalUsdt: string;
  totalFiat: string;
  accounts: AccountSummary[];
  unpricedCoins: string[];
}

export interface CoinBalance {
  coin: string;
  decimals: number;
  available: string;
  frozen: string;
  total: string;
  usdtPrice: string | null;
  usdtValue: string;
  fiatValue: string;
}

export interface CurrencyAccount {
  type: AccountTypeCode;
  currency: string;
  rate: string;
  totalUsdt: string;
  totalFiat: string;
  list: CoinBalance[];
}

export interface WalletNetwork {
  network: string;
  family: string;
}

export interface WalletAsset {
  coin: string;
  decimals: number;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  withdrawFee: string;
  minWithdraw: string;
  confirmations: number;
  networks: WalletNetwork[];
  usdtPrice: string | null;
}

export interface DepositAddress {
  coin: string;
  network: string;
  address: string;
  confirmations: number;
  simulated: boolean;
  chain: string;
}

export interface DemoDepositResult {
  id: string;
  orderNo: string;
  coin: string;
  amount: string;
  txid: string;
  vout: number;
  address: string;
  requiredConfirmations: number;
  status: number;
}

export interface SubmittedOrder {
  id: string;
  orderNo: string;
  status: number;
}

/** 0 under review / confirming, 1 passed (credited), 2 failed. */
export interface RechargeRow {
  id: string;
  orderNo: string;
  coin: string;
  amount: string;
  network: string | null;
  /** Where a chain deposit arrived; null for a manual recharge. */
  address: string | null;
  source: 'manual' | 'chain';
  status: 0 | 1 | 2;
  screenshot: string | null;
  reason: string | null;
  txid: string | null;
  vout: number | null;
  confirmations: number;
  requiredConfirmations: number;
  simulated: boolean;
  /** Set for deposits on a real chain: its explorer link, or null when none is configured. */
  explorerUrl?: string | null;
  createTime: string;
  reviewTime: string | null;
}

/** 0 under review, 1 passed (paid), 2 failed (funds returned), 3 cancelled, 4 sending on chain. */
export interface WithdrawalRow {
  id: string;
  orderNo: string;
  coin: string;
  network: string;
  address: string;
  amount: string;
  fee: string;
  total: string;
  status: 0 | 1 | 2 | 3 | 4;
  reason: string | null;
  txid: string | null;
  simulated: boolean;
  /** Set when a real chain paid it: its explorer link, or null when none is configured. */
  explorerUrl?: string | null;
  createTime: string;
  reviewTime: string | null;
}

export interface WithdrawalKey {
  keyId: string;
  alg: string;
  publicKey: string;
}

export interface SwapQuote {
  from: string;
  to: string;
  price: string;
  feeRate: string;
  priceTime: string;
  source: string;
  simulated: boolean;
}

export interface SwapResult {
  from: string;
  to: string;
  amount: string;
  price: string;
  feeRate: string;
  receive: string;
  fee: string;
  credited: string;
  priceTime: string;
  source: string;
}

export interface TransferResult {
  coin: string;
  amount: string;
  from: string;
  to: string;
}

/** One field's part of a bill: its change and its balance after the event. */
export interface BillPart {
  delta: string;
  balance: string;
}

/** One event in one account of one coin: the net effect, with the available and frozen parts. */
export interface Bill {
  id: string;
  seq: number;
  coin: string;
  accountType: MovableAccountType;
  /** Net effect (available + frozen), signed. */
  delta: string;
  available: BillPart | null;
  frozen: BillPart | null;
  billType: string;
  ref: string;
  createTime: string;
}

export const ORDER_KINDS = ['recharge', 'withdraw', 'swap', 'transfer'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export interface OrderLeg {
  coin: string;
  accountType: string;
  field: string;
  delta: string;
}

export interface WalletOrder {
  seq: number;
  kind: OrderKind;
  billType: string;
  ref: string;
  createTime: string;
  legs: OrderLeg[];
}
