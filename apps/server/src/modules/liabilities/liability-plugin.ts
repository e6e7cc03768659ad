// Proof of liabilities (docs/proof-of-liabilities.md): owns the snapshot job, the published snapshots and
// roots (SQL tables liability_*), and each user's inclusion proofs. Reads the money core's ledger only
// (never submits a command). The daily job runs on the app clock: every LIABILITIES_CHECK_MS it takes the
// day's snapshot once it is due and not yet taken (idempotent per UTC day, also across processes).
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import { liabilityAdminRoutes } from './liability-admin-routes';
import { liabilityRoutes } from './liability-routes';
import { LiabilityService } from './liability-service';

declare module 'fastify' {
  interface FastifyInstance {
    liabilities: LiabilityService;
  }
}

export const liabilitiesPlugin = fp<AreaPluginOptions>(
  async (app, { config, database, clock }) => {
    const liabilities = new LiabilityService(database.db, clock, {
      core: () => (app.hasDecorator('core') ? app.core : undefined),
      simulatedChain: config.CHAIN_ADAPTER === 'simulated',
      dailyHourUtc: config.LIABILITIES_SNAPSHOT_HOUR_UTC,
      cacheLeaves: config.LIABILITIES_CACHE_LEAVES,
    });
    app.decorate('liabilities', liabilities);
    await app.register(liabilityRoutes, { liabilities });
    await app.register(liabilityAdminRoutes, { liabilities });

    const every = config.LIABILITIES_CHECK_MS;
    if (every > 0) {
      let running: Promise<unknown> = Promise.resolve();
      const check = () => {
        running = liabilities
          .runDue()
          .catch((err: unknown) => app.log.error({ err }, 'daily liabilities snapshot failed'));
      };
      let timer: ReturnType<typeof setInterval> | undefined;
      app.addHook('onReady', async () => {
        check();
        timer = setInterval(check, every);
        timer.unref();
      });
      // Registered after the core's hook, so it runs first (hooks run in reverse): no read of a closed core.
      app.addHook('onClose', async () => {
        if (timer !== undefined) clearInterval(timer);
        await running;
      });
    }
  },
  { name: 'liabilitiesPlugin' },
);
