// Public market routes (coin lists, quotes lists, dictionaries, K-lines, ticks, feed status) and the
// watchlist. Contract: docs/market.md. All reads come from the market engine (app.market) and its tables.

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '@/config';
import type { Db } from '@/db/client';
import type { MessageKey } from '@/i18n/locales/en';
import { t } from '@/i18n/translate';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { isInterval } from '@/market/kline';
import type { MarketEngine, MarketEntry } from '@/market/market-engine';
import { PLATES } from '@/market/seed';
import { currentUserId, tokenFrom } from '@/modules/auth/auth-plugin';
import { SettingsService } from '@/modules/common/settings-service';
import { allowEmptyJsonBody } from './empty-json-body';
import { coinEntry, type ListName, listed, marketRow } from './market-views';
import { addWatch, cancelWatch, watchedSymbols } from './watchlist';

export interface MarketRoutesOptions {
  engine: MarketEngine;
  db: Db;
  config: AppConfig;
  clock: Clock;
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

export const marketRoutes: FastifyPluginAsyncZod<MarketRoutesOptions> = async (
  app,
  { engine, db, config, clock },
) => {
  const settings = new SettingsService(db, config, clock, (message, details) =>
    app.log.warn(details, message),
  );

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

  const rows = async (list: ListName | 'all' | 'optional', userId: bigint | undefined, plate?: string) => {
    const watched = new Set(userId === undefined ? [] : await watchedSymbols(db, userId));
    let entries: MarketEntry[];
    if (list === 'optional') {
      const order = [...watched];
      entries = order.map((s) => engine.entry(s)).filter((e): e is MarketEntry => e?.listed === true);
    } else if (list === 'all') entries = engine.allEntries().filter((e) => e.listed);
    else entries = listed(engine, list);
    if (plate) entries = entries.filter((e) => e.coin.plate.split(',').includes(plate));
    return entries.map((e) => marketRow(engine, e, watched.has(e.market.symbol)));
  };

  app.post(
    '/api/common/getCoinList',
    { schema: { tags, summary: 'Coin lists: seconds contract, spot and contract, with latest prices' } },
    async (_request, reply) =>
      reply.ok({
        coinList: listed(engine, 'seconds').map((e) => coinEntry(engine, e)),
        currencyList: listed(engine, 'spot').map((e) => coinEntry(engine, e)),
        contractList: listed(engine, 'contract').map((e) => coinEntry(engine, e)),
        simulated: engine.simulated(),
      }),
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
      if (dictCode === 'coin_plate') {
        return reply.ok(
          PLATES.map((p, i) => ({
            dictValue: p,
            dictLabel: t(request.lang, `market.plate.${p}` as MessageKey),
            sort: i + 1,
          })),
        );
      }
      if (dictCode === 'coin_lang') return reply.ok(await settings.get('languages'));
      throw new AppError('NOT_FOUND');
    },
  );

  app.get(
    `${API}/open/getSpotGoods`,
    { schema: { tags, summary: 'Spot markets (currencyList) with 24 h tickers' } },
    async (request, reply) => reply.ok(await rows('spot', await optionalUser(request))),
  );

  app.get(
    `${API}/open/getContract`,
    { schema: { tags, summary: 'Contract markets (contractList) with 24 h tickers' } },
    async (request, reply) => reply.ok(await rows('contract', await optionalUser(request))),
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
      if (type === 'optional' && userId === undefined) return reply.ok([]);
      return reply.ok(await rows(type, userId, plate));
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
    async (request, reply) => reply.ok(await rows('optional', currentUserId(request))),
  );

  app.get(
    `${API}/quotes/addOptional/:base/:quote`,
    {
      schema: { tags, summary: 'Add a market to the watchlist (idempotent)', params: pairParams, security },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const e = pairOrFail(request.params.base, request.params.quote);
      await addWatch(db, currentUserId(request), e.market.symbol, clock.now());
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
      await cancelWatch(db, currentUserId(request), e.market.symbol);
      return reply.ok({ symbol: e.market.symbol, optional: 0 });
    },
  );
};
