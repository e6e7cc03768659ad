// The contract calls of spec section 7, both families over one service (docs/contracts.md "HTTP API"):
// /api/contract/... (order, position, loss = TP/SL) and the coin-exchange family under
// /api/mjkj-web/coin/ (contract detail, open/close by direction, positions, leverage, margin, history,
// one-key close, funding rate, maintenance tiers). Thin: validate, call the service, reply.
import { idString } from '@coin/shared/wire-id';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/app-error';
import { currentUserId, tokenFrom } from '@/modules/auth/auth-plugin';
import { orderDecimal as decimal, marketName } from '@/modules/spot/order-wire';
import { idempotencyKey } from '@/modules/wallet/idempotency';
import type { ContractAccess } from './contract-access';
import { CONTRACT_KLINE_INTERVALS, type ContractHistory } from './contract-history';
import type { ContractKlineFeed } from './contract-klines';
import { INVERSE_TIERS, LINEAR_TIERS } from './contract-markets';
import type { ContractService } from './contract-service';

export interface ContractRoutesOptions {
  service: ContractService;
  /** Ended orders, fills, closed positions, funding payments and K-lines from SQL. */
  history: ContractHistory;
  /** The demo market maker quotes the contract books (the pages label its liquidity). */
  demoLiquidity: boolean;
  /** The risk notice and country switches for a user (undefined: a guest); docs/contracts.md. */
  access: (userId: bigint | undefined) => Promise<ContractAccess>;
  /** Mark-price bars (K-lines `price=mark`). */
  klines: ContractKlineFeed;
}

const API = '/api/mjkj-web/coin';
const tags = ['contracts'];
const secured = [{ satoken: [] }];

const direction = z.coerce
  .number({ error: 'validation.oneOf' })
  .int('validation.oneOf')
  .refine((v) => v >= 1 && v <= 4, 'validation.oneOf') as unknown as z.ZodType<1 | 2 | 3 | 4>;
const orderType = z.enum(['limit', 'market'], { error: 'validation.oneOf' });
const leverage = z.coerce.number({ error: 'validation.numeric' }).int('validation.numeric').min(1).max(200);
const mode = z.enum(['cross', 'isolated'], { error: 'validation.oneOf' });
const page = {
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};
const marketType = z.enum(['usdt', 'coin'], { error: 'validation.oneOf' });
/** 1 / 'add' adds margin, 2 / 'reduce' takes it out. */
const flag = z
  .union([z.enum(['add', 'reduce', '1', '2']), z.literal(1), z.literal(2)], { error: 'validation.oneOf' })
  .transform((v) => (v === 'add' || v === '1' || v === 1 ? 'add' : 'reduce'));
const nullablePrice = decimal.nullable().optional();

const orderBody = {
  type: orderType,
  price: decimal.optional(),
  /** A stop order: rests until the mark reaches it (a buy when the mark rises to it, a sell when it
   * falls to it), then places the limit or market order `type`. */
  triggerPrice: decimal.optional(),
  quantity: decimal,
  leverage: leverage.optional(),
};

function requirePrice(b: { type: string; price?: string | undefined }) {
  if (b.type === 'limit' && b.price === undefined)
    throw new AppError('VALIDATION_FAILED', [{ field: 'price', key: 'validation.required' }]);
  if (b.type === 'market' && b.price !== undefined)
    throw new AppError('VALIDATION_FAILED', [{ field: 'price', key: 'validation.unknownField' }]);
}

function paged<T>(all: T[], current: number, size: number) {
  return { records: all.slice((current - 1) * size, current * size), total: all.length, current, size };
}

