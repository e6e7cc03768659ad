// Public market routes (coin lists, quotes lists, dictionaries, K-lines, ticks, feed status) and the
// watchlist. Contract: docs/market.md. The lists are read from memory: the market engine (app.market), the
// settings snapshot and the per-user watchlist cache; their bodies are serialized once per engine data
// version. A signed-in caller's watched rows are flagged on a copy, never in what another caller is sent.

import type { Language } from '@coin/shared/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '@/db/client';
import type { MessageKey } from '@/i18n/locales/en';
import { t } from '@/i18n/translate';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { InvalidationBus } from '@/lib/invalidation-bus';
import { JsonBody, memoLast, sendOkBody } from '@/lib/json-reply';
import { isInterval } from '@/market/kline';
import type { MarketEngine, MarketEntry } from '@/market/market-engine';
import { PLATES } from '@/market/seed';
import { currentUserId, tokenFrom } from '@/modules/auth/auth-plugin';
import type { SettingsService } from '@/modules/common/settings-service';
import { allowEmptyJsonBody } from './empty-json-body';
import { coinEntry, type ListName, listed, type MarketRow, marketRow } from './market-views';
import { Watchlists } from './watchlist';

export interface MarketRoutesOptions {
  engine: MarketEngine;
  db: Db;
  clock: Clock;
  bus: InvalidationBus;
  settings: SettingsService;
}

type RowsList = ListName | 'all';

/** Rows of one public list for a caller without watched markets, and their reply. */
interface PublicRows {
  rows: MarketRow[];
  body: JsonBody;
}

const API = '/api/mjkj-web/coin';
const tags = ['market'];
const security = [{ satoken: [] }];

const coinName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{1,20}$/, 'validation.invalid');
const symbolParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9/_-]{2,41}$/, 'validation.invalid');
const ms = z.coerce.number().int().min(0).max(8_640_000_000_000);

const plateItemsByLang = new Map<Language, Array<{ dictValue: string; dictLabel: string; sort: number }>>();
/** The coin_plate dictionary in one language (static catalogues: built once per language). */
function plateItems(lang: Language) {
  let items = plateItemsByLang.get(lang);
  if (!items) {
    items = PLATES.map((p, i) => ({
      dictValue: p,
      dictLabel: t(lang, `market.plate.${p}` as MessageKey),
      sort: i + 1,
    }));
    plateItemsByLang.set(lang, items);
  }
  return items;
}

