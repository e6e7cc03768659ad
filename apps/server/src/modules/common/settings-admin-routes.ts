// Operator editing of the settings documents under /api/admin/settings (admin role only).
// Each key gets its own PUT route so its schema validates the body and appears in the OpenAPI docs;
// the parametric routes catch unknown keys.
import { pageQuerySchema } from '@coin/shared/auth-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/app-error';
import { currentSession } from '@/modules/auth/auth-plugin';
import { isSettingKey, SETTING_KEYS, settingSchemas } from './settings-schemas';
import type { SettingsService } from './settings-service';

export interface SettingsAdminRoutesOptions {
  settings: SettingsService;
}

const tags = ['admin'];
const security = [{ satoken: [] }];
const base = '/api/admin/settings';

export const settingsAdminRoutes: FastifyPluginAsyncZod<SettingsAdminRoutesOptions> = async (
  app,
  { settings },
) => {
  // preValidation: after the rate limiters (so rejected tokens still count) and before validation, so a
  // caller without the admin role learns nothing about the documents' schemas.
  const adminOnly = app.requireOperator(['admin']);

  app.get(
    base,
    {
      schema: { tags, summary: 'All setting documents: effective value, default, last saved', security },
      preValidation: adminOnly,
    },
    async (_request, reply) => reply.ok(await settings.list()),
  );

  app.get(
    `${base}/history`,
    {
      schema: {
        tags,
        summary: 'Settings changes from the audit log, newest first',
        querystring: pageQuerySchema.extend({
          key: z.enum(SETTING_KEYS, { error: 'validation.oneOf' }).optional(),
        }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const { key, current, size } = request.query;
      return reply.ok(await settings.history(key, current, size));
    },
  );

  for (const key of SETTING_KEYS) {
    app.put(
      `${base}/${key}`,
      {
        schema: {
          tags,
          summary: `Replace the ${key} setting document (audited)`,
          body: settingSchemas[key],
          security,
        },
        preValidation: adminOnly,
      },
      async (request, reply) =>
        reply.ok(await settings.update(currentSession(request).principalId, key, request.body)),
    );
  }

  const keyParams = z.strictObject({ key: z.string().max(64) });

  app.put(
    `${base}/:key`,
    {
      schema: { tags, summary: 'Unknown setting key', params: keyParams, security },
      preValidation: adminOnly,
    },
    async () => {
      throw new AppError('NOT_FOUND');
    },
  );

  app.delete(
    `${base}/:key`,
    {
      schema: { tags, summary: 'Reset a setting to its default (audited)', params: keyParams, security },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const { key } = request.params;
      if (!isSettingKey(key)) throw new AppError('NOT_FOUND');
      return reply.ok(await settings.reset(currentSession(request).principalId, key));
    },
  );
};
