// Product lists of spec section 7 (/api/{x}/list) and one product (/api/earn/product).
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import type {
  AnyProduct,
  DefiPool,
  FinanceCategory,
  FinanceList,
  LoanProduct,
  PledgeProduct,
} from '../lib/earn-types';
import { earnKeys } from './earn-keys';

export const pledgeProductsQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: earnKeys.products('pledge', String(signedIn)),
    queryFn: ({ signal }) => apiPost<PledgeProduct[]>('/api/pledge/list', undefined, { signal }),
  });

export const financeProductsQuery = (category: FinanceCategory, signedIn: boolean) =>
  queryOptions({
    queryKey: earnKeys.products('finance', `${category}:${signedIn}`),
    queryFn: ({ signal }) =>
      apiPost<FinanceList>('/api/financial/list', undefined, { signal, params: { category } }),
  });

export const loanProductsQuery = () =>
  queryOptions({
    queryKey: earnKeys.products('loan'),
    queryFn: ({ signal }) => apiPost<LoanProduct[]>('/api/loan/list', undefined, { signal }),
  });

export const defiPoolsQuery = () =>
  queryOptions({
    queryKey: earnKeys.products('defi'),
    queryFn: ({ signal }) => apiPost<DefiPool[]>('/api/defi/list', undefined, { signal }),
  });

export const productQuery = (id: string, signedIn: boolean) =>
  queryOptions({
    queryKey: [...earnKeys.product(id), signedIn],
    queryFn: ({ signal }) => apiGet<AnyProduct>('/api/earn/product', { id }, { signal }),
  });
