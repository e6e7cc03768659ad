// Content tables (issue 14): news, notices and help articles with one translation per language, the
// article category tree with names per language, and the seed marker. Non-money data, SQL only.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Article categories (pid 0) and their sections (pid = the parent's id); spec section 3. */
export const contentCategories = pgTable(
  'content_categories',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    pid: bigint('pid', { mode: 'bigint' }).notNull().default(sql`0`),
    sectionCode: text('section_code').notNull(),
    sort: integer('sort').notNull().default(0),
    /** 'draft' | 'published': a draft category hides itself, its sections and their articles. */
    status: text('status').notNull().default('draft'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('content_categories_code_uq').on(sql`lower(${t.sectionCode})`)],
);

export const contentCategoryNames = pgTable(
  'content_category_names',
  {
    categoryId: bigint('category_id', { mode: 'bigint' })
      .notNull()
      .references(() => contentCategories.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.lang] })],
);

/** News, notices and articles (the help centre); text lives in content_translations. */
export const contentItems = pgTable(
  'content_items',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** 'news' | 'notice' | 'article' */
    kind: text('kind').notNull(),
    /** Articles only: the category or section they belong to. */
    categoryId: bigint('category_id', { mode: 'bigint' }).references(() => contentCategories.id),
    /** Optional stable code (article_code), unique per kind, e.g. 'terms_of_service'. */
    code: text('code'),
    sort: integer('sort').notNull().default(0),
    /** 'draft' | 'published' */
    status: text('status').notNull().default('draft'),
    publishedAt: ts('published_at'),
    createdBy: bigint('created_by', { mode: 'bigint' }),
    updatedBy: bigint('updated_by', { mode: 'bigint' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('content_items_kind_idx').on(t.kind, t.status, t.publishedAt),
    index('content_items_category_idx').on(t.categoryId),
    uniqueIndex('content_items_code_uq').on(t.kind, sql`lower(${t.code})`),
  ],
);

/** One language's text of an item: Markdown as written and the sanitized HTML rendered from it. */
export const contentTranslations = pgTable(
  'content_translations',
  {
    itemId: bigint('item_id', { mode: 'bigint' })
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    markdown: text('markdown').notNull(),
    html: text('html').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.lang] })],
);

/** Seed sets applied once (a fresh start gets the guide, fees, rules and legal texts). */
export const contentSeeds = pgTable('content_seeds', {
  name: text('name').primaryKey(),
  appliedAt: ts('applied_at').notNull(),
});
