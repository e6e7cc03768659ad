import { describe, expect, it } from 'vitest';
import {
  decimalSeparator,
  formatAssetAmount,
  formatChange,
  formatCompact,
  formatFiat,
  formatNumber,
  formatPrice,
  formatQuantity,
  formatRate,
  NUMBER_PLACEHOLDER,
  numberLocale,
} from './number-format';

// Intl's spaces: a no-break space (ru, de and fr before '%' and '€') and a narrow no-break space (fr groups).
const NBSP = '\u00a0';
const NNBSP = '\u202f';

interface LocaleCase {
  locale: string;
  price: string;
  quantity: string;
  usdt: string;
  large: string;
  compact: string;
  small: string;
  rate: string;
  change: string;
  fall: string;
  cny: string;
  eur: string;
  krw: string;
  decimal: string;
}

// One row per locale; the same inputs for all (see the `it` below).
const CASES: LocaleCase[] = [
  {
    locale: 'en',
    price: '70,773.12',
    quantity: '0.012300',
    usdt: '500.00',
    large: '1,234,567.123456',
    compact: '1.23M',
    small: '512.78',
    rate: '0.1%',
    change: '+1.50%',
    fall: '-0.01%',
    cny: '¥1,234.56',
    eur: '-€1,234.56',
    krw: '₩1,234',
    decimal: '.',
  },
  {
    locale: 'zh',
    price: '70,773.12',
    quantity: '0.012300',
    usdt: '500.00',
    large: '1,234,567.123456',
    compact: '1.23M',
    small: '512.78',
    rate: '0.1%',
    change: '+1.50%',
    fall: '-0.01%',
    cny: '¥1,234.56',
    eur: '-€1,234.56',
    krw: '₩1,234',
    decimal: '.',
  },
  {
    locale: 'de',
    price: '70.773,12',
    quantity: '0,012300',
    usdt: '500,00',
    large: '1.234.567,123456',
    compact: '1,23M',
    small: '512,78',
    rate: `0,1${NBSP}%`,
    change: `+1,50${NBSP}%`,
    fall: `-0,01${NBSP}%`,
    cny: `1.234,56${NBSP}¥`,
    eur: `-1.234,56${NBSP}€`,
    krw: `1.234${NBSP}₩`,
    decimal: ',',
  },
  {
    locale: 'ru',
    price: `70${NBSP}773,12`,
    quantity: '0,012300',
    usdt: '500,00',
    large: `1${NBSP}234${NBSP}567,123456`,
    compact: '1,23M',
    small: '512,78',
    rate: `0,1${NBSP}%`,
    change: `+1,50${NBSP}%`,
    fall: `-0,01${NBSP}%`,
    cny: `1${NBSP}234,56${NBSP}¥`,
    eur: `-1${NBSP}234,56${NBSP}€`,
    krw: `1${NBSP}234${NBSP}₩`,
    decimal: ',',
  },
  {
    locale: 'ja',
    price: '70,773.12',
    quantity: '0.012300',
    usdt: '500.00',
    large: '1,234,567.123456',
    compact: '1.23M',
    small: '512.78',
    rate: '0.1%',
    change: '+1.50%',
    fall: '-0.01%',
    cny: '¥1,234.56',
    eur: '-€1,234.56',
    krw: '₩1,234',
    decimal: '.',
  },
  {
    locale: 'fr',
    price: `70${NNBSP}773,12`,
    quantity: '0,012300',
    usdt: '500,00',
    large: `1${NNBSP}234${NNBSP}567,123456`,
    compact: '1,23M',
    small: '512,78',
    rate: `0,1${NBSP}%`,
    change: `+1,50${NBSP}%`,
    fall: `-0,01${NBSP}%`,
    cny: `1${NNBSP}234,56${NBSP}¥`,
    eur: `-1${NNBSP}234,56${NBSP}€`,
    krw: `1${NNBSP}234${NBSP}₩`,
    decimal: ',',
  },
];

