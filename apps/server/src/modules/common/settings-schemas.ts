// The operator-editable setting documents (one row per key in `settings`) and their zod schemas.
// A document is validated on every write and again on every read, so a row written by an older
// release that no longer fits falls back to the default instead of reaching clients malformed.
// Messages are translation keys (spec section 5); keys the catalogue lacks degrade to 'validation.invalid'.
import { DEFAULT_LANGUAGE, LANGUAGES } from '@coin/shared/languages';
import { isHttpUrl } from '@coin/shared/url';
import { decimalString } from '@coin/shared/wire-decimal';
import { z } from 'zod';
import { referralSettingSchema, tiersSettingSchema } from '@/modules/identity/identity-settings';

export const SETTING_MESSAGES = {
  url: 'validation.url',
  duplicate: 'validation.duplicate',
  tooMany: 'validation.tooMany',
  defaultLanguageMissing: 'validation.defaultLanguageMissing',
  defaultCurrencyMissing: 'validation.defaultCurrencyMissing',
} as const;

const MAX_URL_LENGTH = 2048;

/** A link users follow: spec section 5 says it must start with http or https. */
export const httpUrlSchema = z
  .string({ error: 'validation.required' })
  .max(MAX_URL_LENGTH, 'validation.tooLong')
  .refine(isHttpUrl, SETTING_MESSAGES.url);

// Images may also be files this server serves itself (the default logo is /static/logo.svg), so a
// same-origin absolute path is accepted besides http(s). No '//' (protocol-relative: another host)
// and no '..' segments.
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9._~/-]*$/;
const isSitePath = (s: string) => SITE_PATH.test(s) && !s.split('/').includes('..');

/** An image URL: http(s) or a path on this site such as /static/logo.svg. */
export const assetUrlSchema = z
  .string({ error: 'validation.required' })
  .max(MAX_URL_LENGTH, 'validation.tooLong')
  .refine((s) => isHttpUrl(s) || isSitePath(s), SETTING_MESSAGES.url);

// Control characters would be invisible in titles and could break log lines and headers.
const text = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong')
    .refine((s) => !/\p{Cc}/u.test(s), 'validation.invalid');

/** Adds a 'validation.duplicate' issue at `[index, field]` for every repeat of an item's key. */
function uniqueBy<T>(keyOf: (item: T) => string, field: string) {
  return (items: readonly T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const key = keyOf(item);
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: [index, field], message: SETTING_MESSAGES.duplicate });
      }
      seen.add(key);
    });
  };
}

// ---- platform -------------------------------------------------------------------------------

