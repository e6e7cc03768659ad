// The spot calls of spec section 7, both families over one service (docs/spot.md "HTTP API"). Thin:
// validate, call the service, reply.
import { div, formatAmount, mul, parseAmount, sub } from '@coin/shared/money';
import { idString } from '@coin/shared/wire-id';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SPOT_SIDE_EFFECTS, SPOT_TIME_IN_FORCE } from '@/core/types';
import { AppError } from '@/lib/app-error';
import type { MarketApi } from '@/market/price-index';
import { currentUserId } from '@/modules/auth/auth-plugin';
import { idempotencyKey } from '@/modules/wallet/idempotency';
import { orderDecimal as decimal, marketName } from './order-wire';
import type { SpotService } from './spot-service';

export interface SpotRoutesOptions {
  spot: SpotService;
  market: () => MarketApi | undefined;
  /** The demo market maker is quoting (the pages label its liquidity). */
  demoLiquidity: boolean;
}

const API = '/api/mjkj-web/coin';
const tags = ['spot'];
const secured = [{ satoken: [] }];

const orderId = idString;
const side = z.enum(['buy', 'sell'], { error: 'validation.oneOf' });
const orderFields = {
  side,
  type: z.enum(['limit', 'market'], { error: 'validation.oneOf' }),
  price: decimal.optional(),
  quantity: decimal.optional(),
  quoteQuantity: decimal.optional(),
  timeInForce: z.enum(SPOT_TIME_IN_FORCE, { error: 'validation.oneOf' }).optional(),
  clientOrderId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'validation.invalid')
    .optional(),
  /** The account the order draws on: spot (default, '1'), cross margin ('4') or isolated ('5'; docs/margin.md). */
  account: z
    .string()
    .trim()
    .regex(/^(spot|1|margin|4|5|isolated|isolated:[a-z0-9]{2,32})$/, 'validation.invalid')
    .optional(),
  /**
   * Margin accounts only: 'autoBorrow' borrows what the order lacks in the same core command,
   * 'autoRepay' repays the debt from the order's proceeds, 'autoBorrowRepay' both (docs/margin.md).
   */
  sideEffect: z.enum(SPOT_SIDE_EFFECTS, { error: 'validation.oneOf' }).optional(),
};
const page = {
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};
const status = z.coerce.number().int().min(0).max(2).optional();
const time = z
  .union([z.coerce.number().int().min(0).max(8.64e15), z.iso.datetime({ offset: true })])
  .optional();
const toDate = (v: number | string | undefined) => (v === undefined ? undefined : new Date(v));

/** What an order body must hold beyond its types: limit needs price and quantity, market one amount. */
function missing(field: string): AppError {
  return new AppError('VALIDATION_FAILED', [{ field, key: 'validation.required' }]);
}

function extra(field: string): AppError {
  return new AppError('VALIDATION_FAILED', [{ field, key: 'validation.unknownField' }]);
}

/** The amounts an order type needs, and no others (module-level helpers: nothing is made per request). */
function requireAmounts(b: {
  type: string;
  side: string;
  price?: string;
  quantity?: string;
  quoteQuantity?: string;
}) {
  if (b.type === 'limit') {
    if (b.price === undefined) throw missing('price');
    if (b.quantity === undefined) throw missing('quantity');
    if (b.quoteQuantity !== undefined) throw extra('quoteQuantity');
  } else {
    if (b.price !== undefined) throw extra('price');
    if (b.quantity === undefined && b.quoteQuantity === undefined) throw missing('quantity');
    if (b.quantity !== undefined && b.quoteQuantity !== undefined) throw extra('quoteQuantity');
    if (b.side === 'sell' && b.quoteQuantity !== undefined) throw extra('quoteQuantity');
  }
}

