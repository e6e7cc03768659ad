// Binds the shared number formats (@coin/shared/number-format) to the reader's settings: the interface
// language picks separators and symbol placement, the display currency (and the operator's symbol for
// it, from getAllSetting) is the default of `fiat`. Every page shows numbers through this hook, so a
// language or currency change re-renders them all the same way.
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
  type NumberInput,
  numberLocale,
} from '@coin/shared/number-format';
import { useMemo } from 'react';
import { usePlatformStore } from './platform-store';
import { useSettingsStore } from './settings-store';

export interface NumberFormats {
  /** The BCP 47 tag in use ('zh-CN' for zh). */
  locale: string;
  /** '.' or ',' as the language writes decimals (for typed amounts). */
  decimalSeparator: string;
  /** A price in full at the market's precision. */
  price(value: NumberInput, precision: number): string;
  /** A quantity at the market's lot precision. */
  quantity(value: NumberInput, decimals: number): string;
  /** An asset amount at its display precision (at most `decimals`, trailing zeros down to 2). */
  amount(value: NumberInput, decimals: number, minDecimals?: number): string;
  /** Volume and turnover with K, M, B, T. */
  compact(value: NumberInput): string;
  /** A fraction as a percentage: '0.001' -> '0.1%'. */
  rate(value: NumberInput, maxDecimals?: number): string;
  /** A change in percent, signed: '1.5' -> '+1.50%'. */
  change(value: NumberInput): string;
  /** Money in the display currency (default: the reader's) with its symbol. */
  fiat(value: NumberInput, currency?: string): string;
  /** Any other number: at most `maxDecimals`, trailing zeros trimmed down to `minDecimals`. */
  number(value: NumberInput, maxDecimals: number, minDecimals?: number): string;
}

export function numberFormats(
  lang: string,
  currency: string,
  symbolOf: (code: string) => string | undefined,
): NumberFormats {
  const locale = numberLocale(lang);
  return {
    locale,
    decimalSeparator: decimalSeparator(locale),
    price: (value, precision) => formatPrice(value, { locale, precision }),
    quantity: (value, decimals) => formatQuantity(value, { locale, decimals }),
    amount: (value, decimals, minDecimals) => formatAssetAmount(value, { locale, decimals, minDecimals }),
    compact: (value) => formatCompact(value, { locale }),
    rate: (value, maxDecimals) => formatRate(value, { locale, maxDecimals }),
    change: (value) => formatChange(value, { locale }),
    fiat: (value, code = currency) => formatFiat(value, { locale, currency: code, symbol: symbolOf(code) }),
    number: (value, maxDecimals, minDecimals) => formatNumber(value, { locale, maxDecimals, minDecimals }),
  };
}

export function useNumberFormat(): NumberFormats {
  const lang = useSettingsStore((s) => s.lang);
  const currency = useSettingsStore((s) => s.currency);
  const currencies = usePlatformStore((s) => s.settings?.currencies);
  return useMemo(
    () =>
      numberFormats(lang, currency, (code) => {
        const symbol = currencies?.find((c) => c.exchange_code === code)?.exchange_value;
        return symbol?.trim() ? symbol : undefined;
      }),
    [lang, currency, currencies],
  );
}
