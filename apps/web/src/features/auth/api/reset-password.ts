// POST /api/user/backPwd: the spec puts the parameters in the query string. Signs out every device.
import { apiPost, type RequestOptions } from '@/lib/api-client';

export interface ResetPasswordInput {
  type: 'email' | 'phone';
  target: string;
  code: string;
  password: string;
  confirmPassword: string;
}

export function resetPassword(input: ResetPasswordInput, options?: RequestOptions): Promise<null> {
  return apiPost<null>('/api/user/backPwd', undefined, { ...options, params: { ...input } });
}
