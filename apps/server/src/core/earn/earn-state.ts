// The earn part's state slice: products with their counters, deposit orders, loans, the pools' balances
// (a mirror of the pool system accounts, which only this part posts to) and reservations, and the wallet
// addresses that have paid the one-time gas fee. Amounts are 18-place atoms. Maps keep creation (seq)
// order, and a snapshot restores them in that order, so iterating them is the same live and on replay.
import { formatAtoms } from '../atoms';
import { compareText } from '../ledger/ledger';
import { parseCanonical } from '../rejection';
import type {
  DepositKind,
  EarnInstallment,
  EarnKind,
  EarnLoanEvent,
  EarnLoanStatus,
  EarnOrderEvent,
  EarnOrderStatus,
  EarnPool,
  EarnProductConfig,
  RepayWay,
} from './earn-commands';

export interface UserCounter {
  /** Subscriptions ever made (buyable count, participation limit). */
  count: number;
  /** Principal in active orders. */
  active: bigint;
}

export interface ProductState {
  config: EarnProductConfig;
  createdSeq: number;
  /** Principal ever subscribed (finance progress), or lent (loans). */
  sold: bigint;
  /** Interest ever paid out of the pool for this product (DeFi "total output"). */
  paidOut: bigint;
  /** Active orders (or loans not settled) right now. */
  open: number;
  users: Map<string, UserCounter>;
  /** DeFi: the wallet addresses that have staked in this pool. */
  addresses: Set<string>;
}

export interface OrderState {
  id: string;
  seq: number;
  kind: DepositKind;
  productId: string;
  userId: string;
  asset: string;
  decimals: number;
  amount: bigint;
  rate: bigint;
  cycleDays: number;
  lockDays: number;
  payout: 'maturity' | 'daily';
  penaltyRate: bigint;
  startTs: number;
  endTs: number;
  interestTotal: bigint;
  accruedDays: number;
  accrued: bigint;
  paid: bigint;
  penalty: bigint;
  status: EarnOrderStatus;
  address: string | null;
  gasAsset: string | null;
  gasFee: bigint | null;
  closedTs: number | null;
}

export interface InstallmentState {
  dueTs: number;
  principal: bigint;
  interest: bigint;
  penalty: bigint;
  paidTs: number | null;
}

export interface LoanState {
  id: string;
  seq: number;
  userId: string;
  productId: string;
  asset: string;
  decimals: number;
  principal: bigint;
  rate: bigint;
  overdueRate: bigint;
  repayWay: RepayWay;
  cycleDays: number;
  startTs: number;
  installments: InstallmentState[];
  repaid: bigint;
  penaltyPaid: bigint;
  status: EarnLoanStatus;
  closedTs: number | null;
}

export interface PoolState {
  /** Equals the pool's system account balance. */
  balance: bigint;
  /** Interest owed to active orders (full term, less what was paid): not free to promise again. */
  reserved: bigint;
}

export const poolKey = (pool: EarnPool, asset: string) => `${pool}\u0000${asset}`;

export function orderEvent(o: OrderState, seq: number, ts: number): EarnOrderEvent {
  return {
    type: 'earn.order',
    seq,
    orderId: o.id,
    userId: o.userId,
    kind: o.kind,
    productId: o.productId,
    asset: o.asset,
    amount: formatAtoms(o.amount),
    dailyRate: formatAtoms(o.rate),
    cycleDays: o.cycleDays,
    lockDays: o.lockDays,
    payout: o.payout,
    earlyPenaltyRate: formatAtoms(o.penaltyRate),
    startTs: o.startTs,
    endTs: o.endTs,
    interestTotal: formatAtoms(o.interestTotal),
    accruedDays: o.accruedDays,
    accrued: formatAtoms(o.accrued),
    paid: formatAtoms(o.paid),
    penalty: formatAtoms(o.penalty),
    status: o.status,
    address: o.address,
    gasAsset: o.gasAsset,
    gasFee: o.gasFee === null ? null : formatAtoms(o.gasFee),
    closedTs: o.closedTs,
    ts,
  };
}

export function installmentView(i: InstallmentState): EarnInstallment {
  return {
    dueTs: i.dueTs,
    principal: formatAtoms(i.principal),
    interest: formatAtoms(i.interest),
    penalty: formatAtoms(i.penalty),
    paidTs: i.paidTs,
  };
}

export function loanEvent(l: LoanState, seq: number, ts: number): EarnLoanEvent {
  return {
    type: 'earn.loan',
    seq,
    loanId: l.id,
    userId: l.userId,
    productId: l.productId,
    asset: l.asset,
    principal: formatAtoms(l.principal),
    dailyRate: formatAtoms(l.rate),
    overdueRate: formatAtoms(l.overdueRate),
    repayWay: l.repayWay,
    cycleDays: l.cycleDays,
    startTs: l.startTs,
    installments: l.installments.map(installmentView),
    interestTotal: formatAtoms(l.installments.reduce((s, i) => s + i.interest, 0n)),
    repaid: formatAtoms(l.repaid),
    penaltyPaid: formatAtoms(l.penaltyPaid),
    status: l.status,
    closedTs: l.closedTs,
    ts,
  };
}

