// Bank card (POST /api/userBank/save, getbank) and payment methods (POST {api}/member/payment,
// GET {api}/member/getPayment, POST {api}/member/payment/delete/{id}).
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import type { BankCard, PaymentMethod } from '../lib/identity-types';
import { API, identityKeys } from './identity-keys';

export function bankCardQuery() {
  return queryOptions({
    queryKey: identityKeys.bank(),
    queryFn: ({ signal }) => apiPost<BankCard | null>('/api/userBank/getbank', {}, { signal }),
  });
}

export interface BankCardInput {
  cardNo: string;
  bankName: string;
  bankAddress?: string;
  swiftCode?: string;
  branchName?: string;
  homeAddress?: string;
}

export function saveBankCard(input: BankCardInput) {
  return apiPost<BankCard>('/api/userBank/save', input, { silent: true });
}

export function paymentsQuery() {
  return queryOptions({
    queryKey: identityKeys.payments(),
    queryFn: ({ signal }) => apiGet<PaymentMethod[]>(`${API}/member/getPayment`, undefined, { signal }),
  });
}

export type PaymentInput =
  | { kind: 'bank'; holderName: string; bankName: string; account: string; branchName?: string }
  | { kind: 'ewallet'; holderName: string; provider: string; account: string; qrCode?: string };

export function addPayment(input: PaymentInput) {
  return apiPost<PaymentMethod>(`${API}/member/payment`, input, { silent: true });
}

export function deletePayment(id: string) {
  return apiPost<null>(`${API}/member/payment/delete/${encodeURIComponent(id)}`, {});
}