/** Product switches (DESIGN section 1: each product can be switched off per deployment). */
export const FEATURE_NAMES = [
  'seconds',
  'spot',
  'contract',
  'margin',
  'otc',
  'defi',
  'pledge',
  'loan',
  'finance',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

const flag = z.boolean({ error: 'validation.invalidType' });
export const featuresSchema = z.strictObject({
  seconds: flag,
  spot: flag,
  contract: flag,
  margin: flag,
  otc: flag,
  defi: flag,
  pledge: flag,
  loan: flag,
  finance: flag,
} satisfies Record<FeatureName, typeof flag>);

const MAX_IMAGE_URLS = 50;
export const platformSchema = z.strictObject({
  brandName: text(64),
  logo: assetUrlSchema,
  /** Images the client looks up by code (spec section 3, "image url map keyed by code"). */
  imageUrls: z
    .record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.invalid'), assetUrlSchema)
    .refine((m) => Object.keys(m).length <= MAX_IMAGE_URLS, SETTING_MESSAGES.tooMany),
  features: featuresSchema,
});

// ---- languages ------------------------------------------------------------------------------

export const languagesSchema = z
  .array(
    z.strictObject({
      dictValue: z.enum(LANGUAGES, { error: 'validation.oneOf' }),
      /** The language's name in itself, so a reader finds their language whatever is shown now. */
      remark: text(32),
      imgUrl: assetUrlSchema.nullable(),
    }),
    { error: 'validation.invalidType' },
  )
  .min(1, 'validation.required')
  .max(LANGUAGES.length, SETTING_MESSAGES.tooMany)
  .superRefine(uniqueBy((l) => l.dictValue, 'dictValue'))
  .superRefine((list, ctx) => {
    // The client falls back to the default language; it must stay selectable.
    if (!list.some((l) => l.dictValue === DEFAULT_LANGUAGE)) {
      ctx.addIssue({ code: 'custom', path: [], message: SETTING_MESSAGES.defaultLanguageMissing });
    }
  });

// ---- currencies -----------------------------------------------------------------------------

/** Fiat display rates are quoted per 1 USDT. */
export const RATE_QUOTE_ASSET = 'USDT' as const;

const currencyCode = z
  .string({ error: 'validation.required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'validation.invalid');

export const currencySchema = z.strictObject({
  /** ISO 4217 code, the key clients select and `defaultCurrency` names. */
  exchange_code: currencyCode,
  /** What the rate is quoted against: always USDT, stated so the wire is self-describing. */
  quote_currency: z.literal(RATE_QUOTE_ASSET, { error: 'validation.oneOf' }).default(RATE_QUOTE_ASSET),
  /** Display symbol such as '¥'. */
  exchange_value: text(8),
  /** Operator-configured reference rate: units of this currency per 1 USDT. */
  rate: decimalString({ maxDecimals: 8, positive: true, max: '1000000000' }),
});

export const currenciesSchema = z
  .array(currencySchema, { error: 'validation.invalidType' })
  .min(1, 'validation.required')
  .max(50, SETTING_MESSAGES.tooMany)
  .superRefine(uniqueBy((c) => c.exchange_code, 'exchange_code'));

export const defaultCurrencySchema = currencyCode;

// ---- links ----------------------------------------------------------------------------------

/** null means "not published": the client hides the download and shows no QR code. */
export const appDownloadSchema = z.strictObject({
  android: httpUrlSchema.nullable(),
  ios: httpUrlSchema.nullable(),
  page: httpUrlSchema.nullable(),
});

/** The client opens the first entry; an empty list makes it show the spec's "no link" warning. */
export const customerServiceSchema = z
  .array(z.strictObject({ name: text(64), url: httpUrlSchema }), { error: 'validation.invalidType' })
  .max(20, SETTING_MESSAGES.tooMany);

export const whitePaperSchema = z.strictObject({ url: httpUrlSchema.nullable() });

// Coins and markets are not a settings document: they live in the market area's tables
// (src/market, docs/market.md) with their own operator routes under /api/admin/market.

// ---- the catalogue --------------------------------------------------------------------------

export const SETTING_KEYS = [
  'platform',
  'languages',
  'currencies',
  'defaultCurrency',
  'appDownload',
  'customerService',
  'whitePaper',
  'tiers',
  'referral',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export const settingSchemas = {
  platform: platformSchema,
  languages: languagesSchema,
  currencies: currenciesSchema,
  defaultCurrency: defaultCurrencySchema,
  appDownload: appDownloadSchema,
  customerService: customerServiceSchema,
  whitePaper: whitePaperSchema,
  tiers: tiersSettingSchema,
  referral: referralSettingSchema,
} as const satisfies Record<SettingKey, z.ZodType>;

export type Settings = { [K in SettingKey]: z.output<(typeof settingSchemas)[K]> };
export type SettingValue<K extends SettingKey> = Settings[K];

/** The catalogue seen through `Settings`, so a generic key indexes a schema of the matching type. */
export const typedSettingSchemas: { [K in SettingKey]: z.ZodType<Settings[K]> } = settingSchemas;

export function isSettingKey(value: string): value is SettingKey {
  return Object.hasOwn(settingSchemas, value);
}