// ---- snapshot ----

type OrderSnapshot = Omit<EarnOrderEvent, 'type' | 'seq' | 'ts'> & { seq: number; decimals: number };
type LoanSnapshot = Omit<EarnLoanEvent, 'type' | 'seq' | 'ts' | 'interestTotal'> & {
  seq: number;
  decimals: number;
};

export interface EarnSnapshot {
  products: {
    config: EarnProductConfig;
    createdSeq: number;
    sold: string;
    paidOut: string;
    open: number;
    /** [userId, count, active], sorted by user. */
    users: [string, number, string][];
    addresses: string[];
  }[];
  orders: OrderSnapshot[];
  loans: LoanSnapshot[];
  /** [pool, asset, balance, reserved], sorted. */
  pools: [EarnPool, string, string, string][];
  /** [address, userId] of addresses that paid the gas fee, sorted. */
  gas: [string, string][];
}

const atoms = (v: string) => parseCanonical(v, 'nonNegative') as bigint;

export function productSnapshot(p: ProductState): EarnSnapshot['products'][number] {
  return {
    config: p.config,
    createdSeq: p.createdSeq,
    sold: formatAtoms(p.sold),
    paidOut: formatAtoms(p.paidOut),
    open: p.open,
    users: [...p.users.entries()]
      .map(([u, c]): [string, number, string] => [u, c.count, formatAtoms(c.active)])
      .sort((x, y) => compareText(x[0], y[0])),
    addresses: [...p.addresses].sort(compareText),
  };
}

export function restoreProduct(s: EarnSnapshot['products'][number]): ProductState {
  return {
    config: s.config,
    createdSeq: s.createdSeq,
    sold: atoms(s.sold),
    paidOut: atoms(s.paidOut),
    open: s.open,
    users: new Map(s.users.map(([u, count, active]) => [u, { count, active: atoms(active) }])),
    addresses: new Set(s.addresses),
  };
}

export function orderSnapshot(o: OrderState): OrderSnapshot {
  const { type: _t, seq: _s, ts: _ts, ...rest } = orderEvent(o, o.seq, 0);
  return { ...rest, seq: o.seq, decimals: o.decimals };
}

export function restoreOrder(s: OrderSnapshot): OrderState {
  return {
    id: s.orderId,
    seq: s.seq,
    kind: s.kind,
    productId: s.productId,
    userId: s.userId,
    asset: s.asset,
    decimals: s.decimals,
    amount: atoms(s.amount),
    rate: atoms(s.dailyRate),
    cycleDays: s.cycleDays,
    lockDays: s.lockDays,
    payout: s.payout,
    penaltyRate: atoms(s.earlyPenaltyRate),
    startTs: s.startTs,
    endTs: s.endTs,
    interestTotal: atoms(s.interestTotal),
    accruedDays: s.accruedDays,
    accrued: atoms(s.accrued),
    paid: atoms(s.paid),
    penalty: atoms(s.penalty),
    status: s.status,
    address: s.address,
    gasAsset: s.gasAsset,
    gasFee: s.gasFee === null ? null : atoms(s.gasFee),
    closedTs: s.closedTs,
  };
}

export function loanSnapshot(l: LoanState): LoanSnapshot {
  const { type: _t, seq: _s, ts: _ts, interestTotal: _i, ...rest } = loanEvent(l, l.seq, 0);
  return { ...rest, seq: l.seq, decimals: l.decimals };
}

export function restoreLoan(s: LoanSnapshot): LoanState {
  return {
    id: s.loanId,
    seq: s.seq,
    userId: s.userId,
    productId: s.productId,
    asset: s.asset,
    decimals: s.decimals,
    principal: atoms(s.principal),
    rate: atoms(s.dailyRate),
    overdueRate: atoms(s.overdueRate),
    repayWay: s.repayWay,
    cycleDays: s.cycleDays,
    startTs: s.startTs,
    installments: s.installments.map((i) => ({
      dueTs: i.dueTs,
      principal: atoms(i.principal),
      interest: atoms(i.interest),
      penalty: atoms(i.penalty),
      paidTs: i.paidTs,
    })),
    repaid: atoms(s.repaid),
    penaltyPaid: atoms(s.penaltyPaid),
    status: s.status,
    closedTs: s.closedTs,
  };
}

export function kindOf(p: ProductState): EarnKind {
  return p.config.kind;
}
