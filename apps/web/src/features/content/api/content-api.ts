// The content calls (spec section 7): the generic cgform data calls for the article tree, articles and
// news, /api/notice/list and /api/helpCenterInfo/{id}. Every query key carries the language, so a
// language switch fetches the texts again.
import type { ArticleCategory, ContentKind } from '@coin/shared/content';
import { FULL_LIST_PAGE_SIZE } from '@coin/shared/content';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';

export const CGFORM_API = '/api/mjkj-web/cgform-api';

export interface ContentItem {
  id: string;
  kind: ContentKind;
  code: string | null;
  category_id: string | null;
  section_code: string | null;
  title: string;
  summary: string;
  sort: number;
  publish_time: string | null;
  lang: string;
  fallback: boolean;
}

export interface ContentDetail extends ContentItem {
  html: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export const contentKeys = {
  tree: (lang: string) => ['content', 'tree', lang] as const,
  articles: (lang: string, sectionCode: string) => ['content', 'articles', lang, sectionCode] as const,
  detail: (lang: string, form: string, id: string) => ['content', 'detail', lang, form, id] as const,
  help: (lang: string, id: string) => ['content', 'help', lang, id] as const,
  news: (lang: string, page: number) => ['content', 'news', lang, page] as const,
  notices: (lang: string, page: number, size: number) => ['content', 'notices', lang, page, size] as const,
};

/** Spec section 2: the whole category tree in one call with page size -521. */
export function articleTreeQuery(lang: string) {
  return queryOptions({
    queryKey: contentKeys.tree(lang),
    queryFn: ({ signal }) =>
      apiGet<Page<ArticleCategory>>(
        `${CGFORM_API}/getData/article_category`,
        { column: 'sort', order: 'asc', pageSize: FULL_LIST_PAGE_SIZE, article_lang: lang },
        { signal },
      ),
    staleTime: 60_000,
  });
}

/** Every published article of one category or section (by its section code). */
export function sectionArticlesQuery(lang: string, sectionCode: string) {
  return queryOptions({
    queryKey: contentKeys.articles(lang, sectionCode),
    queryFn: ({ signal }) =>
      apiGet<Page<ContentItem>>(
        `${CGFORM_API}/getData/article`,
        {
          column: 'sort',
          order: 'asc',
          pageSize: FULL_LIST_PAGE_SIZE,
          article_lang: lang,
          section_code: sectionCode,
        },
        { signal },
      ),
    staleTime: 60_000,
  });
}

/** One published article, news item or notice with its sanitized HTML. */
export function contentDetailQuery(lang: string, form: 'article' | 'news' | 'notice', id: string) {
  return queryOptions({
    queryKey: contentKeys.detail(lang, form, id),
    queryFn: ({ signal }) =>
      apiGet<ContentDetail>(
        `${CGFORM_API}/detailData/${form}/${id}`,
        { article_lang: lang },
        { signal, silent: true },
      ),
    retry: false,
  });
}

/** A help-centre article by id or code (terms_of_service, privacy_policy ...). */
export function helpCenterQuery(lang: string, idOrCode: string) {
  return queryOptions({
    queryKey: contentKeys.help(lang, idOrCode),
    queryFn: ({ signal }) =>
      apiPost<ContentDetail>(`/api/helpCenterInfo/${idOrCode}`, undefined, { signal, silent: true }),
    retry: false,
  });
}

export const NEWS_PAGE_SIZE = 10;

export function newsQuery(lang: string, page: number) {
  return queryOptions({
    queryKey: contentKeys.news(lang, page),
    queryFn: ({ signal }) =>
      apiGet<Page<ContentItem>>(
        `${CGFORM_API}/getData/news`,
        { column: 'publish_time', order: 'desc', pageSize: NEWS_PAGE_SIZE, pageNo: page, article_lang: lang },
        { signal },
      ),
  });
}

export function noticesQuery(lang: string, page: number, size: number) {
  return queryOptions({
    queryKey: contentKeys.notices(lang, page, size),
    queryFn: ({ signal }) =>
      apiPost<Page<ContentDetail>>('/api/notice/list', undefined, {
        signal,
        params: { current: page, size },
      }),
    staleTime: 60_000,
  });
}
