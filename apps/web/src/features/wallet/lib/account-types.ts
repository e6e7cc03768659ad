// Which account types a user sees (spec section 3): '0' total first, then spot, contract, finance, and the
// merchant account '8' only when is_merchant is 2.
import type { AccountTypeCode, MovableAccountType } from './wallet-types';

export function visibleAccountTypes(isMerchant: boolean): AccountTypeCode[] {
  return isMerchant ? ['0', '1', '2', '3', '8'] : ['0', '1', '2', '3'];
}

export function movableAccountTypes(isMerchant: boolean): MovableAccountType[] {
  return isMerchant ? ['1', '2', '3', '8'] : ['1', '2', '3'];
}
