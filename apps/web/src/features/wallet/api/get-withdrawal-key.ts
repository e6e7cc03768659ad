// GET {api}/assets/withdrawalKey: the server's RSA public key that wraps the withdrawal body's AES key.
import { apiGet } from '@/lib/api-client';
import type { WithdrawalKey } from '../lib/wallet-types';
import { ASSETS_API } from './wallet-keys';

export function getWithdrawalKey(): Promise<WithdrawalKey> {
  return apiGet<WithdrawalKey>(`${ASSETS_API}/withdrawalKey`, undefined, { silent: true });
}
