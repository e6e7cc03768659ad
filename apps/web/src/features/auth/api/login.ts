// POST /api/user/login (docs/api.md): same reply for an unknown account and a wrong password.
import type { LoginBody } from '@coin/shared/auth-schemas';
import { apiPost, type RequestOptions } from '@/lib/api-client';
import type { UserInfo } from '@/lib/session-store';

export interface LoginResult {
  satoken: string;
  refreshToken: string;
  /** Seconds the access token is valid. */
  expiresIn: number;
  refreshExpiresIn: number;
  userInfo: UserInfo;
}

export function login(body: LoginBody, options?: RequestOptions): Promise<LoginResult> {
  return apiPost<LoginResult>('/api/user/login', body, options);
}
