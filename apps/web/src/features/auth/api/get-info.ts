// POST /api/user/getInfo: the signed-in user's info (contacts masked).
import { apiPost, type RequestOptions } from '@/lib/api-client';
import type { UserInfo } from '@/lib/session-store';

export function getInfo(options?: RequestOptions): Promise<UserInfo> {
  return apiPost<UserInfo>('/api/user/getInfo', undefined, options);
}
