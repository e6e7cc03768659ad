import type { ArticleCategory } from '@coin/shared/content';
import { describe, expect, it } from 'vitest';
import { childrenOf, nodeById, treeHasFallback } from './article-children';

const n = (id: string, pid: string, sort: number, fallback = false): ArticleCategory => ({
  id,
  pid,
  sort,
  fallback,
  name: id,
  section_code: id,
  lang: 'en',
});

describe('article tree helpers', () => {
  const tree = [n('1', '0', 2), n('2', '0', 1), n('3', '1', 1), n('4', '1', 0, true)];
  it('lists children in sort order', () => {
    expect(childrenOf(tree, '0').map((x) => x.id)).toEqual(['2', '1']);
    expect(childrenOf(tree, '1').map((x) => x.id)).toEqual(['4', '3']);
  });
  it('finds nodes and fallbacks', () => {
    expect(nodeById(tree, '3')?.pid).toBe('1');
    expect(treeHasFallback(tree)).toBe(true);
    expect(treeHasFallback(tree.slice(0, 2))).toBe(false);
  });
});
