// The contracts part of the money core with exact numbers: open, add margin, partial close, TP and SL
// firing on the mark, liquidation with an insurance surplus, liquidation with a shortfall and
// auto-deleveraging, funding whose postings sum to zero; refusals that change nothing; a property test
// over random order flow and mark paths (open interest, pool, holds, nothing left crossed, conservation);
// snapshot round trip and journal replay to the same state hash; the trade events name both sides of a
// fill (order, user, direction, fee, realized profit) and flag liquidation fills.
import { describe, expect, it } from 'vitest';
import type { ContractMarketConfig } from '@/core/contracts/contract-types';
import { MoneyState } from '@/core/money-state';
import type { Command, CommandResult, CoreEvent } from '@/core/types';
import { sha256Hex } from '@/journal/money-core';

const T0 = 1_700_000_000_000;
let n = 0;
function cmd(type: string, payload: unknown, ts = T0, actor = 'system'): Command {
  n += 1;
  return { id: `k${n}`, actor, ts, type, payload } as Command;
}
function ok(r: CommandResult): Extract<CommandResult, { ok: true }> {
  if (!r.ok) throw new Error(`expected ok, got ${r.error}`);
  return r;
}
const errorOf = (r: CommandResult) => (r.ok ? 'ok' : r.error);

export const LINEAR: ContractMarketConfig = {
  symbol: 'btcusdt',
  kind: 'linear',
  base: 'BTC',
  quote: 'USDT',
  priceDecimals: 1,
  qtyDecimals: 0,
  contractSize: '0.001',
  minQty: '1',
  maxLeverage: 100,
  tiers: [
    { maxNotional: '50000', mmr: '0.005', maxLeverage: 100 },
    { maxNotional: '1000000', mmr: '0.01', maxLeverage: 50 },
  ],
  makerFeeRate: '0.0002',
  takerFeeRate: '0.0005',
  marketProtection: '0.05',
  markBand: '0.005',
  fundingIntervalMs: 8 * 3600_000,
  fundingCap: '0.0075',
  interestRate: '0.0001',
  status: 'trading',
};

export const INVERSE: ContractMarketConfig = {
  ...LINEAR,
  symbol: 'btcusd',
  kind: 'inverse',
  base: 'BTC',
  quote: 'USD',
  priceDecimals: 1,
  qtyDecimals: 0,
  contractSize: '100',
};

class World {
  s = new MoneyState(sha256Hex);
  log: Command[] = [];
  ts = T0;
  apply(type: string, payload: unknown): CommandResult {
    const c = cmd(type, payload, this.ts);
    this.log.push(c);
    const r = this.s.apply(c).result;
    expect(this.s.invariantViolations()).toEqual([]);
    return r;
  }
  constructor(users: string[], amount = '10000') {
    ok(this.apply('asset.configure', { asset: 'USDT', decimals: 6, maxAmount: '100000000' }));
    ok(this.apply('asset.configure', { asset: 'BTC', decimals: 8, maxAmount: '100000' }));
    ok(this.apply('contract.market', LINEAR));
    ok(this.apply('contract.market', INVERSE));
    for (const u of users) this.fund(u, 'USDT', amount);
  }
  fund(u: string, asset: string, amount: string) {
    ok(this.apply('deposit.credit', { userId: u, asset, amount, ref: `d-${u}-${asset}-${n}` }));
    ok(this.apply('transfer', { userId: u, asset, amount, from: 'spot', to: 'contract' }));
  }
  tick(price: string, symbol = 'btcusdt') {
    this.ts += 1000;
    return ok(
      this.apply('contract.tick', {
        symbol,
        tick: { id: `${symbol}:${this.ts}`, time: this.ts, price, sources: ['simulator'] },
      }),
    );
  }
  place(
    userId: string,
    direction: number,
    type: 'limit' | 'market',
    quantity: string,
    price?: string,
    symbol = 'btcusdt',
  ) {
    return this.apply('contract.place', {
      userId,
      symbol,
      direction,
      type,
      quantity,
      ...(price ? { price } : {}),
    });
  }
  bal(u: string, asset = 'USDT') {
    return this.s.balance(u, asset, 'contract');
  }
  pos(u: string, side: 'long' | 'short', symbol = 'btcusdt') {
    return this.s.contracts.positionsOf(u, symbol).find((p) => p.side === side);
  }
  sys(name: 'insurance_fund' | 'contract_pool' | 'fee_revenue' | 'security_fund', asset = 'USDT') {
    return this.s.systemBalance(name, asset);
  }
  checkPool() {
    const expected = this.s.contracts.expectedPool();
    for (const asset of ['USDT', 'BTC']) {
      const want = expected.get(asset) ?? 0n;
      const have = this.s.systemBalance('contract_pool', asset);
      expect(have).toBe(formatSigned(want));
    }
  }
}

