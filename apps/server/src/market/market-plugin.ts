// Market data: coins and markets, index price feeds, tickers and K-lines, their REST routes.
// Decorates `app.market` (the MarketApi of ./price-index.ts, implemented by MarketEngine) before later
// area plugins register, so the wallet and realtime areas can read prices and subscribe to events.
// The engine holds the catalogue in memory; an operator's change reaches it through the invalidation bus.
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import { INVALIDATION_TOPICS } from '@/lib/invalidation-bus';
import { marketAdminRoutes } from '@/modules/market/market-admin-routes';
import { marketRoutes } from '@/modules/market/market-routes';
import { MarketEngine } from './market-engine';

export const marketPlugin = fp<AreaPluginOptions>(
  async (app, { config, database, clock }) => {
    const engine = new MarketEngine(database.db, config, clock, app.log);
    await engine.start();
    app.decorate('market', engine);
    app.addHook('onClose', async () => engine.close());
    const bus = app.services.invalidation;
    const unsubscribe = bus.subscribe(INVALIDATION_TOPICS.marketCatalog, () => engine.reload());
    app.addHook('onClose', async () => unsubscribe());
    await app.register(marketRoutes, {
      engine,
      db: database.db,
      clock,
      bus,
      settings: app.services.settings,
    });
    await app.register(marketAdminRoutes, { engine, db: database.db, clock, bus });
  },
  { name: 'marketPlugin' },
);
