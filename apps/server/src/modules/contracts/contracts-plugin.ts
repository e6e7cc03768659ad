// Perpetual contracts (docs/contracts.md): the markets handed to the money core, the routes, the risk
// jobs (index ticks -> mark, TP/SL, liquidation; funding), POSITION and ORDER pushes on the private
// channel, and the demo market maker on the contract books. Registered after spot (its platform maker
// account), the wallet (asset limits) and realtime.
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import { users } from '@/db/schema';
import { PLATFORM_ACCOUNTS } from '@/modules/spot/spot-plugin';
import { type ContractAccess, contractAccess } from './contract-access';
import { contractAdminRoutes } from './contract-admin-routes';
import { ContractHistory } from './contract-history';
import { contractPass, type JobStatus } from './contract-jobs';
import { CONTRACT_KLINE_TYPES, ContractKlineFeed, type ContractKlineType } from './contract-klines';
import { ContractMaker } from './contract-maker';
import { loadMarkBars, MARK_BARS_SAVE_MS, saveMarkBars } from './contract-mark-bars';
import { ContractMarkets } from './contract-markets';
import { contractRoutes } from './contract-routes';
import { ContractService } from './contract-service';

export interface ContractsRuntime {
  markets: ContractMarkets;
  service: ContractService;
  history: ContractHistory;
  maker: ContractMaker | undefined;
  /** Live K-lines (CONTRACT_KLINE, MARK_KLINE) and the mark-price bars. */
  klines: ContractKlineFeed;
  /** The risk notice and country switches of a user (undefined: a guest). */
  access(userId: bigint | undefined): Promise<ContractAccess>;
  /** Where a user's country comes from (the identity area's certified country, wired in app.ts). */
  useCountrySource(source: (userId: bigint) => Promise<string | undefined>): void;
  /** Drops the cached country of a user (all: undefined) after a KYC decision. */
  forgetCountry(userId: string | undefined): void;
  /** One job pass now (the timer's work; tests call it after stepping the market). */
  pass(): Promise<void>;
  status(): JobStatus;
}

declare module 'fastify' {
  interface FastifyInstance {
    contracts: ContractsRuntime;
  }
}

