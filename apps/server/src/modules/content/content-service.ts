// Content: news, notices and articles (the help centre) with one translation per language, and the
// article category tree. Readers get their language, or English with `fallback: true` (the web client
// shows a note). Only published items in published categories are ever read by the public calls:
// drafts, unpublished items and items under an unpublished category answer CONTENT_NOT_FOUND, exactly
// like unknown ids. Operator writes are audited (lib/audit.ts) in the same transaction.
import {
  type ArticleCategory,
  type ContentCategoryBody,
  type ContentItemBody,
  type ContentKind,
  type ContentStatus,
  FULL_LIST_MAX,
} from '@coin/shared/content';
import { DEFAULT_LANGUAGE, type Language } from '@coin/shared/languages';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '@/db/client';
import { contentCategories, contentCategoryNames, contentItems, contentTranslations } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import { likePattern } from '@/modules/admin/console-users';
import { applyFacts, type ContentFacts } from './content-facts';
import { plainText, renderMarkdown } from './markdown';

/** One item as the public calls return it. */
export interface PublicItem {
  id: string;
  kind: ContentKind;
  code: string | null;
  category_id: string | null;
  section_code: string | null;
  title: string;
  summary: string;
  sort: number;
  publish_time: string | null;
  /** The language of the text returned. */
  lang: string;
  /** True when the requested language has no translation and English is shown. */
  fallback: boolean;
}

