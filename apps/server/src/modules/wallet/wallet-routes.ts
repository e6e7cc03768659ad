// The user-facing wallet calls of spec section 7 (paths are the spec's). Thin: validate, call a
// service, reply. Contract: docs/wallet-api.md.
import { add, isZero, mul, parseAmount, ZERO } from '@coin/shared/money';
import { idSchema } from '@coin/shared/wire-id';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/app-error';
import { currentUserId } from '@/modules/auth/auth-plugin';
import { amountString, coinString, fmt } from './amounts';
import type { BalanceService } from './balance-service';
import { BILL_KINDS, type BillService } from './bill-service';
import type { DepositService } from './deposit-service';
import type { ExchangeService } from './exchange-service';
import { idempotencyKey, withIdempotency } from './idempotency';
import type { WalletContext } from './wallet-context';
import { pageFields } from './wallet-context';
import { encryptedBodySchema, WITHDRAW_ALG, WITHDRAW_KEY_ID, type WithdrawCrypto } from './withdraw-crypto';
import type { WithdrawService } from './withdraw-service';

export interface WalletRoutesOptions {
  ctx: WalletContext;
  balances: BalanceService;
  deposits: DepositService;
  withdrawals: WithdrawService;
  exchange: ExchangeService;
  bills: BillService;
  crypto: WithdrawCrypto;
  /** Other areas' kinds of the order centre (earn: pledge, finance, defi, loan), by kind. */
  orderSources: OrderSources;
}

/** An order list another area answers for one `kind` of /api/order/list. */
export type OrderSource = (
  userId: bigint,
  query: { current: number; size: number; status?: string | undefined },
) => Promise<unknown>;
export type OrderSources = Map<string, OrderSource>;

const API = '/api/mjkj-web/coin';
const tags = ['wallet'];
const secured = [{ satoken: [] }];
const typeCode = z.enum(['0', '1', '2', '3', '8'], { error: 'validation.oneOf' });
const moveCode = z.string().trim().min(1, 'validation.required').max(20);
const currency = z.string().trim().max(10).optional();
const status = (max: number) => z.coerce.number().int().min(0).max(max).optional();
/** Latest instant a time filter may name (the year 2243): well inside both JS Date and SQL timestamp. */
const MAX_TIME_MS = 8_640_000_000_000;
/** Epoch milliseconds or an ISO date-time, from 1970 to MAX_TIME_MS (beyond, Date is invalid or SQL fails). */
const timeInput = z
  .union([z.coerce.number().int().min(0).max(MAX_TIME_MS), z.iso.datetime({ offset: true })], {
    error: 'validation.invalid',
  })
  // The number branch has its own bounds; an ISO date-time must land in the same range.
  .refine(
    (v) => typeof v !== 'string' || (Date.parse(v) >= 0 && Date.parse(v) <= MAX_TIME_MS),
    'validation.invalid',
  )
  .optional();

