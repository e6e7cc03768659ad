// POST /api/user/refreshToken: rotates both tokens; a refresh token works once.
import { apiPost, type RequestOptions } from '@/lib/api-client';

export interface RefreshResult {
  satoken: string;
  refreshToken: string;
  expiresIn: number;
  refreshExpiresIn: number;
}

export function refreshToken(token: string, options?: RequestOptions): Promise<RefreshResult> {
  return apiPost<RefreshResult>('/api/user/refreshToken', { refreshToken: token }, options);
}
