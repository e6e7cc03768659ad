// Operator console of spot margin under /api/admin/margin (admin role; every change audited): the
// overview (levels, leverages, lending pools with what is lent, interest earned and what the insurance
// fund covered, the insurance fund's balances, open loans count, the jobs' status), an asset's hourly
// rate and switch, and money into or out of a lending pool (only what is not lent may leave). There is no
// route that changes a user's debt or level.
import { formatAmount, parseAmount } from '@coin/shared/money';
import { decimalString } from '@coin/shared/wire-decimal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MoneyCore } from '@/core/types';
import type { Db } from '@/db/client';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import { currentSession } from '@/modules/auth/auth-plugin';
import type { MarginJobs } from './margin-jobs';
import { type MarginService, marginRefusal } from './margin-service';

export interface MarginAdminRoutesOptions {
  db: Db;
  clock: Clock;
  core: () => MoneyCore;
  service: MarginService;
  jobs: MarginJobs;
}

const tags = ['admin'];
const security = [{ satoken: [] }];
const base = '/api/admin/margin';
const coin = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^[A-Za-z0-9]{1,32}$/, 'validation.invalid');

export const marginAdminRoutes: FastifyPluginAsyncZod<MarginAdminRoutesOptions> = async (app, o) => {
  const adminOnly = app.requireOperator(['admin']);

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'Spot margin: levels, lending pools, insurance fund, open loans, jobs',
        security,
      },
      preValidation: adminOnly,
    },
    async (_request, reply) => {
      const core = o.core();
      const reader = core.margin();
      const pools = reader.pools();
      const accounts = reader.openAccounts();
      return reply.ok({
        config: reader.config() ?? null,
        pools,
        insuranceFund: pools.map((p) => ({
          asset: p.asset,
          balance: core.systemBalance('margin_insurance_fund', p.asset),
        })),
        openAccounts: accounts.length,
        lastAccruedHour:
          reader.lastAccruedHour() === 0 ? null : new Date(reader.lastAccruedHour()).toISOString(),
        jobs: o.jobs.status,
      });
    },
  );

  app.post(
    `${base}/pool/:coin`,
    {
      schema: {
        tags,
        summary:
          "A lending pool's hourly rate and switch, or money in/out of it (never what is lent); audited",
        params: z.strictObject({ coin }),
        body: z.strictObject({
          hourlyRate: decimalString({ maxDecimals: 12, max: '0.001' }).optional(),
          enabled: z.boolean({ error: 'validation.invalidType' }).optional(),
          direction: z.enum(['in', 'out'], { error: 'validation.oneOf' }).optional(),
          amount: decimalString({ maxDecimals: 8, positive: true, max: '1000000000000' }).optional(),
        }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const operatorId = currentSession(request).principalId;
      const asset = request.params.coin.toUpperCase();
      const core = o.core();
      const before = core.margin().pool(asset);
      if (before === undefined)
        throw new AppError('MARGIN_COIN_UNKNOWN', [{ field: 'coin', key: 'errors.MARGIN_COIN_UNKNOWN' }]);
      const { hourlyRate, enabled, direction, amount } = request.body;
      if ((direction === undefined) !== (amount === undefined))
        throw new AppError('MARGIN_AMOUNT_INVALID', [
          { field: 'amount', key: 'errors.MARGIN_AMOUNT_INVALID' },
        ]);
      const now = o.clock.now();
      const seqs: number[] = [];
      if (hourlyRate !== undefined || enabled !== undefined) {
        const rate = formatAmount(parseAmount(hourlyRate ?? before.hourlyRate));
        const r = await core.submit({
          id: `margin.pool.set:${operatorId}:${now.getTime()}:${asset}`,
          actor: `op:${operatorId}`,
          ts: now.getTime(),
          type: 'margin.pool.set',
          payload: { asset, hourlyRate: rate, enabled: enabled ?? before.enabled },
        });
        if (!r.ok) throw marginRefusal(r.error);
        seqs.push(r.seq);
      }
      if (direction !== undefined && amount !== undefined) {
        const canonical = formatAmount(parseAmount(amount));
        const r = await core.submit({
          id: `margin.pool.fund:${operatorId}:${now.getTime()}:${asset}:${direction}:${canonical}`,
          actor: `op:${operatorId}`,
          ts: now.getTime(),
          type: 'margin.pool.fund',
          payload: {
            asset,
            amount: direction === 'in' ? canonical : `-${canonical}`,
            source: 'adjustment',
            ref: `console:${operatorId}:${now.getTime()}`,
          },
        });
        if (!r.ok) throw marginRefusal(r.error);
        seqs.push(r.seq);
      }
      const after = core.margin().pool(asset);
      await appendAudit(
        o.db,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'margin.pool.change',
          payload: { asset, before, after, direction: direction ?? null, amount: amount ?? null, seqs },
        },
        now,
      );
      return reply.ok(after, 'success.marginPoolChanged');
    },
  );
};
