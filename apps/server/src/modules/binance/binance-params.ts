// Request parameters as Binance reads them: the query string and an url-encoded body, merged (a name sent
// twice is refused), with Binance's validation errors. Also the text a signed request signed.

import { AppError } from '@/lib/app-error';
import type { SpotMarkets, SpotRules } from '@/modules/spot/spot-markets';
import { binanceErrors as E } from './binance-errors';

const DECIMAL = /^\d{1,20}(\.\d{1,20})?$/;
const INTEGER = /^\d{1,16}$/;
const SYMBOL = /^[A-Z0-9-_.]{1,20}$/;
export const CLIENT_ORDER_ID = /^[.A-Z:a-z0-9_-]{1,36}$/;

export class Params {
  private readonly values = new Map<string, string>();

  constructor(
    /** The raw query string (without '?'). */
    readonly query: string,
    /** The raw url-encoded body ('' for none). */
    readonly body: string,
  ) {
    for (const text of [query, body]) {
      for (const [k, v] of new URLSearchParams(text)) {
        if (this.values.has(k)) throw E.duplicateParam();
        this.values.set(k, v);
      }
    }
  }

  /** The parameters of a url without a body. */
  static ofUrl(url: string, body: string): Params {
    const at = url.indexOf('?');
    return new Params(at < 0 ? '' : url.slice(at + 1), body);
  }

  has(name: string): boolean {
    const v = this.values.get(name);
    return v !== undefined && v !== '';
  }

  get(name: string): string | undefined {
    const v = this.values.get(name);
    return v === '' ? undefined : v;
  }

  required(name: string): string {
    const v = this.get(name);
    if (v === undefined) throw E.mandatory(name);
    return v;
  }

  /** The signed text: query string and body concatenated, each without its signature parameter. */
  signedText(): string {
    const strip = (text: string) =>
      text
        .split('&')
        .filter((part) => part !== '' && !part.startsWith('signature='))
        .join('&');
    return `${strip(this.query)}${strip(this.body)}`;
  }

  decimal(name: string): string | undefined {
    const v = this.get(name);
    if (v === undefined) return undefined;
    if (!DECIMAL.test(v)) throw E.illegalChars(name);
    return v;
  }

  int(name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const v = this.get(name);
    if (v === undefined) return undefined;
    if (!INTEGER.test(v)) throw E.illegalChars(name);
    const n = Number(v);
    if (n < min || n > max) throw E.invalidParam(name);
    return n;
  }

  limit(name: string, fallback: number, max: number): number {
    return this.int(name, 1, max) ?? fallback;
  }

  enumOf<T extends string>(name: string, values: readonly T[], error: () => Error): T | undefined {
    const v = this.get(name);
    if (v === undefined) return undefined;
    if (!(values as readonly string[]).includes(v)) throw error();
    return v as T;
  }

  clientOrderId(name: string): string | undefined {
    const v = this.get(name);
    if (v === undefined) return undefined;
    if (!CLIENT_ORDER_ID.test(v)) throw E.illegalChars(name);
    return v;
  }
}

/** A market by its Binance symbol ('BTCUSDT'): -1121 for anything else. */
export function marketOf(markets: SpotMarkets, symbol: string): SpotRules {
  if (!SYMBOL.test(symbol)) throw E.illegalChars('symbol');
  try {
    const rules = markets.find(symbol);
    if (rules.symbol.toUpperCase() !== symbol) throw E.symbol();
    return rules;
  } catch (err) {
    if (err instanceof AppError) throw E.symbol();
    throw err;
  }
}

/** The `symbols` parameter: a JSON array of symbols ('["BTCUSDT","ETHUSDT"]'). */
export function symbolList(markets: SpotMarkets, text: string): SpotRules[] {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    throw E.illegalChars('symbols');
  }
  if (!Array.isArray(list) || list.length === 0 || list.length > 100) throw E.invalidParam('symbols');
  return list.map((s) => {
    if (typeof s !== 'string') throw E.illegalChars('symbols');
    return marketOf(markets, s);
  });
}
