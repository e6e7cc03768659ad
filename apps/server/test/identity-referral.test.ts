// Promotion lists (three generations, masked, with volumes), agents granted by an operator (audited),
// tiers computed from the operator's rules (never set by hand), the referral shares reaching the core,
// and a credit score that never blocks a withdrawal.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '@/db/schema';
import {
  auth,
  b64,
  bootstrapAdmin,
  call,
  expectError,
  expectValidation,
  registerAndLogin,
  type TestContext,
  uniq,
} from './helpers';
import {
  API,
  createWalletApp,
  credit,
  FUND_PASSWORD,
  TRX_ADDRESS,
  walletUser,
  withdraw,
  withdrawalKey,
} from './wallet-kit';

interface Person {
  user: string;
  registerTime: string;
  totalInvestment: string;
  rebate: { usdt: string; assets: unknown[] };
  todayReward: { usdt: string; assets: unknown[] };
}
interface Promotion {
  inviteCode: string;
  invitePath: string;
  totalUsers: number;
  generations: Array<{ generation: number; users: number }>;
  revenue: { usdt: string };
}

let ctx: TestContext;
let admin: { token: string };
type U = Awaited<ReturnType<typeof registerAndLogin>>;
let r: U;
let a: U;
let b: U;
let c: U;
let d: U;

beforeAll(async () => {
  ctx = await createWalletApp({
    MARKET_MAKER: 'false',
    SPOT_MAKER_FEE_RATE: '0.001',
    SPOT_TAKER_FEE_RATE: '0.002',
  });
  await ctx.app.market.step();
  admin = await bootstrapAdmin(ctx.app);
  // r -> a -> b -> c -> d: a, b and c are r's generations 1, 2 and 3; d is below r's three.
  // Names that differ in their first letter, so the masked names (first two characters) differ too.
  r = await registerAndLogin(ctx.app, { account: `r${uniq()}` });
  a = await registerAndLogin(ctx.app, { account: `a${uniq()}`, inviteCode: r.user.inviteCode });
  b = await registerAndLogin(ctx.app, { account: `b${uniq()}`, inviteCode: a.user.inviteCode });
  c = await registerAndLogin(ctx.app, { account: `c${uniq()}`, inviteCode: b.user.inviteCode });
  d = await registerAndLogin(ctx.app, { account: `d${uniq()}`, inviteCode: c.user.inviteCode });
  // a sells 0.1 BTC to b at 60000: 6000 USDT of volume each.
  await credit(ctx.app, a.user.id, 'BTC', '1');
  await credit(ctx.app, b.user.id, 'USDT', '10000');
  const sell = await call(ctx.app, {
    method: 'POST',
    url: '/api/currency/order/submit',
    headers: auth(a.token),
    payload: { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '60000', quantity: '0.1' },
  });
  expect(sell.status, JSON.stringify(sell.body)).toBe(200);
  const buy = await call(ctx.app, {
    method: 'POST',
    url: '/api/currency/order/submit',
    headers: auth(b.token),
    payload: { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '60000', quantity: '0.1' },
  });
  expect(buy.status, JSON.stringify(buy.body)).toBe(200);
  await ctx.app.wallet.projection.idle();
});
afterAll(async () => ctx.close());

const promotion = async (token: string) =>
  (await call<Promotion>(ctx.app, { method: 'GET', url: `${API}/member/promotion`, headers: auth(token) }))
    .body.data;
const generation = (token: string, g: number | string, extra = '') =>
  call<{ records: Person[]; total: number }>(ctx.app, {
    method: 'GET',
    url: `${API}/member/promotion/list?generation=${g}${extra}`,
    headers: auth(token),
  });

