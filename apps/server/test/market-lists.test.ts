// Market area REST contract (docs/market.md): seeded coin lists, quotes lists, dictionaries, MT5 lookup,
// feed status, tickers, K-line and tick history, localized errors, the watchlist and operator routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketCoins, marketMarkets, marketWatchlist } from '@/db/schema';
import {
  auth,
  bootstrapAdmin,
  call,
  createTestApp,
  expectError,
  registerAndLogin,
  type TestContext,
  tr,
} from './helpers';

const API = '/api/mjkj-web/coin';
const SEEDED = ['btc', 'eth', 'bnb', 'sol', 'xrp', 'doge', 'ada', 'trx', 'ltc', 'dot', 'link', 'avax'];

type Row = Record<string, unknown>;

describe('market lists and routes', () => {
  let ctx: TestContext;
  let userToken: string;
  let adminToken: string;

  const get = <T = unknown>(url: string, headers: Record<string, string> = {}) =>
    call<T>(ctx.app, { method: 'GET', url, headers });
  const post = <T = unknown>(url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    call<T>(ctx.app, { method: 'POST', url, payload: payload as never, headers });
  const marketSnapshot = async () =>
    JSON.stringify(
      [
        await ctx.db.select().from(marketCoins),
        await ctx.db.select().from(marketMarkets),
        await ctx.db.select().from(marketWatchlist),
        (await ctx.db.query.auditLog.findMany()).length,
      ],
      (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
    );

  beforeAll(async () => {
    ctx = await createTestApp();
    userToken = (await registerAndLogin(ctx.app)).token;
    adminToken = (await bootstrapAdmin(ctx.app)).token;
  });
  afterAll(async () => ctx.close());

  it('getCoinList: seeded lists with live prices and the spec coin-entry fields', async () => {
    const res = await post<{ coinList: Row[]; currencyList: Row[]; contractList: Row[]; simulated: boolean }>(
      '/api/common/getCoinList',
    );
    expect(res.status).toBe(200);
    const { coinList, currencyList, contractList, simulated } = res.body.data;
    expect(simulated).toBe(true);
    expect(currencyList.map((e) => e.coin)).toEqual(SEEDED);
    expect(coinList.map((e) => e.coin)).toEqual([...SEEDED, 'xau']);
    expect(contractList.map((e) => e.coin)).toEqual([...SEEDED, 'xau']);
    const btc = coinList[0] as Row;
    expect(Object.keys(btc).sort()).toEqual(
      [
        'coin',
        'baseCoin',
        'symbol',
        'showSymbol',
        'customizeFlag',
        'market',
        'coinType',
        'logo',
        'amount',
        'open',
        'change',
        'plate',
        'priceDecimals',
        'qtyDecimals',
      ].sort(),
    );
    expect(btc).toMatchObject({
      coin: 'btc',
      baseCoin: 'usdt',
      symbol: 'btcusdt',
      showSymbol: 'BTC/USDT',
      customizeFlag: 1,
      market: 'btcusdt',
      coinType: 1,
      logo: null,
      plate: 'main,layer1,payment',
      priceDecimals: 2,
    });
    // amount is the engine's latest index price, exactly.
    expect(btc.amount).toBe(ctx.app.market.latest('BTCUSDT')?.price);
    expect(Number(btc.amount)).toBeGreaterThan(60_000);
    expect(Number(btc.amount)).toBeLessThan(75_000);
    expect(btc.change).toBe('0.00');
    // Some clients send an empty JSON body with these payload-less POSTs.
    const empty = await call(ctx.app, {
      method: 'POST',
      url: '/api/common/getCoinList',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.status).toBe(200);
    const xau = coinList.at(-1) as Row;
    expect(xau).toMatchObject({ coinType: 3, market: 'XAUUSD', customizeFlag: 2, showSymbol: 'XAU/USD' });
  });

  it('dictionaries: coin_plate localized, coin_lang the languages, unknown 404', async () => {
    const en = await get<Array<{ dictValue: string; dictLabel: string }>>(
      '/api/mjkj-web/sys/sys/dict/getDictItems/coin_plate',
      { lang: 'en' },
    );
    expect(en.body.data.map((p) => p.dictValue)).toEqual([
      'main',
      'layer1',
      'defi',
      'payment',
      'platform',
      'meme',
      'metals',
    ]);
    expect(en.body.data[6]?.dictLabel).toBe('Precious metals');
    const zh = await get<Array<{ dictLabel: string }>>('/api/mjkj-web/sys/sys/dict/getDictItems/coin_plate', {
      lang: 'zh',
    });
    expect(zh.body.data[6]?.dictLabel).toBe('贵金属');
    const langs = await get<Array<{ dictValue: string; remark: string }>>(
      '/api/mjkj-web/sys/sys/dict/getDictItems/coin_lang',
    );
    expect(langs.body.data).toHaveLength(14);
    expect(langs.body.data[0]).toMatchObject({ dictValue: 'en', remark: 'English' });
    expectError(await get('/api/mjkj-web/sys/sys/dict/getDictItems/nope'), 404, 'NOT_FOUND');
  });

  it('getSpotGoods, getContract and initData: market rows', async () => {
    const spot = await get<Row[]>(`${API}/open/getSpotGoods`);
    expect(spot.body.data.map((r) => r.symbol)).toEqual(SEEDED.map((c) => `${c}usdt`));
    const eth = spot.body.data[1] as Row;
    const ticker = ctx.app.market.tickers().find((t) => t.symbol === 'ETHUSDT');
    expect(eth).toMatchObject({
      symbol: 'ethusdt',
      symbol_name: 'ETH/USDT',
      base_symbol: 'ETH',
      quote_symbol: 'USDT',
      plate: 'main,layer1,defi',
      close: ticker?.close,
      zdf: ticker?.zdf,
      amount: ticker?.amount,
      part_cou: 2,
      full_cou: 4,
      optional: 0,
      collect: 0,
      simulated: true,
    });
    const contract = await get<Row[]>(`${API}/open/getContract`);
    expect(contract.body.data.map((r) => r.symbol)).toContain('xauusdt');
    const defi = await get<Row[]>(`${API}/open/market/initData?type=all&plate=defi`);
    expect(defi.body.data.map((r) => r.base_symbol)).toEqual(['ETH', 'LINK', 'AVAX']);
    const seconds = await get<Row[]>(`${API}/open/market/initData?type=seconds`);
    expect(seconds.body.data).toHaveLength(13);
    const loggedOut = await get<Row[]>(`${API}/open/market/initData?type=optional`);
    expect(loggedOut.body.data).toEqual([]);
    const bad = await get(`${API}/open/market/initData?type=bogus`);
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('VALIDATION_FAILED');
  });

  it('getMt5Amount: the latest price of an instrument; unknown coin localized 404', async () => {
    const res = await post<{ coin: string; market: string; amount: string; time: number }>(
      '/api/common/getMt5Amount?coin=XAU',
    );
    expect(res.body.data).toMatchObject({ coin: 'xau', market: 'XAUUSD', symbol: 'xauusdt' });
    expect(res.body.data.amount).toBe(ctx.app.market.latest('XAUUSDT')?.price);
    expect(res.body.data.time).toBe(ctx.clock.now().getTime());
    expectError(
      await post('/api/common/getMt5Amount?coin=nope', undefined, { lang: 'en' }),
      404,
      'MARKET_SYMBOL_UNKNOWN',
    );
    const missing = await post('/api/common/getMt5Amount', undefined, { lang: 'fr' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.field).toBe('coin');
    expect(missing.body.msg).toContain(tr('fr', 'fields.coin'));
    const zh = await post('/api/common/getMt5Amount?coin=nope', undefined, { lang: 'zh' });
    expectError(zh, 404, 'MARKET_SYMBOL_UNKNOWN', 'zh');
    expect(zh.body.msg).toBe('该交易对或币种不存在');
  });

  it('feedStatus and tickers', async () => {
    const status = await get<{ simulated: boolean; mode: string; sources: Row[] }>(`${API}/open/feedStatus`);
    expect(status.body.data).toMatchObject({ simulated: true, mode: 'simulator', tickMs: 0 });
    expect(status.body.data.sources).toEqual([
      { name: 'simulator', kind: 'simulator', lastTime: ctx.clock.now().getTime(), fresh: true },
    ]);
    const tickers = await get<Row[]>(`${API}/open/tickers`);
    expect(tickers.body.data).toHaveLength(13);
    expect(tickers.body.data[0]).toMatchObject({ symbol: 'BTCUSDT', symbolName: 'BTC/USDT' });
  });

  it('kline, ticks and transaction routes; bad symbol and interval rejected', async () => {
    const start = ctx.clock.now().getTime();
    for (let i = 0; i < 3; i += 1) {
      ctx.clock.advance(30_000);
      await ctx.app.market.step();
    }
    const k = await get<{ symbol: string; interval: string; simulated: boolean; bars: Row[] }>(
      `${API}/open/kline/BTCUSDT/1m?limit=10`,
    );
    expect(k.body.data).toMatchObject({ symbol: 'btcusdt', interval: '1m', simulated: true });
    expect(k.body.data.bars.map((b) => b.time)).toEqual([start, start + 60_000]);
    expect(Object.keys(k.body.data.bars[0] as Row).sort()).toEqual(
      ['time', 'open', 'high', 'low', 'close', 'volume', 'amount'].sort(),
    );
    const older = await get<{ bars: Row[] }>(`${API}/open/kline/btcusdt/1m?endTime=${start + 59_999}`);
    expect(older.body.data.bars.map((b) => b.time)).toEqual([start]);
    const ticks = await get<Array<{ time: number; price: string; source: string }>>(
      `${API}/open/ticks/btcusdt?from=${start}&to=${start + 90_000}`,
    );
    expect(ticks.body.data.map((t) => t.time)).toEqual([
      start,
      start + 30_000,
      start + 60_000,
      start + 90_000,
    ]);
    expect(ticks.body.data.at(-1)).toEqual({
      time: start + 90_000,
      price: ctx.app.market.latest('BTCUSDT')?.price,
      source: 'simulator',
    });
    const trades = await get(`${API}/open/transaction/btc/usdt`);
    expect(trades.body.data).toEqual({ symbol: 'btcusdt', trades: [] });

    expectError(await get(`${API}/open/kline/nopeusdt/1m`), 404, 'MARKET_SYMBOL_UNKNOWN');
    expectError(await get(`${API}/open/kline/btcusdt/2m`), 400, 'MARKET_INTERVAL_UNKNOWN');
    const badLimit = await get(`${API}/open/kline/btcusdt/1m?limit=0`);
    expect(badLimit.body.errorCode).toBe('VALIDATION_FAILED');
    expect(badLimit.body.errors?.[0]?.field).toBe('limit');
    const badRange = await get(`${API}/open/ticks/btcusdt?from=${start + 10}&to=${start}`);
    expect(badRange.body.errorCode).toBe('VALIDATION_FAILED');
  });

  it('watchlist: login required, idempotent add and cancel, optional flag, bad symbol', async () => {
    expectError(await get(`${API}/quotes/getOptional`), 401, 'AUTH_REQUIRED');
    expectError(await get(`${API}/quotes/addOptional/btc/usdt`), 401, 'AUTH_REQUIRED');
    const h = auth(userToken);
    expect((await get(`${API}/quotes/addOptional/ETH/USDT`, h)).body.data).toEqual({
      symbol: 'ethusdt',
      optional: 1,
    });
    await get(`${API}/quotes/addOptional/eth/usdt`, h);
    ctx.clock.advance(1);
    await get(`${API}/quotes/addOptional/btc/usdt`, h);
    const list = await get<Row[]>(`${API}/quotes/getOptional`, h);
    expect(list.body.data.map((r) => r.symbol)).toEqual(['ethusdt', 'btcusdt']);
    expect(list.body.data.every((r) => r.optional === 1 && r.collect === 1)).toBe(true);
    const spot = await get<Row[]>(`${API}/open/getSpotGoods`, h);
    expect(spot.body.data.filter((r) => r.optional === 1).map((r) => r.symbol)).toEqual([
      'btcusdt',
      'ethusdt',
    ]);
    const optional = await get<Row[]>(`${API}/open/market/initData?type=optional`, h);
    expect(optional.body.data.map((r) => r.symbol)).toEqual(['ethusdt', 'btcusdt']);

    expect((await get(`${API}/quotes/cancelOptional/eth/usdt`, h)).body.data).toEqual({
      symbol: 'ethusdt',
      optional: 0,
    });
    await get(`${API}/quotes/cancelOptional/eth/usdt`, h);
    expect((await get<Row[]>(`${API}/quotes/getOptional`, h)).body.data.map((r) => r.symbol)).toEqual([
      'btcusdt',
    ]);

    const before = await marketSnapshot();
    expectError(await get(`${API}/quotes/addOptional/nope/usdt`, h), 404, 'MARKET_SYMBOL_UNKNOWN');
    const bad = await get(`${API}/quotes/addOptional/b%20tc/usdt`, h);
    expect(bad.body.errorCode).toBe('VALIDATION_FAILED');
    expect(await marketSnapshot()).toBe(before);
  });

  it('operator routes: user token refused; add, disable and enable a coin (audited)', async () => {
    const newCoin = {
      coin: 'PEPE',
      name: 'Pepe',
      plate: 'meme',
      priceDecimals: 8,
      qtyDecimals: 0,
      initialPrice: '0.00001',
      volatility: '1.2',
      contract: false,
    };
    const asUser = await post('/api/admin/market/coins', newCoin, auth(userToken));
    expect(asUser.status).toBe(401);
    const admin = auth(adminToken);

    const before = await marketSnapshot();
    for (const [body, field] of [
      [{ ...newCoin, initialPrice: '-1' }, 'initialPrice'],
      [{ ...newCoin, initialPrice: '0.000000001' }, 'initialPrice'],
      [{ ...newCoin, coin: 'usdt' }, 'coin'],
      [{ ...newCoin, plate: 'moon' }, 'plate'],
      [{ ...newCoin, priceDecimals: 19 }, 'priceDecimals'],
      [{ ...newCoin, extra: 1 }, 'extra'],
    ] as const) {
      const res = await post('/api/admin/market/coins', body, admin);
      expect(res.body.errorCode, JSON.stringify(res.body)).toBe('VALIDATION_FAILED');
      expect(res.body.errors?.[0]?.field).toBe(field);
    }
    const dup = await post('/api/admin/market/coins', { ...newCoin, coin: 'btc' }, { ...admin, lang: 'de' });
    expectError(dup, 409, 'MARKET_COIN_EXISTS', 'de');
    expect(await marketSnapshot()).toBe(before);

    const added = await post<Row>('/api/admin/market/coins', newCoin, admin);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ coin: 'pepe', name: 'Pepe', enabled: true, price: '0.00001' });
    const lists = await post<{ currencyList: Row[]; contractList: Row[] }>('/api/common/getCoinList');
    expect(lists.body.data.currencyList.at(-1)).toMatchObject({ coin: 'pepe', amount: '0.00001' });
    expect(lists.body.data.contractList.map((e) => e.coin)).not.toContain('pepe');
    ctx.clock.advance(1000);
    await ctx.app.market.step();
    expect(ctx.app.market.latest('PEPEUSDT')?.time).toBe(ctx.clock.now().getTime());

    const disabled = await call<Row>(ctx.app, {
      method: 'POST',
      url: '/api/admin/market/coins/pepe/disable',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '',
    });
    expect(disabled.body.data).toMatchObject({ coin: 'pepe', enabled: false });
    const after = await post<{ currencyList: Row[] }>('/api/common/getCoinList');
    expect(after.body.data.currencyList.map((e) => e.coin)).toEqual(SEEDED);
    expectError(await get(`${API}/open/kline/pepeusdt/1m`), 404, 'MARKET_SYMBOL_UNKNOWN');
    const all = await get<Row[]>('/api/admin/market/coins', admin);
    expect(all.body.data.find((c) => c.coin === 'pepe')).toMatchObject({ enabled: false });

    await post('/api/admin/market/coins/pepe/enable', undefined, admin);
    const back = await get<Row[]>(`${API}/open/getSpotGoods`);
    expect(back.body.data.map((r) => r.symbol)).toContain('pepeusdt');

    const patched = await call<Row>(ctx.app, {
      method: 'PUT',
      url: '/api/admin/market/markets/pepeusdt',
      headers: admin,
      payload: { showSymbol: 'PEPE!', customizeFlag: 2, contract: true },
    });
    expect(patched.body.data).toMatchObject({ showSymbol: 'PEPE!', customizeFlag: 2, contract: true });
    const marketOff = await post<Row>('/api/admin/market/markets/pepeusdt/disable', undefined, admin);
    expect(marketOff.body.data).toMatchObject({ enabled: false, coinEnabled: true });
    expect((await get<Row[]>(`${API}/open/getContract`)).body.data.map((r) => r.symbol)).not.toContain(
      'pepeusdt',
    );
    expectError(
      await post('/api/admin/market/coins/nope/disable', undefined, admin),
      404,
      'MARKET_SYMBOL_UNKNOWN',
    );

    const audit = await ctx.db.query.auditLog.findMany();
    expect(audit.map((a) => a.action).filter((a) => a.startsWith('market.'))).toEqual([
      'market.coin.add',
      'market.coin.disable',
      'market.coin.enable',
      'market.market.update',
      'market.market.disable',
    ]);
  });

  it('every market error code has a message in every language', () => {
    for (const code of ['MARKET_SYMBOL_UNKNOWN', 'MARKET_COIN_EXISTS', 'MARKET_INTERVAL_UNKNOWN']) {
      const en = tr('en', `errors.${code}`);
      for (const lang of [
        'zh',
        'tw',
        'ja',
        'ko',
        'pt',
        'vi',
        'th',
        'es',
        'fr',
        'ru',
        'de',
        'it',
        'lt',
      ] as const) {
        const text = tr(lang, `errors.${code}`);
        expect(text.length).toBeGreaterThan(3);
        expect(text).not.toBe(en);
      }
    }
  });
});
