// Seconds contracts (docs/seconds.md): the periods handed to the money core (defaults on a fresh core),
// the platform's house account and (demo deployments) its labelled demo funding of the pool, the
// settlement job, the SETTLEMENT pushes, the routes and the console routes. Registered after the wallet
// (asset limits and the projection), realtime (the private channel) and the market (index ticks).
import { randomBytes } from 'node:crypto';
import { formatAmount, parseAmount } from '@coin/shared/money';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import type { SecondsOrderEvent, SecondsPeriodConfig } from '@/core/seconds/seconds-types';
import type { MoneyCore } from '@/core/types';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword } from '@/lib/passwords';
import { type SettlementStatus, secondsAdminRoutes } from './seconds-admin-routes';
import { secondsRoutes } from './seconds-routes';
import { RecentSettlements, SECONDS_ASSET, SecondsService } from './seconds-service';
import { orderFromEvent } from './seconds-views';
import { settleDue } from './settlement';
import { TickStore } from './tick-store';

export interface SecondsRuntime {
  service: SecondsService;
  ticks: TickStore;
  /** The platform account whose spot balance funds the pool. */
  houseUserId: string;
  /** One settlement pass now (the timer's work; tests call it after advancing their clock). */
  settleDue(): Promise<void>;
  settlement(): SettlementStatus;
}

declare module 'fastify' {
  interface FastifyInstance {
    seconds: SecondsRuntime;
  }
}

/** Account name of the house account (status 'platform': it cannot sign in). */
export const SECONDS_HOUSE_ACCOUNT = 'platform-seconds-house';

/** The periods a fresh core starts with (operators change them in the console). */
export const DEFAULT_PERIODS: SecondsPeriodConfig[] = [
  { periodId: '30s', durationSec: 30, rate: '0.8', minStake: '10', maxStake: '5000', enabled: true, sort: 1 },
  {
    periodId: '60s',
    durationSec: 60,
    rate: '0.85',
    minStake: '10',
    maxStake: '10000',
    enabled: true,
    sort: 2,
  },
  {
    periodId: '120s',
    durationSec: 120,
    rate: '0.88',
    minStake: '10',
    maxStake: '20000',
    enabled: true,
    sort: 3,
  },
  {
    periodId: '300s',
    durationSec: 300,
    rate: '0.9',
    minStake: '10',
    maxStake: '50000',
    enabled: true,
    sort: 4,
  },
];

