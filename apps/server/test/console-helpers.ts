// Helpers for the operator console tests: extra operators with their password already changed, and
// money put into a user's account through the core (the console only reads balances).
import type { FastifyInstance } from 'fastify';
import { auth, call } from './helpers';

/** Creates an operator (as `adminToken`), logs in and replaces the initial password; returns its token. */
export async function createOperator(
  app: FastifyInstance,
  adminToken: string,
  username: string,
  role: 'admin' | 'reviewer' | 'support',
): Promise<{ token: string; id: string }> {
  const initial = 'Init-Passw0rd';
  const created = await call<{ id: string }>(app, {
    method: 'POST',
    url: '/api/admin/operators',
    headers: auth(adminToken),
    payload: { username, role, password: initial },
  });
  if (created.status !== 200) throw new Error(`create operator failed: ${JSON.stringify(created.body)}`);
  const login = await call<{ satoken: string }>(app, {
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username, password: initial },
  });
  if (login.status !== 200) throw new Error(`operator login failed: ${JSON.stringify(login.body)}`);
  const token = login.body.data.satoken;
  const changed = await call(app, {
    method: 'POST',
    url: '/api/admin/auth/password',
    headers: auth(token),
    payload: { oldPassword: initial, newPassword: 'Second-Passw0rd' },
  });
  if (changed.status !== 200) throw new Error(`password change failed: ${JSON.stringify(changed.body)}`);
  return { token, id: created.body.data.id };
}

let depositSeq = 0;
/** Credits a user's spot account through the money core (as a confirmed deposit would). */
export async function fund(
  app: FastifyInstance,
  userId: string,
  asset: string,
  amount: string,
): Promise<void> {
  depositSeq += 1;
  const res = await app.core.submit({
    id: `test-deposit:${userId}:${depositSeq}:${Date.now()}`,
    actor: 'system',
    ts: app.clock.now().getTime(),
    type: 'deposit.credit',
    payload: { userId, asset, amount, ref: `test:${depositSeq}` },
  });
  if (!res.ok) throw new Error(`deposit failed: ${res.error}`);
}

export function available(
  app: FastifyInstance,
  userId: string,
  asset: string,
  accountType = 'spot' as const,
) {
  return app.core.balance(userId, asset, accountType).available;
}
