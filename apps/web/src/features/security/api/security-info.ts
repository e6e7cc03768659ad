// GET {api}/member/securityInfo: the state of every security item (2FA, email, phone, passwords,
// anti-phishing code, withdrawal lock).
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { MEMBER_API, securityKeys } from './security-keys';

export interface SecurityInfo {
  googleBound: boolean;
  googleBoundAt: string | null;
  hasEmail: boolean;
  email: string;
  hasPhone: boolean;
  phone: string;
  hasFundPassword: boolean;
  hasAntiCode: boolean;
  antiCode: string;
  withdrawLockedUntil: string | null;
  withdrawLockReason: string | null;
}

export function securityInfoQuery() {
  return queryOptions({
    queryKey: securityKeys.info(),
    queryFn: ({ signal }) => apiGet<SecurityInfo>(`${MEMBER_API}/securityInfo`, undefined, { signal }),
  });
}
