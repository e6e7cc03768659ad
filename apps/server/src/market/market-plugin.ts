// Market data: coins and markets, index price feeds, tickers and K-lines, their REST routes.
// Decorates `app.market` (the MarketApi of ./price-index.ts, implemented by MarketEngine) before later
// area plugins register, so the wallet and realtime areas can read prices and subscribe to events.
// The engine holds the catalogue in memory; an operator's change reaches it through the invalidation bus.
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import { connectJournal } from '@/journal/jetstream-store';
import { INVALIDATION_TOPICS } from '@/lib/invalidation-bus';
import { marketAdminRoutes } from '@/modules/market/market-admin-routes';
import { marketRoutes } from '@/modules/market/market-routes';
import { MarketEngine, type MarketStep } from './market-engine';

/** The NATS subject a cluster's core publishes its market steps on (docs/operations.md). */
export const marketStepSubject = (stream: string) => `market.${stream}.step`;

export const marketPlugin = fp<AreaPluginOptions>(
  async (app, { config, database, clock }) => {
    // In a cluster only the core leader runs the index feeds (its simulator, or its polls of the external
    // sources); gateways follow its steps over NATS, so every gateway has the same ticks, tickers and
    // K-lines. (A standby core waits in the core plugin until it leads: it never gets here before.)
    const follower = config.ROLE === 'gateway';
    const natsUrl = follower
      ? (config.CORE_URL ?? config.JOURNAL_URL)
      : config.ROLE === 'core'
        ? config.JOURNAL_URL
        : undefined;
    const engine = new MarketEngine(
      database.db,
      config,
      clock,
      app.log,
      follower,
      config.ROLE === 'core' && natsUrl !== undefined,
    );
    const nc =
      natsUrl === undefined
        ? undefined
        : await connectJournal(natsUrl, { name: `coin-market-${config.ROLE}` });
    const subject = marketStepSubject(config.JOURNAL_STREAM);
    if (nc && follower) {
      // Listening before the engine loads the stored bars and ticks: steps that arrive meanwhile are
      // applied after the load (a step whose ticks were already stored is skipped by the engine). The
      // core publishes a step once its ticks and bars are committed, and the load reads one snapshot, so
      // every step is either in what the gateway loads or among what it receives.
      let buffered: MarketStep[] | undefined = [];
      const apply = (step: MarketStep) =>
        engine.applyStep(step).catch((e) => app.log.warn({ err: e }, 'market: applying a core step failed'));
      nc.subscribe(subject, {
        callback: (err, msg) => {
          if (err) return;
          const step = msg.json<MarketStep>();
          if (buffered) buffered.push(step);
          else void apply(step);
        },
      });
      // The server has the subscription before the load's snapshot is taken.
      await nc.flush();
      await engine.start();
      const pending = buffered;
      buffered = undefined;
      for (const step of pending) void apply(step);
    } else {
      await engine.start();
    }
    app.decorate('market', engine);
    app.addHook('onClose', async () => engine.close());
    if (nc) {
      if (!follower) {
        const off = engine.onStep((step) => {
          if (step.quotes.length > 0) nc.publish(subject, JSON.stringify(step));
        });
        app.addHook('onClose', async () => off());
      }
      // Registered after the engine's: runs before it (onClose hooks run in reverse order). Draining
      // ends the subscription.
      app.addHook('onClose', async () => nc.drain().catch(() => undefined));
    }
    const bus = app.services.invalidation;
    const unsubscribe = bus.subscribe(INVALIDATION_TOPICS.marketCatalog, () => engine.reload());
    app.addHook('onClose', async () => unsubscribe());
    await app.register(marketRoutes, {
      engine,
      db: database.db,
      clock,
      bus,
      settings: app.services.settings,
    });
    await app.register(marketAdminRoutes, { engine, db: database.db, clock, bus });
  },
  { name: 'marketPlugin' },
);