export const marketRoutes: FastifyPluginAsyncZod<MarketRoutesOptions> = async (
  app,
  { engine, db, clock, bus, settings },
) => {
  const watchlists = new Watchlists(db, bus);

  allowEmptyJsonBody(app);

  const entryOrFail = (symbol: string): MarketEntry => {
    const e = engine.entry(symbol);
    if (!e?.listed) throw new AppError('MARKET_SYMBOL_UNKNOWN');
    return e;
  };
  const pairOrFail = (base: string, quote: string) => entryOrFail(`${base}${quote}`);

  /** The caller's user id when a valid user token came along; public routes never 401 for it. */
  const optionalUser = async (request: FastifyRequest): Promise<bigint | undefined> => {
    const token = tokenFrom(request);
    if (!token) return undefined;
    try {
      return (await app.services.sessions.resolve(token, 'user')).principalId;
    } catch {
      return undefined;
    }
  };

  const withPlate = (entries: MarketEntry[], plate: string | undefined) =>
    plate ? entries.filter((e) => e.coin.plate.split(',').includes(plate)) : entries;

  // The rows every caller shares (nothing flagged), per list and plate, rebuilt when the data version moves.
  let publicRowsVersion = '';
  const publicRowsCache = new Map<string, PublicRows>();
  const publicRows = (list: RowsList, plate: string | undefined): PublicRows => {
    const version = engine.dataVersion();
    if (version !== publicRowsVersion) {
      publicRowsCache.clear();
      publicRowsVersion = version;
    }
    const id = `${list}|${plate ?? ''}`;
    let cached = publicRowsCache.get(id);
    if (!cached) {
      const entries = list === 'all' ? engine.allEntries().filter((e) => e.listed) : listed(engine, list);
      const rows = withPlate(entries, plate).map((e) => marketRow(engine, e, false));
      cached = { rows, body: JsonBody.of(rows) };
      publicRowsCache.set(id, cached);
    }
    return cached;
  };

  /** Replies with a list's rows, the caller's watched ones flagged (on copies: the shared rows stay clean). */
  const sendRows = async (
    reply: FastifyReply,
    list: RowsList,
    userId: bigint | undefined,
    plate?: string,
  ) => {
    const shared = publicRows(list, plate);
    const watched = userId === undefined ? [] : await watchlists.symbols(userId);
    if (watched.length === 0) return sendOkBody(reply, shared.body);
    const set = new Set(watched);
    return reply.ok(shared.rows.map((r) => (set.has(r.symbol) ? { ...r, optional: 1, collect: 1 } : r)));
  };

  /** The caller's watchlist as rows, in the order added (only listed markets). */
  const watchedRows = async (userId: bigint, plate?: string) => {
    const entries = (await watchlists.symbols(userId))
      .map((s) => engine.entry(s))
      .filter((e): e is MarketEntry => e?.listed === true);
    return withPlate(entries, plate).map((e) => marketRow(engine, e, true));
  };

  const coinListBody = memoLast((_version: string) =>
    JsonBody.of({
      coinList: listed(engine, 'seconds').map((e) => coinEntry(engine, e)),
      currencyList: listed(engine, 'spot').map((e) => coinEntry(engine, e)),
      contractList: listed(engine, 'contract').map((e) => coinEntry(engine, e)),
      simulated: engine.simulated(),
    }),
  );

  app.post(
    '/api/common/getCoinList',
    { schema: { tags, summary: 'Coin lists: seconds contract, spot and contract, with latest prices' } },
    async (_request, reply) => sendOkBody(reply, coinListBody(engine.dataVersion())),
  );

  app.post(
    '/api/common/getMt5Amount',
    {
      schema: {
        tags,
        summary: 'Latest price of a coin (the client asks for coinType 3, MT5 instruments)',
        querystring: z.strictObject({ coin: coinName }),
      },
    },
    async (request, reply) => {
      const coin = request.query.coin;
      const e = engine.allEntries().find((x) => x.listed && x.coin.coin === coin);
      if (!e) throw new AppError('MARKET_SYMBOL_UNKNOWN');
      const tick = engine.latest(e.key);
      return reply.ok({
        coin,
        market: e.market.market,
        symbol: e.market.symbol,
        amount: tick?.price ?? null,
        time: tick?.time ?? null,
      });
    },
  );

  app.get(
    '/api/mjkj-web/sys/sys/dict/getDictItems/:dictCode',
    {
      schema: {
        tags,
        summary: 'Dictionary items: coin_plate (plates) or coin_lang (languages)',
        params: z.strictObject({ dictCode: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const { dictCode } = request.params;
      if (dictCode === 'coin_plate') return reply.ok(plateItems(request.lang));
      if (dictCode === 'coin_lang') return reply.ok(await settings.get('languages'));
      throw new AppError('NOT_FOUND');
    },
  );

  app.get(
    `${API}/open/getSpotGoods`,
    { schema: { tags, summary: 'Spot markets (currencyList) with 24 h tickers' } },
    async (request, reply) => sendRows(reply, 'spot', await optionalUser(request)),
  );

  app.get(
    `${API}/open/getContract`,
    { schema: { tags, summary: 'Contract markets (contractList) with 24 h tickers' } },
    async (request, reply) => sendRows(reply, 'contract', await optionalUser(request)),
  );

  app.get(
    `${API}/open/market/initData`,
    {
      schema: {
        tags,
        summary: 'Market rows of a list (spot, contract, seconds, optional, all), optionally one plate',
        querystring: z.strictObject({
          type: z.enum(['spot', 'contract', 'seconds', 'optional', 'all']).default('spot'),
          plate: z.enum(PLATES).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { type, plate } = request.query;
      const userId = await optionalUser(request);
      if (type === 'optional') return reply.ok(userId === undefined ? [] : await watchedRows(userId, plate));
      return sendRows(reply, type, userId, plate);
    },
  );

  app.get(
    `${API}/open/feedStatus`,
    { schema: { tags, summary: 'Price sources, freshness, and whether prices are simulated' } },
    async (_request, reply) => reply.ok(engine.feedStatus()),
  );

  app.get(
    `${API}/open/tickers`,
    { schema: { tags, summary: '24 h tickers of every listed market' } },
    async (_request, reply) => reply.ok(engine.tickers()),
  );

  app.get(
    `${API}/open/kline/:symbol/:interval`,
    {
      schema: {
        tags,
        summary: 'K-line history, oldest first; the last bar may still be open',
        params: z.strictObject({ symbol: symbolParam, interval: z.string().max(8) }),
        querystring: z.strictObject({
          limit: z.coerce.number().int().min(1).max(1500).default(300),
          endTime: ms.optional(),
        }),
      },
    },
    async (request, reply) => {
      const { symbol, interval } = request.params;
      const e = entryOrFail(symbol);
      if (!isInterval(interval)) throw new AppError('MARKET_INTERVAL_UNKNOWN');
      const { limit, endTime } = request.query;
      const bars = await engine.klines(e.key, interval, limit, endTime ?? clock.now().getTime());
      return reply.ok({
        symbol: e.market.symbol,
        interval,
        simulated: engine.simulated() || bars.some((b) => b.simulated),
        bars: bars.map(({ time, open, high, low, close, volume, amount }) => ({
          time,
          open,
          high,
          low,
          close,
          volume,
          amount,
        })),
      });
    },
  );

  app.get(
    `${API}/open/ticks/:symbol`,
    {
      schema: {
        tags,
        summary: 'Stored index ticks (time, price, source) of a symbol, oldest first',
        params: z.strictObject({ symbol: symbolParam }),
        querystring: z.strictObject({
          from: ms.optional(),
          to: ms.optional(),
          limit: z.coerce.number().int().min(1).max(5000).default(1000),
        }),
      },
    },
    async (request, reply) => {
      const e = entryOrFail(request.params.symbol);
      const to = request.query.to ?? clock.now().getTime();
      const from = request.query.from ?? to - 5 * 60_000;
      if (from > to || to - from > 86_400_000) {
        throw new AppError('VALIDATION_FAILED', [{ field: 'from', key: 'validation.invalid' }]);
      }
      return reply.ok(await engine.ticks(e.key, from, to, request.query.limit));
    },
  );

  app.get(
    `${API}/open/transaction/:base/:quote`,
    {
      schema: {
        tags,
        summary: 'Latest trades of a market, newest first (empty until the market trades)',
        params: z.strictObject({ base: coinName, quote: coinName }),
      },
    },
    async (request, reply) => {
      const e = pairOrFail(request.params.base, request.params.quote);
      return reply.ok({ symbol: e.market.symbol, trades: engine.recentTrades(e.key) });
    },
  );

  // ---- watchlist ---------------------------------------------------------------------------------

  const pairParams = z.strictObject({ base: coinName, quote: coinName });

  app.get(
    `${API}/quotes/getOptional`,
    {
      schema: { tags, summary: "The caller's watchlist as market rows", security },
      preValidation: app.requireUser,
    },
    async (request, reply) => reply.ok(await watchedRows(currentUserId(request))),
  );

  app.get(
    `${API}/quotes/addOptional/:base/:quote`,
    {
      schema: { tags, summary: 'Add a market to the watchlist (idempotent)', params: pairParams, security },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const e = pairOrFail(request.params.base, request.params.quote);
      await watchlists.add(currentUserId(request), e.market.symbol, clock.now());
      return reply.ok({ symbol: e.market.symbol, optional: 1 });
    },
  );

  app.get(
    `${API}/quotes/cancelOptional/:base/:quote`,
    {
      schema: {
        tags,
        summary: 'Remove a market from the watchlist (idempotent)',
        params: pairParams,
        security,
      },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const e = pairOrFail(request.params.base, request.params.quote);
      await watchlists.cancel(currentUserId(request), e.market.symbol);
      return reply.ok({ symbol: e.market.symbol, optional: 0 });
    },
  );
};
