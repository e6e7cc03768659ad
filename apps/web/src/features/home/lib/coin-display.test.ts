import { describe, expect, it } from 'vitest';
import type { CoinEntry } from '@/lib/platform-store';
import { numberFormats } from '@/lib/use-number-format';
import {
  changeTone,
  coinPairKey,
  coinPairLabel,
  displayChange,
  displayPrice,
  NO_PRICE,
  tradeSymbol,
} from './coin-display';

function coin(overrides: Partial<CoinEntry>): CoinEntry {
  return {
    coin: 'BTC',
    baseCoin: 'USDT',
    symbol: 'btcusdt',
    showSymbol: '',
    customizeFlag: 1,
    market: 'spot',
    coinType: 1,
    logo: '',
    amount: null,
    open: null,
    change: null,
    ...overrides,
  };
}

describe('coin display', () => {
  it('names the pair, or the operator-set name when customizeFlag is 2', () => {
    expect(coinPairLabel(coin({}))).toBe('BTC/USDT');
    expect(coinPairLabel(coin({ customizeFlag: 2, showSymbol: 'Gold' }))).toBe('Gold');
    expect(coinPairLabel(coin({ customizeFlag: '2', showSymbol: 'XAU' }))).toBe('XAU');
  });

  it('lowercases the trade symbol except for mt5 markets', () => {
    expect(tradeSymbol(coin({}))).toBe('btc');
    expect(tradeSymbol(coin({ market: 'mt5', coin: 'XAUUSD' }))).toBe('XAUUSD');
  });

  const en = numberFormats('en', 'CNY', () => undefined);
  const de = numberFormats('de', 'CNY', () => undefined);

  it('shows a dash while prices are null', () => {
    expect(displayPrice(en, null, 2)).toBe(NO_PRICE);
    expect(displayChange(en, undefined)).toBe(NO_PRICE);
    expect(changeTone(null)).toBe('none');
  });

  it("shows prices in full at the market precision, in the reader's language", () => {
    expect(displayPrice(en, '65432.1', 2)).toBe('65,432.10');
    expect(displayPrice(de, '65432.1', 2)).toBe('65.432,10');
    expect(displayPrice(en, '0.00001234', null)).toBe('0.00001234');
    expect(displayChange(en, '-1.234')).toBe('-1.23%');
    expect(changeTone('0.5')).toBe('rise');
  });
});

describe('coinPairKey', () => {
  it('is the ticker store key of the pair, whatever the case or separator', () => {
    expect(coinPairKey(coin({ coin: 'btc', baseCoin: 'usdt' }))).toBe('BTCUSDT');
    expect(coinPairKey(coin({ coin: '', baseCoin: '', symbol: 'eth_usdt' }))).toBe('ETHUSDT');
  });
});
