// Hot reads without SQL (DESIGN section 8): settings, coin and market lists, tickers and user info are
// served from memory, and every write path makes its change visible to the very next read. SQL is counted
// at the database client (PGlite or the pg pool), under drizzle, so no query can slip past.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { INVALIDATION_TOPICS, LocalInvalidationBus } from '@/lib/invalidation-bus';
import { ReadCache } from '@/lib/read-cache';
import type { SymbolBars } from '@/market/kline';
import type { MarketEngine } from '@/market/market-engine';
import {
  auth,
  b64,
  bootstrapAdmin,
  call,
  createTestApp,
  latestCode,
  registerAndLogin,
  sendCode,
  type TestContext,
  type UserInfo,
} from './helpers';

const API = '/api/mjkj-web/coin';

type Row = Record<string, unknown>;

interface SqlLog {
  statements(): string[];
  reset(): void;
  restore(): void;
}

/** Records every statement the database client is asked to run (and every transaction it opens). */
function recordSql(db: Db): SqlLog {
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  const log: string[] = [];
  const restores: Array<() => void> = [];
  for (const method of ['query', 'exec', 'transaction', 'connect']) {
    const original = client[method];
    if (typeof original !== 'function') continue;
    client[method] = function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
      log.push(method === 'query' || method === 'exec' ? text : `<${method}>`);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    restores.push(() => {
      client[method] = original;
    });
  }
  return {
    statements: () => [...log],
    reset: () => {
      log.length = 0;
    },
    restore: () => {
      for (const r of restores) r();
    },
  };
}

/** Statements other than the session check, which another cache will take over (modules/auth). */
const beyondSession = (statements: string[]) => statements.filter((s) => !/"sessions"/.test(s));

