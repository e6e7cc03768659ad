// Owns how numbers are shown to people, for every page of the web client (wallet, quotes, home, trading):
// one function per kind of number, each taking the value as the server sent it (a decimal string; a
// number only from market feeds) and the reader's locale.
//
//   formatPrice(v, { locale, precision })      a price in full at the market's precision: 70,773.12
//   formatQuantity(v, { locale, decimals })    a quantity at the market's lot precision:  0.012300
//   formatAssetAmount(v, { locale, decimals }) an amount at the asset's display precision: at most its
//                                              decimals, trailing zeros trimmed down to 2: 500.00 USDT,
//                                              0.00123 BTC
//   formatCompact(v, { locale })               volume and turnover: 1.23K, 45.60M, 7.89B, 1.00T
//   formatRate(v, { locale })                  a rate given as a fraction, as a percentage: 0.001 -> 0.1%
//   formatChange(v, { locale })                a change given in percent, signed: +1.23%, -0.01%
//   formatFiat(v, { locale, currency, symbol }) money in a display currency: ¥1,234.56, 1.234,56 €
//   formatNumber(v, { locale, minDecimals, maxDecimals })  the general form the others are built on
//
// Rules every function keeps:
// - Exact. The value is never a JS number on the way: the decimal string is cut to the shown places with
//   bigint arithmetic and handed to Intl.NumberFormat as a string (exact since ECMA-402 2023).
// - Truncated toward zero, never rounded: a balance, a price or a fee is never shown larger than it is.
// - Separators, digits, sign and percent or currency placement are the locale's (Intl), never hand-made.
// - Unparseable input, null and undefined print NUMBER_PLACEHOLDER ('--').
//
// `locale` is a BCP 47 tag or one of the interface languages ('zh' is zh-CN, 'tw' is zh-TW): see
// `numberLocale`. Intl formatters are cached per locale and options, so a table of live prices costs one
// construction per kind of cell.

export const NUMBER_PLACEHOLDER = '--';

export type NumberInput = string | number | null | undefined;

/** value = (negative ? -1 : 1) * digits / 10^scale, with scale >= 0. */
export interface ParsedDecimal {
  negative: boolean;
  digits: bigint;
  scale: number;
}

// Beyond this exponent a number is garbage, and 10n ** huge would stall the page.
const MAX_EXPONENT = 400;
const DECIMAL_INPUT = /^([+-]?)([0-9]+\.?[0-9]*|\.[0-9]+)(?:e([+-]?[0-9]+))?$/i;

/** Parses a decimal string or a finite number exactly; undefined when it is not a number. */
export function parseDecimal(value: NumberInput): ParsedDecimal | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  const match = DECIMAL_INPUT.exec(typeof value === 'number' ? String(value) : value.trim());
  if (match === null) return undefined;
  const mantissa = match[2] ?? '0';
  const exponent = Number(match[3] ?? '0');
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  const point = mantissa.indexOf('.');
  const fraction = point === -1 ? '' : mantissa.slice(point + 1);
  let digits = BigInt(mantissa.replace('.', '') || '0');
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: match[1] === '-' && digits !== 0n, digits, scale };
}

/** floor(|d| * 10^places / 10^divideByPowerOf10): |d| truncated to `places` decimals, as an integer. */
export function truncatedUnits(d: ParsedDecimal, places: number, divideByPowerOf10 = 0): bigint {
  const shift = places - d.scale - divideByPowerOf10;
  return shift >= 0 ? d.digits * 10n ** BigInt(shift) : d.digits / 10n ** BigInt(-shift);
}

/** `units` / 10^places as plain decimal text with exactly `places` decimals ('12345', 2 -> '123.45'). */
export function unitsToText(units: bigint, places: number): string {
  if (places === 0) return units.toString();
  const divisor = 10n ** BigInt(places);
  return `${units / divisor}.${(units % divisor).toString().padStart(places, '0')}`;
}

/** How many of `places` decimals of `units` remain after trimming trailing zeros, but at least `min`. */
function keptPlaces(units: bigint, places: number, min: number): number {
  let kept = places;
  let rest = units;
  while (kept > min && rest % 10n === 0n) {
    rest /= 10n;
    kept -= 1;
  }
  return kept;
}

// ---------------------------------------------------------------------------------------------------
// Locales and cached Intl formatters

const LANGUAGE_TAGS: Record<string, string> = { zh: 'zh-CN', tw: 'zh-TW' };

