// The operator CMS calls (docs/content.md "Operator CMS"): items with all their translations, the
// category tree, publish / unpublish and the Markdown preview.
import type { ContentCategoryBody, ContentItemBody, ContentKind, ContentStatus } from '@coin/shared/content';
import { adminGet, adminPost, adminPut } from './admin-client';
import type { Page } from './console-types';

export interface CmsItemRow {
  id: string;
  kind: ContentKind;
  code: string | null;
  categoryId: string | null;
  status: ContentStatus;
  sort: number;
  title: string;
  langs: string[];
  publishedAt: string | null;
  updatedAt: string;
}

export interface CmsItem extends CmsItemRow {
  translations: Array<{ lang: string; title: string; summary: string; markdown: string }>;
}

export interface CmsCategory {
  id: string;
  pid: string;
  sectionCode: string;
  sort: number;
  status: ContentStatus;
  names: Array<{ lang: string; name: string }>;
}

const P = '/api/admin/content';

export const cmsKeys = {
  all: ['admin', 'cms'] as const,
  items: (kind: ContentKind, current: number) => ['admin', 'cms', 'items', kind, current] as const,
  item: (id: string) => ['admin', 'cms', 'item', id] as const,
  categories: ['admin', 'cms', 'categories'] as const,
};

export const listCmsItems = (kind: ContentKind, current: number) =>
  adminGet<Page<CmsItemRow>>(`${P}/items`, { kind, current, size: 20 });
export const getCmsItem = (id: string) => adminGet<CmsItem>(`${P}/items/${id}`);
export const createCmsItem = (body: ContentItemBody) =>
  adminPost<CmsItem>(`${P}/items`, body, { silent: true });
export const updateCmsItem = (id: string, body: ContentItemBody) =>
  adminPut<CmsItem>(`${P}/items/${id}`, body, { silent: true });
export const setCmsItemStatus = (id: string, publish: boolean) =>
  adminPost<CmsItem>(`${P}/items/${id}/${publish ? 'publish' : 'unpublish'}`);
export const previewMarkdown = (markdown: string) =>
  adminPost<{ html: string }>(`${P}/preview`, { markdown });
export const listCmsCategories = () => adminGet<CmsCategory[]>(`${P}/categories`);
export const createCmsCategory = (body: ContentCategoryBody) =>
  adminPost<CmsCategory>(`${P}/categories`, body, { silent: true });
export const updateCmsCategory = (id: string, body: ContentCategoryBody) =>
  adminPut<CmsCategory>(`${P}/categories/${id}`, body, { silent: true });
export const setCmsCategoryStatus = (id: string, publish: boolean) =>
  adminPost<CmsCategory>(`${P}/categories/${id}/${publish ? 'publish' : 'unpublish'}`);
