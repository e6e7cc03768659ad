// POST /api/user/register: exactly one of email or phone, with the code sent to it.
import type { RegisterBody } from '@coin/shared/auth-schemas';
import { apiPost, type RequestOptions } from '@/lib/api-client';
import type { UserInfo } from '@/lib/session-store';

export function register(body: RegisterBody, options?: RequestOptions): Promise<{ userInfo: UserInfo }> {
  return apiPost<{ userInfo: UserInfo }>('/api/user/register', body, options);
}