/** The BCP 47 tag for Intl of an interface language; other tags pass through, invalid ones become 'en'. */
export function numberLocale(lang: string): string {
  let tag = localeTags.get(lang);
  if (tag === undefined) {
    tag = LANGUAGE_TAGS[lang] ?? lang;
    try {
      if (Intl.NumberFormat.supportedLocalesOf([tag]).length === 0) tag = 'en';
    } catch {
      tag = 'en';
    }
    localeTags.set(lang, tag);
  }
  return tag;
}
const localeTags = new Map<string, string>();

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const tag = numberLocale(locale);
  const key = `${tag}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(tag, options);
    formatters.set(key, f);
  }
  return f;
}

/** Decimal text as Intl's exact string input (ECMA-402 2023); the type only knows literals. */
function exact(text: string): Intl.StringNumericLiteral {
  return text as Intl.StringNumericLiteral;
}

/** The locale's decimal mark ('.' in en, ',' in de, ru, fr). */
export function decimalSeparator(locale: string): string {
  return (
    formatter(locale, {})
      .formatToParts(1.5)
      .find((p) => p.type === 'decimal')?.value ?? '.'
  );
}

/** Signed decimal text of |units| / 10^places, without a sign for zero (Intl would print '-0'). */
function signedText(negative: boolean, units: bigint, places: number): string {
  return `${negative && units !== 0n ? '-' : ''}${unitsToText(units, places)}`;
}

// ---------------------------------------------------------------------------------------------------
// Plain numbers, prices, quantities and amounts

export interface NumberOptions {
  locale: string;
  /** Decimals always shown (trailing zeros kept down to here). Default 0. */
  minDecimals?: number;
  /** Decimals at most; the rest is cut off (truncated, never rounded). */
  maxDecimals: number;
  /** Thousands separators (default true). */
  grouping?: boolean;
}

function places(n: number): number {
  return Math.max(0, Math.min(100, Math.trunc(n)));
}

export function formatNumber(value: NumberInput, options: NumberOptions): string {
  const d = parseDecimal(value);
  if (d === undefined) return NUMBER_PLACEHOLDER;
  const max = places(options.maxDecimals);
  const min = Math.min(max, places(options.minDecimals ?? 0));
  const units = truncatedUnits(d, max);
  const kept = keptPlaces(units, max, min);
  const shownUnits = units / 10n ** BigInt(max - kept);
  return formatter(options.locale, {
    minimumFractionDigits: kept,
    maximumFractionDigits: kept,
    useGrouping: options.grouping ?? true,
  }).format(exact(signedText(d.negative, shownUnits, kept)));
}

/** A price in full at the market's precision (priceDecimals): '70773.1234', 2 -> '70,773.12'. */
export function formatPrice(value: NumberInput, options: { locale: string; precision: number }): string {
  return formatNumber(value, {
    locale: options.locale,
    minDecimals: options.precision,
    maxDecimals: options.precision,
  });
}

/** A quantity at the market's lot precision (qtyDecimals), all decimals shown. */
export function formatQuantity(value: NumberInput, options: { locale: string; decimals: number }): string {
  return formatNumber(value, {
    locale: options.locale,
    minDecimals: options.decimals,
    maxDecimals: options.decimals,
  });
}

/** Display precision of an asset amount: at least this many decimals (or the asset's, if fewer). */
export const AMOUNT_MIN_DECIMALS = 2;

/**
 * An amount of an asset: at most the asset's `decimals`, trailing zeros trimmed down to
 * `minDecimals` (default 2): '500.000000' USDT -> '500.00', '0.00123000' BTC -> '0.00123'.
 */
export function formatAssetAmount(
  value: NumberInput,
  options: { locale: string; decimals: number; minDecimals?: number },
): string {
  return formatNumber(value, {
    locale: options.locale,
    minDecimals: Math.min(options.decimals, options.minDecimals ?? AMOUNT_MIN_DECIMALS),
    maxDecimals: options.decimals,
  });
}

// ---------------------------------------------------------------------------------------------------
// Volume and turnover

const ABBREVIATIONS = [
  { power: 12, suffix: 'T' },
  { power: 9, suffix: 'B' },
  { power: 6, suffix: 'M' },
  { power: 3, suffix: 'K' },
] as const;

// Below 1000 the decimals shrink as the value grows, as in spec section 9.
const PLAIN_TIERS = [
  { power: 2, places: 2 },
  { power: 1, places: 3 },
  { power: 0, places: 4 },
] as const;
const SMALL_VALUE_PLACES = 6;

/**
 * Volume and turnover, abbreviated with K, M, B, T (spec section 9) at exactly 2 decimals; below 1000 at
 * most 2 to 6 decimals by magnitude, trailing zeros trimmed. Truncated, so 999999 is '999.99K', never
 * '1000.00K'. The number part follows the locale ('1,23M' in de).
 */
export function formatCompact(value: NumberInput, options: { locale: string }): string {
  const d = parseDecimal(value);
  if (d === undefined) return NUMBER_PLACEHOLDER;
  const atLeast = (power: number) => truncatedUnits(d, 0, power) >= 1n;
  const abbreviation = ABBREVIATIONS.find((a) => atLeast(a.power));
  if (abbreviation !== undefined) {
    const units = truncatedUnits(d, 2, abbreviation.power);
    const mantissa = formatter(options.locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(exact(signedText(d.negative, units, 2)));
    return `${mantissa}${abbreviation.suffix}`;
  }
  const max = PLAIN_TIERS.find((t) => atLeast(t.power))?.places ?? SMALL_VALUE_PLACES;
  return formatNumber(value, { locale: options.locale, maxDecimals: max });
}

// ---------------------------------------------------------------------------------------------------
// Percentages

function percent(
  d: ParsedDecimal,
  units: bigint,
  decimals: number,
  locale: string,
  signDisplay: 'auto' | 'exceptZero',
): string {
  // `units` counts 10^-decimals percent; Intl's percent style multiplies by 100, so it gets the fraction
  // (two more decimals) and shows exactly `decimals`: nothing is left for it to round.
  return formatter(locale, {
    style: 'percent',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay,
  }).format(exact(signedText(d.negative, units, decimals + 2)));
}

/**
 * A rate given as a fraction (a fee rate '0.001') as a percentage: '0.1%' (en), '0,1 %' (de). At most
 * `maxDecimals` decimals of the percentage (default 4), trailing zeros trimmed.
 */
export function formatRate(value: NumberInput, options: { locale: string; maxDecimals?: number }): string {
  const d = parseDecimal(value);
  if (d === undefined) return NUMBER_PLACEHOLDER;
  const max = places(options.maxDecimals ?? 4);
  // Percent units: |d| * 100 truncated to `max` decimals.
  const units = truncatedUnits(d, max + 2);
  const kept = keptPlaces(units, max, 0);
  return percent(d, units / 10n ** BigInt(max - kept), kept, options.locale, 'auto');
}

/**
 * A change already given in percent ('1.5' is 1.5 %), signed, exactly 2 decimals: '+1.50%'. A non-zero
 * change smaller than 0.01 % shows as +/-0.01 % (spec section 9), so a moving market never reads as flat.
 */
export function formatChange(value: NumberInput, options: { locale: string }): string {
  const d = parseDecimal(value);
  if (d === undefined) return NUMBER_PLACEHOLDER;
  const units = truncatedUnits(d, 2);
  const shown = units === 0n && d.digits !== 0n ? 1n : units;
  return percent(d, shown, 2, options.locale, 'exceptZero');
}

// ---------------------------------------------------------------------------------------------------
// Fiat

export interface FiatOptions {
  locale: string;
  /** ISO 4217 code of the display currency ('CNY'). */
  currency: string;
  /** The operator's symbol for it (settings), shown in place of Intl's own. */
  symbol?: string | null | undefined;
}

const ISO_CURRENCY = /^[A-Z]{3}$/;

/**
 * Money in the chosen display currency, with its symbol where the locale puts it: '¥1,234.56' (en, CNY),
 * '1.234,56 €' (de, EUR), '₩1,234' (KRW has no minor unit). Truncated to the currency's minor unit.
 */
export function formatFiat(value: NumberInput, options: FiatOptions): string {
  const d = parseDecimal(value);
  if (d === undefined) return NUMBER_PLACEHOLDER;
  const code = options.currency.toUpperCase();
  if (!ISO_CURRENCY.test(code)) {
    const text = formatNumber(value, { locale: options.locale, minDecimals: 2, maxDecimals: 2 });
    return `${options.symbol || code} ${text}`.trim();
  }
  const base = formatter(options.locale, {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
  });
  const minor = base.resolvedOptions().maximumFractionDigits ?? 2;
  const units = truncatedUnits(d, minor);
  const f = formatter(options.locale, {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: minor,
    maximumFractionDigits: minor,
  });
  const parts = f.formatToParts(exact(signedText(d.negative, units, minor)));
  const symbol = options.symbol?.trim();
  return parts.map((p) => (p.type === 'currency' && symbol ? symbol : p.value)).join('');
}