export const contractsPlugin = fp<AreaPluginOptions>(
  async (app, { config, database, clock }) => {
    if (!app.hasDecorator('core')) {
      app.log.warn('contracts: no money core in this process; contracts are off');
      return;
    }
    const core = app.core;
    const market = () => (app.hasDecorator('market') ? app.market : undefined);
    const markets = new ContractMarkets(config, market, (asset) => core.assetLimits(asset) !== undefined);
    const report = (symbol: string, error: string) =>
      app.log.error({ symbol, error }, 'contracts: the money core refused this market configuration');
    markets.refresh();
    await markets.sync(core, clock.now(), report);
    const offCatalog = market()?.on('catalog', () => {
      markets.refresh();
      void markets.sync(core, clock.now(), report);
    });

    const service = new ContractService(clock, () => core, markets);
    const history = new ContractHistory(database.db, markets, clock);
    const realtime = app.hasDecorator('realtime') ? app.realtime : undefined;
    const settled = app.hasDecorator('wallet') ? () => app.wallet.projection.idle() : async () => {};
    const klines = new ContractKlineFeed(
      async (symbol, interval) => (await history.klines(symbol, interval, 1)).bars.at(-1),
      () => realtime?.publicHub,
      settled,
    );
    // The stored mark bars: the mark chart continues where it was before a restart, and a cluster gateway
    // starts from the core's (its replica's `contract.mark` events carry it on; only the process that runs
    // the passes writes them).
    klines.loadMarks(await loadMarkBars(database.db, clock.now().getTime()));
    let marksSavedAt = clock.now().getTime();
    const saveMarks = async () => {
      const rows = klines.takeChangedMarks();
      if (rows.length === 0) return;
      try {
        await saveMarkBars(database.db, rows);
      } catch (err) {
        klines.returnChangedMarks(rows);
        throw err;
      }
    };
    const offSubscribe = realtime?.onPublicSubscribe((message, send) => {
      if (!(CONTRACT_KLINE_TYPES as readonly string[]).includes(message.type)) return;
      if (!message.symbol || !message.interval) return;
      let symbol: string;
      try {
        symbol = markets.find(message.symbol).config.symbol;
      } catch {
        return; // not a contract market: the stream stays silent
      }
      klines.current(message.type as ContractKlineType, symbol, message.interval).then(
        (frame) => {
          if (frame) send(frame);
        },
        () => {},
      );
    });

    // The user's country for the risk notice and country switches: the certified one (identity).
    let countrySource: ((userId: bigint) => Promise<string | undefined>) | undefined;
    const countries = new Map<string, string | null>();
    const countryOf = async (userId: bigint): Promise<string | null> => {
      if (!countrySource) return null;
      const key = userId.toString();
      const cached = countries.get(key);
      if (cached !== undefined) return cached;
      const c = (await countrySource(userId)) ?? null;
      countries.set(key, c);
      return c;
    };
    const accessConfig = {
      notice: config.CONTRACTS_RISK_NOTICE,
      noticeCountries: config.CONTRACTS_RISK_NOTICE_COUNTRIES,
      blockedCountries: config.CONTRACTS_BLOCKED_COUNTRIES,
    };
    const access = async (userId: bigint | undefined) =>
      contractAccess(accessConfig, userId === undefined ? null : await countryOf(userId));
    const offFeed = core.subscribe((events) => {
      for (const e of events) {
        if (e.type === 'contract.mark') {
          // Every stored tick's mark: the mark-price bars (MARK_KLINE), here and on every gateway.
          klines.mark(e.symbol, e.mark, e.time);
        } else if (e.type === 'contract.trade') {
          klines.trade(e.symbol);
        } else if (e.type === 'contract.order') {
          if (realtime?.listensTo(e.userId))
            realtime.publishUser(e.userId, 'ORDER', { product: 'contract', ...service.orderFromEvent(e) });
        } else if (e.type === 'contract.position') {
          if (realtime?.listensTo(e.position.userId)) {
            let view: unknown = e.position;
            try {
              view = service.positionView(e.position);
            } catch {
              // a market no longer listed: the core's view as it is
            }
            realtime.publishUser(e.position.userId, 'POSITION', view);
          }
        }
      }
    });

    let maker: ContractMaker | undefined;
    if (config.MARKET_MAKER) {
      const [row] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.account, PLATFORM_ACCOUNTS.maker));
      if (row) maker = new ContractMaker(core, markets, market, clock, row.id.toString());
    }

    const status: JobStatus = { lastRunAt: null, lastError: null, ticks: 0, liquidations: 0, fundings: 0 };
    let running: Promise<void> | undefined;
    const once = async () => {
      try {
        await contractPass(core, markets, market(), clock, status);
        const now = clock.now().getTime();
        if (now - marksSavedAt >= MARK_BARS_SAVE_MS || config.MARKET_TICK_MS === 0) {
          marksSavedAt = now;
          await saveMarks();
        }
        await maker?.step();
        status.lastError = null;
      } catch (err) {
        status.lastError = err instanceof Error ? err.message : String(err);
        app.log.error({ err }, 'contracts pass failed');
      }
      status.lastRunAt = clock.now().getTime();
    };
    const pass = () => {
      running ??= once().finally(() => {
        running = undefined;
      });
      return running;
    };
    // Without a market timer (MARKET_TICK_MS=0: tests step the market by hand) there is no contract timer
    // either: tests call app.contracts.pass().
    const every = config.MARKET_TICK_MS > 0 ? config.CONTRACTS_TICK_MS : 0;
    const timer = every > 0 ? setInterval(() => void pass(), every) : undefined;
    timer?.unref();

    app.decorate('contracts', {
      markets,
      service,
      history,
      maker,
      klines,
      access,
      useCountrySource: (source) => {
        countrySource = source;
        countries.clear();
      },
      forgetCountry: (userId) => {
        if (userId === undefined) countries.clear();
        else countries.delete(userId);
      },
      pass,
      status: () => ({ ...status }),
    } satisfies ContractsRuntime);
    await app.register(contractRoutes, {
      service,
      history,
      demoLiquidity: config.MARKET_MAKER,
      access,
      klines,
    });

    await app.register(contractAdminRoutes, {
      core: () => core,
      service,
      history,
      status: () => ({ ...status }),
    });

    // Registered after the core's close hook, so it runs first (hooks run in reverse).
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
      await saveMarks().catch((err) => app.log.warn({ err }, 'contracts: writing the mark bars failed'));
      offCatalog?.();
      offFeed();
      offSubscribe?.();
      klines.close();
    });
  },
  { name: 'contractsPlugin' },
);