export const walletRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (app, opts) => {
  const { ctx, balances, deposits, withdrawals, exchange, bills, crypto } = opts;
  const user = { preValidation: app.requireUser };
  // One budget per user (DESIGN section 8) shared by every money-moving write: keyed by the session's
  // user, so more logins or alternating spellings (two withdrawal paths, two transfer forms) do not
  // multiply it. Runs before requireUser, as the limiters do: refused tokens count against the address.
  const moneyLimit = app.rateLimit({
    max: ctx.config.RATE_LIMIT_MONEY_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: app.userRateKey,
  });
  const money = { config: { rateLimit: false as const }, onRequest: moneyLimit };

  // ---------- balances ----------
  app.get(
    `${API}/assets/getWalletAccount`,
    {
      schema: {
        tags,
        summary: 'Totals per account type in USDT and fiat',
        querystring: z.strictObject({ currency }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(await balances.walletAccount(currentUserId(request), request.query.currency)),
  );

  app.post(
    `${API}/assets/getCurrencyAccount`,
    {
      schema: {
        tags,
        summary: 'Per-coin balances of one account type',
        body: z
          .strictObject({ type: typeCode.default('1'), currency, hideZero: z.boolean().optional() })
          .prefault({}),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { type, ...rest } = request.body;
      return reply.ok(await balances.currencyAccount(currentUserId(request), type, rest));
    },
  );

  app.get(
    `${API}/assets/getMyBalance`,
    {
      schema: {
        tags,
        summary: 'Per-coin balances of one account type (0 = all types summed)',
        querystring: z.strictObject({ type: typeCode, coin: coinString.optional(), currency }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { type, ...rest } = request.query;
      return reply.ok(await balances.currencyAccount(currentUserId(request), type, rest));
    },
  );

  app.post(
    '/api/userCoin/getUserCoin',
    {
      schema: {
        tags,
        summary: 'Coin balances of one account type (spot by default)',
        body: z.strictObject({ coin: coinString.optional(), type: typeCode.default('1') }).prefault({}),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const view = await balances.currencyAccount(currentUserId(request), request.body.type, {
        coin: request.body.coin,
      });
      return reply.ok(view.list);
    },
  );

  // ---------- asset list, fees ----------
  app.get(
    `${API}/assets/getRechargeCurrency`,
    { schema: { tags, summary: 'Wallet assets with deposit/withdraw settings and fees' } },
    async (_request, reply) =>
      reply.ok(
        ctx.assets.all().map((a) => ({
          coin: a.asset,
          decimals: a.decimals,
          depositEnabled: a.depositEnabled,
          withdrawEnabled: a.withdrawEnabled,
          withdrawFee: a.withdrawFee,
          minWithdraw: a.minWithdraw,
          maxAmount: a.maxAmount,
          confirmations: a.confirmations,
          networks: a.networks,
          usdtPrice: balances.usdtPrice(a.asset) ?? null,
        })),
      ),
  );

  app.get(
    `${API}/assets/withdrawFee`,
    {
      schema: {
        tags,
        summary: 'Withdrawal fee and minimum of a coin',
        querystring: z.strictObject({ coin: coinString }),
      },
    },
    async (request, reply) => reply.ok(withdrawals.feeInfo(request.query.coin)),
  );

  // ---------- deposit ----------
  app.get(
    `${API}/assets/getDepositAddress/:coin`,
    {
      schema: {
        tags,
        summary: 'The user deposit address of a coin (simulated chain by default)',
        params: z.strictObject({ coin: coinString }),
        querystring: z.strictObject({ network: z.string().max(20).optional() }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(
        await deposits.depositAddress(currentUserId(request), request.params.coin, request.query.network),
      ),
  );

  if (deposits.simulatedChain) {
    app.post(
      `${API}/assets/demoDeposit`,
      {
        schema: {
          tags,
          summary: 'SIMULATED chain only: send a demo incoming transfer to the own deposit address',
          body: z.strictObject({ coin: coinString, amount: amountString }),
          security: secured,
        },
        ...money,
        ...user,
      },
      async (request, reply) => {
        const userId = currentUserId(request);
        const data = await withIdempotency(
          ctx.db,
          {
            userId,
            route: 'demoDeposit',
            key: idempotencyKey(request),
            body: request.body,
            now: ctx.clock.now(),
          },
          () =>
            deposits.demoDeposit(
              userId,
              request.body.coin,
              request.body.amount,
              ctx.config.DEMO_DEPOSIT_MAX_USDT,
            ),
        );
        return reply.ok(data, 'success.demoDepositSent');
      },
    );
  }

  app.post(
    '/api/recharge/submit',
    {
      schema: {
        tags,
        summary: 'Manual recharge with a payment screenshot (operator review)',
        body: z.strictObject({
          coin: coinString,
          amount: amountString,
          screenshot: z
            .string({ error: 'validation.required' })
            .trim()
            .min(1, 'validation.required')
            .max(200),
          network: z.string().max(20).optional(),
          remark: z.string().max(200).optional(),
        }),
        security: secured,
      },
      ...money,
      ...user,
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const data = await withIdempotency(
        ctx.db,
        { userId, route: 'recharge', key: idempotencyKey(request), body: request.body, now: ctx.clock.now() },
        () => deposits.submitRecharge(userId, request.body),
      );
      return reply.ok(data, 'success.rechargeSubmitted');
    },
  );

  app.post(
    `${API}/assets/getRechargeLog`,
    {
      schema: {
        tags,
        summary: 'Recharge and deposit records (paged)',
        body: z
          .strictObject({
            ...pageFields,
            type: z.string().max(2).optional(),
            coin: coinString.optional(),
            status: status(2),
          })
          .prefault({}),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await deposits.rechargeLog(currentUserId(request), request.body)),
  );

  // ---------- withdraw ----------
  app.get(
    `${API}/assets/withdrawalKey`,
    {
      schema: {
        tags,
        summary: 'RSA-OAEP-256 public key (SPKI, base64) for the encrypted withdrawal body',
        security: secured,
      },
      ...user,
    },
    async (_request, reply) =>
      reply.ok({ keyId: WITHDRAW_KEY_ID, alg: WITHDRAW_ALG, publicKey: crypto.publicKey }),
  );

  for (const path of [`${API}/assets/withdrawal`, '/api/withdraw/submit']) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: 'Withdraw (hybrid-encrypted body; see docs/wallet-api.md)',
          body: encryptedBodySchema,
          security: secured,
        },
        ...money,
        ...user,
      },
      async (request, reply) => {
        const payload = crypto.decrypt(request.body);
        const data = await withdrawals.submit(currentUserId(request), payload, idempotencyKey(request));
        return reply.ok(data, 'success.withdrawalSubmitted');
      },
    );
  }

  app.post(
    `${API}/assets/cancelWithdrawal/:id`,
    {
      schema: {
        tags,
        summary: 'Cancel an own withdrawal under review',
        params: z.strictObject({ id: idSchema }),
        security: secured,
      },
      ...money,
      ...user,
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const { id } = request.params;
      const data = await withIdempotency(
        ctx.db,
        {
          userId,
          route: 'cancelWithdrawal',
          key: idempotencyKey(request),
          body: { id: id.toString() },
          now: ctx.clock.now(),
        },
        () => withdrawals.cancel(userId, id),
      );
      return reply.ok(data, 'success.withdrawalCancelled');
    },
  );

  app.post(
    `${API}/assets/getWithdrawalLog`,
    {
      schema: {
        tags,
        summary: 'Withdrawal records (paged)',
        body: z.strictObject({ ...pageFields, coin: coinString.optional(), status: status(4) }).prefault({}),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await withdrawals.log(currentUserId(request), request.body)),
  );

  // ---------- swap, transfer ----------
  // POST (query) is the spec's form; GET stays for clients written against the first version.
  for (const method of ['POST', 'GET'] as const) {
    app.route({
      method,
      url: '/api/texchange/getCurrencyPrice',
      schema: {
        tags,
        summary: 'Swap quote from the index prices',
        querystring: z.strictObject({ from: coinString, to: coinString }),
      },
      handler: async (request, reply) => reply.ok(exchange.quote(request.query.from, request.query.to)),
    });
  }

  app.post(
    '/api/texchange/currencyExchange',
    {
      schema: {
        tags,
        summary: 'Swap in the spot account at the current index price',
        body: z.strictObject({ from: coinString, to: coinString, amount: amountString }),
        security: secured,
      },
      ...money,
      ...user,
    },
    async (request, reply) =>
      reply.ok(
        await exchange.swap(currentUserId(request), request.body, idempotencyKey(request)),
        'success.swapDone',
      ),
  );

  const transferFields = { coin: coinString, amount: amountString, from: moveCode, to: moveCode };
  app.post(
    '/api/asset/transferFunds',
    {
      schema: {
        tags,
        summary: 'Transfer between own account types',
        body: z.strictObject(transferFields),
        security: secured,
      },
      ...money,
      ...user,
    },
    async (request, reply) =>
      reply.ok(
        await exchange.transfer(currentUserId(request), request.body, idempotencyKey(request)),
        'success.transferDone',
      ),
  );
  app.get(
    `${API}/wallet/trans`,
    {
      schema: {
        tags,
        summary: 'Transfer between own account types (query form)',
        querystring: z.strictObject(transferFields),
        security: secured,
      },
      ...money,
      ...user,
    },
    async (request, reply) =>
      reply.ok(
        await exchange.transfer(currentUserId(request), request.query, idempotencyKey(request)),
        'success.transferDone',
      ),
  );

  // ---------- bills, orders, details ----------
  app.post(
    `${API}/assets/getMyBill`,
    {
      schema: {
        tags,
        summary: 'Bills: one row per balance change (paged, newest first)',
        body: z
          .strictObject({
            ...pageFields,
            coin: coinString.optional(),
            type: z.string().max(40).optional(),
            accountType: z.enum(['1', '2', '3', '8']).optional(),
            startTime: timeInput,
            endTime: timeInput,
          })
          .prefault({}),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await bills.bills(currentUserId(request), request.body)),
  );

  app.post(
    '/api/order/list',
    {
      schema: {
        tags,
        summary:
          'Order centre: wallet orders, one row per command (paged); kinds of other areas (pledge, finance, defi, loan) list their orders',
        querystring: z.strictObject({
          ...pageFields,
          kind: z.string().trim().max(20).optional(),
          status: z.string().trim().max(20).optional(),
        }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { kind, status, ...page } = request.query;
      const source = kind === undefined ? undefined : opts.orderSources.get(kind);
      if (source) return reply.ok(await source(currentUserId(request), { ...page, status }));
      const walletKind = BILL_KINDS.find((k) => k === kind);
      if ((kind !== undefined && walletKind === undefined) || status !== undefined) {
        const field = status !== undefined && walletKind !== undefined ? 'status' : 'kind';
        throw new AppError('VALIDATION_FAILED', [
          { field, key: field === 'kind' ? 'validation.oneOf' : 'validation.unknownField' },
        ]);
      }
      return reply.ok(await bills.orders(currentUserId(request), { ...page, kind: walletKind }));
    },
  );

  app.get(
    `${API}/assets/getAssetDetail`,
    {
      schema: {
        tags,
        summary: 'One coin across account types with recent bills',
        querystring: z.strictObject({ coin: coinString }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const asset = ctx.assets.get(request.query.coin);
      const merchant = await balances.isMerchant(userId);
      const types = merchant
        ? (['spot', 'contract', 'finance', 'merchant'] as const)
        : (['spot', 'contract', 'finance'] as const);
      const codes = { spot: '1', contract: '2', finance: '3', merchant: '8' } as const;
      const recent = await bills.bills(userId, { current: 1, size: 20, coin: asset.asset });
      return reply.ok({
        coin: asset.asset,
        decimals: asset.decimals,
        usdtPrice: balances.usdtPrice(asset.asset) ?? null,
        accounts: types.map((t) => {
          const b = ctx.core().balance(userId.toString(), asset.asset, t);
          return { type: codes[t], available: b.available, frozen: b.frozen };
        }),
        recent: recent.records,
      });
    },
  );

  // ---------- security fund (public) ----------
  app.get(
    '/api/common/securityFund',
    { schema: { tags: ['common'], summary: 'Balances of the asset-security fund (10 % of every fee)' } },
    async (_request, reply) => {
      let total = ZERO;
      const assets: Array<{ coin: string; balance: string; usdtValue: string | null }> = [];
      for (const a of ctx.assets.all()) {
        const balance = parseAmount(ctx.core().systemBalance('security_fund', a.asset));
        if (isZero(balance)) continue;
        const price = balances.usdtPrice(a.asset);
        const value = price === undefined ? undefined : mul(balance, parseAmount(price), 'down');
        if (value !== undefined) total = add(total, value);
        assets.push({
          coin: a.asset,
          balance: fmt(balance),
          usdtValue: value === undefined ? null : fmt(value),
        });
      }
      return reply.ok({ assets, totalUsdt: fmt(total), feeShare: '0.1' });
    },
  );
};
