// The Google authenticator: GET {api}/member/getGoogleVerification/{x} ('1' the pending secret while
// fresh, '2' a new one) and GET googleVerificationBindingOrReset/{code}/{type} ('1' bind, '2' reset) with
// the login password base64-encoded in the query.
import { apiGet, type RequestOptions } from '@/lib/api-client';
import { encodeSecret } from '../lib/encode';
import { MEMBER_API } from './security-keys';

export interface GoogleSetup {
  secret: string;
  otpauthUri: string;
  issuer: string;
  account: string;
  expiresAt: string;
}

export function getGoogleSetup(
  fresh: boolean,
  options?: Omit<RequestOptions, 'params'>,
): Promise<GoogleSetup> {
  return apiGet<GoogleSetup>(`${MEMBER_API}/getGoogleVerification/${fresh ? '2' : '1'}`, undefined, options);
}

export function bindOrResetGoogle(
  input: { code: string; type: 'bind' | 'reset'; password: string },
  options?: Omit<RequestOptions, 'params'>,
): Promise<null> {
  return apiGet<null>(
    `${MEMBER_API}/googleVerificationBindingOrReset/${encodeURIComponent(input.code)}/${input.type === 'bind' ? '1' : '2'}`,
    { password: encodeSecret(input.password) },
    options,
  );
}
