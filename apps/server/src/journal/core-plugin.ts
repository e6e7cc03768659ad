// The money core at run time: opens the journal, recovers state (snapshot + tail replay) and
// decorates `app.core`. Owned by the money-core work; see ../core for the pure state machine.
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import type { MoneyCore } from '@/core/types';

declare module 'fastify' {
  interface FastifyInstance {
    core: MoneyCore;
  }
}

export const corePlugin = fp<AreaPluginOptions>(async (_app, _opts) => {}, { name: 'corePlugin' });
