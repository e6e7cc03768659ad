// The money core at run time: opens the journal, recovers state (snapshot + tail replay) and
// decorates `app.core`. Owned by the money-core work; see ../core for the pure state machine.
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import type { MoneyCore } from '@/core/types';
import { openMoneyCore } from './money-core';

declare module 'fastify' {
  interface FastifyInstance {
    core: MoneyCore;
  }
}

export const corePlugin = fp<AreaPluginOptions>(
  async (app, { config, clock }) => {
    const core = await openMoneyCore({
      dir: config.JOURNAL_DIR ?? join(config.DATA_DIR, 'journal'),
      groupCommit: config.JOURNAL_GROUP_COMMIT,
      batchWindowMs: config.JOURNAL_BATCH_WINDOW_MS,
      snapshotEvery: config.JOURNAL_SNAPSHOT_EVERY,
      now: () => clock.now().getTime(),
      log: { info: (msg) => app.log.info(msg), warn: (msg) => app.log.warn(msg) },
    });
    app.decorate('core', core);
    // Runs after the later plugins' onClose hooks (hooks run in reverse), so nothing submits after this.
    app.addHook('onClose', async () => core.close());
  },
  { name: 'corePlugin' },
);
