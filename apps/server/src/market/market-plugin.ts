// Market data: coins and markets, index price feeds, tickers and K-lines, their REST routes.
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';

export const marketPlugin = fp<AreaPluginOptions>(async (_app, _opts) => {}, { name: 'marketPlugin' });
