// POST /api/user/updatePwd: fields base64-encoded; the server signs out every other device.
import { apiPost, type RequestOptions } from '@/lib/api-client';
import { encodePassword } from '../encode';

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function updateLoginPassword(input: ChangePasswordInput, options?: RequestOptions): Promise<null> {
  return apiPost<null>(
    '/api/user/updatePwd',
    {
      oldPassword: encodePassword(input.oldPassword),
      newPassword: encodePassword(input.newPassword),
      confirmPassword: encodePassword(input.confirmPassword),
    },
    options,
  );
}
