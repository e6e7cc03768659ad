// Typed search params of the earn screens (the router runs these validators): the product id of
// /pledge/add, /finance/detail and /defis/details, and the tab of /finance/investment. Like
// ./search-params.ts, an invalid value reads as undefined and a key the search lacks stays absent.
import type { RawSearch } from './search-params';

export interface EarnIdSearch {
  id?: string;
}

const ID = /^\d{1,18}$/;

export function validateEarnIdSearch(search: RawSearch): EarnIdSearch {
  if (!('id' in search)) return {};
  const id = typeof search.id === 'string' || typeof search.id === 'number' ? String(search.id).trim() : '';
  return { id: ID.test(id) ? id : undefined };
}

export const FINANCE_TABS = ['value_added', 'member', 'ordinary', 'mine'] as const;
export type FinanceTab = (typeof FINANCE_TABS)[number];

export interface FinanceSearch {
  tab?: FinanceTab;
}

export function validateFinanceSearch(search: RawSearch): FinanceSearch {
  if (!('tab' in search)) return {};
  const tab = (FINANCE_TABS as readonly unknown[]).includes(search.tab)
    ? (search.tab as FinanceTab)
    : undefined;
  return { tab };
}
