import { describe, expect, it } from 'vitest';
import type { ContractFill, Page } from '../api/contracts-api';
import { fillRows, nextFillsPage } from './fills-pages';

const fill = (tradeId: string, role: 'maker' | 'taker', symbol = 'btcusdt'): ContractFill =>
  ({ tradeId, role, symbol }) as ContractFill;
const page = (total: number, ...records: ContractFill[]): Page<ContractFill> => ({ total, records });

describe('fills pages', () => {
  it('asks for the next page until the pages loaded reach the total', () => {
    expect(nextFillsPage([], 2)).toBeUndefined();
    expect(nextFillsPage([page(5, fill('1', 'maker'), fill('2', 'maker'))], 2)).toBe(2);
    expect(
      nextFillsPage(
        [page(4, fill('4', 'maker'), fill('3', 'maker')), page(4, fill('2', 'maker'), fill('1', 'maker'))],
        2,
      ),
    ).toBeUndefined();
    expect(nextFillsPage([page(2, fill('1', 'maker'), fill('2', 'maker'))], 2)).toBeUndefined();
    // An empty page (the total shrank meanwhile) ends the paging.
    expect(nextFillsPage([page(9)], 2)).toBeUndefined();
  });

  it('lists a fill once when a new one shifted it onto the next page, and both roles of a trade', () => {
    const rows = fillRows([
      page(4, fill('9', 'taker'), fill('9', 'maker')),
      page(5, fill('9', 'maker'), fill('8', 'taker')),
    ]);
    expect(rows.map((f) => `${f.tradeId}-${f.role}`)).toEqual(['9-taker', '9-maker', '8-taker']);
  });

  it('keeps only the markets shown', () => {
    const rows = fillRows(
      [page(2, fill('2', 'maker', 'ethusdt'), fill('1', 'maker'))],
      (s) => s === 'btcusdt',
    );
    expect(rows.map((f) => f.tradeId)).toEqual(['1']);
  });
});
