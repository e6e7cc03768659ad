// Content wire rules shared by the server and the web client (issue 14): kinds, the operator CMS's body
// schemas, the cgform page size that means "everything" (spec section 9: -521) and the article
// section's route rules (breadcrumb, category vs section paths).
import { z } from 'zod';
import { LANGUAGES } from './languages';
import { idString } from './wire-id';

export const CONTENT_KINDS = ['news', 'notice', 'article'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Spec section 9: the page size that asks for a full list. */
export const FULL_LIST_PAGE_SIZE = -521;
/** The most rows a full list returns (a bound, not a page). */
export const FULL_LIST_MAX = 500;

export const CONTENT_TITLE_MAX = 200;
export const CONTENT_SUMMARY_MAX = 500;
export const CONTENT_MARKDOWN_MAX = 100_000;
/** Codes are lower-case words (a letter first): 'terms_of_service', 'fees_and_rules'. */
export const CONTENT_CODE_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

const lang = z.enum(LANGUAGES, { error: 'validation.invalid' });
const code = z.string().regex(CONTENT_CODE_PATTERN, 'validation.invalid');
const sort = z
  .number({ error: 'validation.invalid' })
  .int('validation.integer')
  .min(-100_000)
  .max(100_000)
  .default(0);

function uniqueLangs<T extends { lang: string }>(list: T[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    if (seen.has(entry.lang))
      ctx.addIssue({ code: 'custom', message: 'validation.duplicate', path: [i, 'lang'] });
    seen.add(entry.lang);
  });
}

export const contentTranslationSchema = z.strictObject({
  lang,
  title: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(CONTENT_TITLE_MAX),
  summary: z.string().trim().max(CONTENT_SUMMARY_MAX).default(''),
  markdown: z.string({ error: 'validation.required' }).max(CONTENT_MARKDOWN_MAX),
});

/** Create or replace an item: all its translations at once (English required: the fallback). */
export const contentItemBodySchema = z.strictObject({
  kind: z.enum(CONTENT_KINDS, { error: 'validation.invalid' }),
  categoryId: idString.nullable().default(null),
  code: code.nullable().default(null),
  sort,
  translations: z.array(contentTranslationSchema).min(1).max(LANGUAGES.length).superRefine(uniqueLangs),
});
export type ContentItemBody = z.infer<typeof contentItemBodySchema>;

export const contentCategoryBodySchema = z.strictObject({
  /** '0' for a category, a category's id for a section. */
  pid: z.union([z.literal('0'), idString]).default('0'),
  sectionCode: code,
  sort,
  names: z
    .array(
      z.strictObject({
        lang,
        name: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(100),
      }),
    )
    .min(1)
    .max(LANGUAGES.length)
    .superRefine(uniqueLangs),
});
export type ContentCategoryBody = z.infer<typeof contentCategoryBodySchema>;

export const contentPreviewBodySchema = z.strictObject({
  markdown: z.string({ error: 'validation.required' }).max(CONTENT_MARKDOWN_MAX),
});

/** A category or section as the cgform tree returns it (spec section 3: id, pid, section_code). */
export interface ArticleCategory {
  id: string;
  /** '0' for a top-level category. */
  pid: string;
  section_code: string;
  name: string;
  sort: number;
  lang: string;
  /** True when `name` is the English fallback, not the requested language. */
  fallback: boolean;
}

/** Spec section 2: category paths for items whose pid is '0', sections otherwise. */
export function articleNodePath(node: Pick<ArticleCategory, 'id' | 'pid'>): string {
  return node.pid === '0' ? `/article/main/categories/${node.id}` : `/article/main/sections/${node.id}`;
}

/** The parent chain of a node, root first, ending with the node itself; a broken or cyclic chain stops. */
export function articleChain<T extends Pick<ArticleCategory, 'id' | 'pid'>>(
  nodes: readonly T[],
  id: string,
): T[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const chain: T[] = [];
  const seen = new Set<string>();
  let at = byId.get(id);
  while (at && !seen.has(at.id)) {
    chain.unshift(at);
    seen.add(at.id);
    at = at.pid === '0' ? undefined : byId.get(at.pid);
  }
  return chain;
}

export interface BreadcrumbEntry {
  /** 'all' for the first entry, else the node's name. */
  label: string;
  path: string;
}

/** Spec section 2: the breadcrumb starts with 'all' (the article index), then the parent chain. */
export function articleBreadcrumb(
  nodes: readonly ArticleCategory[],
  id: string | null,
  allLabel = 'all',
): BreadcrumbEntry[] {
  const crumbs: BreadcrumbEntry[] = [{ label: allLabel, path: '/article/main/index' }];
  if (id === null) return crumbs;
  for (const node of articleChain(nodes, id)) crumbs.push({ label: node.name, path: articleNodePath(node) });
  return crumbs;
}

/** Spec section 2: a language change outside the article index returns to /article/main/index. */
export function pathAfterLanguageChange(pathname: string): string | null {
  if (!pathname.startsWith('/article/main/')) return null;
  return pathname === '/article/main/index' ? null : '/article/main/index';
}
