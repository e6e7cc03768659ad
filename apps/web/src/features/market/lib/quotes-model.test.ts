import { describe, expect, it } from 'vitest';
import {
  buildRows,
  decimalUnits,
  filterRows,
  type MarketRowWire,
  marketOf,
  nextSort,
  type QuoteRow,
  rowFromMarket,
  sortRows,
  tradeSearch,
  watchlistRows,
  withLive,
} from './quotes-model';

function wire(name: string, extra: Partial<MarketRowWire> = {}): MarketRowWire {
  return {
    symbol: `${name}usdt`,
    symbol_name: `${name.toUpperCase()}/USDT`,
    base_symbol: name.toUpperCase(),
    quote_symbol: 'USDT',
    coin: name,
    showSymbol: `${name.toUpperCase()}/USDT`,
    customizeFlag: 1,
    market: `${name}usdt`,
    coinType: 1,
    logo: null,
    close: null,
    high: null,
    low: null,
    volume: null,
    amount: null,
    zdf: null,
    optional: 0,
    ...extra,
  };
}

function row(label: string, close: string | null, zdf: string | null = null): QuoteRow {
  const [base = '', quote = ''] = label.split('/');
  return {
    key: `${base}${quote}`,
    market: 'spot',
    base,
    quote,
    label,
    tradeSymbol: base.toLowerCase(),
    logo: '',
    close,
    zdf,
    high: null,
    low: null,
    volume: null,
    amount: null,
    priceDecimals: 2,
  };
}

describe('rowFromMarket', () => {
  it('takes the market price precision from part_cou', () => {
    expect(rowFromMarket(wire('btc', { part_cou: 2 }), 'spot').priceDecimals).toBe(2);
    expect(rowFromMarket(wire('pepe', { part_cou: '8' }), 'spot').priceDecimals).toBe(8);
    expect(rowFromMarket(wire('eth'), 'spot').priceDecimals).toBeNull();
    expect(rowFromMarket(wire('eth', { part_cou: 'x' }), 'spot').priceDecimals).toBeNull();
  });

  it('names the pair BASE/QUOTE, or showSymbol when customizeFlag is 2', () => {
    expect(rowFromMarket(wire('btc'), 'spot')).toMatchObject({
      key: 'BTCUSDT',
      label: 'BTC/USDT',
      base: 'BTC',
      quote: 'USDT',
      tradeSymbol: 'btc',
      market: 'spot',
    });
    expect(rowFromMarket(wire('xau', { customizeFlag: '2', showSymbol: 'Gold' }), 'usta').label).toBe('Gold');
    // customizeFlag 2 without a showSymbol falls back to the pair name.
    expect(rowFromMarket(wire('eth', { customizeFlag: 2, showSymbol: '' }), 'sec').label).toBe('ETH/USDT');
  });

  it('keeps the case of MT5 instruments in trade links and lower-cases the others', () => {
    expect(rowFromMarket(wire('xau', { coinType: 3, market: 'XAUUSD' }), 'usta').tradeSymbol).toBe('XAUUSD');
    expect(rowFromMarket(wire('BNB'), 'spot').tradeSymbol).toBe('bnb');
    expect(tradeSearch(rowFromMarket(wire('bnb'), 'sec'))).toEqual({ type: 'sec', symbol: 'bnb' });
  });
});

