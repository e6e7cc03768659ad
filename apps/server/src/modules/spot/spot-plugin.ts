// Spot trading (docs/spot.md): market rules from the catalogue handed to the money core, the routes, the
// live feed of the engine's events, and the demo market maker. Registered after the wallet (the core must
// know the assets' limits before a market can be configured) and after realtime (the feed needs the depth
// books and the hubs).
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword } from '@/lib/passwords';
import { MarketMaker } from './market-maker';
import { seedDepth, startSpotFeed } from './spot-feed';
import { SpotMarkets } from './spot-markets';
import { spotRoutes } from './spot-routes';
import { SpotService } from './spot-service';

export interface SpotRuntime {
  markets: SpotMarkets;
  service: SpotService;
  /** Present when MARKET_MAKER is on. */
  marketMaker: MarketMaker | undefined;
  /** The platform's own accounts (the market maker's), by user id. */
  platformUserIds: ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    spot: SpotRuntime;
  }
}

/** Account names of the market maker's two platform accounts. */
export const PLATFORM_ACCOUNTS = { maker: 'platform-market-maker', taker: 'platform-market-taker' } as const;

/** The platform accounts' user ids, created once (status 'platform': they cannot sign in). */
async function platformAccounts(db: Db, now: Date): Promise<{ maker: string; taker: string }> {
  const names = Object.values(PLATFORM_ACCOUNTS);
  const find = () =>
    db.select({ id: users.id, account: users.account }).from(users).where(inArray(users.account, names));
  let rows = await find();
  if (rows.length < names.length) {
    for (const account of names.filter((n) => !rows.some((r) => r.account === n))) {
      await db
        .insert(users)
        .values({
          account,
          // Nobody knows this password, and status 'platform' refuses every login anyway.
          passwordHash: await hashPassword(randomBytes(32).toString('hex')),
          status: 'platform',
          inviteCode: `P${randomBytes(5).toString('hex').toUpperCase()}`,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
    }
    rows = await find();
  }
  const id = (name: string) => {
    const row = rows.find((r) => r.account === name);
    if (!row) throw new Error(`platform account ${name} missing`);
    return row.id.toString();
  };
  return { maker: id(PLATFORM_ACCOUNTS.maker), taker: id(PLATFORM_ACCOUNTS.taker) };
}

export const spotPlugin = fp<AreaPluginOptions>(
  async (app, { config, database, clock }) => {
    if (!app.hasDecorator('core')) {
      app.log.warn('spot: no money core in this process; spot trading is off');
      return;
    }
    const core = app.core;
    const market = () => (app.hasDecorator('market') ? app.market : undefined);
    const markets = new SpotMarkets(config, market);
    const report = (symbol: string, error: string) =>
      app.log.error(
        { symbol, error },
        'spot: the money core refused this market configuration; it is not tradable',
      );
    markets.refresh();
    await markets.sync(core, clock.now(), report);
    const offCatalog = market()?.on('catalog', () => {
      markets.refresh();
      void markets.sync(core, clock.now(), report);
    });

    const accounts = await platformAccounts(database.db, clock.now());
    const platformUserIds = new Set([accounts.maker, accounts.taker]);
    const isPlatform = (userId: string) => platformUserIds.has(userId);

    const service = new SpotService(
      database.db,
      clock,
      () => core,
      markets,
      (id) => isPlatform(id.toString()),
    );

    const depth = app.hasDecorator('depth') ? app.depth : undefined;
    seedDepth(core, markets, depth);
    // The recent trades from before a restart, before the feed adds new ones: the list is not empty and
    // the market's bars stay trade-based until its next trade (docs/market.md, "Trades"). Only those the
    // stored bars hold (up to their trade cursor): the feed's catch-up applies the later ones again from
    // the journal, from the same cursor (read once; only this process's bar writes move it, and they do
    // not before the catch-up).
    const tape = market();
    const tradeCursor = await tape?.tradeCursor();
    if (tape) {
      for (const r of markets.all())
        tape.seedTrades(r.symbol.toUpperCase(), await service.latestTrades(r.symbol, 50, tradeCursor));
    }
    const feed = startSpotFeed(core, markets, {
      depth,
      realtime: app.hasDecorator('realtime') ? app.realtime : undefined,
      market: tape,
      isPlatform,
    });
    await feed.catchUpTrades(tradeCursor, { warn: (m) => app.log.warn(m) });
    const marketMaker = config.MARKET_MAKER
      ? new MarketMaker(
          {
            core,
            markets,
            market,
            clock,
            makerId: accounts.maker,
            takerId: accounts.taker,
            log: { debug: (m) => app.log.debug(m), warn: (m) => app.log.warn(m) },
          },
          { levels: config.MARKET_MAKER_LEVELS },
        )
      : undefined;
    const stopMaker = marketMaker?.start(config.MARKET_MAKER_INTERVAL_MS);

    app.decorate('spot', { markets, service, marketMaker, platformUserIds } satisfies SpotRuntime);
    await app.register(spotRoutes, { spot: service, market, demoLiquidity: config.MARKET_MAKER });

    // Registered after the core's close hook, so it runs first (hooks run in reverse).
    app.addHook('onClose', async () => {
      stopMaker?.();
      offCatalog?.();
      feed.stop();
    });
  },
  { name: 'spotPlugin' },
);