describe('hot reads without SQL', () => {
  let ctx: TestContext;
  let sql: SqlLog;
  let user: Awaited<ReturnType<typeof registerAndLogin>>;
  let other: Awaited<ReturnType<typeof registerAndLogin>>;
  let adminToken: string;

  const get = <T = unknown>(url: string, headers: Record<string, string> = {}) =>
    call<T>(ctx.app, { method: 'GET', url, headers });
  const post = <T = unknown>(url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    call<T>(ctx.app, { method: 'POST', url, payload: payload as never, headers });
  const put = <T = unknown>(url: string, payload: unknown) =>
    call<T>(ctx.app, { method: 'PUT', url, payload: payload as never, headers: auth(adminToken) });
  const getInfo = async (token: string) =>
    (await post<UserInfo>('/api/user/getInfo', undefined, auth(token))).body.data;

  const script = async (url = '/platform/dev/config.js?t=1') => {
    const res = await ctx.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.body };
  };
  const publicReads = () => [
    script(),
    post('/api/common/getAllSetting'),
    post('/api/common/getCustomerService'),
    post('/api/common/getWhitePaperSetting'),
    get(`${API}/assets/getCoinRate`),
    get('/api/mjkj-web/sys/sys/dict/getDictItems/coin_lang'),
    get('/api/mjkj-web/sys/sys/dict/getDictItems/coin_plate', { lang: 'de' }),
    post('/api/common/getCoinList'),
    get(`${API}/open/getSpotGoods`),
    get(`${API}/open/getContract`),
    get(`${API}/open/market/initData?type=seconds&plate=main`),
    get(`${API}/open/market/initData?type=all`),
    get(`${API}/open/tickers`),
  ];
  const signedInReads = (token: string) => [
    get(`${API}/open/getSpotGoods`, auth(token)),
    get(`${API}/open/getContract`, auth(token)),
    get(`${API}/open/market/initData?type=optional`, auth(token)),
    get(`${API}/open/market/initData?type=contract`, auth(token)),
    get(`${API}/quotes/getOptional`, auth(token)),
    post('/api/user/getInfo', undefined, auth(token)),
  ];

  beforeAll(async () => {
    // No market or chain timers: nothing but the requests under test may reach the database.
    ctx = await createTestApp({ CHAIN_SIM_BLOCK_MS: '0' });
    user = await registerAndLogin(ctx.app);
    other = await registerAndLogin(ctx.app);
    adminToken = (await bootstrapAdmin(ctx.app)).token;
    sql = recordSql(ctx.db);
  });
  afterAll(async () => {
    sql.restore();
    await ctx.close();
  });

  it('public reads run no SQL once warm', async () => {
    for (const res of await Promise.all(publicReads())) expect(res.status).toBe(200);
    sql.reset();
    for (let i = 0; i < 3; i++) {
      for (const res of await Promise.all(publicReads())) expect(res.status).toBe(200);
    }
    expect(sql.statements()).toEqual([]);
  });

  it('signed-in reads (watchlist flags, getInfo) run no SQL besides the session check', async () => {
    await get(`${API}/quotes/addOptional/eth/usdt`, auth(user.token));
    for (const res of await Promise.all(signedInReads(user.token))) expect(res.status).toBe(200);
    sql.reset();
    for (let i = 0; i < 3; i++) {
      for (const res of await Promise.all(signedInReads(user.token))) expect(res.status).toBe(200);
    }
    expect(beyondSession(sql.statements())).toEqual([]);
  });

  it('a new price step is visible at once, and the reads stay without SQL', async () => {
    const before = (await post<{ currencyList: Row[] }>('/api/common/getCoinList')).body.data;
    ctx.clock.advance(1000);
    await ctx.app.market.step();
    const latest = ctx.app.market.latest('BTCUSDT')?.price;
    sql.reset();
    const after = (await post<{ currencyList: Row[] }>('/api/common/getCoinList')).body.data;
    const btc = after.currencyList.find((e) => e.coin === 'btc');
    expect(btc?.amount).toBe(latest);
    expect(after).not.toEqual(before);
    const tickers = (await get<Array<{ symbol: string; close: string }>>(`${API}/open/tickers`)).body.data;
    expect(tickers.find((t) => t.symbol === 'BTCUSDT')?.close).toBe(latest);
    const spot = (await get<Row[]>(`${API}/open/getSpotGoods`)).body.data;
    expect(spot.find((r) => r.symbol === 'btcusdt')?.close).toBe(latest);
    expect(sql.statements()).toEqual([]);
  });

  it('settings: every operator write is visible to the next public read', async () => {
    await Promise.all(publicReads());
    const links = [{ name: 'Chat', url: 'https://support.example.com/chat' }];
    expect((await put('/api/admin/settings/customerService', links)).status).toBe(200);
    expect((await post<{ data: unknown }>('/api/common/getCustomerService')).body.data.data).toEqual(links);

    expect((await put('/api/admin/settings/whitePaper', { url: 'https://example.com/wp.pdf' })).status).toBe(
      200,
    );
    expect((await post<{ url: string }>('/api/common/getWhitePaperSetting')).body.data.url).toBe(
      'https://example.com/wp.pdf',
    );

    const platform = (
      await get<Array<{ key: string; value: Row }>>('/api/admin/settings', auth(adminToken))
    ).body.data.find((e) => e.key === 'platform')?.value;
    expect(
      (await put('/api/admin/settings/platform', { ...platform, brandName: 'Cached Brand' })).status,
    ).toBe(200);
    expect((await script()).body).toContain('"brandName":"Cached Brand"');
    const all = await post<{ brandName: string; languages: Row[] }>('/api/common/getAllSetting');
    expect(all.body.data.brandName).toBe('Cached Brand');

    const languages = all.body.data.languages.slice(0, 2);
    expect((await put('/api/admin/settings/languages', languages)).status).toBe(200);
    expect((await get<Row[]>('/api/mjkj-web/sys/sys/dict/getDictItems/coin_lang')).body.data).toEqual(
      languages,
    );
    expect((await post<{ languages: Row[] }>('/api/common/getAllSetting')).body.data.languages).toEqual(
      languages,
    );

    const reset = await call(ctx.app, {
      method: 'DELETE',
      url: '/api/admin/settings/platform',
      headers: auth(adminToken),
    });
    expect(reset.status).toBe(200);
    expect((await post<{ brandName: string }>('/api/common/getAllSetting')).body.data.brandName).toBe(
      ctx.config.BRAND_NAME,
    );
  });

  it('settings: a rejected write leaves the cached values as they were', async () => {
    const before = (await post('/api/common/getAllSetting')).body;
    const bad = await call(ctx.app, {
      method: 'PUT',
      url: '/api/admin/settings/defaultCurrency',
      payload: JSON.stringify('XYZ'),
      headers: { ...auth(adminToken), 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect((await post('/api/common/getAllSetting')).body).toEqual(before);
  });

  it('market catalogue: operator changes are visible to the next list read', async () => {
    const admin = auth(adminToken);
    const lists = async () =>
      (await post<{ coinList: Row[]; currencyList: Row[]; contractList: Row[] }>('/api/common/getCoinList'))
        .body.data;
    const spotSymbols = async (headers: Record<string, string> = {}) =>
      (await get<Row[]>(`${API}/open/getSpotGoods`, headers)).body.data.map((r) => r.symbol);
    await lists();
    await spotSymbols();

    await post('/api/admin/market/coins/doge/disable', undefined, admin);
    expect((await lists()).currencyList.map((e) => e.coin)).not.toContain('doge');
    expect(await spotSymbols()).not.toContain('dogeusdt');
    expect(await spotSymbols(auth(user.token))).not.toContain('dogeusdt');
    await post('/api/admin/market/coins/doge/enable', undefined, admin);
    expect((await lists()).currencyList.map((e) => e.coin)).toContain('doge');
    expect(await spotSymbols()).toContain('dogeusdt');

    await put('/api/admin/market/markets/adausdt', { showSymbol: 'ADA*', spot: false });
    expect((await lists()).currencyList.map((e) => e.coin)).not.toContain('ada');
    expect((await lists()).coinList.find((e) => e.coin === 'ada')?.showSymbol).toBe('ADA*');
    expect(await spotSymbols()).not.toContain('adausdt');
    await put('/api/admin/market/markets/adausdt', { spot: true });
    expect(await spotSymbols()).toContain('adausdt');

    await post('/api/admin/market/markets/ltcusdt/disable', undefined, admin);
    expect((await lists()).contractList.map((e) => e.coin)).not.toContain('ltc');
    expect((await get<Row[]>(`${API}/open/tickers`)).body.data.map((t) => t.symbol)).not.toContain('LTCUSDT');
    await post('/api/admin/market/markets/ltcusdt/enable', undefined, admin);
    expect((await lists()).contractList.map((e) => e.coin)).toContain('ltc');

    const added = await post(
      '/api/admin/market/coins',
      { coin: 'wif', name: 'Dogwifhat', priceDecimals: 4, qtyDecimals: 0, initialPrice: '2.5' },
      admin,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await lists()).currencyList.map((e) => e.coin)).toContain('wif');
    expect(await spotSymbols()).toContain('wifusdt');
  });

  it("watchlist flags are the caller's own: never served to another user or to anonymous callers", async () => {
    const flagged = async (headers: Record<string, string>, url = `${API}/open/getSpotGoods`) =>
      (await get<Row[]>(url, headers)).body.data.filter((r) => r.optional === 1).map((r) => r.symbol);
    await get(`${API}/quotes/cancelOptional/eth/usdt`, auth(user.token));
    // Warm every cache first: the public rows, both users' watchlists.
    expect(await flagged({})).toEqual([]);
    expect(await flagged(auth(user.token))).toEqual([]);
    expect(await flagged(auth(other.token))).toEqual([]);

    await get(`${API}/quotes/addOptional/sol/usdt`, auth(user.token));
    expect(await flagged(auth(user.token))).toEqual(['solusdt']);
    expect(await flagged(auth(user.token), `${API}/open/market/initData?type=all`)).toEqual(['solusdt']);
    expect(await flagged(auth(other.token))).toEqual([]);
    expect(await flagged({})).toEqual([]);
    expect(await flagged({ satoken: 'not-a-token' })).toEqual([]);
    expect(
      (await get<Row[]>(`${API}/open/market/initData?type=optional`, auth(user.token))).body.data.map(
        (r) => r.symbol,
      ),
    ).toEqual(['solusdt']);
    expect(
      (await get<Row[]>(`${API}/open/market/initData?type=optional`, auth(other.token))).body.data,
    ).toEqual([]);

    await get(`${API}/quotes/cancelOptional/sol/usdt`, auth(user.token));
    expect(await flagged(auth(user.token))).toEqual([]);
    expect((await get<Row[]>(`${API}/quotes/getOptional`, auth(user.token))).body.data).toEqual([]);
  });

  it('getInfo: fund password changes are visible at once; every password write invalidates', async () => {
    const published: string[] = [];
    ctx.app.services.invalidation.subscribe(INVALIDATION_TOPICS.userInfo, (key) => {
      published.push(key ?? '*');
    });
    const u = await registerAndLogin(ctx.app);
    expect((await getInfo(u.token)).hasFundPassword).toBe(false);

    const set = await post(
      '/api/user/tardPwdSet',
      { loginPassword: b64(u.password), password: b64('Fund-1234'), confirmPassword: b64('Fund-1234') },
      auth(u.token),
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await getInfo(u.token)).hasFundPassword).toBe(true);
    expect(published).toEqual([u.user.id]);

    const change = await post(
      `${API}/member/tradePwd`,
      { oldPassword: b64('Fund-1234'), newPassword: b64('Fund-5678'), confirmPassword: b64('Fund-5678') },
      auth(u.token),
    );
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const login = await post(
      '/api/user/updatePwd',
      { oldPassword: b64(u.password), newPassword: b64('Passw0rd!2'), confirmPassword: b64('Passw0rd!2') },
      auth(u.token),
    );
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(published).toEqual([u.user.id, u.user.id, u.user.id]);
    expect((await getInfo(u.token)).hasFundPassword).toBe(true);

    const email = u.email ?? '';
    expect((await sendCode(ctx.app, { channel: 'email', target: email, type: 'reset' })).status).toBe(200);
    const code = await latestCode(ctx.app, email);
    const reset = await post(
      `/api/user/backPwd?${new URLSearchParams({
        type: 'email',
        target: email,
        code,
        password: 'Passw0rd!3',
        confirmPassword: 'Passw0rd!3',
      }).toString()}`,
    );
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(published).toEqual([u.user.id, u.user.id, u.user.id, u.user.id]);
  });

  it('getInfo: each user gets their own info from the cache', async () => {
    const [a, b] = await Promise.all([getInfo(user.token), getInfo(other.token)]);
    expect(a.account).toBe(user.account);
    expect(b.account).toBe(other.account);
    expect((await getInfo(user.token)).userId).toBe(user.user.id);
    expect((await getInfo(other.token)).userId).toBe(other.user.id);
  });
});

describe('the market engine memo', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CHAIN_SIM_BLOCK_MS: '0' });
  });
  afterAll(async () => ctx.close());

  it('tickers equal a fresh computation after any mix of steps, trades and passing time', async () => {
    const engine = ctx.app.market as MarketEngine;
    // White box: the reference is the same computation with every memo dropped first.
    const memos = engine as unknown as { tickerMemo: Map<string, unknown>; windowMemo: Map<string, unknown> };
    const fresh = (fn: () => unknown) => {
      memos.tickerMemo.clear();
      memos.windowMemo.clear();
      return fn();
    };
    const symbols = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];
    const action = fc.oneof(
      fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 1, max: 150_000 }) }),
      // About a day: bars leave the 24 h window.
      fc.record({
        kind: fc.constant('advance' as const),
        ms: fc.constantFrom(86_280_000, 86_340_000, 86_400_000, 86_460_000),
      }),
      fc.record({ kind: fc.constant('step' as const) }),
      fc.record({
        kind: fc.constant('trade' as const),
        symbol: fc.constantFrom(...symbols),
        price: fc.integer({ min: 1, max: 99_999 }),
        // A trade may carry a time before the open bar's (it then folds into longer intervals only).
        backMs: fc.integer({ min: 0, max: 180_000 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { maxLength: 16 }),
        fc.integer({ min: 0, max: 300_000 }),
        async (actions, pastMs) => {
          for (const a of actions) {
            if (a.kind === 'advance') ctx.clock.advance(a.ms);
            else if (a.kind === 'step') await engine.step();
            else engine.ingestTrade(a.symbol, `${a.price}.5`, '0.1', ctx.clock.now().getTime() - a.backMs);
            const now = ctx.clock.now().getTime();
            const entries = engine.allEntries();
            const memoized = {
              list: engine.tickers(),
              each: entries.map((e) => engine.currentTicker(e)),
              past: entries.map((e) => engine.ticker(e, now - pastMs)),
              again: entries.map((e) => engine.ticker(e, now)),
            };
            const reference = {
              list: fresh(() =>
                entries
                  .filter((e) => e.listed)
                  .map((e) => engine.ticker(e, now))
                  .filter((t) => t !== undefined),
              ),
              each: fresh(() => entries.map((e) => engine.ticker(e, now))),
              past: fresh(() => entries.map((e) => engine.ticker(e, now - pastMs))),
              again: fresh(() => entries.map((e) => engine.ticker(e, now))),
            };
            expect(memoized).toEqual(reference);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('the market engine window memo', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CHAIN_SIM_BLOCK_MS: '0' });
  });
  afterAll(async () => ctx.close());

  it('a replaced bar list (load, reset) is folded afresh', async () => {
    const engine = ctx.app.market as MarketEngine;
    for (let i = 0; i < 3; i++) {
      ctx.clock.advance(60_000);
      await engine.step();
    }
    const entry = engine.entry('BTCUSDT');
    if (!entry) throw new Error('no BTCUSDT');
    const now = ctx.clock.now().getTime();
    const before = engine.ticker(entry, now);
    // White box: the engine's bars of one symbol, replaced as a restart's load or a reset would.
    const bars = (engine as unknown as { bars: Map<string, SymbolBars> }).bars.get('BTCUSDT');
    bars?.reset();
    const after = engine.ticker(entry, now);
    expect(after?.close).toBe(before?.close);
    expect(after?.volume).toBe('0');
    expect(before?.volume).not.toBe('0');
  });
});