describe('buildRows', () => {
  it('keeps the server values and order and drops duplicate pairs', () => {
    const rows = buildRows(
      [
        wire('btc', {
          close: '65000.5',
          zdf: '-1.2',
          high: '66000',
          low: '64000',
          volume: '12',
          amount: '780000',
        }),
        wire('eth', { close: '' }),
        wire('btc'),
      ],
      'spot',
    );
    expect(rows.map((r) => r.key)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(rows[0]).toMatchObject({
      close: '65000.5',
      zdf: '-1.2',
      high: '66000',
      low: '64000',
      amount: '780000',
    });
    // An empty string is no value, not a price of ''.
    expect(rows[1]).toMatchObject({ close: null, zdf: null, high: null });
  });
});

describe('watchlistRows', () => {
  it('keeps the order added, each pair once, linked to the market it trades in', () => {
    const membership = {
      spot: new Set(['BTCUSDT']),
      sec: new Set(['BTCUSDT', 'SOLUSDT']),
      usta: new Set(['XAUUSDT']),
    };
    const rows = watchlistRows(
      [wire('sol'), wire('btc'), wire('xau'), wire('sol'), wire('doge')],
      membership,
    );
    expect(rows.map((r) => `${r.key}:${r.market}`)).toEqual([
      'SOLUSDT:sec',
      'BTCUSDT:spot',
      'XAUUSDT:usta',
      'DOGEUSDT:spot',
    ]);
    expect(marketOf('XAUUSDT', membership)).toBe('usta');
  });
});

describe('filterRows', () => {
  const rows = [row('BTC/USDT', '1'), row('ETH/USDT', '2'), row('ETH/BTC', '3')];
  it('matches label, base or pair key case-insensitively, ignoring separators', () => {
    expect(filterRows(rows, 'eth').map((r) => r.label)).toEqual(['ETH/USDT', 'ETH/BTC']);
    expect(filterRows(rows, ' btc ').map((r) => r.label)).toEqual(['BTC/USDT', 'ETH/BTC']);
    expect(filterRows(rows, 'eth/u').map((r) => r.label)).toEqual(['ETH/USDT']);
    expect(filterRows(rows, 'ethusdt').map((r) => r.label)).toEqual(['ETH/USDT']);
    expect(filterRows(rows, '').length).toBe(3);
    expect(filterRows(rows, 'doge')).toEqual([]);
  });
});

describe('sorting', () => {
  it('compares decimals exactly, not as floating point', () => {
    expect(decimalUnits('0.1')).toBe(100000000000000000n);
    expect(decimalUnits('-1.5')).toBe(-1500000000000000000n);
    expect(decimalUnits('abc')).toBeUndefined();
    const rows = [
      row('A/USDT', '9007199254740993.1'),
      row('B/USDT', '9007199254740993.01'),
      row('C/USDT', null),
      row('D/USDT', '10'),
    ];
    expect(sortRows(rows, { column: 'close', direction: 'desc' }).map((r) => r.label)).toEqual([
      'A/USDT',
      'B/USDT',
      'D/USDT',
      'C/USDT',
    ]);
    // Rows without a value stay last when ascending too.
    expect(sortRows(rows, { column: 'close', direction: 'asc' }).map((r) => r.label)).toEqual([
      'D/USDT',
      'B/USDT',
      'A/USDT',
      'C/USDT',
    ]);
  });

  it('sorts by change with negatives below zero, and by name', () => {
    const rows = [row('B/USDT', '1', '-2.5'), row('A/USDT', '1', '0'), row('C/USDT', '1', '3')];
    expect(sortRows(rows, { column: 'zdf', direction: 'desc' }).map((r) => r.zdf)).toEqual([
      '3',
      '0',
      '-2.5',
    ]);
    expect(sortRows(rows, { column: 'label', direction: 'asc' }).map((r) => r.label)).toEqual([
      'A/USDT',
      'B/USDT',
      'C/USDT',
    ]);
    expect(sortRows(rows, null)).toEqual(rows);
  });

  it('cycles a header: first click, flip, then back to unsorted', () => {
    const a = nextSort(null, 'close');
    expect(a).toEqual({ column: 'close', direction: 'desc' });
    const b = nextSort(a, 'close');
    expect(b).toEqual({ column: 'close', direction: 'asc' });
    expect(nextSort(b, 'close')).toBeNull();
    expect(nextSort(b, 'label')).toEqual({ column: 'label', direction: 'asc' });
  });
});

describe('withLive', () => {
  it('overrides snapshot values with live ones and keeps the rest', () => {
    const base = { ...row('BTC/USDT', '1', '0'), high: '5' };
    expect(withLive(base, undefined)).toBe(base);
    expect(withLive(base, { close: '2', zdf: '100' })).toMatchObject({ close: '2', zdf: '100', high: '5' });
  });
});
