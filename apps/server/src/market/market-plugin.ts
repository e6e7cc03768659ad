// Market data: coins and markets, index price feeds, tickers and K-lines, their REST routes.
// Decorates `app.market` (the MarketApi of ./price-index.ts, implemented by MarketEngine) before later
// area plugins register, so the wallet and realtime areas can read prices and subscribe to events.
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import { marketAdminRoutes } from '@/modules/market/market-admin-routes';
import { marketRoutes } from '@/modules/market/market-routes';
import { MarketEngine } from './market-engine';

export const marketPlugin = fp<AreaPluginOptions>(
  async (app, { config, database, clock }) => {
    const engine = new MarketEngine(database.db, config, clock, app.log);
    await engine.start();
    app.decorate('market', engine);
    app.addHook('onClose', async () => engine.close());
    await app.register(marketRoutes, { engine, db: database.db, config, clock });
    await app.register(marketAdminRoutes, { engine, db: database.db, clock });
  },
  { name: 'marketPlugin' },
);
