import { describe, expect, it } from 'vitest';
import { validateNewsSearch } from './news-search';

describe('validateNewsSearch', () => {
  it('keeps known values and drops the rest', () => {
    expect(validateNewsSearch({ tab: 'notices', id: '12', page: '3' })).toEqual({
      tab: 'notices',
      id: '12',
      page: 3,
    });
    expect(validateNewsSearch({ tab: 'x', id: '0', page: '-1' })).toEqual({});
    expect(validateNewsSearch({ id: 42 })).toEqual({ id: '42' });
  });
});
