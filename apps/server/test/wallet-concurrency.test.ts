// ACCEPTANCE: 500 concurrent encrypted withdrawals against one balance over 50 keep-alive connections
// to a real port: exactly the affordable number succeed, no 5xx, and the money invariants hold.
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { invariantViolations } from '@/core/invariants';
import { walletWithdrawals } from '@/db/schema';
import type { MoneyCoreRuntime } from '@/journal/money-core';
import { b64 } from './helpers';
import {
  API,
  createWalletApp,
  credit,
  encryptFor,
  FUND_PASSWORD,
  spot,
  TRX_ADDRESS,
  walletUser,
  withdrawalKey,
} from './wallet-kit';

let ctx: Awaited<ReturnType<typeof createWalletApp>>;

beforeAll(async () => {
  ctx = await createWalletApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await ctx.close();
});

function post(agent: Agent, port: number, path: string, token: string, body: unknown) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: { errorCode?: string; data: unknown } }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          satoken: token,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

it('500 withdrawals from 50 connections: exactly floor(balance / (amount + fee)) succeed', async () => {
  const u = await walletUser(ctx.app);
  await credit(ctx.app, u.userId, 'USDT', '1000');
  const publicKey = await withdrawalKey(ctx.app, u.token);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (ctx.app.server.address() as AddressInfo).port;
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const sockets = new Set<unknown>();
  agent.on('free', (socket) => sockets.add(socket));
  // amount 10 + fee 1 = 11 per withdrawal: floor(1000 / 11) = 90 affordable, 10 USDT left over.
  const bodies = Array.from({ length: 500 }, () =>
    encryptFor(publicKey, { coin: 'USDT', address: TRX_ADDRESS, amount: '10', tradePwd: b64(FUND_PASSWORD) }),
  );
  const started = performance.now();
  const results = await Promise.all(
    bodies.map((b) => post(agent, port, `${API}/assets/withdrawal`, u.token, b)),
  );
  const ms = performance.now() - started;
  agent.destroy();
  console.log(`500 encrypted withdrawals over ${sockets.size} sockets in ${ms.toFixed(0)} ms`);

  expect(results.filter((r) => r.status >= 500)).toEqual([]);
  const ok = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status !== 200);
  expect(ok.length).toBe(90);
  expect(refused.length).toBe(410);
  expect(new Set(refused.map((r) => `${r.status} ${r.body.errorCode}`))).toEqual(
    new Set(['422 WALLET_INSUFFICIENT_BALANCE']),
  );
  expect(sockets.size).toBeLessThanOrEqual(50);

  expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '10', frozen: '990' });
  const rows = await ctx.db
    .select()
    .from(walletWithdrawals)
    .where(eq(walletWithdrawals.userId, BigInt(u.userId)));
  expect(rows.length).toBe(90);
  expect(rows.every((r) => r.status === 0)).toBe(true);
  // frozen == the open holds (amount + fee of every row under review)
  let held = 0n;
  for (const r of rows) {
    const hold = ctx.app.core.holdOf(r.withdrawalId);
    expect(hold).toMatchObject({ amount: '10', fee: '1', userId: u.userId });
    held += 11n;
  }
  expect(held).toBe(990n);
  expect(invariantViolations((ctx.app.core as MoneyCoreRuntime).state)).toEqual([]);
}, 180_000);
