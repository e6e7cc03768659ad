// POST {api}/assets/withdrawal: the encrypted withdrawal request (see ../lib/encrypt-withdrawal.ts).
import { apiPost } from '@/lib/api-client';
import type { EncryptedWithdrawal } from '../lib/encrypt-withdrawal';
import type { WithdrawalRow } from '../lib/wallet-types';
import { ASSETS_API } from './wallet-keys';

export function submitWithdrawal(body: EncryptedWithdrawal, idempotencyKey: string) {
  return apiPost<Pick<WithdrawalRow, 'id' | 'orderNo' | 'coin' | 'amount' | 'fee' | 'total' | 'status'>>(
    `${ASSETS_API}/withdrawal`,
    body,
    { silent: true, headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
