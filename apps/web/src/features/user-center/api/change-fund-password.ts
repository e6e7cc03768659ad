// POST /api/mjkj-web/coin/member/tradePwd: changes an existing funds password (fields base64-encoded).
import { apiPost, type RequestOptions } from '@/lib/api-client';
import { encodePassword } from '../encode';
import type { ChangePasswordInput } from './update-login-password';

export function changeFundPassword(input: ChangePasswordInput, options?: RequestOptions): Promise<null> {
  return apiPost<null>(
    '/api/mjkj-web/coin/member/tradePwd',
    {
      oldPassword: encodePassword(input.oldPassword),
      newPassword: encodePassword(input.newPassword),
      confirmPassword: encodePassword(input.confirmPassword),
    },
    options,
  );
}
