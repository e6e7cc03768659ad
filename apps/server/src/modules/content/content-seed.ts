// Seed content for a fresh start (issue 14): the help-centre tree and the getting-started guide, fee
// schedule, security-fund rule, risk disclosure, terms of service and privacy policy as articles, a risk
// notice and a welcome news item, each in all 14 languages (seed/<lang>.ts). Applied once per database
// (content_seeds marker, under an advisory lock so two processes cannot both apply it); operators edit or
// unpublish the seeded items like any other afterwards. Fee figures are live facts ({{spotMakerFee}}).
import { LANGUAGES, type Language } from '@coin/shared/languages';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { contentSeeds } from '@/db/schema';
import type { Clock } from '@/lib/clock';
import type { ContentService } from './content-service';
import { seedDe } from './seed/de';
import { seedEn } from './seed/en';
import { seedEs } from './seed/es';
import { seedFr } from './seed/fr';
import { seedIt } from './seed/it';
import { seedJa } from './seed/ja';
import { seedKo } from './seed/ko';
import { seedLt } from './seed/lt';
import { seedPt } from './seed/pt';
import { seedRu } from './seed/ru';
import type { SEED_CATEGORY_CODES, SEED_ITEM_CODES, SeedTexts } from './seed/seed-types';
import { seedTh } from './seed/th';
import { seedTw } from './seed/tw';
import { seedVi } from './seed/vi';
import { seedZh } from './seed/zh';

export const SEED_TEXTS: Record<Language, SeedTexts> = {
  en: seedEn,
  zh: seedZh,
  tw: seedTw,
  ja: seedJa,
  ko: seedKo,
  pt: seedPt,
  vi: seedVi,
  th: seedTh,
  es: seedEs,
  fr: seedFr,
  ru: seedRu,
  de: seedDe,
  it: seedIt,
  lt: seedLt,
};

export const CONTENT_SEED_NAME = 'content-v1';

type CategoryCode = (typeof SEED_CATEGORY_CODES)[number];
type ItemCode = (typeof SEED_ITEM_CODES)[number];

const CATEGORIES: Array<{ code: CategoryCode; parent: CategoryCode | null; sort: number }> = [
  { code: 'guides', parent: null, sort: 1 },
  { code: 'getting_started', parent: 'guides', sort: 1 },
  { code: 'fees_and_rules', parent: null, sort: 2 },
  { code: 'legal', parent: null, sort: 3 },
  { code: 'risk', parent: 'legal', sort: 1 },
];

const ITEMS: Array<{
  code: ItemCode;
  kind: 'article' | 'notice' | 'news';
  category: CategoryCode | null;
  sort: number;
}> = [
  { code: 'getting_started_guide', kind: 'article', category: 'getting_started', sort: 1 },
  { code: 'fee_schedule', kind: 'article', category: 'fees_and_rules', sort: 1 },
  { code: 'security_fund_rule', kind: 'article', category: 'fees_and_rules', sort: 2 },
  { code: 'terms_of_service', kind: 'article', category: 'legal', sort: 1 },
  { code: 'privacy_policy', kind: 'article', category: 'legal', sort: 2 },
  { code: 'risk_disclosure', kind: 'article', category: 'risk', sort: 1 },
  { code: 'risk_notice', kind: 'notice', category: null, sort: 0 },
  { code: 'welcome', kind: 'news', category: null, sort: 0 },
];

/** Applies the seed unless this database already has it; returns whether it did. */
export async function applyContentSeed(db: Db, clock: Clock, content: ContentService): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7305015)`);
    const [done] = await tx.select().from(contentSeeds).where(eq(contentSeeds.name, CONTENT_SEED_NAME));
    if (done) return false;
    const ids = new Map<CategoryCode, string>();
    for (const c of CATEGORIES) {
      const parent = c.parent === null ? '0' : ids.get(c.parent);
      if (parent === undefined) throw new Error(`seed: parent ${c.parent} before ${c.code}`);
      const created = await content.createCategory(
        null,
        {
          pid: parent,
          sectionCode: c.code,
          sort: c.sort,
          names: LANGUAGES.map((lang) => ({ lang, name: SEED_TEXTS[lang].categories[c.code] })),
        },
        tx,
      );
      ids.set(c.code, created.id);
      await content.setCategoryStatus(null, BigInt(created.id), 'published', tx);
    }
    for (const item of ITEMS) {
      const created = await content.create(
        null,
        {
          kind: item.kind,
          categoryId: item.category === null ? null : (ids.get(item.category) ?? null),
          code: item.code,
          sort: item.sort,
          translations: LANGUAGES.map((lang) => ({ lang, ...SEED_TEXTS[lang].items[item.code] })),
        },
        tx,
      );
      await content.setStatus(null, BigInt(created.id), 'published', tx);
    }
    // Not an operator action, so not in the audit log (which starts with the first operator's creation).
    await tx.insert(contentSeeds).values({ name: CONTENT_SEED_NAME, appliedAt: clock.now() });
    return true;
  });
}
