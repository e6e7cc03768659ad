// Operator console API: users with balances, balance adjustments (two operators), audit log.
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';

export const consolePlugin = fp<AreaPluginOptions>(async (_app, _opts) => {}, { name: 'consolePlugin' });
