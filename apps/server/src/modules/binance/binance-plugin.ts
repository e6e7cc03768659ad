// The Binance-compatible API (docs/binance-compat.md): Binance's spot REST calls under /binance/api/v3 and
// its websocket streams under /binance/ws and /binance/stream, over the same services as our own API
// (spot orders through SpotService and the money core, market data from the market engine and the depth
// books, API keys and their verifier). Registered with the prefix /binance after the spot area; an
// encapsulated scope, so its error shape, body parser and not-found reply apply to these routes only.
import type { FastifyPluginAsync } from 'fastify';
import type { AreaPluginOptions } from '@/area-plugin';
import { MarketEngine } from '@/market/market-engine';
import type { ApiKeyVerifier } from '@/modules/security/api-key-auth';
import { RecentActivity } from './binance-activity';
import { binanceHttp } from './binance-http';
import { type BinanceLimits, DEFAULT_LIMITS, RequestLimiter } from './binance-limits';
import { BinanceOrderReader } from './binance-orders';
import { publicRoutes } from './binance-public-routes';
import { BinanceStreams } from './binance-streams';
import { tradingRoutes } from './binance-trading-routes';
import { userStreamRoutes } from './binance-user-stream';

export const BINANCE_PREFIX = '/binance';

export interface BinancePluginOptions extends AreaPluginOptions {
  verifier: ApiKeyVerifier;
  limits?: Partial<BinanceLimits>;
}

export const binancePlugin: FastifyPluginAsync<BinancePluginOptions> = async (
  app,
  { database, clock, verifier, limits },
) => {
  if (!app.hasDecorator('spot') || !app.hasDecorator('core') || !(app.market instanceof MarketEngine)) {
    app.log.warn('binance: no spot trading or market engine in this process; the Binance API is off');
    return;
  }
  const core = app.core;
  const markets = app.spot.markets;
  const platform = app.spot.platformUserIds;
  const isPlatform = (userId: bigint) => platform.has(userId.toString());
  const activity = new RecentActivity(core);
  await activity.seed(
    database.db,
    markets.all().map((r) => r.symbol),
  );
  const limiter = new RequestLimiter({ ...DEFAULT_LIMITS, ...limits });
  const reader = new BinanceOrderReader(database.db, core, markets, activity, isPlatform);
  const depth = app.hasDecorator('depth') ? app.depth : undefined;
  const sources = { markets, engine: app.market, depth, core, activity, clock, limiter };

  const http = binanceHttp(app, limiter, clock);
  publicRoutes(http, sources);
  tradingRoutes(http, { spot: app.spot.service, core, verifier, reader, activity, limiter, clock });

  const streams = new BinanceStreams(sources, { isPlatform: (id) => platform.has(id) });
  userStreamRoutes(http, app, { verifier, streams, clock, sources });

  app.addHook('onClose', async () => {
    streams.close();
    activity.close();
  });
};
