// What every area plugin registered by app.ts receives.
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';

export interface AreaPluginOptions {
  config: AppConfig;
  database: Database;
  clock: Clock;
}