describe('promotion', () => {
  it('counts three generations and lists each, masked, with registration time and investment', async () => {
    const p = await promotion(r.token);
    expect(p.inviteCode).toBe(r.user.inviteCode);
    expect(p.invitePath).toBe(`/i&${r.user.inviteCode}`);
    expect(p.totalUsers).toBe(3);
    expect(p.generations).toEqual([
      { generation: 1, users: 1 },
      { generation: 2, users: 1 },
      { generation: 3, users: 1 },
    ]);
    const g1 = await generation(r.token, 1);
    expect(g1.body.data.total).toBe(1);
    const first = g1.body.data.records[0];
    // Spec section 9: an email shows its first 2 and last 2 characters.
    expect(first?.user).toBe(`${(a.email as string).slice(0, 2)}****${(a.email as string).slice(-2)}`);
    expect(first?.user).not.toContain('@');
    expect(first?.totalInvestment).toBe('6000.00');
    expect(first?.registerTime).toBe(a.user.createdAt);
    expect((await generation(r.token, 2)).body.data.records.map((x) => x.totalInvestment)).toEqual([
      '6000.00',
    ]);
    expect((await generation(r.token, 3)).body.data.records).toHaveLength(1);
  });

  it("pays each fee's rebates to the payer's referrers out of fee revenue, as the fee is charged", async () => {
    // a (maker, selling) paid 6 USDT, b (taker, buying) 0.0002 BTC; shares 20 %, 10 %, 5 %.
    expect(ctx.app.core.systemBalance('security_fund', 'USDT')).toBe('0.6');
    expect(ctx.app.core.systemBalance('fee_revenue', 'USDT')).toBe('4.2');
    expect(ctx.app.core.systemBalance('fee_revenue', 'BTC')).toBe('0.00012');
    expect(ctx.app.core.balance(r.user.id, 'USDT', 'spot').available).toBe('1.2');
    expect(ctx.app.core.balance(r.user.id, 'BTC', 'spot').available).toBe('0.00002');
    const g1 = (await generation(r.token, 1)).body.data.records[0];
    expect(g1?.rebate.assets).toEqual([{ asset: 'USDT', amount: '1.2' }]);
    expect(g1?.todayReward.assets).toEqual([{ asset: 'USDT', amount: '1.2' }]);
    const g2 = (await generation(r.token, 2)).body.data.records[0];
    expect(g2?.rebate.assets).toEqual([{ asset: 'BTC', amount: '0.00002' }]);
    const aG1 = (await generation(a.token, 1)).body.data.records[0];
    expect(aG1?.rebate.assets).toEqual([{ asset: 'BTC', amount: '0.00004' }]);
    const p = await promotion(r.token);
    expect((p as unknown as { revenue: { assets: unknown[] } }).revenue.assets).toEqual([
      { asset: 'BTC', amount: '0.00002' },
      { asset: 'USDT', amount: '1.2' },
    ]);
    // In r's bills the credit is a referral rebate, not a trade of r's.
    const bills = await call<{ records: Array<{ billType: string; coin: string; delta: string }> }>(ctx.app, {
      method: 'POST',
      url: `${API}/assets/getMyBill`,
      headers: auth(r.token),
      payload: {},
    });
    expect(bills.body.data.records.map((x) => [x.billType, x.coin, x.delta]).sort()).toEqual([
      ['referral.rebate', 'BTC', '0.00002'],
      ['referral.rebate', 'USDT', '1.2'],
    ]);
  });

  it('shows a user only the people below them; bad queries are refused', async () => {
    // a sees b and c and d below it, never r; d sees nobody.
    expect((await promotion(a.token)).totalUsers).toBe(3);
    expect((await promotion(d.token)).totalUsers).toBe(0);
    const aG1 = await generation(a.token, 1);
    expect(aG1.body.data.records).toHaveLength(1);
    expect(aG1.body.data.records[0]?.user).not.toBe(
      (await generation(r.token, 1)).body.data.records[0]?.user,
    );
    expectValidation(await generation(r.token, 4), 'generation', 'validation.max');
    expectValidation(await generation(r.token, 0), 'generation', 'validation.min');
    expectValidation(
      await generation(r.token, 1, `&userId=${a.user.id}`),
      'userId',
      'validation.unknownField',
    );
    expect((await call(ctx.app, { method: 'GET', url: `${API}/member/promotion` })).status).toBe(401);
  });
});

