// The quotes table's model (spec sections 1-3): the four tabs, rows built from the server's market rows
// (initData per market, getOptional for the watchlist), search, sorting, and the live overlay from the
// ticker store. Pure functions. The page sorts on the values it had when the user clicked a header, and
// keeps that order while prices tick, so rows do not jump under the pointer; the live values are drawn
// per cell from the ticker store (components/live-cells.tsx).

/** The trade screen's market types (its `type` query value). */
export const QUOTE_MARKETS = ['sec', 'spot', 'usta'] as const;
export type QuoteMarket = (typeof QUOTE_MARKETS)[number];

export const QUOTE_TABS = ['optional', ...QUOTE_MARKETS] as const;
export type QuoteTab = (typeof QUOTE_TABS)[number];

export const DEFAULT_QUOTE_TAB: QuoteTab = 'spot';

export function isQuoteTab(value: unknown): value is QuoteTab {
  return typeof value === 'string' && (QUOTE_TABS as readonly string[]).includes(value);
}

/** The server's market row (docs/market.md, MarketRow): initData, getOptional. Decimal strings. */
export interface MarketRowWire {
  symbol: string;
  symbol_name?: string | null | undefined;
  base_symbol?: string | null | undefined;
  quote_symbol?: string | null | undefined;
  coin?: string | null | undefined;
  showSymbol?: string | null | undefined;
  customizeFlag?: number | string | null | undefined;
  market?: string | null | undefined;
  /** 3 = MT5 instrument: its market id keeps its case in trade links. */
  coinType?: number | string | null | undefined;
  logo?: string | null | undefined;
  close?: string | null | undefined;
  high?: string | null | undefined;
  low?: string | null | undefined;
  volume?: string | null | undefined;
  amount?: string | null | undefined;
  zdf?: string | null | undefined;
  /** The market's price precision (priceDecimals); `full_cou` is its quantity precision. */
  part_cou?: number | string | null | undefined;
  optional?: number | string | null | undefined;
  simulated?: boolean | null | undefined;
}

export interface QuoteRow {
  /** Pair key, upper-case without separator: 'BTCUSDT'. */
  key: string;
  market: QuoteMarket;
  base: string;
  quote: string;
  /** What the table shows: showSymbol when customizeFlag is 2, else BASE/QUOTE. */
  label: string;
  /** The trade route's symbol: MT5 instruments keep their case, others are lower-cased. */
  tradeSymbol: string;
  logo: string;
  close: string | null;
  zdf: string | null;
  high: string | null;
  low: string | null;
  volume: string | null;
  amount: string | null;
  /** Decimals of the market's prices; null when the server did not say (prices are shown as sent). */
  priceDecimals: number | null;
}

export function toPairKey(symbol: string): string {
  return symbol.replace(/[^a-z0-9]/gi, '').toUpperCase();
}

function text(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}

function decimalsOf(value: number | string | null | undefined): number | null {
  const n = typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 18 ? n : null;
}

export function rowFromMarket(m: MarketRowWire, market: QuoteMarket): QuoteRow {
  const [nameBase = '', nameQuote = ''] = (m.symbol_name ?? '').split('/');
  const base = (m.base_symbol || nameBase || m.coin || '').toUpperCase();
  const quote = (m.quote_symbol || nameQuote || '').toUpperCase();
  const showCustom = String(m.customizeFlag ?? '') === '2' && !!m.showSymbol;
  const name = m.coin || base || m.symbol;
  return {
    key: toPairKey(m.symbol || `${base}${quote}`),
    market,
    base,
    quote,
    label: showCustom ? (m.showSymbol ?? '') : quote ? `${base}/${quote}` : base || m.symbol.toUpperCase(),
    tradeSymbol: String(m.coinType ?? '') === '3' && m.market ? m.market : name.toLowerCase(),
    logo: m.logo ?? '',
    close: text(m.close),
    zdf: text(m.zdf),
    high: text(m.high),
    low: text(m.low),
    volume: text(m.volume),
    amount: text(m.amount),
    priceDecimals: decimalsOf(m.part_cou),
  };
}

/** Rows of one market, each pair once, in the server's order. */
export function buildRows(list: readonly MarketRowWire[], market: QuoteMarket): QuoteRow[] {
  const seen = new Set<string>();
  const rows: QuoteRow[] = [];
  for (const item of list) {
    const row = rowFromMarket(item, market);
    if (!row.key || seen.has(row.key)) continue;
    seen.add(row.key);
    rows.push(row);
  }
  return rows;
}

