// Content (issue 14; docs/content.md): news, notices, the help centre and article tree, the generic
// cgform data calls, the operator CMS, and the seed for a fresh start. SQL only; never touches money.
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import { CgformService } from './cgform';
import { contentAdminRoutes } from './content-admin-routes';
import { configFacts } from './content-facts';
import { contentRoutes } from './content-routes';
import { applyContentSeed } from './content-seed';
import { ContentService } from './content-service';

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentService;
  }
}

export const contentPlugin = fp<AreaPluginOptions>(
  async (app, { config, database, clock }) => {
    const settings = app.services.settings;
    const fixed = configFacts(config);
    const content = new ContentService(database.db, clock, async () => ({
      ...fixed,
      brand: (await settings.snapshot()).values.platform.brandName,
    }));
    app.decorate('content', content);
    if (config.CONTENT_SEED) {
      const applied = await applyContentSeed(database.db, clock, content);
      if (applied) app.log.info('content: seed content added (help centre, guide, fees, rules, legal texts)');
    }
    await app.register(contentRoutes, { content, cgform: new CgformService(content, settings) });
    await app.register(contentAdminRoutes, { content });
  },
  { name: 'contentPlugin' },
);
