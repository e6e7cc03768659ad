// The seconds-contract calls of spec section 7 and the page's own reads (docs/seconds.md "HTTP API").
// Thin: validate, call the service, reply.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SECONDS_DIRECTIONS,
  SECONDS_ENTRY_MAX_AGE_MS,
  SECONDS_SETTLE_TOLERANCE_MS,
} from '@/core/seconds/seconds-types';
import { AppError } from '@/lib/app-error';
import { currentUserId } from '@/modules/auth/auth-plugin';
import { COUNTRY_DIAL_CODES } from '@/modules/common/country-codes';
import { idempotencyKey } from '@/modules/wallet/idempotency';
import { findSecondsMarket, SECONDS_ASSET, type SecondsService } from './seconds-service';
import { INDEX_BAR_INTERVALS, type IndexBarInterval, type TickStore } from './tick-store';

export interface SecondsRoutesOptions {
  service: SecondsService;
  ticks: TickStore;
}

const API = '/api/mjkj-web/coin';
const tags = ['seconds'];
const secured = [{ satoken: [] }];

const symbol = z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(32);
const periodId = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^[a-z0-9_-]{1,32}$/, 'validation.invalid');
/** The form is checked here; "an integer" is the service's check, with the spec's own message. */
const quantity = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(40, 'validation.decimal')
  .regex(/^\d+(\.\d+)?$/, 'validation.decimal');
const page = {
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};
const COUNTRIES = COUNTRY_DIAL_CODES.map(([code]) => code) as [string, ...string[]];

export const secondsRoutes: FastifyPluginAsyncZod<SecondsRoutesOptions> = async (app, { service, ticks }) => {
  const user = { preValidation: app.requireUser };

  const periodList = async () =>
    service.periods().map((p) => ({
      periodId: p.periodId,
      durationSec: p.durationSec,
      rate: p.rate,
      minStake: p.minStake,
      maxStake: p.maxStake,
      sort: p.sort,
      asset: SECONDS_ASSET,
    }));

  app.post(
    '/api/period/list',
    {
      schema: {
        tags,
        summary:
          'Periods of seconds contracts: duration, payout rate, minimum and maximum quantity (any body is ignored)',
      },
    },
    async (_request, reply) => reply.ok(await periodList()),
  );

  app.get(
    `${API}/open/seconds/rules`,
    {
      schema: {
        tags,
        summary: 'Seconds-contract rules: periods, stake asset, settlement tolerance, entry tick age, coins',
      },
    },
    async (_request, reply) =>
      reply.ok({
        enabled: await service.enabled(),
        simulated: service.simulated(),
        asset: SECONDS_ASSET,
        accountType: 'spot',
        settleToleranceMs: SECONDS_SETTLE_TOLERANCE_MS,
        entryMaxAgeMs: SECONDS_ENTRY_MAX_AGE_MS,
        periods: await periodList(),
        coins: service
          .markets()
          .map((m) => ({ coin: m.coin, symbol: m.symbol, priceDecimals: m.priceDecimals })),
      }),
  );

  app.post(
    '/api/secondContractOrder/createSecondContractOrder',
    {
      schema: {
        tags,
        summary:
          'Open a seconds contract (rise or fall, integer quantity, a period); Idempotency-Key makes a retry safe',
        body: z.strictObject({
          symbol,
          direction: z.enum(SECONDS_DIRECTIONS, { error: 'validation.oneOf' }),
          periodId,
          quantity,
        }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const order = await service.place(currentUserId(request), request.body, idempotencyKey(request));
      return reply.ok(order, 'success.secondsOrderPlaced');
    },
  );

  app.post(
    '/api/secondContractOrder/selectOrderList',
    {
      schema: {
        tags,
        summary: 'Own seconds contracts (open and settled, paged, newest first) with entry and exit ticks',
        body: z
          .strictObject({
            status: z.enum(['open', 'settled'], { error: 'validation.oneOf' }).optional(),
            symbol: symbol.optional(),
            ...page,
          })
          .prefault({}),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await service.orders(currentUserId(request), request.body)),
  );

  app.get(
    `${API}/seconds/notice`,
    {
      schema: {
        tags,
        summary:
          "Whether seconds contracts are available to the caller and the caller's risk-notice acknowledgement",
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await service.availability(currentUserId(request))),
  );

  app.post(
    `${API}/seconds/notice`,
    {
      schema: {
        tags,
        summary: 'Acknowledge the risk notice (stored with its time and the declared country of residence)',
        body: z.strictObject({
          accept: z.literal(true, { error: 'validation.required' }),
          country: z.enum(COUNTRIES, { error: 'validation.oneOf' }),
        }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(
        await service.acknowledge(currentUserId(request), request.body.country),
        'success.secondsNoticeAcknowledged',
      ),
  );

  app.get(
    `${API}/open/seconds/indexKline/:symbol`,
    {
      schema: {
        tags,
        summary: 'Index price bars built from the stored index ticks (what seconds contracts settle on)',
        params: z.strictObject({ symbol }),
        querystring: z.strictObject({
          interval: z
            .enum(Object.keys(INDEX_BAR_INTERVALS) as [IndexBarInterval, ...IndexBarInterval[]], {
              error: 'validation.oneOf',
            })
            .default('5s'),
          limit: z.coerce.number().int().min(1).max(500).default(240),
        }),
      },
    },
    async (request, reply) => {
      const market = findSecondsMarket(service.markets(), request.params.symbol);
      if (market === undefined) throw new AppError('SECONDS_SYMBOL_UNKNOWN');
      const { interval, limit } = request.query;
      const ms = INDEX_BAR_INTERVALS[interval];
      const to = app.clock.now().getTime();
      const from = (Math.floor(to / ms) - limit + 1) * ms;
      return reply.ok({
        symbol: market.symbol,
        interval,
        bars: await ticks.bars(market.symbol, ms, from, to),
      });
    },
  );
};