export const spotRoutes: FastifyPluginAsyncZod<SpotRoutesOptions> = async (
  app,
  { spot, market, demoLiquidity },
) => {
  const user = { preValidation: app.requireUser };

  app.post(
    '/api/currency/order/submit',
    {
      schema: {
        tags,
        summary: 'Place a spot order (limit or market); Idempotency-Key makes a retry safe',
        body: z.strictObject({ symbol: marketName, ...orderFields }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      requireAmounts(request.body);
      const order = await spot.place(currentUserId(request), request.body, idempotencyKey(request));
      return reply.ok(order, 'success.orderPlaced');
    },
  );

  app.post(
    `${API}/entrust/exchange/:pair`,
    {
      schema: {
        tags,
        summary: 'Place a spot order on a pair (BTC_USDT)',
        params: z.strictObject({ pair: marketName }),
        body: z.strictObject(orderFields),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      requireAmounts(request.body);
      const order = await spot.place(
        currentUserId(request),
        { ...request.body, symbol: request.params.pair },
        idempotencyKey(request),
      );
      return reply.ok(order, 'success.orderPlaced');
    },
  );

  app.post(
    '/api/currency/order/cancelOrder',
    {
      schema: {
        tags,
        summary: 'Cancel an own open order by id (or by client order id and symbol)',
        querystring: z.strictObject({
          id: orderId.optional(),
          clientOrderId: orderFields.clientOrderId,
          symbol: marketName.optional(),
        }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { id, clientOrderId, symbol } = request.query;
      if (id === undefined && (clientOrderId === undefined || symbol === undefined)) {
        throw new AppError('VALIDATION_FAILED', [{ field: 'id', key: 'validation.required' }]);
      }
      const order = await spot.cancel(
        currentUserId(request),
        id !== undefined ? { id } : { clientOrderId, symbol },
      );
      return reply.ok(order, 'success.orderCancelled');
    },
  );

  app.post(
    `${API}/entrust/cancel/entrust`,
    {
      schema: {
        tags,
        summary: 'Cancel an own open order',
        body: z.strictObject({ id: orderId }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(await spot.cancel(currentUserId(request), { id: request.body.id }), 'success.orderCancelled'),
  );

  app.post(
    `${API}/entrust/cancelAll`,
    {
      schema: {
        tags,
        summary: 'Cancel all own open orders of a pair (or of every pair)',
        body: z.strictObject({ symbol: marketName.optional() }).prefault({}),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(
        { cancelled: await spot.cancelAll(currentUserId(request), request.body.symbol) },
        'success.orderCancelled',
      ),
  );

  app.post(
    '/api/currency/order/orderList',
    {
      schema: {
        tags,
        summary: 'Own spot orders (status 0 open from the core, 1 filled, 2 cancelled), newest first',
        querystring: z.strictObject({
          symbol: marketName.optional(),
          status,
          side: side.optional(),
          ...page,
        }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await spot.history(currentUserId(request), request.query)),
  );

  app.post(
    `${API}/entrust/getEntrustLogCurrency`,
    {
      schema: {
        tags,
        summary: 'Own spot order history with pair, side, state and time filters',
        body: z
          .strictObject({
            symbol: marketName.optional(),
            side: side.optional(),
            status,
            startTime: time,
            endTime: time,
            ...page,
          })
          .prefault({}),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { startTime, endTime, ...rest } = request.body;
      return reply.ok(
        await spot.history(currentUserId(request), {
          ...rest,
          startTime: toDate(startTime),
          endTime: toDate(endTime),
        }),
      );
    },
  );

  app.get(
    `${API}/entrust/entrustlog/:symbol/:kind/:current`,
    {
      schema: {
        tags,
        summary: 'Own spot orders: current (open) or history, of one pair or all',
        params: z.strictObject({
          symbol: marketName,
          kind: z.enum(['current', 'history'], { error: 'validation.oneOf' }),
          current: page.current,
        }),
        querystring: z.strictObject({ size: page.size }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { symbol, kind, current } = request.params;
      const q = { symbol: symbol === 'all' ? undefined : symbol, current, size: request.query.size };
      const userId = currentUserId(request);
      return reply.ok(kind === 'current' ? spot.openOrders(userId, q) : await spot.history(userId, q));
    },
  );

  app.get(
    `${API}/entrust/transaction/details/:id`,
    {
      schema: {
        tags,
        summary: 'Fills of an own order',
        params: z.strictObject({ id: orderId }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await spot.fills(currentUserId(request), request.params.id)),
  );

  app.get(
    `${API}/entrust/get/myExchangeLog/:symbol`,
    {
      schema: {
        tags,
        summary: 'Own spot fills of a pair (or all), newest first',
        params: z.strictObject({ symbol: marketName }),
        querystring: z.strictObject(page),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { symbol } = request.params;
      return reply.ok(
        await spot.myTrades(currentUserId(request), {
          ...request.query,
          symbol: symbol === 'all' ? undefined : symbol,
        }),
      );
    },
  );

  app.get(
    `${API}/wallet/get/:base/:quote`,
    {
      schema: {
        tags,
        summary: 'Spot balances of the two coins of a pair',
        params: z.strictObject({ base: marketName, quote: marketName }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const rules = spot.markets.find(`${request.params.base}${request.params.quote}`, 'base');
      return reply.ok(spot.pairBalances(currentUserId(request), rules.coin, rules.quote));
    },
  );

  app.get(
    `${API}/open/spotRules`,
    {
      schema: {
        tags,
        summary: 'Trading rules of the spot markets (tick, lot, minimums, fees, status)',
        querystring: z.strictObject({ symbol: marketName.optional() }),
      },
    },
    async (request, reply) => {
      const { symbol } = request.query;
      const rules = symbol === undefined ? spot.markets.all() : [spot.markets.find(symbol)];
      return reply.ok(rules.map((r) => ({ ...r, demoLiquidity })));
    },
  );

  app.get(
    `${API}/open/getPriceComparison/:pair`,
    {
      schema: {
        tags,
        summary: "A pair's last traded price against its index price",
        params: z.strictObject({ pair: marketName }),
      },
    },
    async (request, reply) => {
      const rules = spot.markets.find(request.params.pair, 'pair');
      const key = rules.symbol.toUpperCase();
      const m = market();
      const index = m?.latest(key)?.price ?? null;
      const last = m?.tickers().find((t) => t.symbol === key)?.close ?? null;
      let diff: string | null = null;
      let diffPercent: string | null = null;
      if (index !== null && last !== null) {
        const d = sub(parseAmount(last), parseAmount(index));
        diff = formatAmount(d, rules.priceDecimals);
        diffPercent = formatAmount(mul(div(d, parseAmount(index), 'down'), parseAmount('100'), 'down'), 2);
      }
      return reply.ok({ symbol: rules.symbol, pair: rules.pair, last, index, diff, diffPercent });
    },
  );
};
