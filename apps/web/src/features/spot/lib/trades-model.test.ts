import { describe, expect, it } from 'vitest';
import { MAX_TRADES, prependTrades, readTrade, readTradeList } from './trades-model';

describe('trades model', () => {
  it('reads REST trades and live frames with the demo flag', () => {
    const list = readTradeList({
      trades: [{ price: '1', qty: '2', amount: '2', time: 5, side: 'buy' }, { bad: 1 }],
    });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ price: '1', side: 'buy', demo: false });
    expect(
      readTrade({ id: '9-1', price: '1', qty: '1', time: 1, side: 'sell', demo: true }, 'x'),
    ).toMatchObject({
      key: '9-1',
      demo: true,
    });
  });
  it('prepends newest first without duplicates, capped', () => {
    const t = (key: string) => ({ key, price: '1', qty: '1', side: undefined, time: 1, demo: false });
    const tape = prependTrades([t('a')], [t('b'), t('c'), t('a')]);
    expect(tape.map((x) => x.key)).toEqual(['c', 'b', 'a']);
    const many = prependTrades(
      [],
      Array.from({ length: 80 }, (_, i) => t(String(i))),
    );
    expect(many).toHaveLength(MAX_TRADES);
    expect(many[0]?.key).toBe('79');
  });
});