export interface PublicItemDetail extends PublicItem {
  html: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export type ItemSortColumn = 'publish_time' | 'sort' | 'id' | 'title';

export interface ListQuery {
  kind: ContentKind;
  lang: Language;
  current: number;
  /** 'all': a full list (bounded by FULL_LIST_MAX). */
  size: number | 'all';
  sort?: { column: ItemSortColumn; dir: 'asc' | 'desc' };
  code?: string;
  sectionCode?: string;
  categoryId?: bigint;
}

export interface AdminItemRow {
  id: string;
  kind: ContentKind;
  code: string | null;
  categoryId: string | null;
  status: ContentStatus;
  sort: number;
  title: string;
  langs: string[];
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AdminItem extends AdminItemRow {
  translations: Array<{ lang: string; title: string; summary: string; markdown: string }>;
}

export interface AdminCategory {
  id: string;
  pid: string;
  sectionCode: string;
  sort: number;
  status: ContentStatus;
  names: Array<{ lang: string; name: string }>;
  updatedAt: string;
}

const DEFAULT_SORT: Record<ContentKind, { column: ItemSortColumn; dir: 'asc' | 'desc' }> = {
  news: { column: 'publish_time', dir: 'desc' },
  notice: { column: 'publish_time', dir: 'desc' },
  article: { column: 'sort', dir: 'asc' },
};

type CategoryRow = typeof contentCategories.$inferSelect;

/** Ids of categories that are published and whose every ancestor is published. */
export function visibleCategoryIds(
  rows: ReadonlyArray<Pick<CategoryRow, 'id' | 'pid' | 'status'>>,
): Set<bigint> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const visible = new Set<bigint>();
  for (const row of rows) {
    let ok = true;
    const seen = new Set<bigint>();
    let at: (typeof rows)[number] | undefined = row;
    while (at) {
      if (at.status !== 'published' || seen.has(at.id)) {
        ok = false;
        break;
      }
      seen.add(at.id);
      if (at.pid === 0n) break;
      at = byId.get(at.pid);
      if (!at) ok = false;
    }
    if (ok) visible.add(row.id);
  }
  return visible;
}

export class ContentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly facts: () => Promise<ContentFacts>,
  ) {}

  // ------------------------------------------------------------------ public reads

  private async categoryRows(db: Executor = this.db) {
    return db.select().from(contentCategories);
  }

  /** The visible category tree in one list (the client asks once with page size -521). */
  async categories(lang: Language): Promise<ArticleCategory[]> {
    const rows = await this.categoryRows();
    const visible = visibleCategoryIds(rows);
    const ids = rows.filter((r) => visible.has(r.id)).map((r) => r.id);
    if (ids.length === 0) return [];
    const names = await this.db
      .select()
      .from(contentCategoryNames)
      .where(
        and(
          inArray(contentCategoryNames.categoryId, ids),
          inArray(contentCategoryNames.lang, [lang, DEFAULT_LANGUAGE]),
        ),
      );
    const nameOf = new Map(names.map((n) => [`${n.categoryId}:${n.lang}`, n.name]));
    const facts = await this.facts();
    return rows
      .filter((r) => visible.has(r.id))
      .sort((a, b) => a.sort - b.sort || Number(a.id - b.id))
      .map((r) => {
        const own = nameOf.get(`${r.id}:${lang}`);
        const name = own ?? nameOf.get(`${r.id}:${DEFAULT_LANGUAGE}`) ?? r.sectionCode;
        return {
          id: r.id.toString(),
          pid: r.pid.toString(),
          section_code: r.sectionCode,
          name: applyFacts(name, facts, false),
          sort: r.sort,
          lang: own === undefined ? DEFAULT_LANGUAGE : lang,
          fallback: own === undefined && lang !== DEFAULT_LANGUAGE,
        };
      });
  }

  /** Conditions every public read of items applies: published, and (articles) in a visible category. */
  private async publicConditions(
    kind: ContentKind,
  ): Promise<{ where: SQL[]; sections: Map<bigint, string> }> {
    const where: SQL[] = [eq(contentItems.kind, kind), eq(contentItems.status, 'published')];
    const rows = await this.categoryRows();
    const visible = visibleCategoryIds(rows);
    const sections = new Map(rows.filter((r) => visible.has(r.id)).map((r) => [r.id, r.sectionCode]));
    if (kind === 'article') {
      const ids = [...visible];
      const inVisible = ids.length > 0 ? inArray(contentItems.categoryId, ids) : sql`false`;
      where.push(or(isNull(contentItems.categoryId), inVisible) as SQL);
    }
    return { where, sections };
  }

  async list(query: ListQuery): Promise<Page<PublicItem>> {
    const { where, sections } = await this.publicConditions(query.kind);
    if (query.code !== undefined) where.push(sql`lower(${contentItems.code}) = ${query.code.toLowerCase()}`);
    if (query.categoryId !== undefined) where.push(eq(contentItems.categoryId, query.categoryId));
    if (query.sectionCode !== undefined) {
      const ids = [...sections].filter(([, c]) => c.toLowerCase() === query.sectionCode?.toLowerCase());
      where.push(
        ids.length > 0
          ? inArray(
              contentItems.categoryId,
              ids.map(([id]) => id),
            )
          : sql`false`,
      );
    }
    const tr = alias(contentTranslations, 'tr');
    const te = alias(contentTranslations, 'te');
    const title = sql<string>`coalesce(${tr.title}, ${te.title})`;
    const sort = query.sort ?? DEFAULT_SORT[query.kind];
    const column =
      sort.column === 'publish_time'
        ? contentItems.publishedAt
        : sort.column === 'sort'
          ? contentItems.sort
          : sort.column === 'title'
            ? title
            : contentItems.id;
    const direction = sort.dir === 'asc' ? asc : desc;
    const size = query.size === 'all' ? FULL_LIST_MAX : query.size;
    const offset = query.size === 'all' ? 0 : (query.current - 1) * size;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: contentItems.id,
          kind: contentItems.kind,
          code: contentItems.code,
          categoryId: contentItems.categoryId,
          sort: contentItems.sort,
          publishedAt: contentItems.publishedAt,
          trTitle: tr.title,
          trSummary: tr.summary,
          teTitle: te.title,
          teSummary: te.summary,
        })
        .from(contentItems)
        .leftJoin(tr, and(eq(tr.itemId, contentItems.id), eq(tr.lang, query.lang)))
        .leftJoin(te, and(eq(te.itemId, contentItems.id), eq(te.lang, DEFAULT_LANGUAGE)))
        .where(and(...where))
        .orderBy(direction(column), desc(contentItems.id))
        .limit(size)
        .offset(offset),
      this.db
        .select({ n: count() })
        .from(contentItems)
        .where(and(...where)),
    ]);
    const facts = await this.facts();
    const records = rows
      .filter((r) => r.trTitle !== null || r.teTitle !== null)
      .map((r): PublicItem => {
        const own = r.trTitle !== null;
        return {
          id: r.id.toString(),
          kind: r.kind as ContentKind,
          code: r.code,
          category_id: r.categoryId?.toString() ?? null,
          section_code: r.categoryId === null ? null : (sections.get(r.categoryId) ?? null),
          title: applyFacts((own ? r.trTitle : r.teTitle) ?? '', facts, false),
          summary: applyFacts((own ? r.trSummary : r.teSummary) ?? '', facts, false),
          sort: r.sort,
          publish_time: r.publishedAt?.toISOString() ?? null,
          lang: own ? query.lang : DEFAULT_LANGUAGE,
          fallback: !own && query.lang !== DEFAULT_LANGUAGE,
        };
      });
    return { records, total: total?.n ?? 0, current: query.size === 'all' ? 1 : query.current, size };
  }

  /** One published item with its HTML; `kind` undefined accepts any kind. */
  async detail(kind: ContentKind | undefined, id: bigint, lang: Language): Promise<PublicItemDetail> {
    const kinds: ContentKind[] = kind ? [kind] : ['article', 'news', 'notice'];
    const [item] = await this.db.select().from(contentItems).where(eq(contentItems.id, id));
    if (!item || !kinds.includes(item.kind as ContentKind)) throw new AppError('CONTENT_NOT_FOUND');
    const { where, sections } = await this.publicConditions(item.kind as ContentKind);
    const [visible] = await this.db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(and(eq(contentItems.id, id), ...where));
    if (!visible) throw new AppError('CONTENT_NOT_FOUND');
    const texts = await this.db
      .select()
      .from(contentTranslations)
      .where(
        and(eq(contentTranslations.itemId, id), inArray(contentTranslations.lang, [lang, DEFAULT_LANGUAGE])),
      );
    const own = texts.find((t) => t.lang === lang);
    const text = own ?? texts.find((t) => t.lang === DEFAULT_LANGUAGE);
    if (!text) throw new AppError('CONTENT_NOT_FOUND');
    const facts = await this.facts();
    return {
      id: item.id.toString(),
      kind: item.kind as ContentKind,
      code: item.code,
      category_id: item.categoryId?.toString() ?? null,
      section_code: item.categoryId === null ? null : (sections.get(item.categoryId) ?? null),
      title: applyFacts(text.title, facts, false),
      summary: applyFacts(text.summary, facts, false),
      sort: item.sort,
      publish_time: item.publishedAt?.toISOString() ?? null,
      lang: text.lang,
      fallback: own === undefined && lang !== DEFAULT_LANGUAGE,
      html: applyFacts(text.html, facts, true),
    };
  }

  /** A published article by its code (terms of service, privacy policy ...). */
  async detailByCode(kind: ContentKind, code: string, lang: Language): Promise<PublicItemDetail> {
    const [item] = await this.db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(and(eq(contentItems.kind, kind), sql`lower(${contentItems.code}) = ${code.toLowerCase()}`));
    if (!item) throw new AppError('CONTENT_NOT_FOUND');
    return this.detail(kind, item.id, lang);
  }

  async preview(markdown: string): Promise<{ html: string }> {
    return { html: applyFacts(renderMarkdown(markdown), await this.facts(), true) };
  }

  // ------------------------------------------------------------------ operator CMS

  async adminList(q: {
    kind?: ContentKind;
    status?: ContentStatus;
    keyword?: string;
    current: number;
    size: number;
  }): Promise<Page<AdminItemRow>> {
    const where: SQL[] = [];
    if (q.kind) where.push(eq(contentItems.kind, q.kind));
    if (q.status) where.push(eq(contentItems.status, q.status));
    if (q.keyword) {
      const pattern = likePattern(q.keyword);
      where.push(
        or(
          sql`${contentItems.code} ilike ${pattern}`,
          sql`exists (select 1 from ${contentTranslations} where ${contentTranslations.itemId} = ${contentItems.id} and ${contentTranslations.title} ilike ${pattern})`,
        ) as SQL,
      );
    }
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(contentItems)
        .where(and(...where))
        .orderBy(desc(contentItems.updatedAt), desc(contentItems.id))
        .limit(q.size)
        .offset((q.current - 1) * q.size),
      this.db
        .select({ n: count() })
        .from(contentItems)
        .where(and(...where)),
    ]);
    const texts =
      rows.length === 0
        ? []
        : await this.db
            .select({
              itemId: contentTranslations.itemId,
              lang: contentTranslations.lang,
              title: contentTranslations.title,
            })
            .from(contentTranslations)
            .where(
              inArray(
                contentTranslations.itemId,
                rows.map((r) => r.id),
              ),
            );
    return {
      records: rows.map((r) =>
        this.adminRow(
          r,
          texts.filter((t) => t.itemId === r.id),
        ),
      ),
      total: total?.n ?? 0,
      current: q.current,
      size: q.size,
    };
  }

  private adminRow(
    r: typeof contentItems.$inferSelect,
    texts: ReadonlyArray<{ lang: string; title: string }>,
  ): AdminItemRow {
    const en = texts.find((t) => t.lang === DEFAULT_LANGUAGE) ?? texts[0];
    return {
      id: r.id.toString(),
      kind: r.kind as ContentKind,
      code: r.code,
      categoryId: r.categoryId?.toString() ?? null,
      status: r.status as ContentStatus,
      sort: r.sort,
      title: en?.title ?? '',
      langs: texts.map((t) => t.lang).sort(),
      publishedAt: r.publishedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  async adminGet(id: bigint, db: Executor = this.db): Promise<AdminItem> {
    const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id));
    if (!row) throw new AppError('CONTENT_NOT_FOUND');
    const texts = await db
      .select()
      .from(contentTranslations)
      .where(eq(contentTranslations.itemId, id))
      .orderBy(asc(contentTranslations.lang));
    return {
      ...this.adminRow(row, texts),
      translations: texts.map((t) => ({
        lang: t.lang,
        title: t.title,
        summary: t.summary,
        markdown: t.markdown,
      })),
    };
  }

  private async checkItem(db: Executor, body: ContentItemBody, selfId?: bigint) {
    if (!body.translations.some((t) => t.lang === DEFAULT_LANGUAGE)) {
      throw new AppError('CONTENT_ENGLISH_REQUIRED', [
        { field: 'translations', key: 'validation.defaultLanguageMissing' },
      ]);
    }
    if (body.categoryId !== null) {
      if (body.kind !== 'article')
        throw new AppError('VALIDATION_FAILED', [{ field: 'categoryId', key: 'validation.invalid' }]);
      const [cat] = await db
        .select({ id: contentCategories.id })
        .from(contentCategories)
        .where(eq(contentCategories.id, BigInt(body.categoryId)));
      if (!cat) throw new AppError('CONTENT_CATEGORY_NOT_FOUND');
    }
    if (body.code !== null) {
      const [taken] = await db
        .select({ id: contentItems.id })
        .from(contentItems)
        .where(and(eq(contentItems.kind, body.kind), sql`lower(${contentItems.code}) = ${body.code}`));
      if (taken && taken.id !== selfId) throw new AppError('CONTENT_CODE_TAKEN');
    }
  }

  private async writeTranslations(db: Executor, itemId: bigint, body: ContentItemBody, now: Date) {
    await db.delete(contentTranslations).where(eq(contentTranslations.itemId, itemId));
    await db.insert(contentTranslations).values(
      body.translations.map((t) => {
        const html = renderMarkdown(t.markdown);
        return {
          itemId,
          lang: t.lang,
          title: t.title,
          summary: t.summary || plainText(html),
          markdown: t.markdown,
          html,
          updatedAt: now,
        };
      }),
    );
  }

  async create(operatorId: bigint | null, body: ContentItemBody, db: Executor = this.db): Promise<AdminItem> {
    const now = this.clock.now();
    return db.transaction(async (tx) => {
      await this.checkItem(tx, body);
      const [row] = await tx
        .insert(contentItems)
        .values({
          kind: body.kind,
          categoryId: body.categoryId === null ? null : BigInt(body.categoryId),
          code: body.code,
          sort: body.sort,
          status: 'draft',
          createdBy: operatorId,
          updatedBy: operatorId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: contentItems.id });
      if (!row) throw new AppError('INTERNAL_ERROR');
      await this.writeTranslations(tx, row.id, body, now);
      if (operatorId !== null) {
        await appendAudit(
          tx,
          {
            actorType: 'operator',
            actorId: operatorId.toString(),
            action: 'content.create',
            payload: {
              id: row.id.toString(),
              kind: body.kind,
              code: body.code,
              langs: body.translations.map((t) => t.lang),
            },
          },
          now,
        );
      }
      return this.adminGet(row.id, tx);
    });
  }

  async update(operatorId: bigint, id: bigint, body: ContentItemBody): Promise<AdminItem> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(contentItems).where(eq(contentItems.id, id)).for('update');
      if (!row) throw new AppError('CONTENT_NOT_FOUND');
      if (row.kind !== body.kind)
        throw new AppError('VALIDATION_FAILED', [{ field: 'kind', key: 'validation.invalid' }]);
      await this.checkItem(tx, body, id);
      await tx
        .update(contentItems)
        .set({
          categoryId: body.categoryId === null ? null : BigInt(body.categoryId),
          code: body.code,
          sort: body.sort,
          updatedBy: operatorId,
          updatedAt: now,
        })
        .where(eq(contentItems.id, id));
      await this.writeTranslations(tx, id, body, now);
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'content.update',
          payload: {
            id: id.toString(),
            kind: body.kind,
            code: body.code,
            langs: body.translations.map((t) => t.lang),
          },
        },
        now,
      );
      return this.adminGet(id, tx);
    });
  }

  async setStatus(
    operatorId: bigint | null,
    id: bigint,
    status: ContentStatus,
    db: Executor = this.db,
  ): Promise<AdminItem> {
    const now = this.clock.now();
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(contentItems).where(eq(contentItems.id, id)).for('update');
      if (!row) throw new AppError('CONTENT_NOT_FOUND');
      await tx
        .update(contentItems)
        .set({
          status,
          publishedAt: status === 'published' ? (row.publishedAt ?? now) : row.publishedAt,
          updatedBy: operatorId,
          updatedAt: now,
        })
        .where(eq(contentItems.id, id));
      if (operatorId !== null) {
        await appendAudit(
          tx,
          {
            actorType: 'operator',
            actorId: operatorId.toString(),
            action: status === 'published' ? 'content.publish' : 'content.unpublish',
            payload: { id: id.toString(), kind: row.kind, code: row.code },
          },
          now,
        );
      }
      return this.adminGet(id, tx);
    });
  }

  async adminCategories(db: Executor = this.db): Promise<AdminCategory[]> {
    const [rows, names] = await Promise.all([
      db.select().from(contentCategories).orderBy(asc(contentCategories.sort), asc(contentCategories.id)),
      db.select().from(contentCategoryNames),
    ]);
    return rows.map((r) => ({
      id: r.id.toString(),
      pid: r.pid.toString(),
      sectionCode: r.sectionCode,
      sort: r.sort,
      status: r.status as ContentStatus,
      names: names
        .filter((n) => n.categoryId === r.id)
        .map((n) => ({ lang: n.lang, name: n.name }))
        .sort((a, b) => a.lang.localeCompare(b.lang)),
      updatedAt: r.updatedAt.toISOString(),
    }));
  }

  private async checkCategory(db: Executor, body: ContentCategoryBody, selfId?: bigint) {
    if (!body.names.some((n) => n.lang === DEFAULT_LANGUAGE)) {
      throw new AppError('CONTENT_ENGLISH_REQUIRED', [
        { field: 'names', key: 'validation.defaultLanguageMissing' },
      ]);
    }
    const rows = await this.categoryRows(db);
    const pid = BigInt(body.pid);
    if (pid !== 0n) {
      const byId = new Map(rows.map((r) => [r.id, r]));
      if (!byId.has(pid)) throw new AppError('CONTENT_CATEGORY_NOT_FOUND');
      // The new parent must not be the category itself or below it.
      let at = byId.get(pid);
      const seen = new Set<bigint>();
      while (at && !seen.has(at.id)) {
        if (at.id === selfId) throw new AppError('CONTENT_CATEGORY_CYCLE');
        seen.add(at.id);
        at = at.pid === 0n ? undefined : byId.get(at.pid);
      }
    }
    const taken = rows.find((r) => r.sectionCode.toLowerCase() === body.sectionCode && r.id !== selfId);
    if (taken) throw new AppError('CONTENT_CODE_TAKEN');
  }

  private async writeNames(db: Executor, categoryId: bigint, body: ContentCategoryBody) {
    await db.delete(contentCategoryNames).where(eq(contentCategoryNames.categoryId, categoryId));
    await db
      .insert(contentCategoryNames)
      .values(body.names.map((n) => ({ categoryId, lang: n.lang, name: n.name })));
  }

  private async categoryById(db: Executor, id: bigint): Promise<AdminCategory> {
    const found = (await this.adminCategories(db)).find((c) => c.id === id.toString());
    if (!found) throw new AppError('CONTENT_CATEGORY_NOT_FOUND');
    return found;
  }

  async createCategory(
    operatorId: bigint | null,
    body: ContentCategoryBody,
    db: Executor = this.db,
  ): Promise<AdminCategory> {
    const now = this.clock.now();
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7305014)`);
      await this.checkCategory(tx, body);
      const [row] = await tx
        .insert(contentCategories)
        .values({
          pid: BigInt(body.pid),
          sectionCode: body.sectionCode,
          sort: body.sort,
          status: 'draft',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: contentCategories.id });
      if (!row) throw new AppError('INTERNAL_ERROR');
      await this.writeNames(tx, row.id, body);
      if (operatorId !== null) {
        await appendAudit(
          tx,
          {
            actorType: 'operator',
            actorId: operatorId.toString(),
            action: 'content.category.create',
            payload: {
              id: row.id.toString(),
              pid: body.pid,
              sectionCode: body.sectionCode,
              langs: body.names.map((n) => n.lang),
            },
          },
          now,
        );
      }
      return this.categoryById(tx, row.id);
    });
  }

  async updateCategory(operatorId: bigint, id: bigint, body: ContentCategoryBody): Promise<AdminCategory> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7305014)`);
      const [row] = await tx.select().from(contentCategories).where(eq(contentCategories.id, id));
      if (!row) throw new AppError('CONTENT_CATEGORY_NOT_FOUND');
      await this.checkCategory(tx, body, id);
      await tx
        .update(contentCategories)
        .set({ pid: BigInt(body.pid), sectionCode: body.sectionCode, sort: body.sort, updatedAt: now })
        .where(eq(contentCategories.id, id));
      await this.writeNames(tx, id, body);
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'content.category.update',
          payload: {
            id: id.toString(),
            pid: body.pid,
            sectionCode: body.sectionCode,
            langs: body.names.map((n) => n.lang),
          },
        },
        now,
      );
      return this.categoryById(tx, id);
    });
  }

  async setCategoryStatus(
    operatorId: bigint | null,
    id: bigint,
    status: ContentStatus,
    db: Executor = this.db,
  ): Promise<AdminCategory> {
    const now = this.clock.now();
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(contentCategories).where(eq(contentCategories.id, id));
      if (!row) throw new AppError('CONTENT_CATEGORY_NOT_FOUND');
      await tx.update(contentCategories).set({ status, updatedAt: now }).where(eq(contentCategories.id, id));
      if (operatorId !== null) {
        await appendAudit(
          tx,
          {
            actorType: 'operator',
            actorId: operatorId.toString(),
            action: status === 'published' ? 'content.category.publish' : 'content.category.unpublish',
            payload: { id: id.toString(), sectionCode: row.sectionCode },
          },
          now,
        );
      }
      return this.categoryById(tx, id);
    });
  }
}
