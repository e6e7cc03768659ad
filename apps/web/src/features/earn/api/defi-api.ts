// DeFi: a sign-in message for a wallet address, the signed proof (/api/apiDefi/sendApproveHash: a
// message and its signature, never an allowance), the proven addresses and joining a pool.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import type { EarnOrder, ProvenAddress, SignInMessage } from '../lib/earn-types';
import { earnKeys } from './earn-keys';

export function requestSignIn(address: string, chainId: number) {
  return apiPost<SignInMessage>('/api/apiDefi/nonce', { address, chainId }, { silent: true });
}

export function sendProof(message: string, signature: string) {
  return apiPost<{ address: string; gasPaid: boolean }>(
    '/api/apiDefi/sendApproveHash',
    { message, signature },
    { silent: true },
  );
}

export const addressesQuery = () =>
  queryOptions({
    queryKey: earnKeys.addresses(),
    queryFn: ({ signal }) => apiGet<ProvenAddress[]>('/api/apiDefi/addresses', undefined, { signal }),
  });

export function joinPool(productId: string, amount: string, address: string, idempotencyKey: string) {
  return apiPost<EarnOrder>(
    '/api/apiDefi/join',
    { productId, amount, address },
    { silent: true, headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
