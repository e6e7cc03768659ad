// Identity certification calls: the state (GET {api}/member/getMemberOtherData/yhrzxx), primary
// (POST {api}/member/verified), advanced (POST /api/user/uploadKYC) and email certification
// (POST /api/user/bindEmail, after a `bind` code from /api/user/sendEmailCode).
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import type { KycState, KycView } from '../lib/identity-types';
import { API, identityKeys } from './identity-keys';

export function kycStateQuery() {
  return queryOptions({
    queryKey: identityKeys.kyc(),
    queryFn: ({ signal }) =>
      apiGet<KycState>(`${API}/member/getMemberOtherData/yhrzxx`, undefined, { signal }),
  });
}

export interface PrimaryInput {
  name: string;
  idNumber: string;
  country: string;
  cardType: string;
}

export function submitPrimary(input: PrimaryInput) {
  return apiPost<KycView>(`${API}/member/verified`, input, { silent: true });
}

export function submitAdvanced(input: { front: string; back: string; hold: string }) {
  return apiPost<KycView>('/api/user/uploadKYC', input, { silent: true });
}

export function sendBindEmailCode(email: string) {
  return apiPost<null>('/api/user/sendEmailCode', undefined, {
    params: { email, type: 'bind' },
    silent: true,
  });
}

export function bindEmail(input: { email: string; code: string }) {
  return apiPost<{ email: string }>('/api/user/bindEmail', input, { silent: true });
}
