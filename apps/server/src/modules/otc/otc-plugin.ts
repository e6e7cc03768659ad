// OTC / P2P and merchants (issue 15; docs/otc.md). Registered after identity (KYC, payment methods),
// realtime (live messages, MQTT topic ownership) and chat (the order chat is the chat service's 'otc'
// kind). Decorates app.otc; runs the payment-time-limit job.
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import { AppError } from '@/lib/app-error';
import { INVALIDATION_TOPICS } from '@/lib/invalidation-bus';
import { MerchantService } from './merchant-service';
import { OrderService } from './order-service';
import { otcAdminRoutes } from './otc-admin-routes';
import type { OtcContext } from './otc-context';
import { otcRoutes } from './otc-routes';

export interface OtcRuntime {
  merchants: MerchantService;
  orders: OrderService;
  /** One pass of the timeout job now (tests call it after advancing the clock). */
  expireDue(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    otc: OtcRuntime;
  }
}

export const otcPlugin = fp<AreaPluginOptions>(
  async (app, { config, database, clock }) => {
    if (!app.hasDecorator('core')) {
      app.log.warn('otc: no money core in this process; OTC is off');
      return;
    }
    const core = app.core;
    const settings = app.services.settings;
    const ctx: OtcContext = {
      db: database.db,
      clock,
      core: () => core,
      kyc: () => (app.hasDecorator('identity') ? app.identity.kyc : undefined),
      bank: () => (app.hasDecorator('identity') ? app.identity.bank : undefined),
      usdtPrice: (asset) =>
        asset === 'USDT' ? '1' : app.hasDecorator('market') ? app.market.usdtPrice(asset) : undefined,
      fiatRate: async (fiat) => {
        if (fiat === 'USDT') return '1';
        const list = await settings.get('currencies');
        return list.find((c) => c.exchange_code === fiat)?.rate;
      },
      fiats: async () => ['USDT', ...(await settings.get('currencies')).map((c) => c.exchange_code)],
      settings: {
        deposit: config.OTC_MERCHANT_DEPOSIT,
        depositAsset: config.OTC_DEPOSIT_ASSET,
        appealWaitMs: config.OTC_APPEAL_WAIT_MS,
        secondApprovalAbove: config.OTC_SECOND_APPROVAL_ABOVE,
      },
      invalidateUser: (userId) =>
        app.services.invalidation.publish(INVALIDATION_TOPICS.userInfo, userId.toString()),
    };
    const merchants = new MerchantService(ctx);
    const chat = () => (app.hasDecorator('chat') ? app.chat : undefined);
    const orders = new OrderService(ctx, chat, app);

    chat()?.registerKind('otc', {
      operatorRoles: ['admin'],
      beforeSend(thread) {
        if (thread.state === 'closed') throw new AppError('CHAT_CLOSED');
      },
    });
    if (app.hasDecorator('realtime')) {
      const c = chat();
      app.realtime.setTopicOwnership({
        merchantIdsOf: (userId) => merchants.merchantIdsOf(userId),
        chatKeysOf: async (userId) => (c && /^\d{1,19}$/.test(userId) ? c.chatKeysOf(BigInt(userId)) : []),
      });
    }

    let running: Promise<number> | undefined;
    const expireDue = () => {
      running ??= orders.expireDue().finally(() => {
        running = undefined;
      });
      return running;
    };
    const timer =
      config.OTC_TIMEOUT_INTERVAL_MS > 0
        ? setInterval(
            () => void expireDue().catch((err: unknown) => app.log.error({ err }, 'otc timeout job')),
            config.OTC_TIMEOUT_INTERVAL_MS,
          )
        : undefined;
    timer?.unref();

    app.decorate('otc', { merchants, orders, expireDue } satisfies OtcRuntime);
    await app.register(otcRoutes, { merchants, orders });
    await app.register(otcAdminRoutes, { merchants, orders });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'otcPlugin' },
);
