// The earn area (docs/earn.md): pledge mining, finance products with the member zone, power loans and
// DeFi mining. Money moves only through the money core's earn part (core/earn); this area keeps the
// non-money data in SQL, answers the routes, runs the accrual job and the labelled demo, and adds its
// kinds to the wallet's order centre. Registered after the wallet (asset limits, uploads, projection).
//
// Tiers: the member zone asks `app.earn.tiers.reader` for a user's tier. Until identity's tiers are
// wired in there (one assignment, see tiers.ts), every user has the default tier.
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import { AccrualJob } from './accrual-job';
import { DefiService } from './defi-service';
import { earnAdminRoutes } from './earn-admin-routes';
import { coreOf, type EarnContext } from './earn-context';
import { seedEarnDemo } from './earn-demo';
import { earnRoutes } from './earn-routes';
import { EarnSettings } from './earn-settings';
import { LoanService } from './loan-service';
import { OrderService } from './order-service';
import { PoolFundingService } from './pool-funding-service';
import { ProductService } from './product-service';
import { TierSource } from './tiers';

export interface EarnRuntime {
  products: ProductService;
  orders: OrderService;
  loans: LoanService;
  defi: DefiService;
  fundings: PoolFundingService;
  settings: EarnSettings;
  /** Where the member zone reads tiers: assign `tiers.reader` to wire identity's. */
  tiers: TierSource;
  job: AccrualJob;
}

declare module 'fastify' {
  interface FastifyInstance {
    earn: EarnRuntime;
  }
}

/** How long a write waits for its own history row before answering (the projection is usually ms behind). */
const PROJECTION_WAIT_MS = 2_000;

export const earnPlugin = fp<AreaPluginOptions>(
  async (app, { config, database, clock }) => {
    if (!app.hasDecorator('core')) {
      app.log.warn('earn: no money core in this process; pledge, finance, loans and DeFi are off');
      return;
    }
    const wallet = app.hasDecorator('wallet') ? app.wallet : undefined;
    const settings = new EarnSettings(database.db, clock);
    const tiers = new TierSource();
    const platform = () => app.services.settings.get('platform');
    const ctx: EarnContext = {
      db: database.db,
      clock,
      config,
      core: () => coreOf(app.core),
      asset: (code) => wallet?.assets.find(code),
      assetCodes: () => wallet?.assets.all().map((a) => a.asset) ?? [],
      enabled: async (product) => (await platform()).features[product] !== false,
      brand: async () => (await platform()).brandName,
      settings,
      tiers,
      projected: async (seq) => {
        const projection = wallet?.projection;
        if (!projection) return;
        const until = Date.now() + PROJECTION_WAIT_MS;
        while (projection.status().cursor < seq && Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      },
    };
    const products = new ProductService(ctx);
    const orders = new OrderService(ctx, products);
    const loans = new LoanService(ctx, products);
    const defi = new DefiService(ctx, orders);
    const fundings = new PoolFundingService(app, ctx);
    const log = {
      warn: (details: Record<string, unknown>, message: string) => app.log.warn(details, message),
    };
    const job = new AccrualJob(ctx, clock, log);

    if (config.EARN_DEMO) {
      await seedEarnDemo(ctx, products).catch((err: unknown) =>
        app.log.error({ err }, 'earn demo not created'),
      );
    }

    app.decorate('earn', {
      products,
      orders,
      loans,
      defi,
      fundings,
      settings,
      tiers,
      job,
    } satisfies EarnRuntime);
    await app.register(earnRoutes, {
      ctx,
      sessions: app.services.sessions,
      products,
      orders,
      loans,
      defi,
      rateLimitPerMinute: config.RATE_LIMIT_MONEY_PER_MINUTE,
    });
    await app.register(earnAdminRoutes, { products, loans, fundings, settings });

    // The order centre's earn kinds (/api/order/list?kind=...).
    for (const kind of ['pledge', 'finance', 'defi'] as const) {
      wallet?.orderSources.set(kind, (userId, q) =>
        orders.list(userId, {
          kind,
          status:
            q.status === 'active' || q.status === 'completed' || q.status === 'redeemed'
              ? q.status
              : undefined,
          current: q.current,
          size: q.size,
        }),
      );
    }
    wallet?.orderSources.set('loan', (userId, q) => loans.list(userId, { current: q.current, size: q.size }));

    const stopJob = config.EARN_ACCRUAL_CHECK_MS > 0 ? job.start(config.EARN_ACCRUAL_CHECK_MS) : undefined;
    // Registered after the core's close hook, so it runs first (hooks run in reverse).
    app.addHook('onClose', async () => {
      stopJob?.();
    });
  },
  { name: 'earnPlugin' },
);
