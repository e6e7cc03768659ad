import { describe, expect, it } from 'vitest';
import {
  type ArticleCategory,
  articleBreadcrumb,
  articleChain,
  articleNodePath,
  contentItemBodySchema,
  pathAfterLanguageChange,
} from './content';

const node = (id: string, pid: string, name: string): ArticleCategory => ({
  id,
  pid,
  name,
  section_code: `c${id}`,
  sort: 0,
  lang: 'en',
  fallback: false,
});
const tree = [
  node('1', '0', 'Guides'),
  node('2', '1', 'Trading'),
  node('3', '2', 'Spot'),
  node('4', '0', 'Legal'),
];

describe('article rules', () => {
  it('uses category paths for pid 0 and section paths otherwise', () => {
    expect(articleNodePath(node('1', '0', 'x'))).toBe('/article/main/categories/1');
    expect(articleNodePath(node('2', '1', 'x'))).toBe('/article/main/sections/2');
  });
  it('builds the breadcrumb from all and the parent chain', () => {
    expect(articleBreadcrumb(tree, '3', 'All')).toEqual([
      { label: 'All', path: '/article/main/index' },
      { label: 'Guides', path: '/article/main/categories/1' },
      { label: 'Trading', path: '/article/main/sections/2' },
      { label: 'Spot', path: '/article/main/sections/3' },
    ]);
    expect(articleBreadcrumb(tree, null)).toEqual([{ label: 'all', path: '/article/main/index' }]);
    expect(articleBreadcrumb(tree, '99')).toHaveLength(1);
  });
  it('stops on a cycle', () => {
    expect(articleChain([node('1', '2', 'a'), node('2', '1', 'b')], '1').map((n) => n.id)).toEqual([
      '2',
      '1',
    ]);
  });
  it('returns to the index when the language changes elsewhere in the article section', () => {
    expect(pathAfterLanguageChange('/article/main/index')).toBeNull();
    expect(pathAfterLanguageChange('/article/main/sections/2')).toBe('/article/main/index');
    expect(pathAfterLanguageChange('/article/main/content/article/7')).toBe('/article/main/index');
    expect(pathAfterLanguageChange('/news/index')).toBeNull();
  });
});

describe('contentItemBodySchema', () => {
  it('refuses a language twice and unknown fields', () => {
    const t = { lang: 'en', title: 'T', markdown: 'x' };
    expect(contentItemBodySchema.safeParse({ kind: 'news', translations: [t, t] }).success).toBe(false);
    expect(contentItemBodySchema.safeParse({ kind: 'news', translations: [t], html: '<b>' }).success).toBe(
      false,
    );
    expect(contentItemBodySchema.parse({ kind: 'news', translations: [t], code: 'terms_1' }).code).toBe(
      'terms_1',
    );
    for (const code of ['NaN', ' terms', '1e400', '9223372036854775808']) {
      expect(contentItemBodySchema.safeParse({ kind: 'news', translations: [t], code }).success, code).toBe(
        false,
      );
    }
    expect(contentItemBodySchema.safeParse({ kind: 'news', translations: [t], sort: '1' }).success).toBe(
      false,
    );
  });
});