export const contractRoutes: FastifyPluginAsyncZod<ContractRoutesOptions> = async (
  app,
  { service, history, demoLiquidity, access, klines },
) => {
  const user = { preValidation: app.requireUser };

  /** The caller's user id when a valid user token came along; public routes never 401 for it. */
  const optionalUser = async (request: Parameters<typeof tokenFrom>[0]): Promise<bigint | undefined> => {
    const token = tokenFrom(request);
    if (!token) return undefined;
    try {
      return (await app.services.sessions.resolve(token, 'user')).principalId;
    } catch {
      return undefined;
    }
  };
  /** Contracts are not offered in the user's country: a localized refusal, nothing changes. */
  const requireAccess = async (userId: bigint) => {
    if (!(await access(userId)).available) throw new AppError('CONTRACT_COUNTRY_BLOCKED');
  };

  // ---- /api/contract/... ----

  app.post(
    '/api/contract/order/submit',
    {
      schema: {
        tags,
        summary: 'Place a contract order: direction 1 open long, 2 open short, 3 close long, 4 close short',
        body: z.strictObject({ symbol: marketName, direction, ...orderBody }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      requirePrice(request.body);
      await requireAccess(currentUserId(request));
      const order = await service.place(currentUserId(request), request.body, idempotencyKey(request));
      return reply.ok(order, 'success.orderPlaced');
    },
  );

  app.get(
    '/api/contract/order/list',
    {
      schema: {
        tags,
        summary:
          'Own contract orders: status 0 open (from the core), 1 ended (filled or cancelled, from SQL)',
        querystring: z.strictObject({
          symbol: marketName.optional(),
          status: z.coerce.number().int().min(0).max(1).default(0),
          ...page,
        }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { symbol, status, current, size } = request.query;
      const userId = currentUserId(request);
      if (status === 1) return reply.ok(await history.orders(userId, { symbol, current, size }));
      return reply.ok(paged(service.openOrders(userId, symbol), current, size));
    },
  );

  app.get(
    '/api/contract/position/history',
    {
      schema: {
        tags,
        summary: 'Own closed and liquidated positions, newest first',
        querystring: z.strictObject({ symbol: marketName.optional(), ...page }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await history.positions(currentUserId(request), request.query)),
  );

  app.get(
    '/api/contract/funding/list',
    {
      schema: {
        tags,
        summary: 'Own funding payments (negative: paid, positive: received), newest first',
        querystring: z.strictObject({ symbol: marketName.optional(), ...page }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await history.funding(currentUserId(request), request.query)),
  );

  app.get(
    '/api/contract/order/fills',
    {
      schema: {
        tags,
        summary:
          'Own contract fills, newest first: order, direction, maker or taker, price, quantity, fee, realized profit, liquidation',
        querystring: z.strictObject({ symbol: marketName.optional(), ...page }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await history.fills(currentUserId(request), request.query)),
  );

  app.post(
    '/api/contract/order/canCelOrder',
    {
      schema: {
        tags,
        summary: 'Cancel an own open contract order',
        querystring: z.strictObject({ id: idString }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(await service.cancel(currentUserId(request), request.query.id), 'success.orderCancelled'),
  );

  app.get(
    '/api/contract/position/list',
    {
      schema: {
        tags,
        summary: 'Own open positions with mark price, unrealized profit, margin ratio and liquidation price',
        querystring: z.strictObject({ symbol: marketName.optional() }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(service.positions(currentUserId(request), request.query.symbol)),
  );

  app.post(
    '/api/contract/position/stopOrder',
    {
      schema: {
        tags,
        summary: 'Close an own position at market',
        querystring: z.strictObject({ id: idString }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(
        await service.closePosition(currentUserId(request), request.query.id),
        'success.positionClosed',
      ),
  );

  app.post(
    '/api/contract/position/adjustAmount',
    {
      schema: {
        tags,
        summary: 'Add margin to a position (flag 1) or take it out (flag 2, never below initial margin)',
        querystring: z.strictObject({ id: idString, money: decimal, flag }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { id, money, flag: f } = request.query;
      return reply.ok(
        await service.adjustMargin(currentUserId(request), id, money, f),
        'success.marginAdjusted',
      );
    },
  );

  app.post(
    '/api/contract/loss/sett',
    {
      schema: {
        tags,
        summary: 'Set the take-profit and stop-loss mark prices of an own position (null clears one)',
        body: z.strictObject({ id: idString, takeProfit: nullablePrice, stopLoss: nullablePrice }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { id, takeProfit, stopLoss } = request.body;
      if (takeProfit == null && stopLoss == null)
        throw new AppError('VALIDATION_FAILED', [{ field: 'takeProfit', key: 'validation.required' }]);
      return reply.ok(
        await service.setTpSl(currentUserId(request), id, takeProfit ?? null, stopLoss ?? null),
        'success.tpslSet',
      );
    },
  );

  app.get(
    '/api/contract/loss/list',
    {
      schema: {
        tags,
        summary: 'Own positions with a take-profit or stop-loss',
        querystring: z.strictObject({ symbol: marketName.optional() }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(
        service
          .positions(currentUserId(request), request.query.symbol)
          .filter((p) => p.takeProfit !== null || p.stopLoss !== null),
      ),
  );

  app.post(
    '/api/contract/loss/cancel',
    {
      schema: {
        tags,
        summary: 'Clear the take-profit and stop-loss of an own position',
        querystring: z.strictObject({ id: idString }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(
        await service.setTpSl(currentUserId(request), request.query.id, null, null),
        'success.tpslCleared',
      ),
  );

  // ---- the coin-exchange family ----

  app.post(
    `${API}/open/get/contractDetail`,
    {
      schema: {
        tags,
        summary: 'Contract markets with mark, index, funding and open interest',
        body: z
          .strictObject({
            symbolNameList: z.array(marketName).max(100).optional(),
            type: marketType.optional(),
          })
          .prefault({}),
      },
    },
    async (request, reply) => {
      const { symbolNameList, type } = request.body;
      const rules = symbolNameList
        ? symbolNameList.map((s) => service.markets.find(s, 'symbolNameList'))
        : service.markets.all(type);
      return reply.ok(rules.map((r) => ({ ...service.marketView(r), demoLiquidity })));
    },
  );

  app.get(
    `${API}/open/contract/markets`,
    {
      schema: {
        tags,
        summary:
          "What the contract trade page starts with: markets of a type (usdt, coin), the caller's risk notice and country switches (open/market/initData?type=contract lists the market rows)",
        querystring: z.strictObject({ type: marketType.default('usdt') }),
      },
    },
    async (request, reply) => {
      const a = await access(await optionalUser(request));
      return reply.ok({
        type: request.query.type,
        markets: service.markets.all(request.query.type).map((r) => service.marketView(r)),
        riskNotice: a.riskNotice,
        available: a.available,
        unavailableReason: a.reason,
        demoLiquidity,
      });
    },
  );

  app.get(
    `${API}/open/getFundingRate`,
    {
      schema: {
        tags,
        summary: "A market's predicted and last funding rate and the next funding time",
        querystring: z.strictObject({ symbolName: marketName }),
      },
    },
    async (request, reply) => {
      const v = service.marketView(service.markets.find(request.query.symbolName, 'symbolName'));
      return reply.ok({
        symbol: v.symbol,
        fundingRate: v.fundingRate,
        lastFundingRate: v.lastFundingRate,
        nextFundingTime: v.nextFundingTime,
        fundingIntervalMs: v.fundingIntervalMs,
        markPrice: v.markPrice,
        indexPrice: v.indexPrice,
      });
    },
  );

  app.get(
    `${API}/open/contractDepth/:symbol`,
    {
      schema: {
        tags,
        summary: "A contract market's book",
        params: z.strictObject({ symbol: marketName }),
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
      },
    },
    async (request, reply) => {
      const r = service.markets.find(request.params.symbol);
      return reply.ok(service.depth(r.config.symbol, request.query.limit));
    },
  );

  app.get(
    `${API}/open/contract/kline/:symbol/:interval`,
    {
      schema: {
        tags,
        summary:
          "A contract market's K-lines, oldest first (the last bar may be open): price=last from its trades, price=mark from its mark ticks since the server started",
        params: z.strictObject({
          symbol: marketName,
          interval: z.enum(CONTRACT_KLINE_INTERVALS, { error: 'validation.oneOf' }),
        }),
        querystring: z.strictObject({
          limit: z.coerce.number().int().min(1).max(1000).default(300),
          price: z.enum(['last', 'mark'], { error: 'validation.oneOf' }).default('last'),
        }),
      },
    },
    async (request, reply) => {
      const { symbol, interval } = request.params;
      const { limit, price } = request.query;
      if (price === 'last') return reply.ok({ ...(await history.klines(symbol, interval, limit)), price });
      const s = service.markets.find(symbol).config.symbol;
      return reply.ok({ symbol: s, interval, price, bars: klines.markBars(s, interval, limit) });
    },
  );

  app.get(
    `${API}/entrust/get/getUbwMaintenanceMargin`,
    { schema: { tags, summary: 'Maintenance-margin tiers of the U-based contracts (USDT)' } },
    async (_request, reply) => reply.ok(LINEAR_TIERS),
  );

  app.get(
    `${API}/entrust/get/getBbwMaintenanceMargin/:coin`,
    {
      schema: {
        tags,
        summary: 'Maintenance-margin tiers of a coin-margined contract (in the coin)',
        params: z.strictObject({ coin: marketName }),
      },
    },
    async (request, reply) => {
      const r = service.markets.find(`${request.params.coin.replace(/usd$/i, '')}usd`, 'coin');
      return reply.ok({ symbol: r.config.symbol, settle: r.settle, tiers: INVERSE_TIERS });
    },
  );

  for (const side of ['open', 'close'] as const) {
    app.post(
      `${API}/entrust/contract/${side}/:symbol`,
      {
        schema: {
          tags,
          summary:
            side === 'open'
              ? 'Open a position: direction 1 long, 2 short'
              : 'Close a position (reduce-only): direction 3 close long, 4 close short',
          params: z.strictObject({ symbol: marketName }),
          body: z.strictObject({ direction, ...orderBody }),
          security: secured,
        },
        ...user,
      },
      async (request, reply) => {
        const b = request.body;
        requirePrice(b);
        if (side === 'open' ? b.direction > 2 : b.direction <= 2)
          throw new AppError('VALIDATION_FAILED', [{ field: 'direction', key: 'validation.oneOf' }]);
        await requireAccess(currentUserId(request));
        const order = await service.place(
          currentUserId(request),
          { ...b, symbol: request.params.symbol },
          idempotencyKey(request),
        );
        return reply.ok(order, 'success.orderPlaced');
      },
    );
  }

  app.get(
    `${API}/entrust/get/myPosition/:symbol`,
    {
      schema: {
        tags,
        summary: 'Own positions of a market (or all)',
        params: z.strictObject({ symbol: marketName }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const s = request.params.symbol;
      return reply.ok(service.positions(currentUserId(request), s === 'all' ? undefined : s));
    },
  );

  app.get(
    `${API}/wallet/contract/leverage/:symbol`,
    {
      schema: {
        tags,
        summary: 'Own leverage and margin mode of a market',
        params: z.strictObject({ symbol: marketName }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(service.settings(currentUserId(request), request.params.symbol)),
  );

  app.get(
    `${API}/wallet/contract/account`,
    {
      schema: {
        tags,
        summary: 'Own contract account: available and frozen (margin and order holds) per settle asset',
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(service.account(currentUserId(request))),
  );

  app.post(
    `${API}/wallet/contract/updateLeverageRadio`,
    {
      schema: {
        tags,
        summary: 'Set own leverage (and margin mode, only while flat) of a market',
        body: z.strictObject({ symbol: marketName, leverage, mode: mode.optional() }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { symbol, leverage: lev, mode: m } = request.body;
      return reply.ok(
        await service.setLeverage(currentUserId(request), symbol, lev, m),
        'success.leverageSet',
      );
    },
  );

  app.post(
    `${API}/wallet/contract/updateBond`,
    {
      schema: {
        tags,
        summary: 'Add (flag 1) or reduce (flag 2) the margin of an own position',
        body: z.strictObject({ id: idString, money: decimal, flag }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { id, money, flag: f } = request.body;
      return reply.ok(
        await service.adjustMargin(currentUserId(request), id, money, f),
        'success.marginAdjusted',
      );
    },
  );

  app.get(
    `${API}/entrust/entrustlogContract/:symbol/:kind/:current`,
    {
      schema: {
        tags,
        summary: 'Own contract orders: current (open) or history, of one market or all',
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
      const s = symbol === 'all' ? undefined : symbol;
      const userId = currentUserId(request);
      const size = request.query.size;
      if (kind === 'history') return reply.ok(await history.orders(userId, { symbol: s, current, size }));
      return reply.ok(paged(service.openOrders(userId, s), current, size));
    },
  );

  app.post(
    `${API}/entrust/contract/close/onekey`,
    {
      schema: {
        tags,
        summary: 'Close every own position (of the listed markets, or all) at market',
        body: z.strictObject({ oneKeySymbolNameList: z.array(marketName).max(100).optional() }).prefault({}),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(
        await service.closeAll(currentUserId(request), request.body.oneKeySymbolNameList),
        'success.positionClosed',
      ),
  );
};