async function houseAccount(db: Db, now: Date): Promise<string> {
  const find = () => db.select({ id: users.id }).from(users).where(eq(users.account, SECONDS_HOUSE_ACCOUNT));
  let [row] = await find();
  if (row === undefined) {
    await db
      .insert(users)
      .values({
        account: SECONDS_HOUSE_ACCOUNT,
        // Nobody knows this password, and status 'platform' refuses every login anyway.
        passwordHash: await hashPassword(randomBytes(32).toString('hex')),
        status: 'platform',
        inviteCode: `P${randomBytes(5).toString('hex').toUpperCase()}`,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    [row] = await find();
  }
  if (row === undefined) throw new Error(`platform account ${SECONDS_HOUSE_ACCOUNT} missing`);
  return row.id.toString();
}

/** A fresh core gets the default periods; after that only operators change them. */
async function seedPeriods(core: MoneyCore, ts: number): Promise<void> {
  if (core.seconds().periods().length > 0) return;
  for (const p of DEFAULT_PERIODS) {
    const r = await core.submit({
      id: `seconds.period:default:${p.periodId}`,
      actor: 'system:seconds',
      ts,
      type: 'seconds.period',
      payload: p,
    });
    if (!r.ok) throw new Error(`seconds: default period ${p.periodId} refused: ${r.error}`);
  }
}

/** Demo deployments: the pool is topped up to `target` with labelled demo money through the house account. */
async function fundDemoPool(core: MoneyCore, houseUserId: string, target: string, ts: number): Promise<void> {
  const missing = parseAmount(target) - parseAmount(core.systemBalance('seconds_pool', SECONDS_ASSET));
  if (missing <= 0n) return;
  const amount = formatAmount(missing as ReturnType<typeof parseAmount>);
  const ref = `seconds-demo-pool:${ts}`;
  const funded = await core.submit({
    id: `demo.fund:${ref}`,
    actor: 'system:seconds',
    ts,
    type: 'demo.fund',
    payload: { userId: houseUserId, asset: SECONDS_ASSET, amount, ref },
  });
  if (!funded.ok) throw new Error(`seconds: demo pool funding refused: ${funded.error}`);
  const moved = await core.submit({
    id: `seconds.pool:${ref}`,
    actor: 'system:seconds',
    ts,
    type: 'seconds.pool',
    payload: { userId: houseUserId, asset: SECONDS_ASSET, amount, direction: 'in' },
  });
  if (!moved.ok) throw new Error(`seconds: demo pool move refused: ${moved.error}`);
}

export const secondsPlugin = fp<AreaPluginOptions>(
  async (app, { config, database, clock }) => {
    if (!app.hasDecorator('core')) {
      app.log.warn('seconds: no money core in this process; seconds contracts are off');
      return;
    }
    const core = app.core;
    const db = database.db;
    const market = () => (app.hasDecorator('market') ? app.market : undefined);
    const now = clock.now();
    await seedPeriods(core, now.getTime());
    const houseUserId = await houseAccount(db, now);
    const demoPool = config.SECONDS_DEMO_POOL ?? (config.MARKET_MAKER ? '1000000' : '0');
    if (demoPool !== '0') await fundDemoPool(core, houseUserId, demoPool, now.getTime());

    const projection = app.hasDecorator('wallet') ? app.wallet.projection : undefined;
    const recent = new RecentSettlements(() => projection?.status().cursor ?? 0);
    const settings = app.services.settings;
    const service = new SecondsService(
      db,
      clock,
      () => core,
      market,
      {
        deployment: config.SECONDS_ENABLED,
        blockedCountries: config.SECONDS_BLOCKED_COUNTRIES,
        feature: async () => (await settings.get('platform')).features.seconds,
      },
      recent,
    );
    const ticks = new TickStore(db);

    // Settled contracts: pushed to their owner (SETTLEMENT) and listed until the projection has them.
    const realtime = app.hasDecorator('realtime') ? app.realtime : undefined;
    const offFeed = core.subscribe((events) => {
      for (const e of events) {
        if (e.type !== 'seconds.order' || e.status === 'open') continue;
        recent.add(e as SecondsOrderEvent);
        if (realtime?.listensTo(e.userId))
          realtime.publishUser(e.userId, 'SETTLEMENT', { product: 'seconds', ...orderFromEvent(e) });
      }
    });

    // The settlement job: one pass at a time, at start (contracts that expired while the server was down)
    // and then every SECONDS_SETTLE_INTERVAL_MS.
    const status: SettlementStatus = { lastRunAt: null, lastError: null, settleCommands: 0, voidCommands: 0 };
    let running: Promise<void> | undefined;
    const log = { warn: (details: Record<string, unknown>, m: string) => app.log.warn(details, m) };
    const pass = async () => {
      const at = clock.now().getTime();
      try {
        const r = await settleDue(core, ticks, at, log);
        status.settleCommands += r.settle;
        status.voidCommands += r.void;
        status.lastError = null;
      } catch (err) {
        status.lastError = err instanceof Error ? err.message : String(err);
        app.log.error({ err }, 'seconds settlement pass failed');
      }
      status.lastRunAt = at;
    };
    const settleOnce = () => {
      running ??= pass().finally(() => {
        running = undefined;
      });
      return running;
    };
    const timer =
      config.SECONDS_SETTLE_INTERVAL_MS > 0
        ? setInterval(() => void settleOnce(), config.SECONDS_SETTLE_INTERVAL_MS)
        : undefined;
    timer?.unref();

    app.decorate('seconds', {
      service,
      ticks,
      houseUserId,
      settleDue: settleOnce,
      settlement: () => ({ ...status }),
    } satisfies SecondsRuntime);
    await app.register(secondsRoutes, { service, ticks });
    await app.register(secondsAdminRoutes, {
      db,
      clock,
      core: () => core,
      service,
      houseUserId,
      blockedCountries: config.SECONDS_BLOCKED_COUNTRIES,
      deployment: config.SECONDS_ENABLED,
      settlement: () => ({ ...status }),
    });
    if (config.SECONDS_SETTLE_INTERVAL_MS > 0) app.addHook('onReady', async () => void settleOnce());

    // Registered after the core's close hook, so it runs first (hooks run in reverse).
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
      offFeed();
    });
  },
  { name: 'secondsPlugin' },
);