describe.each(CASES)('number formats in $locale', (c) => {
  const locale = c.locale;
  it('prices in full at the market precision, quantities at the lot precision', () => {
    expect(formatPrice('70773.1299', { locale, precision: 2 })).toBe(c.price);
    expect(formatQuantity('0.0123', { locale, decimals: 6 })).toBe(c.quantity);
  });
  it('asset amounts at their display precision', () => {
    expect(formatAssetAmount('500.000000', { locale, decimals: 6 })).toBe(c.usdt);
    expect(formatAssetAmount('1234567.1234569', { locale, decimals: 6 })).toBe(c.large);
  });
  it('volume and turnover abbreviated', () => {
    expect(formatCompact('1234567', { locale })).toBe(c.compact);
    expect(formatCompact('512.789', { locale })).toBe(c.small);
  });
  it('rates and changes as percentages', () => {
    expect(formatRate('0.001', { locale })).toBe(c.rate);
    expect(formatChange('1.5', { locale })).toBe(c.change);
    expect(formatChange('-0.004', { locale })).toBe(c.fall);
  });
  it('fiat with the currency symbol where the locale puts it', () => {
    expect(formatFiat('1234.567', { locale, currency: 'CNY', symbol: '¥' })).toBe(c.cny);
    expect(formatFiat('-1234.567', { locale, currency: 'EUR' })).toBe(c.eur);
    expect(formatFiat('1234.567', { locale, currency: 'KRW', symbol: '₩' })).toBe(c.krw);
  });
  it('knows its decimal mark', () => {
    expect(decimalSeparator(locale)).toBe(c.decimal);
  });
});

describe('number formats: exactness and edges', () => {
  const locale = 'en';
  it('never goes through a JS number: 21 integer and 18 fraction digits survive', () => {
    expect(formatNumber('123456789012345678901.123456789012345678', { locale, maxDecimals: 18 })).toBe(
      '123,456,789,012,345,678,901.123456789012345678',
    );
    expect(formatAssetAmount('9007199254740993.000001', { locale, decimals: 6 })).toBe(
      '9,007,199,254,740,993.000001',
    );
  });

  it('truncates, never rounds up', () => {
    expect(formatPrice('0.999', { locale, precision: 2 })).toBe('0.99');
    expect(formatAssetAmount('1.9999999', { locale, decimals: 6 })).toBe('1.999999');
    expect(formatCompact('999999', { locale })).toBe('999.99K');
    expect(formatRate('0.0012345678', { locale })).toBe('0.1234%');
    expect(formatFiat('0.999', { locale, currency: 'USD' })).toBe('$0.99');
  });

  it('prints no minus sign for a value that truncates to zero', () => {
    expect(formatPrice('-0.001', { locale, precision: 2 })).toBe('0.00');
    expect(formatChange('0', { locale })).toBe('0.00%');
  });

  it('trims trailing zeros of amounts down to two decimals, or the asset decimals if fewer', () => {
    expect(formatAssetAmount('0.00123000', { locale, decimals: 8 })).toBe('0.00123');
    expect(formatAssetAmount('7', { locale, decimals: 0 })).toBe('7');
    expect(formatAssetAmount('7', { locale, decimals: 1 })).toBe('7.0');
    expect(formatAssetAmount('7', { locale, decimals: 8, minDecimals: 8 })).toBe('7.00000000');
  });

  it('abbreviates K, M, B, T and keeps T beyond a thousand trillion', () => {
    expect(formatCompact('1000', { locale })).toBe('1.00K');
    expect(formatCompact('7890000000', { locale })).toBe('7.89B');
    expect(formatCompact('1e15', { locale })).toBe('1,000.00T');
    expect(formatCompact('-2500', { locale: 'de' })).toBe('-2,50K');
    expect(formatCompact('0.000001234', { locale })).toBe('0.000001');
  });

  it('accepts market-feed numbers without their binary artefacts', () => {
    expect(formatPrice(0.1 + 0.2, { locale, precision: 4 })).toBe('0.3000');
  });

  it('prints the placeholder for what is not a number', () => {
    for (const bad of ['abc', '', '1.2.3', null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatPrice(bad, { locale, precision: 2 })).toBe(NUMBER_PLACEHOLDER);
      expect(formatCompact(bad, { locale })).toBe(NUMBER_PLACEHOLDER);
      expect(formatFiat(bad, { locale, currency: 'CNY' })).toBe(NUMBER_PLACEHOLDER);
    }
  });

  it('shows a display currency that is no ISO code with its symbol in front', () => {
    expect(formatFiat('12', { locale, currency: 'USDT' })).toBe('USDT 12.00');
    expect(formatFiat('12', { locale, currency: 'POINTS', symbol: 'P' })).toBe('P 12.00');
  });

  it('maps interface languages to locale tags', () => {
    expect(numberLocale('zh')).toBe('zh-CN');
    expect(numberLocale('tw')).toBe('zh-TW');
    expect(numberLocale('de')).toBe('de');
    expect(numberLocale('not a tag!')).toBe('en');
  });
});
