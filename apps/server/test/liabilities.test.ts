// Proof of liabilities through the API (issue 21): a snapshot reads the ledger at one core seq (every
// account type and frozen amounts counted), publishes roots and totals that sum with the system accounts to
// zero, writes each root to the hash-chained audit log, and answers each user only their own proofs, which
// verify with the shared verifier and with the standalone script (scripts/verify-liabilities-proof.mjs).
// The daily job takes one snapshot per UTC day; the operator's "snapshot now" is admin only and audited.
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type InclusionProof, verifyInclusion } from '@coin/shared/liabilities-tree';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, liabilityLeaves } from '@/db/schema';
import type { SnapshotView, UserProofs } from '@/modules/liabilities/liability-service';
import { createOperator, fund } from './console-helpers';
import {
  auth,
  bootstrapAdmin,
  call,
  createTestApp,
  expectError,
  expectValidation,
  registerAndLogin,
  type TestContext,
} from './helpers';

const API = '/api/mjkj-web/coin/liabilities';
const SCRIPT = fileURLToPath(new URL('../../../scripts/verify-liabilities-proof.mjs', import.meta.url));
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

let ctx: TestContext;
let admin: { token: string };
let alice: { token: string; user: { id: string } };
let bob: { token: string; user: { id: string } };

async function command(type: string, actor: string, payload: Record<string, unknown>) {
  const r = await ctx.app.core.submit({
    id: `test:${randomUUID()}`,
    actor,
    ts: ctx.clock.now().getTime(),
    type,
    payload,
  } as never);
  expect(r.ok, JSON.stringify(r)).toBe(true);
}

