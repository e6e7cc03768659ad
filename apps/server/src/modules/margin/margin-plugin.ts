// Spot margin (docs/margin.md): the default configuration and lending pools handed to a fresh core, the
// labelled demo funding of the pools, the jobs (interest, margin calls, liquidation), the margin-call
// pushes and emails, the user routes and the console routes. Registered after spot (markets), realtime
// (the private channel) and the market (index prices).
import { DEFAULT_LANGUAGE } from '@coin/shared/languages';
import { formatAmount, parseAmount } from '@coin/shared/money';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import type { MarginConfig } from '@/core/margin/margin-types';
import type { MoneyCore } from '@/core/types';
import { users } from '@/db/schema';
import { t } from '@/i18n/translate';
import { VALUATION_ASSET } from './liquidator';
import { marginAdminRoutes } from './margin-admin-routes';
import { type MarginCall, MarginJobs } from './margin-jobs';
import { marginRoutes } from './margin-routes';
import { MarginService, orderRefusal } from './margin-service';

export interface MarginRuntime {
  service: MarginService;
  jobs: MarginJobs;
}

declare module 'fastify' {
  interface FastifyInstance {
    margin: MarginRuntime;
  }
}

/** Hourly rates of a fresh core: about 3.65 % a year for USDT, 1.75 % for coins. */
const DEFAULT_RATES: Record<string, string> = { USDT: '0.0000041667' };
const DEFAULT_COIN_RATE = '0.000002';
/** What each demo pool is funded with, in USDT value (labelled demo money from demo_funding). */
const DEMO_POOL_USDT = 1_000_000n;

async function seed(
  core: MoneyCore,
  pairs: { symbol: string; base: string; quote: string }[],
  ts: number,
): Promise<void> {
  if (core.margin().config() !== undefined) return;
  const config: MarginConfig = {
    // Below the 10x borrowing threshold (10/9 = 1.111...), so a fully used 10x account is not warned at once.
    callLevel: '1.1',
    liquidationLevel: '1.05',
    crossLeverage: 3,
    isolatedLeverages: [3, 5, 10],
    pairs,
  };
  const run = async (id: string, type: 'margin.configure' | 'margin.pool.set', payload: unknown) => {
    const r = await core.submit({ id, actor: 'system:margin', ts, type, payload } as Parameters<
      MoneyCore['submit']
    >[0]);
    if (!r.ok) throw new Error(`margin: ${id} refused: ${r.error}`);
  };
  const assets = new Set<string>([VALUATION_ASSET, ...pairs.map((p) => p.base)]);
  for (const asset of [...assets].sort()) {
    await run(`margin.pool.set:default:${asset}`, 'margin.pool.set', {
      asset,
      hourlyRate: DEFAULT_RATES[asset] ?? DEFAULT_COIN_RATE,
      enabled: true,
    });
  }
  await run('margin.configure:default', 'margin.configure', config);
}

/** Demo deployments: each pool gets about 1,000,000 USDT worth of labelled demo money, once. */
async function fundDemoPools(
  core: MoneyCore,
  usdtPrice: (asset: string) => string | undefined,
  ts: number,
  warn: (m: string) => void,
): Promise<void> {
  for (const pool of core.margin().pools()) {
    if (parseAmount(pool.balance) > 0n || parseAmount(pool.lent) > 0n) continue;
    const price = pool.asset === VALUATION_ASSET ? '1' : usdtPrice(pool.asset);
    if (price === undefined) continue;
    const p = parseAmount(price);
    if (p <= 0n) continue;
    const ONE = 10n ** 18n;
    let amount = ((DEMO_POOL_USDT * ONE * ONE) / p / ONE) * ONE;
    const max = core.assetLimits(pool.asset)?.maxAmount;
    if (max !== undefined && amount > max) amount = (max / ONE) * ONE;
    if (amount <= 0n) continue;
    const r = await core.submit({
      id: `margin.pool.fund:demo:${pool.asset}`,
      actor: 'system:margin',
      ts,
      type: 'margin.pool.fund',
      payload: {
        asset: pool.asset,
        amount: formatAmount(amount as ReturnType<typeof parseAmount>),
        source: 'demo_funding',
        ref: `margin-demo-pool:${pool.asset}`,
      },
    });
    if (!r.ok) warn(`margin: demo funding of the ${pool.asset} pool refused: ${r.error}`);
  }
}

export const marginPlugin = fp<AreaPluginOptions>(
  async (app, { config, database, clock }) => {
    if (!app.hasDecorator('core') || !app.hasDecorator('spot')) {
      app.log.warn('margin: no money core or spot markets in this process; margin is off');
      return;
    }
    const core = app.core;
    const db = database.db;
    const market = () => (app.hasDecorator('market') ? app.market : undefined);
    const now = clock.now().getTime();
    const pairs = app.spot.markets
      .all()
      .filter((m) => m.quote === VALUATION_ASSET)
      .map((m) => ({ symbol: m.symbol, base: m.coin, quote: m.quote }));
    await seed(core, pairs, now);
    if (config.MARGIN_DEMO_POOLS)
      await fundDemoPools(
        core,
        (a) => market()?.usdtPrice(a),
        now,
        (m) => app.log.warn(m),
      );

    const service = new MarginService(db, clock, () => core, market, app.spot.markets);
    const realtime = app.hasDecorator('realtime') ? app.realtime : undefined;
    const sender = app.services.sender;
    const warn = async (call: MarginCall) => {
      realtime?.publishUser(call.userId, 'MARGIN_CALL', { kind: 'warning', ...call });
      if (!/^\d{1,19}$/.test(call.userId)) return;
      const [u] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, BigInt(call.userId)));
      if (!u?.email) return;
      const vars = { level: call.level, call: call.callLevel, liquidation: call.liquidationLevel };
      await sender.send({
        channel: 'email',
        target: u.email,
        subject: t(DEFAULT_LANGUAGE, 'mail.marginCallSubject', vars),
        body: t(DEFAULT_LANGUAGE, 'mail.marginCallBody', vars),
        lang: DEFAULT_LANGUAGE,
        userId: BigInt(call.userId),
      });
    };
    const jobs = new MarginJobs(() => core, service, clock, {
      warn,
      liquidated: (userId, account, outcome) =>
        realtime?.publishUser(userId, 'MARGIN_CALL', { kind: 'liquidated', userId, account, outcome }),
      log: { warn: (details, m) => app.log.warn(details, m) },
    });
    const timer =
      config.MARGIN_CHECK_MS > 0 ? setInterval(() => void jobs.runDue(), config.MARGIN_CHECK_MS) : undefined;
    timer?.unref();

    app.decorate('margin', { service, jobs } satisfies MarginRuntime);
    // Spot orders may draw on a margin account (not while it is being liquidated), auto-borrow and
    // auto-repay.
    app.spot.service.margin = {
      account: (userId, code, symbol) => service.orderAccount(userId, code, symbol),
      prices: () => service.prices(),
      refusal: (error) => orderRefusal(error),
    };
    // The wallet's transfer call moves money in and out of margin accounts through the margin commands.
    if (app.hasDecorator('wallet'))
      app.wallet.exchange.marginTransfers = {
        transfer: (u, input, key) => service.wireTransfer(u, input, key),
      };
    await app.register(marginRoutes, { service });
    await app.register(marginAdminRoutes, { core: () => core, service, jobs, clock, db });
    if (config.MARGIN_CHECK_MS > 0) app.addHook('onReady', async () => void jobs.runDue());
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await jobs.idle();
    });
  },
  { name: 'marginPlugin' },
);
