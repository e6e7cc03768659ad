// A pushed OWNCOIN event carries the new absolute balance of one (asset, account type). The balance
// lists in the query cache are patched with it at once (available, frozen, total), so the number on
// screen changes without waiting for a refetch; valuations are refreshed by the refetch that follows.
import { add, formatAmount } from '@coin/shared/money';
import { amountOf } from './wallet-forms';
import type { CurrencyAccount } from './wallet-types';

export interface OwncoinEvent {
  asset: string;
  accountTypeCode: string;
  available: string;
  frozen: string;
}

/** Reads a pushed frame's data; null when it is not a usable OWNCOIN payload. */
export function readOwncoinEvent(data: unknown): OwncoinEvent | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  const { asset, accountTypeCode, available, frozen } = d;
  if (
    typeof asset !== 'string' ||
    typeof accountTypeCode !== 'string' ||
    typeof available !== 'string' ||
    typeof frozen !== 'string'
  ) {
    return null;
  }
  return { asset, accountTypeCode, available, frozen };
}

/** The account list with the event applied; the same object when the event is for another account. */
export function applyOwncoin(account: CurrencyAccount, event: OwncoinEvent): CurrencyAccount {
  if (account.type !== event.accountTypeCode) return account;
  let changed = false;
  const list = account.list.map((row) => {
    if (row.coin !== event.asset) return row;
    changed = true;
    const total = formatAmount(add(amountOf(event.available), amountOf(event.frozen)));
    return { ...row, available: event.available, frozen: event.frozen, total };
  });
  return changed ? { ...account, list } : account;
}
