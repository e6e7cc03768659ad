// Operator management of coins and markets under /api/admin/market (admin role; audited). There is no
// route that sets a live price: `initialPrice` only seeds the simulator for a coin never priced before.
import { decimalString } from '@coin/shared/wire-decimal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { INVALIDATION_TOPICS, type InvalidationBus } from '@/lib/invalidation-bus';
import { addCoin, QUOTE, setCoinEnabled, setMarketEnabled, updateMarket } from '@/market/catalog';
import type { MarketEngine } from '@/market/market-engine';
import { PLATES } from '@/market/seed';
import { currentSession } from '@/modules/auth/auth-plugin';
import { allowEmptyJsonBody } from './empty-json-body';
import { adminCoin, adminMarket } from './market-views';

export interface MarketAdminRoutesOptions {
  engine: MarketEngine;
  db: Db;
  clock: Clock;
  bus: InvalidationBus;
}

const tags = ['admin'];
const security = [{ satoken: [] }];
const base = '/api/admin/market';

const coinName = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{1,20}$/, 'validation.invalid');
const text = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong')
    .refine((s) => !/\p{Cc}/u.test(s), 'validation.invalid');
const plate = z
  .string()
  .trim()
  .refine(
    (s) => s === '' || s.split(',').every((p) => (PLATES as readonly string[]).includes(p)),
    'validation.oneOf',
  );
const decimals = z.coerce.number().int().min(0).max(18);
const flag = z.boolean({ error: 'validation.invalidType' });
const logo = z
  .string()
  .max(2048, 'validation.tooLong')
  .regex(/^(https?:\/\/[^\s]+|\/(?!\/)[A-Za-z0-9._~/-]*)$/, 'validation.url')
  .nullable();

const newCoinSchema = z
  .strictObject({
    coin: coinName.refine((c) => c !== QUOTE, 'validation.invalid'),
    name: text(64),
    coinType: z.literal([1, 3], { error: 'validation.oneOf' }).default(1),
    market: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{1,32}$/, 'validation.invalid')
      .optional(),
    logo: logo.default(null),
    plate: plate.default(''),
    showSymbol: text(32).optional(),
    customizeFlag: z.literal([1, 2], { error: 'validation.oneOf' }).default(1),
    priceDecimals: decimals,
    qtyDecimals: decimals,
    initialPrice: decimalString({ maxDecimals: 18, positive: true, max: '1000000000' }),
    volatility: decimalString({ maxDecimals: 6, positive: true, max: '5' }).default('0.8'),
    seconds: flag.default(true),
    spot: flag.default(true),
    contract: flag.default(true),
    sort: z.coerce.number().int().min(0).max(1_000_000).optional(),
  })
  .superRefine((c, ctx) => {
    // The starting price must be representable in the market's own price decimals.
    const fraction = c.initialPrice.split('.')[1]?.replace(/0+$/, '') ?? '';
    if (fraction.length > c.priceDecimals) {
      ctx.addIssue({ code: 'custom', path: ['initialPrice'], message: 'validation.tooManyDecimals' });
    }
  });

const marketPatchSchema = z
  .strictObject({
    showSymbol: text(32).optional(),
    customizeFlag: z.literal([1, 2], { error: 'validation.oneOf' }).optional(),
    priceDecimals: decimals.optional(),
    qtyDecimals: decimals.optional(),
    sort: z.coerce.number().int().min(0).max(1_000_000).optional(),
    seconds: flag.optional(),
    spot: flag.optional(),
    contract: flag.optional(),
    plate: plate.optional(),
  })
  .refine((p) => Object.keys(p).length > 0, 'validation.required');

export const marketAdminRoutes: FastifyPluginAsyncZod<MarketAdminRoutesOptions> = async (
  app,
  { engine, db, clock, bus },
) => {
  allowEmptyJsonBody(app);
  // After each committed change: the engine (here and in any other process) reloads the catalogue, and
  // this reply is built from the reloaded one.
  const catalogChanged = () => bus.publish(INVALIDATION_TOPICS.marketCatalog);
  const adminOnly = app.requireOperator(['admin']);
  const operatorId = (request: Parameters<typeof currentSession>[0]) => currentSession(request).principalId;
  const coinView = (coin: string) => {
    const row = engine.coins().find((c) => c.coin === coin);
    if (!row) throw new AppError('MARKET_SYMBOL_UNKNOWN');
    return adminCoin(engine, row);
  };
  const marketView = (symbol: string) => {
    const e = engine.entry(symbol);
    if (!e) throw new AppError('MARKET_SYMBOL_UNKNOWN');
    return adminMarket(e);
  };
  const coinParams = z.strictObject({ coin: coinName });
  const symbolParams = z.strictObject({ symbol: coinName.pipe(z.string().max(24)) });

  app.get(
    `${base}/coins`,
    { schema: { tags, summary: 'All coins, disabled ones too', security }, preValidation: adminOnly },
    async (_request, reply) => reply.ok(engine.coins().map((c) => adminCoin(engine, c))),
  );

  app.post(
    `${base}/coins`,
    {
      schema: { tags, summary: 'Add a coin and its USDT market (audited)', body: newCoinSchema, security },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const body = request.body;
      await addCoin(db, operatorId(request), body, clock.now());
      await catalogChanged();
      // Price the new market at once instead of at the next timer step.
      await engine.step();
      return reply.ok(coinView(body.coin));
    },
  );

  for (const enabled of [true, false]) {
    app.post(
      `${base}/coins/:coin/${enabled ? 'enable' : 'disable'}`,
      {
        schema: {
          tags,
          summary: `${enabled ? 'Enable' : 'Disable'} a coin in every list (audited)`,
          params: coinParams,
          security,
        },
        preValidation: adminOnly,
      },
      async (request, reply) => {
        await setCoinEnabled(db, operatorId(request), request.params.coin, enabled, clock.now());
        await catalogChanged();
        return reply.ok(coinView(request.params.coin));
      },
    );

    app.post(
      `${base}/markets/:symbol/${enabled ? 'enable' : 'disable'}`,
      {
        schema: {
          tags,
          summary: `${enabled ? 'Enable' : 'Disable'} a market (audited)`,
          params: symbolParams,
          security,
        },
        preValidation: adminOnly,
      },
      async (request, reply) => {
        await setMarketEnabled(db, operatorId(request), request.params.symbol, enabled, clock.now());
        await catalogChanged();
        return reply.ok(marketView(request.params.symbol));
      },
    );
  }

  app.get(
    `${base}/markets`,
    { schema: { tags, summary: 'All markets, disabled ones too', security }, preValidation: adminOnly },
    async (_request, reply) => reply.ok(engine.allEntries().map(adminMarket)),
  );

  app.put(
    `${base}/markets/:symbol`,
    {
      schema: {
        tags,
        summary: 'Change a market: display, decimals, lists, plate (audited)',
        params: symbolParams,
        body: marketPatchSchema,
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      await updateMarket(db, operatorId(request), request.params.symbol, request.body, clock.now());
      await catalogChanged();
      return reply.ok(marketView(request.params.symbol));
    },
  );
};
