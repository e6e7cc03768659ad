// Tiers (GET {api}/open/tiers, GET {api}/member/grade), promotion (GET {api}/member/promotion and
// /promotion/list) and agents (POST /api/agentActivityInfo/getAgentInfo, getAgentList).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import type {
  AgentInfo,
  GradeView,
  Page,
  Promotion,
  Referee,
  TeamMember,
  TierRules,
} from '../lib/identity-types';
import { API, identityKeys } from './identity-keys';

export const LIST_PAGE_SIZE = 10;

export function tierRulesQuery() {
  return queryOptions({
    queryKey: identityKeys.tiers(),
    queryFn: ({ signal }) => apiGet<TierRules>(`${API}/open/tiers`, undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}

export function gradeQuery() {
  return queryOptions({
    queryKey: identityKeys.grade(),
    queryFn: ({ signal }) => apiGet<GradeView>(`${API}/member/grade`, undefined, { signal }),
  });
}

export function promotionQuery() {
  return queryOptions({
    queryKey: identityKeys.promotion(),
    queryFn: ({ signal }) => apiGet<Promotion>(`${API}/member/promotion`, undefined, { signal }),
  });
}

export function promotionListQuery(generation: number, current: number) {
  return queryOptions({
    queryKey: identityKeys.promotionList(generation, current),
    queryFn: ({ signal }) =>
      apiGet<Page<Referee>>(
        `${API}/member/promotion/list`,
        { generation, current, size: LIST_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function agentInfoQuery() {
  return queryOptions({
    queryKey: identityKeys.agentInfo(),
    queryFn: ({ signal }) => apiPost<AgentInfo>('/api/agentActivityInfo/getAgentInfo', {}, { signal }),
  });
}

export function agentListQuery(generation: number | undefined, current: number, enabled: boolean) {
  return queryOptions({
    queryKey: identityKeys.agentList(generation, current),
    queryFn: ({ signal }) =>
      apiPost<Page<TeamMember>>(
        '/api/agentActivityInfo/getAgentList',
        { current, size: LIST_PAGE_SIZE, ...(generation ? { generation } : {}) },
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}