async function takeSnapshot(): Promise<SnapshotView> {
  const res = await call<SnapshotView>(ctx.app, {
    method: 'POST',
    url: '/api/admin/liabilities/snapshots',
    headers: auth(admin.token),
    payload: {},
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function proofsOf(token: string, query = ''): Promise<UserProofs> {
  const res = await call<UserProofs>(ctx.app, {
    method: 'GET',
    url: `${API}/proof${query}`,
    headers: auth(token),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  // Without the margin demo's labelled lending pools, so USDT's only system account is the deposits'.
  ctx = await createTestApp({ CHAIN_SIM_BLOCK_MS: '0', MARGIN_DEMO_POOLS: 'false' });
  admin = await bootstrapAdmin(ctx.app);
  alice = await registerAndLogin(ctx.app);
  bob = await registerAndLogin(ctx.app);
  await fund(ctx.app, alice.user.id, 'USDT', '1000');
  await fund(ctx.app, alice.user.id, 'BTC', '0.5');
  await fund(ctx.app, bob.user.id, 'USDT', '250.25');
  // Alice moves some USDT to her contract account and has a withdrawal hold: both still owed to her.
  await command('transfer', alice.user.id, {
    userId: alice.user.id,
    asset: 'USDT',
    amount: '100',
    from: 'spot',
    to: 'contract',
  });
  await command('withdraw.freeze', alice.user.id, {
    userId: alice.user.id,
    asset: 'USDT',
    amount: '50',
    fee: '1',
    withdrawalId: `w-${randomUUID()}`,
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe('proof of liabilities', () => {
  it('answers 404 before the first snapshot', async () => {
    expectError(
      await call(ctx.app, { method: 'GET', url: `${API}/latest` }),
      404,
      'LIABILITY_SNAPSHOT_NOT_FOUND',
    );
  });

  it('publishes roots and totals at one core seq; user + system accounts sum to zero per asset', async () => {
    const seq = ctx.app.core.lastSeq();
    const snap = await takeSnapshot();
    expect(snap.kind).toBe('manual');
    expect(snap.coreSeq).toBe(seq);
    expect(snap.stateHash).toBe(ctx.app.core.stateHash());
    expect(snap.users).toBe(2);
    const usdt = snap.assets.find((a) => a.asset === 'USDT');
    // 1000 + 250.25: the contract account and the frozen hold (50 + 1 fee) are counted.
    expect(usdt).toMatchObject({ userTotal: '1250.25', systemTotal: '-1250.25', balanced: true, leaves: 2 });
    expect(usdt?.system).toStrictEqual([
      { name: 'deposit_clearing', balance: '-1250.25', atoms: '-1250250000000000000000' },
    ]);
    expect(snap.assets.every((a) => a.balanced)).toBe(true);
    // The simulated chain's custody, labelled simulated: deposits credited minus withdrawals paid.
    expect(snap.reserves).toStrictEqual({
      simulated: true,
      assets: [
        { asset: 'BTC', amount: '0.5' },
        { asset: 'USDT', amount: '1250.25' },
      ],
    });
    const latest = await call<SnapshotView>(ctx.app, { method: 'GET', url: `${API}/latest` });
    expect(latest.body.data).toStrictEqual(snap);
    // Public: no salt key or leaves in the published snapshot.
    expect(JSON.stringify(latest.body.data)).not.toMatch(/salt/i);
  });

  it("each user's proofs verify; the balance counts every account type and frozen amount", async () => {
    const mine = await proofsOf(alice.token);
    expect(mine.userId).toBe(alice.user.id);
    expect(mine.proofs.map((p) => [p.asset, p.balance])).toStrictEqual([
      ['BTC', '0.5'],
      ['USDT', '1000'],
    ]);
    for (const p of mine.proofs) {
      const published = mine.snapshot.assets.find((a) => a.asset === p.asset);
      expect(p.root).toStrictEqual({ hash: published?.rootHash, sum: published?.userTotalAtoms });
      expect((await verifyInclusion(p.proof, p.root, sha)).ok).toBe(true);
    }
    const bobs = await proofsOf(bob.token);
    expect(bobs.proofs.map((p) => [p.asset, p.balance])).toStrictEqual([['USDT', '250.25']]);
    expect(
      (await verifyInclusion(bobs.proofs[0]?.proof as InclusionProof, bobs.proofs[0]?.root as never, sha)).ok,
    ).toBe(true);
  });

  it('the standalone verifier script checks a proof exported by the API', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${API}/proof`, headers: auth(alice.token) });
    const dir = mkdtempSync(join(tmpdir(), 'pol-'));
    const file = join(dir, 'proof.json');
    writeFileSync(file, res.body);
    const usdtRoot = (res.json() as { data: UserProofs }).data.proofs.find((p) => p.asset === 'USDT')?.root;
    const out = execFileSync(
      process.execPath,
      [SCRIPT, file, '--root', `USDT=${usdtRoot?.hash}:${usdtRoot?.sum}`],
      {
        encoding: 'utf8',
      },
    );
    expect(out).toMatch(/OK {3}BTC/);
    expect(out).toMatch(/OK {3}USDT/);

    // A changed balance in the file fails, with exit code 1.
    const tampered = res.body.replace(
      '"balance":"1000000000000000000000"',
      '"balance":"1000000000000000000001"',
    );
    expect(tampered).not.toBe(res.body);
    writeFileSync(file, tampered);
    let failed: { status?: number; stdout?: string } = {};
    try {
      execFileSync(process.execPath, [SCRIPT, file], { encoding: 'utf8' });
    } catch (e) {
      failed = e as typeof failed;
    }
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(/FAIL USDT/);
  });

  it("a second user cannot fetch another user's proof or salt", async () => {
    const alices = await proofsOf(alice.token);
    const bobs = await proofsOf(bob.token);
    expect(bobs.userId).toBe(bob.user.id);
    expect(bobs.proofs.every((p) => p.proof.userId === bob.user.id)).toBe(true);
    const aliceSalt = alices.proofs[0]?.proof.salt as string;
    expect(JSON.stringify(bobs)).not.toContain(aliceSalt);
    expect(bobs.proofs[0]?.proof.salt).not.toBe(aliceSalt);
    // No parameter names a user: asking for Alice is refused as an unknown field.
    for (const q of [`?userId=${alice.user.id}`, `?uid=${alice.user.id}`]) {
      const res = await call(ctx.app, { method: 'GET', url: `${API}/proof${q}`, headers: auth(bob.token) });
      expectValidation(res, q.slice(1).split('=')[0] as string, 'validation.unknownField');
    }
    // Without a session: 401; an operator token is not a user session either.
    expectError(await call(ctx.app, { method: 'GET', url: `${API}/proof` }), 401, 'AUTH_REQUIRED');
    const asOperator = await call(ctx.app, {
      method: 'GET',
      url: `${API}/proof`,
      headers: auth(admin.token),
    });
    expect(asOperator.status).toBe(401);
  });

  it('every root is in the hash-chained audit log; the manual snapshot names the operator', async () => {
    const snap = (await call<SnapshotView>(ctx.app, { method: 'GET', url: `${API}/latest` })).body.data;
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'liabilities.root'));
    for (const a of snap.assets) {
      const entry = rows.find(
        (r) =>
          (r.payload as { snapshotId: string; asset: string }).snapshotId === snap.id &&
          (r.payload as { asset: string }).asset === a.asset,
      );
      expect(entry?.payload).toMatchObject({
        rootHash: a.rootHash,
        userTotal: a.userTotalAtoms,
        coreSeq: snap.coreSeq,
      });
    }
    const [taken] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'liabilities.snapshot'));
    expect(taken?.actorType).toBe('operator');
    expect(taken?.payload).toMatchObject({ snapshotId: snap.id });
    const verify = await call<{ ok: boolean }>(ctx.app, {
      method: 'GET',
      url: '/api/admin/audit/verify',
      headers: auth(admin.token),
    });
    expect(verify.body.data.ok).toBe(true);
  });

  it('a later snapshot has new salts; older snapshots still answer proofs (rebuilt from SQL)', async () => {
    const first = await proofsOf(alice.token);
    await fund(ctx.app, alice.user.id, 'USDT', '1');
    const second = await takeSnapshot();
    expect(Number(second.id)).toBeGreaterThan(Number(first.snapshot.id));
    const now = await proofsOf(alice.token);
    expect(now.proofs.find((p) => p.asset === 'USDT')?.balance).toBe('1001');
    expect(now.proofs[0]?.proof.salt).not.toBe(first.proofs[0]?.proof.salt);
    // A fresh service (no cached trees) rebuilds the first snapshot's tree from its stored leaves.
    const { LiabilityService } = await import('@/modules/liabilities/liability-service');
    const cold = new LiabilityService(ctx.db, ctx.clock, {
      core: () => ctx.app.core,
      simulatedChain: true,
      dailyHourUtc: 0,
      cacheLeaves: 1000,
    });
    const again = await cold.proofs(BigInt(alice.user.id), BigInt(first.snapshot.id));
    expect(again).toStrictEqual(first);
    for (const p of again.proofs) expect((await verifyInclusion(p.proof, p.root, sha)).ok).toBe(true);
    // A leaf changed in SQL no longer rebuilds the audit-logged root: the proof is refused, not faked.
    await ctx.db
      .update(liabilityLeaves)
      .set({ balance: sql`${liabilityLeaves.balance} + 1` })
      .where(eq(liabilityLeaves.snapshotId, BigInt(first.snapshot.id)));
    const coldAgain = new LiabilityService(ctx.db, ctx.clock, {
      core: () => ctx.app.core,
      simulatedChain: true,
      dailyHourUtc: 0,
      cacheLeaves: 1000,
    });
    await expect(coldAgain.proofs(BigInt(alice.user.id), BigInt(first.snapshot.id))).rejects.toThrow(
      /do not rebuild the published root/,
    );
  });

  it('a user with no balance gets an empty list; unknown snapshot ids are 404', async () => {
    const carol = await registerAndLogin(ctx.app);
    expect((await proofsOf(carol.token)).proofs).toStrictEqual([]);
    expectError(
      await call(ctx.app, {
        method: 'GET',
        url: `${API}/proof?snapshotId=999999`,
        headers: auth(carol.token),
      }),
      404,
      'LIABILITY_SNAPSHOT_NOT_FOUND',
    );
  });

  it('the daily job takes one snapshot per UTC day, from the configured hour', async () => {
    const before = (await call<{ total: number }>(ctx.app, { method: 'GET', url: `${API}/snapshots` })).body
      .data.total;
    const daily = await ctx.app.liabilities.runDue();
    expect(daily?.kind).toBe('daily');
    expect(await ctx.app.liabilities.runDue()).toBeUndefined();
    ctx.clock.advance(3600_000);
    expect(await ctx.app.liabilities.runDue()).toBeUndefined();
    ctx.clock.advance(24 * 3600_000);
    expect((await ctx.app.liabilities.runDue())?.kind).toBe('daily');
    const list = await call<{ total: number; records: Array<{ kind: string }> }>(ctx.app, {
      method: 'GET',
      url: `${API}/snapshots?size=2`,
    });
    expect(list.body.data.total).toBe(before + 2);
    expect(list.body.data.records.map((r) => r.kind)).toStrictEqual(['daily', 'daily']);
  });

  it('snapshot now is admin only', async () => {
    const reviewer = await createOperator(ctx, admin.token, 'polreviewer', 'reviewer');
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/liabilities/snapshots',
      headers: auth(reviewer.token),
      payload: {},
    });
    expectError(res, 403, 'FORBIDDEN');
    const asUser = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/liabilities/snapshots',
      headers: auth(alice.token),
      payload: {},
    });
    expect(asUser.status).toBe(401);
  });
});