/** Pair keys of each market's coin list (from getCoinList), to tell where a watched pair trades. */
export type MarketMembership = Readonly<Record<QuoteMarket, ReadonlySet<string>>>;

/** The market a watched pair links to: spot when it trades there, else seconds, else U contract. */
export function marketOf(key: string, membership: MarketMembership): QuoteMarket {
  if (membership.spot.has(key)) return 'spot';
  if (membership.sec.has(key)) return 'sec';
  if (membership.usta.has(key)) return 'usta';
  return 'spot';
}

/** The watchlist tab's rows (getOptional, in the order added), each linked to the market it trades in. */
export function watchlistRows(list: readonly MarketRowWire[], membership: MarketMembership): QuoteRow[] {
  const seen = new Set<string>();
  const rows: QuoteRow[] = [];
  for (const item of list) {
    const key = toPairKey(item.symbol);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    rows.push(rowFromMarket(item, marketOf(key, membership)));
  }
  return rows;
}

/** Case-insensitive match on the label, base coin or pair key; separators in the query are ignored. */
export function filterRows(rows: readonly QuoteRow[], query: string): QuoteRow[] {
  const q = query.trim().toUpperCase();
  if (q === '') return [...rows];
  const compact = toPairKey(q);
  return rows.filter(
    (row) =>
      row.label.toUpperCase().includes(q) ||
      (compact !== '' && (row.key.includes(compact) || row.base.includes(compact))),
  );
}

export const SORT_COLUMNS = ['label', 'close', 'zdf', 'high', 'low', 'volume', 'amount'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: SortColumn;
  direction: SortDirection;
}

const SCALE = 18;
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal string as an integer of 10^-18 units (extra places truncated); undefined when unreadable. */
export function decimalUnits(value: string | null | undefined): bigint | undefined {
  if (value === null || value === undefined) return undefined;
  const m = DECIMAL.exec(value.trim());
  if (!m) return undefined;
  const units =
    BigInt(m[2] ?? '0') * 10n ** BigInt(SCALE) + BigInt((m[3] ?? '').slice(0, SCALE).padEnd(SCALE, '0'));
  return m[1] === '-' ? -units : units;
}

/** Next sort state when a header is clicked: a new column starts descending (largest first), then flips. */
export function nextSort(current: SortState | null, column: SortColumn): SortState | null {
  if (!current || current.column !== column)
    return { column, direction: column === 'label' ? 'asc' : 'desc' };
  if (current.direction === (column === 'label' ? 'asc' : 'desc'))
    return { column, direction: column === 'label' ? 'desc' : 'asc' };
  return null;
}

/**
 * Sorted copy. Numbers compare exactly (no floating point); rows without a value go last in both
 * directions; ties keep the incoming order (stable sort).
 */
export function sortRows(rows: readonly QuoteRow[], sort: SortState | null): QuoteRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  if (sort.column === 'label') {
    return [...rows].sort((a, b) => sign * a.label.localeCompare(b.label, 'en'));
  }
  const column = sort.column;
  const keyed = rows.map((row) => ({ row, units: decimalUnits(row[column]) }));
  keyed.sort((a, b) => {
    if (a.units === undefined) return b.units === undefined ? 0 : 1;
    if (b.units === undefined) return -1;
    return a.units === b.units ? 0 : a.units < b.units ? -sign : sign;
  });
  return keyed.map((k) => k.row);
}

/** Live values override the snapshot's; absent live fields keep the snapshot's. */
export interface LiveValues {
  close: string;
  zdf?: string | undefined;
  high?: string | undefined;
  low?: string | undefined;
  volume?: string | undefined;
  amount?: string | undefined;
}

export function withLive(row: QuoteRow, live: LiveValues | undefined): QuoteRow {
  if (!live) return row;
  return {
    ...row,
    close: live.close,
    zdf: live.zdf ?? row.zdf,
    high: live.high ?? row.high,
    low: live.low ?? row.low,
    volume: live.volume ?? row.volume,
    amount: live.amount ?? row.amount,
  };
}

/** The trade screen's search for a row: /trade/index?type=...&symbol=... */
export function tradeSearch(row: QuoteRow): { type: QuoteMarket; symbol: string } {
  return { type: row.market, symbol: row.tradeSymbol };
}
