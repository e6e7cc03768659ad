// Wire shapes of the console's server routes (docs/admin-console.md, docs/wallet-api.md, docs/market.md).
// Money is always a decimal string.

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export interface AccountBalance {
  asset: string;
  accountType: string;
  available: string;
  frozen: string;
}

export interface ConsoleUser {
  id: string;
  account: string;
  email: string | null;
  phone: string | null;
  isMerchant: number;
  grade: string;
  status: string;
  createTime: string;
  balances: AccountBalance[] | null;
}

export type AdjustmentStatus = 'pending' | 'approving' | 'approved' | 'rejected' | 'failed';

export interface Adjustment {
  id: string;
  userId: string;
  account: string | null;
  asset: string;
  accountType: string;
  amount: string;
  reason: string;
  status: AdjustmentStatus;
  requestedBy: string;
  requestedByName: string | null;
  decidedBy: string | null;
  decidedByName: string | null;
  decisionReason: string | null;
  failure: string | null;
  createTime: string;
  decideTime: string | null;
}

export interface AuditEntry {
  id: string;
  actorType: string;
  actorId: string;
  actorName: string | null;
  action: string;
  payload: unknown;
  hash: string;
  createTime: string;
}

export interface AuditVerify {
  ok: boolean;
  checked: number;
  firstBrokenId?: string;
}

export interface Recharge {
  id: string;
  orderNo: string;
  userId: string;
  account: string;
  coin: string;
  amount: string;
  network: string | null;
  source: 'manual' | 'chain';
  status: 0 | 1 | 2;
  screenshot: string | null;
  reason: string | null;
  reviewer: string | null;
  reviewerName: string | null;
  /** Needs two approvals (above the asset's threshold, or a first approval was given). */
  dualApproval: boolean;
  firstReviewer: string | null;
  firstReviewerName: string | null;
  firstReviewTime: string | null;
  awaitingSecondApproval: boolean;
  createTime: string;
  reviewTime: string | null;
}

export interface Withdrawal {
  id: string;
  orderNo: string;
  userId: string;
  account: string;
  coin: string;
  network: string | null;
  address: string;
  amount: string;
  fee: string;
  total: string;
  status: 0 | 1 | 2 | 3 | 4;
  reason: string | null;
  txid: string | null;
  reviewer: string | null;
  createTime: string;
  reviewTime: string | null;
}

export interface OperatorRow {
  id: string;
  username: string;
  role: string;
  mustChangePassword: boolean;
  disabled: boolean;
  createdAt: string;
  /** Who requested the account (null: the first admin, created at the first start). */
  createdBy: string | null;
  createdByName: string | null;
  /** Who approved it (null with a createdBy: the first admin's one solo addition). */
  approvedBy: string | null;
  approvedByName: string | null;
  /** End of the cooling-off (no approvals before it), or null. */
  mayApproveFrom: string | null;
}

/** The signed-in operator's approval rights (from `me`; docs/admin-console.md "Who may approve"). */
export interface ApprovalRights {
  /** Set while in the cooling-off: approvals are refused until then. */
  mayApproveFrom: string | null;
  /** Operators whose requests this operator may never approve (linked by account creation). */
  cannotApproveFor: string[];
}

export type OperatorRequestStatus = 'pending' | 'approved' | 'rejected';

export interface OperatorRequest {
  id: string;
  kind: 'create' | 'role';
  username: string;
  role: string;
  fromRole: string | null;
  operatorId: string | null;
  status: OperatorRequestStatus;
  requestedBy: string;
  requestedByName: string | null;
  decidedBy: string | null;
  decidedByName: string | null;
  decisionReason: string | null;
  createTime: string;
  decideTime: string | null;
}

export interface AdminCoin {
  coin: string;
  name: string;
  coinType: number;
  enabled: boolean;
  sort: number;
  price: string | null;
  plate: string | null;
}

export interface AdminMarket {
  symbol: string;
  coin: string;
  quote: string;
  showSymbol: string;
  priceDecimals: number;
  qtyDecimals: number;
  seconds: boolean;
  spot: boolean;
  contract: boolean;
  enabled: boolean;
  coinEnabled: boolean;
}
