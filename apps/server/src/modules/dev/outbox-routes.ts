// GET /api/dev/outbox: the development outbox in clear text, registered only when DEV_OUTBOX_API=true
// (tests and local demos without SMTP). Never enable it on a public deployment.
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { outboxMessages } from '@/db/schema';

export const outboxRoutes: FastifyPluginAsyncZod<{ db: Executor }> = async (app, { db }) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development outbox (DEV_OUTBOX_API only)',
        querystring: z.strictObject({ target: z.string().max(254).optional() }),
      },
    },
    async (request, reply) => {
      const target = request.query.target?.trim().toLowerCase();
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(target ? eq(outboxMessages.target, target) : undefined)
        .orderBy(desc(outboxMessages.id))
        .limit(50);
      return reply.ok(
        rows.map((r) => ({
          id: r.id.toString(),
          channel: r.channel,
          target: r.target,
          subject: r.subject,
          body: r.body,
          createTime: r.createdAt.toISOString(),
        })),
      );
    },
  );
};
