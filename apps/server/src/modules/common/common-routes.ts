// Start-up and shell endpoints (issue 3): platform config, system settings, customer service and
// white-paper links. Filled in by the web-shell work.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '@/config';
import type { Executor } from '@/db/client';
import type { Clock } from '@/lib/clock';

export interface CommonRoutesOptions {
  db: Executor;
  config: AppConfig;
  clock: Clock;
}

export const commonRoutes: FastifyPluginAsyncZod<CommonRoutesOptions> = async () => {};
