// The wallet: balances, deposits, withdrawals, swap, transfer, bills, uploads, review queues.
// Money moves only through `app.core`; this area keeps requests, settings and read models in SQL.
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import { loadAppSecret } from '@/lib/app-secret';
import { BillProjection } from '@/projection/bill-projection';
import { BalanceService } from './balance-service';
import { BillService } from './bill-service';
import { type Scheduler, timerScheduler } from './chain/chain-adapter';
import { EvmCustody } from './chain/evm/evm-custody';
import { loadEvmSettings } from './chain/evm/evm-settings';
import { SimulatedChain } from './chain/simulated-chain';
import { custodyRoutes } from './custody-routes';
import { DepositService } from './deposit-service';
import { ExchangeService } from './exchange-service';
import { reviewRoutes } from './review-routes';
import { uploadRoutes } from './upload-routes';
import { UploadService } from './upload-service';
import { configureCoreAssets, WalletAssets } from './wallet-assets';
import { coreOrUnavailable, type WalletContext } from './wallet-context';
import { type OrderSources, walletRoutes } from './wallet-routes';
import { WithdrawCrypto } from './withdraw-crypto';
import { WithdrawService } from './withdraw-service';

export interface WalletRuntime {
  assets: WalletAssets;
  deposits: DepositService;
  withdrawals: WithdrawService;
  exchange: ExchangeService;
  uploads: UploadService;
  projection: BillProjection;
  /** The simulated chain when CHAIN_ADAPTER=simulated (tests mine blocks with it). */
  simulatedChain: SimulatedChain | undefined;
  /** Kinds of /api/order/list that other areas answer (they add theirs when they register). */
  orderSources: OrderSources;
  /** Real custody when CHAIN_ADAPTER=evm (tests call `tick()` with EVM_POLL_MS=0). */
  custody: EvmCustody | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletRuntime;
  }
}

export interface WalletPluginOptions extends AreaPluginOptions {
  /** Drives simulated blocks; the default is a real interval timer. */
  scheduler?: Scheduler;
}

export const walletPlugin = fp<WalletPluginOptions>(
  async (app, { config, database, clock, scheduler }) => {
    const db = database.db;
    const now = clock.now();
    const secret = await loadAppSecret(db, config.APP_SECRET, now);
    const assets = new WalletAssets(db);
    await assets.init(now);
    const ctx: WalletContext = {
      db,
      clock,
      config,
      secret,
      assets,
      core: () => coreOrUnavailable(app.hasDecorator('core') ? app.core : undefined),
      market: () => (app.hasDecorator('market') ? app.market : undefined),
    };
    const balances = new BalanceService(db, ctx.core, ctx.market, assets, app.services.settings);

    const custody =
      config.CHAIN_ADAPTER === 'evm'
        ? await EvmCustody.open({
            settings: loadEvmSettings(config),
            db,
            clock,
            assets,
            log: {
              info: (details, m) => app.log.info(details, m),
              warn: (details, m) => app.log.warn(details, m),
              error: (details, m) => app.log.error(details, m),
            },
          })
        : undefined;
    const simulated =
      config.CHAIN_ADAPTER === 'simulated'
        ? new SimulatedChain(
            secret,
            scheduler ?? timerScheduler,
            config.CHAIN_SIM_BLOCK_MS,
            () => Math.max(1, ...assets.all().map((a) => a.confirmations)),
            (err) => app.log.warn({ err }, 'simulated chain report failed'),
          )
        : undefined;
    const chain = simulated ?? custody;
    const deposits = new DepositService(ctx, chain, app.services.operators);
    const withdrawals = new WithdrawService(
      ctx,
      simulated !== undefined,
      app.services.security,
      custody?.payouts,
    );
    custody?.onPayout((withdrawalId, txid, outcome) =>
      outcome === 'hash'
        ? withdrawals.payoutHash(withdrawalId, txid)
        : withdrawals.completePayout(withdrawalId, txid, outcome),
    );
    const exchange = new ExchangeService(ctx, (id) => balances.isMerchant(id));
    const bills = new BillService(ctx);
    const uploads = new UploadService(db, clock, config.UPLOAD_DIR ?? join(config.DATA_DIR, 'uploads'));
    const crypto = await WithdrawCrypto.load(db, secret, now);
    const projection = new BillProjection(
      db,
      { warn: (details, m) => app.log.warn(details, m), error: (details, m) => app.log.error(details, m) },
      { now: () => clock.now() },
    );

    if (app.hasDecorator('core')) {
      await projection.start(app.core, now);
      await deposits.recover((message, err) => app.log.error({ err }, message));
      await withdrawals.recover();
      // After the repairs (which carry their first attempt's time): the core learns each asset's limits.
      await configureCoreAssets(app.core, assets, clock.now());
    }
    const stopChain = chain?.start((outputs) => deposits.observe(outputs));

    const orderSources: OrderSources = new Map();
    app.decorate('wallet', {
      orderSources,
      assets,
      deposits,
      withdrawals,
      exchange,
      uploads,
      projection,
      simulatedChain: simulated,
      custody,
    } satisfies WalletRuntime);

    await app.register(walletRoutes, {
      ctx,
      balances,
      deposits,
      withdrawals,
      exchange,
      bills,
      crypto,
      orderSources,
    });
    await app.register(reviewRoutes, { deposits, withdrawals });
    await app.register(custodyRoutes, { custody, adapter: config.CHAIN_ADAPTER });
    await app.register(uploadRoutes, {
      uploads,
      sessions: app.services.sessions,
      maxBytes: config.UPLOAD_MAX_BYTES,
      rateLimitPerMinute: config.RATE_LIMIT_MONEY_PER_MINUTE,
    });

    // Registered after the core's hook, so it runs before the core closes (hooks run in reverse).
    app.addHook('onClose', async () => {
      stopChain?.();
      await custody?.idle();
      // Flushes what is queued but never waits on a failing or hanging write (bounded).
      await projection.close();
    });
  },
  { name: 'walletPlugin' },
);
