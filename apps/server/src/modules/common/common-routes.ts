// Start-up and shell endpoints (issue 3): the platform config script, system settings, coin lists,
// customer-service and white-paper links, display-currency rates and phone country codes. All public.
// This module owns the operator-editable `settings` documents (schemas, defaults, service, admin routes);
// docs/settings.md explains them for operators.
// Every route here reads the settings snapshot in memory (SettingsService), and the script and the
// getAllSetting data are serialized once per snapshot, not per request.

import { DEFAULT_LANGUAGE } from '@coin/shared/languages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JsonBody, memoLast, sendOkBody } from '@/lib/json-reply';
import { countryCodes } from './country-codes';
import { platformScript } from './platform-script';
import { settingsAdminRoutes } from './settings-admin-routes';
import type { SettingsService, SettingsSnapshot } from './settings-service';

export interface CommonRoutesOptions {
  settings: SettingsService;
}

const tags = ['common'];

export const commonRoutes: FastifyPluginAsyncZod<CommonRoutesOptions> = async (app, { settings }) => {
  const scriptOf = memoLast(({ values }: SettingsSnapshot) => {
    const { brandName, logo, imageUrls, features } = values.platform;
    return Buffer.from(platformScript({ brandName, logo, imageUrls, features }));
  });
  const allSettingOf = memoLast(({ values, updatedAt }: SettingsSnapshot) =>
    JsonBody.of({
      brandName: values.platform.brandName,
      defaultLang: DEFAULT_LANGUAGE,
      languages: values.languages,
      defaultCurrency: values.defaultCurrency,
      currencies: values.currencies,
      appDownload: values.appDownload,
      ratesUpdatedAt: updatedAt.currencies?.toISOString() ?? null,
    }),
  );

  // These POSTs carry no payload, and some HTTP clients still send `Content-Type: application/json`
  // with an empty body, which Fastify rejects by default. Scoped to this plugin's routes only.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  app.get(
    '/platform/dev/config.js',
    {
      schema: {
        tags,
        summary:
          'Platform config as a script: window.__PLATFORM_CONFIG__ = { brandName, logo, imageUrls, features }',
        // The client appends a timestamp to defeat caches; it is accepted and ignored.
        querystring: z.object({ t: z.unknown().optional() }),
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('application/javascript; charset=utf-8')
        .send(scriptOf(await settings.snapshot())),
  );

  app.post(
    '/api/common/getAllSetting',
    {
      schema: { tags, summary: 'System settings for the shell: brand, languages, currencies, app download' },
    },
    async (_request, reply) => sendOkBody(reply, allSettingOf(await settings.snapshot())),
  );

  // POST /api/common/getCoinList is served by the market area (src/modules/market/market-routes.ts)
  // from its coin and market tables, with live prices.

  app.post(
    '/api/common/getCustomerService',
    { schema: { tags, summary: 'Customer-service links; the client opens the first one' } },
    async (_request, reply) => reply.ok({ data: await settings.get('customerService') }),
  );

  app.post(
    '/api/common/getWhitePaperSetting',
    { schema: { tags, summary: 'White-paper link (url null when none is published)' } },
    async (_request, reply) => reply.ok({ url: (await settings.get('whitePaper')).url }),
  );

  app.get(
    '/api/mjkj-web/coin/assets/getCoinRate',
    { schema: { tags, summary: 'Fiat display currencies with reference rates per 1 USDT' } },
    async (_request, reply) => reply.ok(await settings.get('currencies')),
  );

  // The spec lists no method (so POST); phone forms also fetch it with GET.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/user/getCountryCode',
    schema: { tags, summary: 'Countries with dialling codes, names in the request language' },
    handler: async (request, reply) => reply.ok(countryCodes(request.lang)),
  });

  await app.register(settingsAdminRoutes, { settings });
};
