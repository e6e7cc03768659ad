// Login log and devices ({api}/member/...). Every query is scoped to the caller: a user can never
// see or revoke another user's session (an id that is not theirs is simply not found).
import { pageQuerySchema, updateDeviceBodySchema } from '@coin/shared/auth-schemas';
import { idSchema } from '@coin/shared/wire-id';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { currentSession, currentUserId } from '@/modules/auth/auth-plugin';
import * as sessionRepo from '@/modules/auth/session-repository';
import type { SessionService } from '@/modules/auth/session-service';
import { pageLoginLogs } from '@/modules/user/user-repository';

export interface DeviceRoutesOptions {
  db: Executor;
  clock: Clock;
  /** Revocations go through the session service: it drops the session from memory and closes its sockets. */
  sessions: SessionService;
}

const idParam = z.strictObject({ id: idSchema });
const tags = ['member'];
const security = [{ satoken: [] }];
const base = '/api/mjkj-web/coin/member';

export const deviceRoutes: FastifyPluginAsyncZod<DeviceRoutesOptions> = async (
  app,
  { db, clock, sessions },
) => {
  app.get(
    `${base}/getLoginLog`,
    {
      schema: { tags, summary: 'Login history, newest first', querystring: pageQuerySchema, security },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const { current, size } = request.query;
      const { records, total } = await pageLoginLogs(db, currentUserId(request), current, size);
      return reply.ok({
        current,
        size,
        total,
        records: records.map((r) => ({
          id: r.id.toString(),
          method: r.method,
          success: r.success,
          reason: r.reason,
          ip: r.ip,
          userAgent: r.userAgent,
          deviceName: r.deviceName,
          createTime: r.createdAt.toISOString(),
        })),
      });
    },
  );

  app.get(
    `${base}/getLoginDevice`,
    { schema: { tags, summary: 'Signed-in devices', security }, preValidation: app.requireUser },
    async (request, reply) => {
      const me = currentSession(request);
      const rows = await sessions.listLive('user', currentUserId(request));
      const now = clock.now().getTime();
      return reply.ok(
        rows
          .filter((r) => r.expiresAt.getTime() > now)
          .map((r) => ({
            id: r.id.toString(),
            deviceName: r.deviceName,
            ip: r.ip,
            userAgent: r.userAgent,
            createTime: r.createdAt.toISOString(),
            lastSeenTime: r.lastSeenAt.toISOString(),
            current: r.id === me.id,
          })),
      );
    },
  );

  app.post(
    `${base}/deleteDevice/:id`,
    {
      schema: { tags, summary: 'Sign a device out (revokes its session)', params: idParam, security },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const row = await sessionRepo.findOwn(db, 'user', currentUserId(request), request.params.id);
      if (!row) throw new AppError('DEVICE_NOT_FOUND');
      await sessions.revoke(row.id, 'device_removed');
      return reply.ok(null, 'success.deviceRemoved');
    },
  );

  app.post(
    `${base}/updateDevice`,
    {
      schema: { tags, summary: 'Rename a device', body: updateDeviceBodySchema, security },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const row = await sessionRepo.findOwn(db, 'user', currentUserId(request), request.body.id);
      if (!row) throw new AppError('DEVICE_NOT_FOUND');
      await sessionRepo.renameSession(db, row.id, request.body.name);
      return reply.ok(null, 'success.deviceUpdated');
    },
  );
};
