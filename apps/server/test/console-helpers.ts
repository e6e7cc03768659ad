// Helpers for the operator console tests: extra operators with their password already changed, and
// money put into a user's account through the core (the console only reads balances).
import type { FastifyInstance } from 'fastify';
import type { ManualClock } from '@/lib/clock';
import { auth, call } from './helpers';

const INITIAL = 'Init-Passw0rd';
const CHANGED = 'Second-Passw0rd';

/** Logs in with the initial password and replaces it; returns the token. */
export async function firstLogin(app: FastifyInstance, username: string, initial = INITIAL): Promise<string> {
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
    payload: { oldPassword: initial, newPassword: CHANGED },
  });
  if (changed.status !== 200) throw new Error(`password change failed: ${JSON.stringify(changed.body)}`);
  return token;
}

/** Requests a new operator as `token`: the reply's data is the operator request. */
export function requestOperator(
  app: FastifyInstance,
  token: string,
  username: string,
  role: 'admin' | 'reviewer' | 'support',
  password = INITIAL,
) {
  return call<{ id: string; status: string; operatorId: string | null }>(app, {
    method: 'POST',
    url: '/api/admin/operators',
    headers: auth(token),
    payload: { username, role, password },
  });
}

export function decideOperatorRequest(
  app: FastifyInstance,
  token: string,
  id: string,
  action: 'approve' | 'reject',
  reason = 'not needed',
) {
  return call<{ id: string; status: string; operatorId: string | null }>(app, {
    method: 'POST',
    url: `/api/admin/operator-requests/${id}/${action}`,
    headers: auth(token),
    payload: action === 'reject' ? { reason } : {},
  });
}

/** Per app: the first admin's one solo addition, who requests the operators createOperator makes. */
const sponsors = new WeakMap<FastifyInstance, Promise<{ token: string; id: string }>>();

export function sponsorOf(
  app: FastifyInstance,
  firstAdminToken: string,
): Promise<{ token: string; id: string }> {
  let sponsor = sponsors.get(app);
  if (!sponsor) {
    sponsor = (async () => {
      const solo = await requestOperator(app, firstAdminToken, 'helper_sponsor', 'admin');
      if (solo.status !== 200 || solo.body.data.status !== 'approved' || !solo.body.data.operatorId) {
        throw new Error(`solo first addition failed: ${JSON.stringify(solo.body)}`);
      }
      return { token: await firstLogin(app, 'helper_sponsor'), id: solo.body.data.operatorId };
    })();
    sponsors.set(app, sponsor);
  }
  return sponsor;
}

/**
 * A working operator, made the way the rules allow (docs/admin-console.md "Who may approve"): the
 * sponsor admin (the first admin's solo addition, made once per app) requests it, the first admin
 * (`adminToken`, the bootstrap admin) approves, and the clock moves past the cooling-off. Its account
 * was requested by the sponsor, not by the first admin, so it may approve the first admin's requests
 * and those of other operators made here (not the sponsor's). Returns its token with the password
 * changed.
 */
export async function createOperator(
  ctx: { app: FastifyInstance; clock: ManualClock },
  adminToken: string,
  username: string,
  role: 'admin' | 'reviewer' | 'support',
): Promise<{ token: string; id: string }> {
  const { app, clock } = ctx;
  const sponsor = await sponsorOf(app, adminToken);
  const requested = await requestOperator(app, sponsor.token, username, role);
  if (requested.status !== 200) throw new Error(`operator request failed: ${JSON.stringify(requested.body)}`);
  const approved = await decideOperatorRequest(app, adminToken, requested.body.data.id, 'approve');
  const id = approved.body.data.operatorId;
  if (approved.status !== 200 || !id) throw new Error(`approval failed: ${JSON.stringify(approved.body)}`);
  clock.advance(app.services.operators.coolingOffHours * 3_600_000 + 1_000);
  // The first use after the jump notes the session's last use; done here so that tests comparing
  // database snapshots around their own calls with `adminToken` see no change of their own making.
  await call(app, { method: 'GET', url: '/api/admin/auth/me', headers: auth(adminToken) });
  return { token: await firstLogin(app, username), id };
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
