// The Fills tab's pages (newest first, FILLS_PAGE_SIZE each): whether there is a next page, and the
// rows of the loaded pages in order. A fill that arrives while older pages are shown shifts the page
// boundaries, so a row can be on two pages: it is listed once.
import type { ContractFill, Page } from '../api/contracts-api';

/** The number of the page after `pages` (from 1), or undefined when the last one reached the total. */
export function nextFillsPage(pages: readonly Page<ContractFill>[], pageSize: number): number | undefined {
  const last = pages[pages.length - 1];
  if (last === undefined || last.records.length === 0) return undefined;
  return pages.length * pageSize < last.total ? pages.length + 1 : undefined;
}

/** The loaded pages' fills, each once (by trade and role), newest first; `keep` filters by market. */
export function fillRows(
  pages: readonly Page<ContractFill>[],
  keep?: (symbol: string) => boolean,
): ContractFill[] {
  const seen = new Set<string>();
  const out: ContractFill[] = [];
  for (const page of pages) {
    for (const f of page.records) {
      const key = `${f.tradeId}-${f.role}`;
      if (seen.has(key) || (keep && !keep(f.symbol))) continue;
      seen.add(key);
      out.push(f);
    }
  }
  return out;
}
