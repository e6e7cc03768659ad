// Operator console API: users with balances, balance adjustments (two operators), audit log.
// See docs/admin-console.md. Runs after the core plugin, so `app.core` is visible here; it is read at
// request time, so the console still answers (without balances) when no core is running.
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import { AdjustmentService } from './console-adjustments';
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
  },
  { name: 'consolePlugin' },
);