describe('agents', () => {
  const info = (token: string) =>
    call<Record<string, unknown>>(ctx.app, {
      method: 'POST',
      url: '/api/agentActivityInfo/getAgentInfo',
      headers: auth(token),
      payload: {},
    });
  const list = (token: string, payload: Record<string, unknown> = {}) =>
    call<{ records: Array<{ generation: number; volumeTotal: string; user: string }>; total: number }>(
      ctx.app,
      {
        method: 'POST',
        url: '/api/agentActivityInfo/getAgentList',
        headers: auth(token),
        payload,
      },
    );

  it('an operator grants agent status (audited); the agent sees its team and volumes; revoking ends it', async () => {
    expect((await info(r.token)).body.data).toEqual({ isAgent: false });
    expectError(await list(r.token), 403, 'AGENT_NOT_GRANTED');

    const grant = (token: string, userId: string) =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/admin/agents',
        headers: auth(token),
        payload: { userId, note: 'region east' },
      });
    expect((await grant(r.token, r.user.id)).status).toBe(401);
    expectError(await grant(admin.token, '999999999'), 404, 'IDENTITY_USER_NOT_FOUND');
    const granted = await grant(admin.token, r.user.id);
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expectError(await grant(admin.token, r.user.id), 409, 'AGENT_ALREADY_GRANTED');

    const i = (await info(r.token)).body.data;
    expect(i).toMatchObject({
      isAgent: true,
      teamSize: 3,
      teamVolumeTotal: '12000.00',
      teamVolume30d: '12000.00',
    });
    const team = await list(r.token);
    expect(team.body.data.total).toBe(3);
    expect(team.body.data.records.map((m) => m.generation).sort()).toEqual([1, 2, 3]);
    expect(team.body.data.records.map((m) => m.volumeTotal).sort()).toEqual(['0.00', '6000.00', '6000.00']);
    expect((await list(r.token, { generation: 2 })).body.data.records.map((m) => m.generation)).toEqual([2]);
    expectValidation(await list(r.token, { generation: 5 }), 'generation', 'validation.max');
    // Another user is not r's agent view.
    expectError(await list(a.token), 403, 'AGENT_NOT_GRANTED');

    const agents = await call<{ records: Array<{ userId: string; teamSize: number }> }>(ctx.app, {
      method: 'GET',
      url: '/api/admin/agents?status=active',
      headers: auth(admin.token),
    });
    expect(agents.body.data.records).toEqual([expect.objectContaining({ userId: r.user.id, teamSize: 3 })]);
    const revoke = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/agents/${r.user.id}/revoke`,
      headers: auth(admin.token),
      payload: { reason: 'contract ended' },
    });
    expect(revoke.status).toBe(200);
    expectError(await list(r.token), 403, 'AGENT_NOT_GRANTED');
    const actions = (await ctx.db.select().from(auditLog)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['agent.grant', 'agent.revoke']));
  });
});

describe('tiers and grades', () => {
  const put = (key: string, value: Record<string, unknown>) =>
    call(ctx.app, {
      method: 'PUT',
      url: `/api/admin/settings/${key}`,
      headers: auth(admin.token),
      payload: value,
    });
  const grade = async (token: string) =>
    (
      await call<{ tier: string; grade: string; isVip: boolean; volume30d: string; creditScore: number }>(
        ctx.app,
        {
          method: 'GET',
          url: `${API}/member/grade`,
          headers: auth(token),
        },
      )
    ).body.data;

  it('are computed from the rules the operator states, each change audited', async () => {
    const rules = await call<{ rules: Array<{ tier: string }>; vipFrom: string }>(ctx.app, {
      method: 'GET',
      url: `${API}/open/tiers`,
    });
    expect(rules.body.data.rules.map((x) => x.tier)).toEqual([
      'standard',
      'premium',
      'professional',
      'partner',
    ]);
    expect(await grade(a.token)).toMatchObject({
      tier: 'standard',
      grade: 'normal',
      isVip: false,
      volume30d: '6000.00',
    });

    const lowered = {
      rules: [
        { tier: 'standard', minVolume30d: '0', minBalance: '0' },
        { tier: 'premium', minVolume30d: '5000', minBalance: '1000' },
        { tier: 'professional', minVolume30d: '50000', minBalance: '1000' },
        { tier: 'partner', minVolume30d: '500000', minBalance: '1000' },
      ],
      vipFrom: 'premium',
    };
    const unordered = structuredClone(lowered);
    unordered.rules[2] = { tier: 'professional', minVolume30d: '100', minBalance: '1000' };
    expectValidation(await put('tiers', unordered), 'rules.2.minVolume30d', 'validation.tierOrder');
    expect((await put('tiers', lowered)).status).toBe(200);

    // a: 6000 of volume and 0.9 BTC (about 60000 USDT at the simulator's price): premium, VIP.
    expect(await grade(a.token)).toMatchObject({ tier: 'premium', grade: 'vip', isVip: true });
    const info = await call<{ tier: string; isVip: boolean }>(ctx.app, {
      method: 'POST',
      url: '/api/user/getInfo',
      headers: auth(a.token),
    });
    expect(info.body.data).toMatchObject({ tier: 'premium', isVip: true });
    // c never traded: standard whatever its balance.
    await credit(ctx.app, c.user.id, 'USDT', '5000');
    expect(await grade(c.token)).toMatchObject({ tier: 'standard', grade: 'normal' });
    const changes = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'user.grade'));
    expect(changes.map((e) => (e.payload as { userId: string }).userId)).toContain(a.user.id);
    // Operators can only ask for a recomputation from the rules, never set a tier.
    const recompute = await call<{ users: number }>(ctx.app, {
      method: 'POST',
      url: '/api/admin/grades/recompute',
      headers: auth(admin.token),
      payload: {},
    });
    expect(recompute.body.data.users).toBeGreaterThanOrEqual(5);
  });

  it('rebate shares are operator settings that reach the core; over 90 % is refused', async () => {
    expect(ctx.app.core.referralShares()).toEqual(['0.2', '0.1', '0.05']);
    expectValidation(
      await put('referral', { shares: ['0.5', '0.3', '0.2'] }),
      'shares',
      'validation.rebateTotal',
    );
    expectValidation(await put('referral', { shares: ['0.2', '0.1'] }), 'shares', 'validation.invalid');
    expect((await put('referral', { shares: ['0.25', '0.10', '0'] })).status).toBe(200);
    expect(ctx.app.core.referralShares()).toEqual(['0.25', '0.1']);
    expect(ctx.app.core.referralParent(b.user.id)).toBe(a.user.id);
    expect(ctx.app.core.referralParent(r.user.id)).toBeUndefined();
  });

  it('the start-up backfill sends the core every referrer link SQL has and it lacks, once', async () => {
    const now = ctx.clock.now();
    const [row] = await ctx.db
      .insert(users)
      .values({
        account: `legacy${Date.now().toString(36)}`,
        passwordHash: 'x',
        inviteCode: `LG${Date.now().toString(36).toUpperCase()}`,
        referrerId: BigInt(r.user.id),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const id = String(row?.id);
    expect(ctx.app.core.referralParent(id)).toBeUndefined();
    const referralCore = ctx.app.identity.referralCore;
    expect(await referralCore?.backfill()).toBe(1);
    expect(ctx.app.core.referralParent(id)).toBe(r.user.id);
    expect(await referralCore?.backfill()).toBe(0);
  });

  it('a credit score never blocks a withdrawal', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'USDT', '100');
    await ctx.db
      .update(users)
      .set({ creditScore: 0 })
      .where(eq(users.id, BigInt(u.userId)));
    expect((await grade(u.token)).creditScore).toBe(0);
    const key = await withdrawalKey(ctx.app, u.token);
    const res = await withdraw(ctx.app, u.token, key, {
      coin: 'USDT',
      address: TRX_ADDRESS,
      amount: '10',
      tradePwd: b64(FUND_PASSWORD),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
