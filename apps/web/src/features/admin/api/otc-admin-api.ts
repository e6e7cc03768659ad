// OTC console calls (docs/otc.md "Appeals"): merchant applications and appeals.
import { adminGet, adminPost } from './admin-client';

const BASE = '/api/admin/otc';

export interface MerchantRow {
  id: string;
  userId: string;
  account: string;
  nickname: string;
  status: 'pending' | 'approved' | 'rejected';
  depositAmount: string | null;
  depositAsset: string | null;
  createTime: string;
}

export interface AppealRow {
  id: string;
  orderCode: string;
  byUserId: string;
  reason: string;
  status: 'open' | 'pending_approval' | 'resolved';
  decision: 'buyer' | 'seller' | null;
  decidedBy: string | null;
  needsSecondApproval: boolean;
  createTime: string;
  order: {
    amount: string;
    asset: string;
    total: string;
    fiat: string;
    buyerId: string;
    sellerId: string;
    status: string;
  };
}

export interface AppealDetail extends AppealRow {
  proof: string | null;
  parties: Array<{ id: string; account: string }>;
  messages: Array<{
    id: string;
    blade_user_id: string;
    content: string;
    content_type: string;
    create_time: string;
  }>;
  payment: Array<{
    kind: string;
    holderName: string;
    bankName: string | null;
    provider: string | null;
    account: string;
  }>;
}

export const otcAdminKeys = {
  all: ['admin', 'otc'] as const,
  merchants: (status: string) => ['admin', 'otc', 'merchants', status] as const,
  appeals: (status: string) => ['admin', 'otc', 'appeals', status] as const,
  appeal: (id: string) => ['admin', 'otc', 'appeal', id] as const,
};

export const listMerchants = (status: string) =>
  adminGet<MerchantRow[]>(`${BASE}/merchants?status=${status}`);
export const decideMerchant = (id: string, approve: boolean, reason?: string) =>
  adminPost(`${BASE}/merchants/${id}/decide`, { approve, ...(reason ? { reason } : {}) });
export const listAppeals = (status: string) => adminGet<AppealRow[]>(`${BASE}/appeals?status=${status}`);
export const getAppeal = (id: string) => adminGet<AppealDetail>(`${BASE}/appeals/${id}`);
export const decideAppeal = (id: string, to: 'buyer' | 'seller', note: string) =>
  adminPost<{ status: string }>(`${BASE}/appeals/${id}/decide`, { to, note });
export const approveAppeal = (id: string) => adminPost(`${BASE}/appeals/${id}/approve`, { confirm: true });
