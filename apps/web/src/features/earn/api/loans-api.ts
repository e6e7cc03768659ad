// Power loans: the repay-way dictionary (/api/common/type/t_repay_type), applications with documents,
// the records (/api/order/list?kind=loan), one loan and repayment.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import type { Loan, Page, RepayType, RepayWay } from '../lib/earn-types';
import { earnKeys } from './earn-keys';

export const repayTypesQuery = () =>
  queryOptions({
    queryKey: earnKeys.repayTypes(),
    queryFn: ({ signal }) => apiPost<RepayType[]>('/api/common/type/t_repay_type', undefined, { signal }),
    staleTime: 5 * 60_000,
  });

export interface LoanApplication {
  productId: string;
  amount: string;
  repayWay: RepayWay;
  frontImage?: string;
  backImage?: string;
  holdingImage?: string;
}

export function applyForLoan(body: LoanApplication) {
  return apiPost<Loan>('/api/loan/apply', body, { silent: true });
}

export const loansQuery = (page: number) =>
  queryOptions({
    queryKey: [...earnKeys.loans(), page],
    queryFn: ({ signal }) =>
      apiPost<Page<Loan>>('/api/order/list', undefined, {
        signal,
        params: { kind: 'loan', current: page, size: 10 },
      }),
    placeholderData: keepPreviousData,
  });

export const loanQuery = (id: string) =>
  queryOptions({
    queryKey: earnKeys.loan(id),
    queryFn: ({ signal }) => apiGet<Loan>('/api/loan/detail', { id }, { signal }),
  });

export function repayLoan(loanId: string, mode: 'next' | 'full', idempotencyKey: string) {
  return apiPost<Loan & { paid: string }>(
    '/api/loan/repay',
    { loanId, mode },
    { silent: true, headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
