// The generic data calls of spec section 7 (`/api/mjkj-web/cgform-api/getData/{formId}` and
// `detailData/{formId}/{id}`), mapped onto real tables through an allow-list: each form id names one
// source, the sort columns it offers and the filters it accepts. Nothing else is reachable through these
// calls: an unknown form id is CGFORM_UNKNOWN_FORM (404), a sort column the form does not list is
// CGFORM_COLUMN_REFUSED (400), any other parameter is CGFORM_FILTER_REFUSED (400). Content forms read
// only published items in the reader's language (English fallback flagged), like every public call.
import { FULL_LIST_MAX, FULL_LIST_PAGE_SIZE } from '@coin/shared/content';
import { isLanguage, type Language } from '@coin/shared/languages';
import { isHttpUrl } from '@coin/shared/url';
import { isWireId } from '@coin/shared/wire-id';
import { AppError } from '@/lib/app-error';
import { countryCodes } from '@/modules/common/country-codes';
import type { SettingsService } from '@/modules/common/settings-service';
import type { ContentService, ItemSortColumn, Page } from './content-service';

export const CGFORM_FORMS = {
  article_category: { filters: ['article_lang'], sort: ['sort', 'id'], detail: false },
  article: {
    filters: ['article_lang', 'article_code', 'section_code', 'category_id'],
    sort: ['sort', 'publish_time', 'id', 'title'],
    detail: true,
  },
  news: {
    filters: ['article_lang', 'article_code'],
    sort: ['publish_time', 'sort', 'id', 'title'],
    detail: true,
  },
  notice: {
    filters: ['article_lang', 'article_code'],
    sort: ['publish_time', 'sort', 'id', 'title'],
    detail: true,
  },
  site_config: { filters: ['config_code'], sort: ['config_code'], detail: false },
  country: { filters: ['country_flag', 'article_lang'], sort: ['country_flag', 'name'], detail: false },
} as const satisfies Record<string, { filters: readonly string[]; sort: readonly string[]; detail: boolean }>;

export type CgformId = keyof typeof CGFORM_FORMS;

/** Every parameter some form takes (the route's schema); each form accepts its own subset. */
export const CGFORM_PARAMS = [
  'column',
  'order',
  'pageSize',
  'pageNo',
  'current',
  '_t',
  'article_lang',
  'article_code',
  'section_code',
  'category_id',
  'config_code',
  'country_flag',
] as const;

/** Parameters every form takes besides its filters (`_t`/`t`: cache busters, ignored). */
const PAGING = ['column', 'order', 'pageSize', 'pageNo', 'current', '_t', 't'] as const;

export function isCgformId(value: string): value is CgformId {
  return Object.hasOwn(CGFORM_FORMS, value);
}

export interface CgformQuery {
  form: CgformId;
  lang: Language;
  sort?: { column: string; dir: 'asc' | 'desc' };
  pageNo: number;
  /** 'all' for the spec's -521. */
  pageSize: number | 'all';
  filters: Record<string, string>;
}

const filterError = (field: string) =>
  new AppError('CGFORM_FILTER_REFUSED', [{ field, key: 'validation.unknownField' }]);
const invalid = (field: string) =>
  new AppError('CGFORM_FILTER_REFUSED', [{ field, key: 'validation.invalid' }]);

/** Checks a getData query against the form's allow-list; throws the refusal codes. */
export function parseCgformQuery(
  formId: string,
  raw: Record<string, unknown>,
  requestLang: Language,
): CgformQuery {
  if (!isCgformId(formId)) throw new AppError('CGFORM_UNKNOWN_FORM');
  const form = CGFORM_FORMS[formId];
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    const allowed =
      (PAGING as readonly string[]).includes(key) || (form.filters as readonly string[]).includes(key);
    if (!allowed) throw filterError(key);
    if (typeof value !== 'string') throw invalid(key);
    if (value.length > 100) throw invalid(key);
    values[key] = value;
  }
  let sort: CgformQuery['sort'];
  if (values.column !== undefined && values.column !== '') {
    if (!(form.sort as readonly string[]).includes(values.column)) {
      throw new AppError('CGFORM_COLUMN_REFUSED', [{ field: 'column', key: 'validation.oneOf' }]);
    }
    const order = (values.order ?? 'desc').toLowerCase();
    if (order !== 'asc' && order !== 'desc') throw invalid('order');
    sort = { column: values.column, dir: order };
  } else if (values.order !== undefined && !['asc', 'desc'].includes(values.order.toLowerCase())) {
    throw invalid('order');
  }
  const int = (field: string, fallback: number) => {
    const v = values[field];
    if (v === undefined || v === '') return fallback;
    if (!/^-?\d{1,6}$/.test(v)) throw invalid(field);
    return Number(v);
  };
  const size = int('pageSize', 10);
  if (size !== FULL_LIST_PAGE_SIZE && (size < 1 || size > 100)) throw invalid('pageSize');
  const pageNo = int('pageNo', int('current', 1));
  if (pageNo < 1 || pageNo > 100_000) throw invalid('pageNo');
  let lang = requestLang;
  if (values.article_lang !== undefined && values.article_lang !== '') {
    if (!isLanguage(values.article_lang)) throw invalid('article_lang');
    lang = values.article_lang;
  }
  if (values.category_id !== undefined && !/^\d{1,19}$/.test(values.category_id))
    throw invalid('category_id');
  const filters: Record<string, string> = {};
  for (const f of form.filters) {
    const v = values[f];
    if (v !== undefined && v !== '' && f !== 'article_lang') filters[f] = v;
  }
  return { form: formId, lang, sort, pageNo, pageSize: size === FULL_LIST_PAGE_SIZE ? 'all' : size, filters };
}

