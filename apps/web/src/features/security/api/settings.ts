// Anti-phishing code, email and phone binding, and the password calls with the authenticator code
// (docs/account-security.md, docs/api.md). Passwords travel base64-encoded (spec section 5).
import { apiPost, type RequestOptions } from '@/lib/api-client';
import { encodeSecret } from '../lib/encode';
import { MEMBER_API } from './security-keys';

const withCode = (googleCode: string | undefined) => (googleCode ? { googleCode } : {});

export function setAntiCode(antiCode: string, googleCode: string | undefined, options?: RequestOptions) {
  return apiPost<null>(`${MEMBER_API}/antiCode`, { antiCode, ...withCode(googleCode) }, options);
}

export type ContactChannel = 'email' | 'sms';

/** A code to a new address ('bind') or to the account's current one ('security'). */
export function sendSecurityCode(
  input: { channel: ContactChannel; purpose: 'bind' | 'security'; target?: string },
  options?: RequestOptions,
) {
  return apiPost<null>(`${MEMBER_API}/sendSecurityCode`, input, options);
}

export function bindContact(
  channel: ContactChannel,
  input: { target: string; code: string; oldCode?: string; googleCode?: string },
  options?: RequestOptions,
) {
  const body = {
    ...(channel === 'email' ? { email: input.target } : { phone: input.target }),
    code: input.code,
    ...(input.oldCode ? { oldCode: input.oldCode } : {}),
    ...withCode(input.googleCode),
  };
  return apiPost<null>(`${MEMBER_API}/${channel === 'email' ? 'bindEmail' : 'bindPhone'}`, body, options);
}

export function changeLoginPassword(
  input: { oldPassword: string; newPassword: string; confirmPassword: string; googleCode?: string },
  options?: RequestOptions,
) {
  return apiPost<null>(
    '/api/user/updatePwd',
    {
      oldPassword: encodeSecret(input.oldPassword),
      newPassword: encodeSecret(input.newPassword),
      confirmPassword: encodeSecret(input.confirmPassword),
      ...withCode(input.googleCode),
    },
    options,
  );
}

export function setFundPassword(
  input: { loginPassword: string; password: string; confirmPassword: string; googleCode?: string },
  options?: RequestOptions,
) {
  return apiPost<null>(
    '/api/user/tardPwdSet',
    {
      loginPassword: encodeSecret(input.loginPassword),
      password: encodeSecret(input.password),
      confirmPassword: encodeSecret(input.confirmPassword),
      ...withCode(input.googleCode),
    },
    options,
  );
}

export function changeFundPassword(
  input: { oldPassword: string; newPassword: string; confirmPassword: string; googleCode?: string },
  options?: RequestOptions,
) {
  return apiPost<null>(
    '/api/mjkj-web/coin/member/tradePwd',
    {
      oldPassword: encodeSecret(input.oldPassword),
      newPassword: encodeSecret(input.newPassword),
      confirmPassword: encodeSecret(input.confirmPassword),
      ...withCode(input.googleCode),
    },
    options,
  );
}
