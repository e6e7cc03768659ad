// Operator console API: users with balances, balance adjustments (two operators), audit log, the bill
// projection's status and failures.
// See docs/admin-console.md. Runs after the core plugin, so `app.core` is visible here; it is read at
// request time, so the console still answers (without balances) when no core is running.
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import { ProjectionFailureService } from '@/projection/projection-failures';
import { AdjustmentService } from './console-adjustments';
import { projectionRoutes } from './console-projection';
import { consoleRoutes } from './console-routes';
import { ConsoleUserService } from './console-users';

export const consolePlugin = fp<AreaPluginOptions>(
  async (app, { database, clock }) => {
    const db = database.db;
    await app.register(consoleRoutes, {
      db,
      adjustments: new AdjustmentService(app, db, clock),
      users: new ConsoleUserService(app, db),
    });
    // The bill projection runs (and has failures to manage) only where the wallet area has a money core.
    const projection =
      app.hasDecorator('wallet') && app.hasDecorator('core') ? app.wallet.projection : undefined;
    const failures =
      projection &&
      new ProjectionFailureService(db, clock, projection, {
        warn: (details, m) => app.log.warn(details, m),
        error: (details, m) => app.log.error(details, m),
      });
    await app.register(projectionRoutes, {
      projection: () =>
        projection && failures ? { status: () => projection.status(), failures } : undefined,
    });
  },
  { name: 'consolePlugin' },
);