function pageOf<T>(all: T[], q: CgformQuery): Page<T> {
  if (q.pageSize === 'all')
    return { records: all.slice(0, FULL_LIST_MAX), total: all.length, current: 1, size: FULL_LIST_MAX };
  const start = (q.pageNo - 1) * q.pageSize;
  return {
    records: all.slice(start, start + q.pageSize),
    total: all.length,
    current: q.pageNo,
    size: q.pageSize,
  };
}

function sortRows<T extends object>(rows: T[], sort: CgformQuery['sort'], fallback: keyof T): T[] {
  const column = (sort?.column ?? fallback) as keyof T;
  const dir = sort?.dir === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a[column];
    const y = b[column];
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
    return String(x ?? '').localeCompare(String(y ?? '')) * dir;
  });
}

export class CgformService {
  constructor(
    private readonly content: ContentService,
    private readonly settings: SettingsService,
  ) {}

  async getData(q: CgformQuery): Promise<Page<unknown>> {
    switch (q.form) {
      case 'article_category': {
        const rows = await this.content.categories(q.lang);
        return pageOf(sortRows(rows, q.sort, 'sort'), q);
      }
      case 'article':
      case 'news':
      case 'notice':
        return this.content.list({
          kind: q.form,
          lang: q.lang,
          current: q.pageNo,
          size: q.pageSize,
          sort: q.sort ? { column: q.sort.column as ItemSortColumn, dir: q.sort.dir } : undefined,
          code: q.filters.article_code,
          sectionCode: q.filters.section_code,
          categoryId: q.filters.category_id === undefined ? undefined : BigInt(q.filters.category_id),
        });
      case 'site_config': {
        const snap = await this.settings.snapshot();
        const link = (u: string | null | undefined) => (u && isHttpUrl(u) ? u : null);
        const rows = [
          { config_code: 'brand_name', config_value: snap.values.platform.brandName },
          { config_code: 'white_paper', config_value: link(snap.values.whitePaper.url) },
          { config_code: 'customer_service', config_value: link(snap.values.customerService[0]?.url) },
          { config_code: 'app_download_page', config_value: link(snap.values.appDownload.page) },
          { config_code: 'app_download_android', config_value: link(snap.values.appDownload.android) },
          { config_code: 'app_download_ios', config_value: link(snap.values.appDownload.ios) },
        ].filter((r) => q.filters.config_code === undefined || r.config_code === q.filters.config_code);
        return pageOf(sortRows(rows, q.sort, 'config_code'), q);
      }
      case 'country': {
        const rows = countryCodes(q.lang)
          .map((c) => ({ country_flag: c.code, name: c.name, dial_code: c.dialCode }))
          .filter(
            (c) =>
              q.filters.country_flag === undefined || c.country_flag === q.filters.country_flag.toUpperCase(),
          );
        return pageOf(sortRows(rows, q.sort, 'country_flag'), q);
      }
    }
  }

  async detailData(formId: string, id: string, lang: Language) {
    if (!isCgformId(formId)) throw new AppError('CGFORM_UNKNOWN_FORM');
    const form = CGFORM_FORMS[formId];
    if (!form.detail || (formId !== 'article' && formId !== 'news' && formId !== 'notice')) {
      throw new AppError('CGFORM_UNKNOWN_FORM');
    }
    if (!isWireId(id)) throw new AppError('CONTENT_NOT_FOUND');
    return this.content.detail(formId, BigInt(id), lang);
  }
}
