// Operator console of seconds contracts under /api/admin/seconds (admin role; every change audited):
// the overview (switches, periods, the pool's balance and exposure, the house account, the settlement
// job), editing a period, and moving money between the house account and the pool. By design there is
// no route that sets a price, an outcome or a per-user win rate: a period's terms are the same for
// everyone, and outcomes come only from the stored index ticks (test/admin-routes-audit.test.ts).
import { formatAmount, parseAmount, sub } from '@coin/shared/money';
import { decimalString } from '@coin/shared/wire-decimal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SECONDS_ENTRY_MAX_AGE_MS,
  SECONDS_SETTLE_TOLERANCE_MS,
  type SecondsPeriodConfig,
} from '@/core/seconds/seconds-types';
import type { CoreError, MoneyCore } from '@/core/types';
import type { Db } from '@/db/client';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import { currentSession } from '@/modules/auth/auth-plugin';
import { SECONDS_ASSET, type SecondsService } from './seconds-service';

export interface SettlementStatus {
  lastRunAt: number | null;
  lastError: string | null;
  settleCommands: number;
  voidCommands: number;
}

export interface SecondsAdminRoutesOptions {
  db: Db;
  clock: Clock;
  core: () => MoneyCore;
  service: SecondsService;
  houseUserId: string;
  blockedCountries: readonly string[];
  deployment: boolean;
  settlement: () => SettlementStatus;
}

const tags = ['admin'];
const security = [{ satoken: [] }];
const base = '/api/admin/seconds';

const whole = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^[1-9]\d{0,11}$/, 'validation.integer');

export const periodBodySchema = z
  .strictObject({
    durationSec: z.coerce.number({ error: 'validation.required' }).int().min(5).max(86_400),
    rate: decimalString({ maxDecimals: 6, positive: true, max: '10' }),
    minStake: whole,
    maxStake: whole,
    enabled: z.boolean({ error: 'validation.invalidType' }),
    sort: z.coerce.number().int().min(0).max(10_000).default(0),
  })
  .superRefine((p, ctx) => {
    // Runs even when a field failed its own check: compare only two valid whole numbers.
    const valid = (v: unknown) => typeof v === 'string' && /^[1-9]\d{0,11}$/.test(v);
    if (valid(p.minStake) && valid(p.maxStake) && BigInt(p.minStake) > BigInt(p.maxStake))
      ctx.addIssue({
        code: 'custom',
        path: ['maxStake'],
        message: 'validation.min',
        params: { min: p.minStake },
      });
  });

const poolBodySchema = z.strictObject({
  direction: z.enum(['in', 'out'], { error: 'validation.oneOf' }),
  amount: decimalString({ maxDecimals: 6, positive: true, max: '1000000000000' }),
});

function coreRefusal(error: CoreError): AppError {
  switch (error) {
    case 'POOL_INSUFFICIENT':
      return new AppError('SECONDS_POOL_INSUFFICIENT');
    case 'INSUFFICIENT_BALANCE':
      return new AppError('SECONDS_HOUSE_INSUFFICIENT');
    case 'AMOUNT_TOO_LARGE':
      return new AppError('SECONDS_AMOUNT_TOO_LARGE');
    default:
      return new AppError('SECONDS_ORDER_REJECTED');
  }
}

export const secondsAdminRoutes: FastifyPluginAsyncZod<SecondsAdminRoutesOptions> = async (app, o) => {
  const adminOnly = app.requireOperator(['admin']);

  app.get(
    base,
    {
      schema: {
        tags,
        summary:
          'Seconds contracts: switches, periods, pool balance and exposure, house account, settlement job',
        security,
      },
      preValidation: adminOnly,
    },
    async (_request, reply) => {
      const core = o.core();
      const reader = core.seconds();
      const assets = new Set([SECONDS_ASSET, ...reader.assets()]);
      const pool = [...assets].sort().map((asset) => {
        const balance = core.systemBalance('seconds_pool', asset);
        const exposure = reader.exposure(asset);
        const free = formatAmount(sub(parseAmount(balance), parseAmount(exposure)));
        const house = core.balance(o.houseUserId, asset, 'spot');
        return { asset, balance, exposure, free, houseAvailable: house.available };
      });
      const feature = await o.service.enabled();
      return reply.ok({
        enabled: { deployment: o.deployment, effective: feature },
        blockedCountries: o.blockedCountries,
        settleToleranceMs: SECONDS_SETTLE_TOLERANCE_MS,
        entryMaxAgeMs: SECONDS_ENTRY_MAX_AGE_MS,
        periods: o.service.periods(true),
        pool,
        openContracts: reader.openCount(),
        houseUserId: o.houseUserId,
        settlement: o.settlement(),
      });
    },
  );

  app.put(
    `${base}/periods/:periodId`,
    {
      schema: {
        tags,
        summary: 'Create or change a period (duration, payout rate, quantity limits, enabled); audited',
        params: z.strictObject({ periodId: z.string().regex(/^[a-z0-9_-]{1,32}$/, 'validation.invalid') }),
        body: periodBodySchema,
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const operatorId = currentSession(request).principalId;
      const { periodId } = request.params;
      const b = request.body;
      const before = o.core().seconds().period(periodId) ?? null;
      const config: SecondsPeriodConfig = {
        periodId,
        durationSec: b.durationSec,
        rate: formatAmount(parseAmount(b.rate)),
        minStake: b.minStake,
        maxStake: b.maxStake,
        enabled: b.enabled,
        sort: b.sort,
      };
      const now = o.clock.now();
      const result = await o.core().submit({
        id: `seconds.period:${periodId}:${operatorId}:${now.getTime()}`,
        actor: `op:${operatorId}`,
        ts: now.getTime(),
        type: 'seconds.period',
        payload: config,
      });
      if (!result.ok) throw coreRefusal(result.error);
      await appendAudit(
        o.db,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'seconds.period.save',
          payload: { periodId, before, after: config, seq: result.seq },
        },
        now,
      );
      return reply.ok(config, 'success.secondsPeriodSaved');
    },
  );

  app.post(
    `${base}/pool`,
    {
      schema: {
        tags,
        summary:
          "Move USDT between the house account and the seconds pool (never below the pool's exposure); audited",
        body: poolBodySchema,
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const operatorId = currentSession(request).principalId;
      const { direction, amount } = request.body;
      const canonical = formatAmount(parseAmount(amount));
      const now = o.clock.now();
      const result = await o.core().submit({
        id: `seconds.pool:${operatorId}:${now.getTime()}:${direction}:${canonical}`,
        actor: `op:${operatorId}`,
        ts: now.getTime(),
        type: 'seconds.pool',
        payload: { userId: o.houseUserId, asset: SECONDS_ASSET, amount: canonical, direction },
      });
      if (!result.ok) throw coreRefusal(result.error);
      const poolAfter = o.core().systemBalance('seconds_pool', SECONDS_ASSET);
      await appendAudit(
        o.db,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'seconds.pool.move',
          payload: { direction, amount: canonical, asset: SECONDS_ASSET, poolAfter, seq: result.seq },
        },
        now,
      );
      return reply.ok(
        { asset: SECONDS_ASSET, balance: poolAfter, exposure: o.core().seconds().exposure(SECONDS_ASSET) },
        'success.secondsPoolMoved',
      );
    },
  );
};
