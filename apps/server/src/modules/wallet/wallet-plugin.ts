// The wallet: balances, deposits, withdrawals, swap, transfer, bills, uploads, review queues.
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';

export const walletPlugin = fp<AreaPluginOptions>(async (_app, _opts) => {}, { name: 'walletPlugin' });
