// POST /api/user/tardPwdSet: sets the funds password once, confirmed with the login password.
import { apiPost, type RequestOptions } from '@/lib/api-client';
import { encodePassword } from '../encode';

export interface SetFundPasswordInput {
  loginPassword: string;
  password: string;
  confirmPassword: string;
}

export function setFundPassword(input: SetFundPasswordInput, options?: RequestOptions): Promise<null> {
  return apiPost<null>(
    '/api/user/tardPwdSet',
    {
      loginPassword: encodePassword(input.loginPassword),
      password: encodePassword(input.password),
      confirmPassword: encodePassword(input.confirmPassword),
    },
    options,
  );
}
