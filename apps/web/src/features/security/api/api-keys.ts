// API keys: GET {api}/member/apis (list), POST api (create; the secret comes back once), GET api/del?id.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost, type RequestOptions } from '@/lib/api-client';
import { MEMBER_API, securityKeys } from './security-keys';

export type ApiKeyPermission = 'read' | 'trade';

export interface ApiKeyView {
  id: string;
  label: string;
  apiKey: string;
  permissions: ApiKeyPermission[];
  ipAllowlist: string[];
  createTime: string;
}

export interface CreatedApiKey extends ApiKeyView {
  secretKey: string;
}

export function apiKeysQuery() {
  return queryOptions({
    queryKey: securityKeys.apiKeys(),
    queryFn: ({ signal }) =>
      apiGet<{ records: ApiKeyView[]; total: number }>(
        `${MEMBER_API}/apis`,
        { current: 1, size: 100 },
        { signal },
      ),
  });
}

export function createApiKey(
  body: { label: string; permissions: ApiKeyPermission[]; ipAllowlist?: string[]; googleCode?: string },
  options?: RequestOptions,
): Promise<CreatedApiKey> {
  return apiPost<CreatedApiKey>(`${MEMBER_API}/api`, body, options);
}

export function deleteApiKey(id: string, options?: Omit<RequestOptions, 'params'>): Promise<null> {
  return apiGet<null>(`${MEMBER_API}/api/del`, { id }, options);
}
