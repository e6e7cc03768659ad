// Identity, grades and referral (issue 13, docs/identity.md): certification and its operator review,
// bank card and payment methods, contact binding, computed tiers, the promotion lists and agents.
// Registered after the core, market and wallet areas: it reads balances from `app.core`, prices from
// `app.market`, uploads from the wallet's table, and feeds the referrer chain to the core.
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import { loadAppSecret } from '@/lib/app-secret';
import { INVALIDATION_TOPICS } from '@/lib/invalidation-bus';
import { UserInfoReader } from '@/modules/user/user-info';
import { AgentService } from './agent-service';
import { BankService } from './bank-service';
import { GradeService } from './grade-service';
import { identityAdminRoutes } from './identity-admin-routes';
import { identityRoutes } from './identity-routes';
import { KycService } from './kyc-service';
import { PiiCipher } from './pii';
import { ReferralCoreSync } from './referral-core';
import { ReferralService } from './referral-service';
import { marketValuation } from './volumes';

export interface IdentityRuntime {
  kyc: KycService;
  bank: BankService;
  grades: GradeService;
  referral: ReferralService;
  agents: AgentService;
  /** The referrer chain and rebate shares as the money core has them (undefined without a core). */
  referralCore: ReferralCoreSync | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityRuntime;
  }
}

export const identityPlugin = fp<AreaPluginOptions>(
  async (app, { config, database, clock }) => {
    const db = database.db;
    const secret = await loadAppSecret(db, config.APP_SECRET, clock.now());
    const pii = PiiCipher.from(config.PII_ENCRYPTION_KEY, secret);
    const valuation = marketValuation(() => (app.hasDecorator('market') ? app.market : undefined));
    const core = () => (app.hasDecorator('core') ? app.core : undefined);
    const { settings, invalidation, codes } = app.services;
    const infos = new UserInfoReader(db, invalidation);

    const kyc = new KycService(db, clock, pii, invalidation);
    const bank = new BankService(db, clock, pii, kyc, codes, infos);
    const grades = new GradeService(db, clock, settings, valuation, core, infos);
    const referral = new ReferralService(
      db,
      clock,
      valuation,
      async () => (await settings.get('referral')).shares,
    );
    const agents = new AgentService(db, clock, valuation);

    const coreNow = core();
    const referralCore = coreNow
      ? new ReferralCoreSync(db, coreNow, settings, clock, (details, message) =>
          app.log.warn(details, message),
        )
      : undefined;
    if (referralCore) {
      // The rebate shares, then every referrer link SQL has and the core lacks (the one-off backfill for
      // users who registered before the core knew the chain, and any link a crash left unsent).
      await referralCore.configure();
      await referralCore.backfill();
      const stopRegistered = app.services.accounts.onRegistered((user) =>
        referralCore.link(user.id, user.referrerId),
      );
      const stopSettings = invalidation.subscribe(INVALIDATION_TOPICS.settings, () =>
        referralCore.configure(),
      );
      app.addHook('onClose', async () => {
        stopRegistered();
        stopSettings();
      });
    }

    app.decorate('identity', { kyc, bank, grades, referral, agents, referralCore } satisfies IdentityRuntime);

    await app.register(identityRoutes, {
      kyc,
      bank,
      grades,
      referral,
      agents,
      writesPerMinute: config.RATE_LIMIT_MONEY_PER_MINUTE,
    });
    await app.register(identityAdminRoutes, { kyc, agents, grades });

    if (config.GRADE_RECOMPUTE_MS > 0) {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        grades
          .refreshAll((userId, err) =>
            app.log.warn({ err, userId: userId.toString() }, 'grade refresh failed'),
          )
          .catch((err: unknown) => app.log.warn({ err }, 'grade job failed'))
          .finally(() => {
            running = false;
          });
      }, config.GRADE_RECOMPUTE_MS);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'identityPlugin' },
);