describe('ReadCache and the invalidation bus', () => {
  const deferred = <T>() => {
    let resolve: (v: T) => void = () => {};
    const promise = new Promise<T>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };

  it('concurrent readers of a cold key share one load', async () => {
    const cache = new ReadCache<string, number>();
    let loads = 0;
    const load = async () => {
      loads++;
      return 7;
    };
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([
      7, 7, 7,
    ]);
    expect(loads).toBe(1);
  });

  it('a load running when its key is invalidated is not kept (its readers still get it)', async () => {
    const cache = new ReadCache<string, string>();
    const first = deferred<string>();
    const reading = cache.get('k', () => first.promise);
    cache.invalidate('k'); // the write committed while the old row was being read
    first.resolve('old');
    expect(await reading).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('a failed load is not kept', async () => {
    const cache = new ReadCache<string, string>();
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('keeps at most maxEntries keys, dropping the least recently read', async () => {
    const cache = new ReadCache<number, number>(2);
    await cache.get(1, async () => 1);
    await cache.get(2, async () => 2);
    await cache.get(1, async () => -1);
    await cache.get(3, async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.get(1, async () => -1)).toBe(1);
    expect(await cache.get(2, async () => 22)).toBe(22);
  });

  it('publish reaches every subscriber of the topic, even when one fails, and then reports the failure', async () => {
    const bus = new LocalInvalidationBus();
    const seen: string[] = [];
    bus.subscribe(INVALIDATION_TOPICS.watchlist, () => {
      throw new Error('boom');
    });
    const off = bus.subscribe(INVALIDATION_TOPICS.watchlist, (key) => {
      seen.push(`b:${key}`);
    });
    bus.subscribe(INVALIDATION_TOPICS.settings, () => {
      seen.push('settings');
    });
    await expect(bus.publish(INVALIDATION_TOPICS.watchlist, '42')).rejects.toThrow('boom');
    expect(seen).toEqual(['b:42']);
    off();
    await expect(bus.publish(INVALIDATION_TOPICS.watchlist, '43')).rejects.toThrow('boom');
    expect(seen).toEqual(['b:42']);
  });
});
