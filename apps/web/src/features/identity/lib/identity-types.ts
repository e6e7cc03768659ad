// Wire shapes of the identity, bank, tier, promotion and agent calls (docs/identity.md).

/** Review states of spec section 4: 0 under review, 1 passed, 2 failed. */
export type KycStatusCode = 0 | 1 | 2;

export interface KycView {
  id: string;
  level: 'primary' | 'advanced';
  status: KycStatusCode;
  name: string | null;
  country: string | null;
  cardType: string | null;
  idNumber: string | null;
  front: string | null;
  back: string | null;
  hold: string | null;
  reason: string | null;
  createTime: string;
  reviewTime: string | null;
}

export interface KycState {
  /** 0 none, 1 primary passed, 2 advanced passed. */
  level: 0 | 1 | 2;
  primary: KycView | null;
  advanced: KycView | null;
  email: { certified: boolean; email: string };
}

export interface BankCard {
  cardNo: string;
  bankName: string;
  bankAddress: string | null;
  swiftCode: string | null;
  branchName: string | null;
  homeAddress: string | null;
  createTime: string;
}

export interface PaymentMethod {
  id: string;
  kind: 'bank' | 'ewallet';
  holderName: string;
  bankName: string | null;
  provider: string | null;
  account: string;
  branchName: string | null;
  qrCode: string | null;
  createTime: string;
}

export interface TierRule {
  tier: 'standard' | 'premium' | 'professional' | 'partner';
  minVolume30d: string;
  minBalance: string;
}

export interface TierRules {
  rules: TierRule[];
  vipFrom: TierRule['tier'];
}

export interface GradeView extends TierRules {
  tier: TierRule['tier'];
  grade: 'vip' | 'normal';
  isVip: boolean;
  volume30d: string;
  balance: string;
  computedAt: string;
  next: TierRule | null;
  creditScore: number;
}

export interface AssetTotals {
  /** USDT value now. */
  usdt: string;
  assets: Array<{ asset: string; amount: string }>;
}

export interface Promotion {
  inviteCode: string;
  invitePath: string;
  totalUsers: number;
  generations: Array<{ generation: number; users: number }>;
  revenue: AssetTotals;
  today: AssetTotals;
  /** Rebate share of each fee for generations 1, 2 and 3 ('0.2' = 20 %). */
  shares: string[];
}

export interface Referee {
  user: string;
  registerTime: string;
  rebate: AssetTotals;
  totalInvestment: string;
  todayReward: AssetTotals;
}

export interface Page<T> {
  current: number;
  size: number;
  total: number;
  records: T[];
}

export type AgentInfo =
  | { isAgent: false }
  | {
      isAgent: true;
      since: string;
      teamSize: number;
      generations: Array<{ generation: number; users: number }>;
      teamVolume30d: string;
      teamVolumeToday: string;
      teamVolumeTotal: string;
    };

export interface TeamMember {
  user: string;
  generation: number;
  registerTime: string;
  volume30d: string;
  volumeTotal: string;
  isAgent: boolean;
}
