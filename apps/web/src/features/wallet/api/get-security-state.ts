// GET {api}/member/securityInfo (account security, docs/account-security.md): whether a Google
// authenticator is bound (the withdrawal then asks for its code) and whether withdrawals are locked after
// a recent security change, and until when.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export interface WithdrawSecurityState {
  googleBound: boolean;
  withdrawLockedUntil: string | null;
}

export function securityStateQuery() {
  return queryOptions({
    queryKey: [...walletKeys.all, 'security'],
    queryFn: ({ signal }) =>
      apiGet<WithdrawSecurityState>('/api/mjkj-web/coin/member/securityInfo', undefined, { signal }),
  });
}