function formatSigned(a: bigint): string {
  const neg = a < 0n;
  const v = neg ? -a : a;
  const int = v / 10n ** 18n;
  let frac = (v % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : `${int}`;
  frac = '';
  return neg && body !== '0' ? `-${body}` : body;
}

function sumPostings(events: CoreEvent[], asset: string): bigint {
  let s = 0n;
  for (const e of events) {
    if (e.type !== 'postings') continue;
    for (const p of e.postings) if (p.asset === asset) s += BigInt(Math.round(Number(p.delta) * 1e6));
  }
  return s;
}

/** a opens 100 contracts long at 50000 (10x, market) against b's resting short limit. */
function opened() {
  const w = new World(['a', 'b', 'mm']);
  w.tick('50000');
  ok(w.place('b', 2, 'limit', '100', '50000'));
  ok(w.place('a', 1, 'market', '100'));
  return w;
}

describe('contracts core: linear scenario with exact numbers', () => {
  it('opens a long and a short: margin, fees, liquidation price', () => {
    const w = opened();
    // value 100 x 0.001 x 50000 = 5000; 10x margin 500; taker fee 2.5, maker fee 1.
    expect(w.bal('a')).toMatchObject({ available: '9497.5', frozen: '500' });
    expect(w.bal('b')).toMatchObject({ available: '9499', frozen: '500' });
    const a = w.pos('a', 'long');
    expect(a).toMatchObject({
      qty: '100',
      entryValue: '5000',
      avgPrice: '50000',
      margin: '500',
      liquidationPrice: '45226.1',
    });
    // short: (5000 + 500) / (0.1 x 1.005) = 54726.36.. rounded up
    expect(w.pos('b', 'short')).toMatchObject({ margin: '500', liquidationPrice: '54726.4' });
    expect(w.sys('fee_revenue')).not.toBe('0');
    expect(w.s.contracts.market('btcusdt')?.openInterest).toBe('100');
    w.checkPool();
  });

  it('adds margin, refuses a reduction below initial margin, closes part at a profit', () => {
    const w = opened();
    const id = w.pos('a', 'long')?.positionId as string;
    ok(w.apply('contract.margin', { userId: 'a', positionId: id, amount: '100', flag: 'add' }));
    expect(w.pos('a', 'long')?.margin).toBe('600');
    // (5000 - 600) / (0.1 x 0.995) = 44221.1
    expect(w.pos('a', 'long')?.liquidationPrice).toBe('44221.1');
    const before = w.s.stateHash();
    expect(
      errorOf(w.apply('contract.margin', { userId: 'a', positionId: id, amount: '101', flag: 'reduce' })),
    ).toBe('MARGIN_BELOW_INITIAL');
    expect(
      errorOf(w.apply('contract.margin', { userId: 'b', positionId: id, amount: '1', flag: 'add' })),
    ).toBe('POSITION_NOT_FOUND');
    expect(w.pos('a', 'long')?.margin).toBe('600');
    ok(w.apply('contract.margin', { userId: 'a', positionId: id, amount: '100', flag: 'reduce' }));
    expect(before).not.toBe(w.s.stateHash());
    // mm bids 51000 for 40; a closes 40 at market: profit 40 x 0.001 x 1000 = 40, fee 0.5 x 2.04 = 1.02
    ok(w.place('mm', 1, 'limit', '40', '51000'));
    w.tick('50500');
    const r = ok(w.place('a', 3, 'market', '40'));
    expect(r.reply).toMatchObject({ status: 'filled', filledQty: '40' });
    const p = w.pos('a', 'long');
    expect(p).toMatchObject({ qty: '60', entryValue: '3000', margin: '300' });
    // realized 40 - fee (2040 x 0.0005 = 1.02)
    expect(p?.realizedPnl).toBe('38.98');
    // a: 9497.5 + 200 (margin back) + 40 - 1.02 = 9736.48
    expect(w.bal('a')).toMatchObject({ available: '9736.48', frozen: '300' });
    w.checkPool();
  });

  it('refuses bad input and changes nothing', () => {
    const w = opened();
    const h = w.s.stateHash();
    const seq = w.s.lastSeq();
    expect(
      errorOf(
        w.apply('contract.leverage', { userId: 'a', symbol: 'btcusdt', leverage: 101, mode: 'isolated' }),
      ),
    ).toBe('LEVERAGE_TOO_HIGH');
    expect(errorOf(w.place('a', 3, 'market', '101'))).toBe('REDUCE_ONLY_WOULD_OPEN');
    expect(errorOf(w.place('c', 4, 'market', '1'))).toBe('REDUCE_ONLY_WOULD_OPEN');
    const id = w.pos('a', 'long')?.positionId as string;
    expect(
      errorOf(w.apply('contract.tpsl', { userId: 'a', positionId: id, takeProfit: '49000', stopLoss: null })),
    ).toBe('TPSL_WRONG_SIDE');
    // a long's stop must be above its liquidation price (45226.1)
    expect(
      errorOf(w.apply('contract.tpsl', { userId: 'a', positionId: id, takeProfit: null, stopLoss: '45000' })),
    ).toBe('TPSL_WRONG_SIDE');
    expect(
      errorOf(w.apply('contract.tpsl', { userId: 'b', positionId: id, takeProfit: '52000', stopLoss: null })),
    ).toBe('POSITION_NOT_FOUND');
    expect(errorOf(w.place('a', 1, 'limit', '1000000', '50000'))).toBe('INSUFFICIENT_BALANCE');
    expect(
      errorOf(w.apply('contract.leverage', { userId: 'a', symbol: 'btcusdt', leverage: 5, mode: 'cross' })),
    ).toBe('MODE_LOCKED');
    expect(w.s.lastSeq()).toBeGreaterThan(seq);
    // Rejections are recorded under their ids, but balances, positions and books are untouched.
    expect(w.bal('a')).toMatchObject({ available: '9497.5', frozen: '500' });
    expect(w.pos('a', 'long')?.margin).toBe('500');
    expect(h).not.toBe(''); // the table of ids changed; the money did not
  });

  it('take-profit fires on the mark as a reduce-only market close', () => {
    const w = opened();
    const id = w.pos('a', 'long')?.positionId as string;
    ok(w.apply('contract.tpsl', { userId: 'a', positionId: id, takeProfit: '52000', stopLoss: '47000' }));
    ok(w.place('mm', 1, 'limit', '100', '52000'));
    const r = w.tick('52000');
    expect(r.reply).toMatchObject({ fired: 1 });
    expect(w.pos('a', 'long')).toBeUndefined();
    // 9497.5 + 500 + 200 profit - 2.6 fee (5200 x 0.0005)
    expect(w.bal('a')).toMatchObject({ available: '10194.9', frozen: '0' });
    w.checkPool();
  });

  it('stop-loss fires on the mark', () => {
    const w = opened();
    const id = w.pos('a', 'long')?.positionId as string;
    ok(w.apply('contract.tpsl', { userId: 'a', positionId: id, takeProfit: null, stopLoss: '48000' }));
    ok(w.place('mm', 1, 'limit', '100', '47900'));
    w.tick('49000');
    expect(w.pos('a', 'long')).toBeDefined();
    const r = w.tick('47950');
    expect(r.reply).toMatchObject({ fired: 1 });
    expect(w.pos('a', 'long')).toBeUndefined();
    // loss 100 x 0.001 x 2100 = 210, fee 4790 x 0.0005 = 2.395
    expect(w.bal('a')).toMatchObject({ available: '9785.105', frozen: '0' });
    w.checkPool();
  });

  it('liquidation through the book with an insurance surplus', () => {
    const w = opened();
    ok(w.place('mm', 1, 'limit', '100', '45100'));
    w.tick('45300');
    expect(w.pos('a', 'long')).toBeDefined();
    const r = w.tick('45200');
    expect(r.reply).toMatchObject({ liquidated: 1 });
    const liq = r.events.find((e) => e.type === 'contract.liquidation');
    // fills at 45100: loss 490 of the 500 margin; 10 to the insurance fund
    expect(liq).toMatchObject({
      bankruptcyPrice: '45000',
      bookQty: '100',
      adlQty: '0',
      insurance: '10',
      tickId: `btcusdt:${w.ts}`,
    });
    expect(w.sys('insurance_fund')).toBe('10');
    expect(w.bal('a')).toMatchObject({ available: '9497.5', frozen: '0' });
    expect(w.pos('mm', 'long')?.qty).toBe('100');
    w.checkPool();
  });

  it('liquidation with a shortfall paid by the fund, the rest by auto-deleveraging', () => {
    const w = opened();
    // the fund holds 50; the book bids only 10 contracts below bankruptcy
    ok(w.apply('contract.insurance', { userId: 'mm', asset: 'USDT', amount: '50' }));
    ok(w.place('mm', 1, 'limit', '10', '44600'));
    const r = w.tick('44000');
    const liq = r.events.find((e) => e.type === 'contract.liquidation');
    // the fund covers the whole position down to 45000 - 50 / (100 x 0.001) = 44500: the bid at 44600 fills
    expect(liq).toMatchObject({ bankruptcyPrice: '45000', bookQty: '10', adlQty: '90' });
    // The 90 deleveraged contracts are both users' fills at the bankruptcy price, not a book trade:
    // a's liquidation order loses 90 x 0.001 x 5000 = 450, b's short gains it; no fee either side.
    const adl = r.events.filter((e) => e.type === 'contract.adl');
    const liqOrder = `-${liq?.type === 'contract.liquidation' ? liq.positionId : ''}`;
    expect(adl).toEqual([
      {
        type: 'contract.adl',
        seq: r.seq,
        tradeId: `${r.seq}-adl1`,
        symbol: 'btcusdt',
        price: '45000',
        qty: '90',
        liquidated: { orderId: liqOrder, userId: 'a', direction: 3, fee: '0', pnl: '-450' },
        counterparty: {
          orderId: `adl-${w.pos('b', 'short')?.positionId}`,
          userId: 'b',
          direction: 4,
          fee: '0',
          pnl: '450',
        },
        ts: w.ts,
      },
    ]);
    expect(r.events.filter((e) => e.type === 'contract.trade').map((e) => e.qty)).toEqual(['10']);
    // shortfall of the 10 lots: 10 x 0.001 x 400 = 4 paid by the fund
    expect(liq).toMatchObject({ insurance: '-4' });
    expect(w.sys('insurance_fund')).toBe('46');
    // b's short was the only opposite position: 90 closed at 45000, profit 450 + margin share 450
    expect(w.pos('b', 'short')?.qty).toBe('10');
    expect(w.bal('b').available).toBe('10399');
    expect(w.bal('a')).toMatchObject({ available: '9497.5', frozen: '0' });
    expect(w.s.contracts.market('btcusdt')?.openInterest).toBe('10');
    w.checkPool();
  });

  it('funding: longs pay shorts, postings sum to zero, the platform takes nothing', () => {
    const w = opened();
    const at = Math.ceil((w.ts + 1) / LINEAR.fundingIntervalMs) * LINEAR.fundingIntervalMs;
    expect(errorOf(w.apply('contract.funding', { symbol: 'btcusdt', at }))).toBe('FUNDING_NOT_DUE');
    w.ts = at;
    const fees = w.sys('fee_revenue');
    const r = ok(w.apply('contract.funding', { symbol: 'btcusdt', at }));
    // premium 0: rate = interest 0.0001; 5000 x 0.0001 = 0.5
    expect(r.reply).toMatchObject({ rate: '0.0001', total: '0.5' });
    expect(sumPostings(r.events, 'USDT')).toBe(0n);
    expect(w.pos('a', 'long')?.margin).toBe('499.5');
    expect(w.pos('b', 'short')?.margin).toBe('500.5');
    expect(w.sys('fee_revenue')).toBe(fees);
    expect(errorOf(w.apply('contract.funding', { symbol: 'btcusdt', at }))).toBe('FUNDING_NOT_DUE');
  });
});

describe('contracts core: cross margin across the account', () => {
  it("a crossed cross position draws the surplus of the user's other cross positions, else is liquidated", () => {
    const w = new World(['b']);
    w.fund('a', 'USDT', '100.5');
    ok(w.apply('contract.leverage', { userId: 'a', symbol: 'btcusdt', leverage: 10, mode: 'cross' }));
    ok(w.apply('contract.leverage', { userId: 'b', symbol: 'btcusdt', leverage: 2, mode: 'isolated' }));
    w.tick('50000');
    // a (cross, 10x) holds a long and a short of 10 contracts at 50000: 500 each, margin 50, fee 0.25
    ok(w.place('b', 2, 'limit', '10', '50000'));
    ok(w.place('a', 1, 'market', '10'));
    ok(w.place('b', 1, 'limit', '10', '50000'));
    ok(w.place('a', 2, 'market', '10'));
    expect(w.bal('a')).toMatchObject({ available: '0', frozen: '100' });
    // the long's trigger: (500 - 50) / (0.01 x 0.995) = 45226.13..
    expect(w.pos('a', 'long')).toMatchObject({ margin: '50', liquidationPrice: '45226.1' });
    // mark 45200: the long's equity 50 - 48 = 2 is below maintenance, no free balance; its initial margin
    // at the mark is 45.2, so it needs 43.2. The short's equity 50 + 48 = 98 holds 98 - 45.2 = 52.8 above
    // its own initial margin, at most its margin 50: enough, so 43.2 of margin moves to the long
    const t1 = w.tick('45200');
    // (the reply's count includes a position looked at and kept, as with the free balance before)
    expect(t1.events.filter((e) => e.type === 'contract.liquidation')).toEqual([]);
    expect(t1.events.filter((e) => e.type === 'postings')).toEqual([]);
    // long: (500 - 93.2) / 0.00995 = 40884.42..; short: (500 + 6.8) / 0.01005 = 50427.86.. rounded up
    expect(w.pos('a', 'long')).toMatchObject({ margin: '93.2', liquidationPrice: '40884.4' });
    expect(w.pos('a', 'short')).toMatchObject({ margin: '6.8', liquidationPrice: '50427.9' });
    expect(w.bal('a')).toMatchObject({ available: '0', frozen: '100' });
    // mark 40800: the long needs 40.8 - (93.2 - 92) = 39.6; the short holds only its margin 6.8 above
    // initial: not enough, nothing moves and the long is liquidated (b bids 40700, above bankruptcy 40680)
    ok(w.place('b', 1, 'limit', '10', '40700'));
    const t2 = w.tick('40800');
    expect(t2.reply).toMatchObject({ liquidated: 1 });
    const liq = t2.events.find((e) => e.type === 'contract.liquidation');
    // closed at 40700: loss 93, the rest of the margin 0.2 to the fund
    expect(liq).toMatchObject({
      side: 'long',
      mark: '40800',
      bankruptcyPrice: '40680',
      bookQty: '10',
      adlQty: '0',
      insurance: '0.2',
    });
    expect(w.pos('a', 'long')).toBeUndefined();
    expect(w.pos('a', 'short')).toMatchObject({ margin: '6.8', liquidationPrice: '50427.9' });
    expect(w.bal('a')).toMatchObject({ available: '0', frozen: '6.8' });
    expect(w.sys('insurance_fund')).toBe('0.2');
    w.checkPool();
  });

  it('isolated positions do not support each other', () => {
    const w = new World(['b']);
    w.fund('a', 'USDT', '100.5');
    ok(w.apply('contract.leverage', { userId: 'b', symbol: 'btcusdt', leverage: 2, mode: 'isolated' }));
    w.tick('50000');
    ok(w.place('b', 2, 'limit', '10', '50000'));
    ok(w.place('a', 1, 'market', '10'));
    ok(w.place('b', 1, 'limit', '10', '50000'));
    ok(w.place('a', 2, 'market', '10'));
    ok(w.place('b', 1, 'limit', '10', '45100'));
    const t = w.tick('45200');
    expect(t.reply).toMatchObject({ liquidated: 1 });
    expect(w.pos('a', 'long')).toBeUndefined();
    expect(w.pos('a', 'short')).toMatchObject({ margin: '50' });
  });
});

describe('contracts core: inverse (coin-margined) scenario', () => {
  it('opens, closes at a profit paid in BTC, and liquidates', () => {
    const w = new World(['a', 'b', 'mm']);
    for (const u of ['a', 'b', 'mm']) w.fund(u, 'BTC', '1');
    w.tick('50000', 'btcusd');
    ok(w.place('b', 2, 'limit', '100', '50000', 'btcusd'));
    ok(w.place('a', 1, 'market', '100', undefined, 'btcusd'));
    // 100 contracts x 100 USD / 50000 = 0.2 BTC; margin 0.02, taker fee 0.0001
    expect(w.pos('a', 'long', 'btcusd')).toMatchObject({
      entryValue: '0.2',
      margin: '0.02',
      avgPrice: '50000',
    });
    expect(w.bal('a', 'BTC')).toMatchObject({ available: '0.9799', frozen: '0.02' });
    // inverse long liquidation: 10000 x 1.005 / (0.02 + 0.2) = 45681.81..
    expect(w.pos('a', 'long', 'btcusd')?.liquidationPrice).toBe('45681.8');
    ok(w.place('mm', 1, 'limit', '50', '55000', 'btcusd'));
    w.tick('54000', 'btcusd');
    const closed = ok(w.place('a', 3, 'market', '50', undefined, 'btcusd'));
    // The trade names both sides (events only): mm's resting buy (maker fee 0.0002 x 0.09090909,
    // rounded up to 0.00001819) and a's close (taker, its realized profit and fee).
    const trade = closed.events.find((e) => e.type === 'contract.trade');
    expect(trade).toMatchObject({
      price: '55000',
      qty: '50',
      takerSide: 'sell',
      liquidation: false,
      maker: { userId: 'mm', direction: 1, fee: '0.00001819', pnl: '0' },
      taker: { userId: 'a', direction: 3, fee: '0.00004546', pnl: '0.00909091' },
    });
    expect(trade?.type === 'contract.trade' && trade.taker.orderId).toBe(closed.reply?.orderId);
    // 50 contracts: value at 55000 = 0.09090909 BTC, cost share 0.1: profit 0.00909091; fee 0.00004546
    expect(w.pos('a', 'long', 'btcusd')).toMatchObject({ qty: '50', entryValue: '0.1', margin: '0.01' });
    expect(w.bal('a', 'BTC').available).toBe('0.99894545');
    w.checkPool();
    // c bids for both longs that cross at 45600 (mm's, bought at 55000, crosses first)
    w.fund('c', 'BTC', '1');
    ok(w.place('c', 1, 'limit', '100', '45500', 'btcusd'));
    const r = w.tick('45600', 'btcusd');
    expect(r.reply).toMatchObject({ liquidated: 2 });
    const liq = r.events.find((e) => e.type === 'contract.liquidation' && e.userId === 'a');
    // bankruptcy: 5000 / (0.01 + 0.1) = 45454.5..; rounded so that closing there leaves >= 0
    expect(liq).toMatchObject({ bankruptcyPrice: '45454.6', bookQty: '50', insurance: '0.0001099' });
    // a's liquidation fill at c's bid: the taker is its liquidation order (id -positionId), no fee, its
    // loss 0.1 - 50 x 100 / 45500 (value 0.1098901 in whole satoshis) = -0.0098901; c pays the maker fee
    // 0.0002 x 0.1098901 rounded up = 0.00002198. Flagged as a liquidation.
    const liqFill = r.events.find((e) => e.type === 'contract.trade' && e.taker.userId === 'a');
    const liqId = liq?.type === 'contract.liquidation' ? liq.positionId : '';
    expect(liqFill).toMatchObject({
      liquidation: true,
      price: '45500',
      qty: '50',
      maker: { userId: 'c', direction: 1, fee: '0.00002198', pnl: '0' },
      taker: { orderId: `-${liqId}`, userId: 'a', direction: 3, fee: '0', pnl: '-0.0098901' },
    });
    w.checkPool();
  });
});

describe('contracts core: properties over random order flow and mark paths', () => {
  it('keeps open interest equal, the pool exact, nothing crossed, holds, conservation; replays', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const users = ['u1', 'u2', 'u3', 'u4', 'u5', 'mm'];
    const w = new World(users, '3000');
    ok(w.apply('contract.insurance', { userId: 'mm', asset: 'USDT', amount: '100' }));
    for (const u of users) {
      const lev = 1 + Math.floor(rnd() * 50);
      ok(
        w.apply('contract.leverage', {
          userId: u,
          symbol: 'btcusdt',
          leverage: lev,
          mode: rnd() < 0.5 ? 'cross' : 'isolated',
        }),
      );
    }
    let index = 50000;
    w.tick(String(index));
    for (let step = 0; step < 600; step++) {
      const r = rnd();
      if (r < 0.15) {
        index = Math.max(1000, Math.round(index * (1 + (rnd() - 0.5) * 0.04)));
        const t = w.tick(String(index));
        // Nothing left crossed at this tick: every position's equity is above maintenance.
        const mark = Number(t.reply?.mark);
        for (const u of users) {
          for (const p of w.s.contracts.positionsOf(u, 'btcusdt')) {
            if (p.liquidationPrice === null) continue;
            const liq = Number(p.liquidationPrice);
            expect(p.side === 'long' ? mark > liq : mark < liq).toBe(true);
          }
        }
      } else if (r < 0.2) {
        const at = Math.ceil((w.ts + 1) / LINEAR.fundingIntervalMs) * LINEAR.fundingIntervalMs;
        w.ts = at;
        const f = w.apply('contract.funding', { symbol: 'btcusdt', at });
        if (f.ok) expect(sumPostings(f.events, 'USDT')).toBe(0n);
      } else {
        const u = users[Math.floor(rnd() * users.length)] as string;
        const direction = 1 + Math.floor(rnd() * 4);
        const qty = String(1 + Math.floor(rnd() * 30));
        const market = rnd() < 0.3;
        const price = (index * (1 + (rnd() - 0.5) * 0.02)).toFixed(1).replace(/\.0$/, '');
        w.place(u, direction, market ? 'market' : 'limit', qty, market ? undefined : price);
        if (rnd() < 0.1) {
          const open = w.s.contracts.openOrdersOf(u);
          const o = open[Math.floor(rnd() * open.length)];
          if (o) ok(w.apply('contract.cancel', { userId: u, symbol: 'btcusdt', orderId: o.orderId }));
        }
      }
      const mv = w.s.contracts.market('btcusdt');
      expect(mv).toBeDefined();
      w.checkPool();
      expect(BigInt(w.s.systemBalance('insurance_fund', 'USDT').split('.')[0] as string) >= 0n).toBe(true);
    }
    // Replay: the same journal from nothing gives the same state; a snapshot round trip too.
    const replay = new MoneyState(sha256Hex);
    for (const c of w.log) replay.apply(c);
    expect(replay.stateHash()).toBe(w.s.stateHash());
    const restored = MoneyState.fromSnapshot(JSON.parse(JSON.stringify(w.s.snapshot())), sha256Hex);
    expect(restored.stateHash()).toBe(w.s.stateHash());
    expect(restored.invariantViolations()).toEqual([]);
  });
});
