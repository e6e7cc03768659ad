// Operator calls of the identity area (docs/identity.md): the KYC review queue and agent grants.
import { adminGet, adminPost } from './admin-client';
import type { Page } from './console-types';

export interface KycRow {
  id: string;
  userId: string;
  account: string;
  level: 'primary' | 'advanced';
  status: 0 | 1 | 2;
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

export interface KycDetail extends KycRow {
  idNumberFull: string | null;
  primary: KycRow | null;
  reviewedBy: string | null;
}

export interface AgentRow {
  userId: string;
  account: string;
  email: string;
  status: 'active' | 'revoked';
  note: string | null;
  teamSize: number;
  grantTime: string;
  revokeTime: string | null;
}

export const identityAdminKeys = {
  kyc: (status: string, level: string, keyword: string, current: number) =>
    ['admin', 'kyc', status, level, keyword, current] as const,
  kycDetail: (id: string) => ['admin', 'kyc', 'detail', id] as const,
  agents: (status: string, current: number) => ['admin', 'agents', status, current] as const,
};

export const listKyc = (q: { status: string; level: string; keyword: string; current: number }) =>
  adminGet<Page<KycRow>>('/api/admin/kyc', {
    status: q.status === 'all' ? undefined : q.status,
    level: q.level === 'all' ? undefined : q.level,
    keyword: q.keyword || undefined,
    current: q.current,
    size: 20,
  });
export const kycDetail = (id: string) => adminGet<KycDetail>(`/api/admin/kyc/${id}`);
export const approveKyc = (id: string) => adminPost<KycRow>(`/api/admin/kyc/${id}/approve`);
export const rejectKyc = (id: string, reason: string) =>
  adminPost<KycRow>(`/api/admin/kyc/${id}/reject`, { reason });

export const listAgents = (status: string, current: number) =>
  adminGet<Page<AgentRow>>('/api/admin/agents', {
    status: status === 'all' ? undefined : status,
    current,
    size: 20,
  });
export const grantAgent = (userId: string, note: string) =>
  adminPost<AgentRow>('/api/admin/agents', { userId, ...(note ? { note } : {}) }, { silent: true });
export const revokeAgent = (userId: string, reason: string) =>
  adminPost<AgentRow>(`/api/admin/agents/${userId}/revoke`, { reason });
