// Spot margin over HTTP with exact numbers (docs/margin.md): transfer into the isolated BTC_USDT account
// with the wallet's transfer call, leverage 5x, quote and borrow, buy BTC with the spot order call and the
// account field, hourly interest by the job exact to the asset's decimals, the margin call (private
// websocket event and an email in the outbox), refusals that change nothing (above the limit, more than
// owed, leverage above the maximum, a transfer that breaks the level), another user's loans neither
// readable nor repayable, and a liquidation through the book whose shortfall the insurance fund covers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, bootstrapAdmin, call, registerAndLogin } from './helpers';
import { API, createWalletApp, credit } from './wallet-kit';

let ctx: Awaited<ReturnType<typeof createWalletApp>>;
let a: { token: string; id: string; email: string };
let b: { token: string; id: string };
let c: { token: string; id: string };
const prices: Record<string, string | undefined> = { BTC: '50000', ETH: '3000' };
const HOUR = 3_600_000;

const post = <T = Record<string, unknown>>(token: string, url: string, payload: unknown) =>
  call<T>(ctx.app, {
    method: 'POST',
    url,
    headers: auth(token),
    payload: payload as Record<string, unknown>,
  });
const get = <T = Record<string, unknown>>(token: string, url: string) =>
  call<T>(ctx.app, { method: 'GET', url, headers: auth(token) });
const iso = (userId: string, asset: string) => ctx.app.core.balance(userId, asset, 'isolated:btcusdt');

interface Property {
  marginLevel: string | null;
  risk: number;
  leverage: number;
  totalAssetUsdt: string;
  totalDebtUsdt: string;
  coins: { coin: string; available: string; borrowed: string; interest: string }[];
}

beforeAll(async () => {
  ctx = await createWalletApp({
    MARKET_MAKER: 'false',
    SPOT_MAKER_FEE_RATE: '0.001',
    SPOT_TAKER_FEE_RATE: '0.001',
  });
  ctx.app.market.usdtPrice = (asset: string) => (asset === 'USDT' ? '1' : prices[asset]);
  const ua = await registerAndLogin(ctx.app);
  const ub = await registerAndLogin(ctx.app);
  const uc = await registerAndLogin(ctx.app);
  a = { token: ua.token, id: ua.user.id, email: ua.email ?? '' };
  b = { token: ub.token, id: ub.user.id };
  c = { token: uc.token, id: uc.user.id };
  for (const u of [a, b, c]) await credit(ctx.app, u.id, 'USDT', '100000');
  await credit(ctx.app, b.id, 'BTC', '10');
});
afterAll(async () => ctx.close());

describe('spot margin over HTTP', () => {
  it('configures itself on a fresh core: pairs, levels, funded USDT pool', async () => {
    const rates = await call<{ coin: string; hourlyRate: string; available: string }[]>(ctx.app, {
      method: 'GET',
      url: `${API}/wallet/all/getDepositRate`,
    });
    expect(rates.status).toBe(200);
    const usdt = rates.body.data.find((r) => r.coin === 'USDT');
    expect(usdt).toMatchObject({ hourlyRate: '0.0000041667', available: '1000000' });
    expect(
      ctx.app.core
        .margin()
        .config()
        ?.pairs.some((p) => p.symbol === 'btcusdt'),
    ).toBe(true);
  });

  it('transfers in, sets 5x, quotes, borrows within the limit, buys with the margin account', async () => {
    const moved = await post(a.token, '/api/asset/transferFunds', {
      coin: 'USDT',
      amount: '1000',
      from: '1',
      to: '5:btcusdt',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ from: '1', to: '5:btcusdt' });
    expect(iso(a.id, 'USDT').available).toBe('1000');

    const tooHigh = await post(a.token, `${API}/wallet/fixed/updateLeverageRadio`, {
      symbol: 'BTC_USDT',
      leverage: 20,
    });
    expect(tooHigh.status).toBe(422);
    expect(tooHigh.body).toMatchObject({ errorCode: 'MARGIN_LEVERAGE_INVALID' });
    const lev = await post<Property>(a.token, `${API}/wallet/fixed/updateLeverageRadio`, {
      symbol: 'BTC_USDT',
      leverage: 5,
    });
    expect(lev.status, JSON.stringify(lev.body)).toBe(200);
    expect(lev.body.data.leverage).toBe(5);

    const can = await post(a.token, `${API}/wallet/fixed/getCanborrow`, { coin: 'USDT', symbol: 'BTC_USDT' });
    expect(can.body.data).toMatchObject({ coin: 'USDT', canBorrow: '4000', leverage: 5 });
    const quote = await post(a.token, `${API}/wallet/fixed/preborrow`, {
      coin: 'USDT',
      symbol: 'BTC_USDT',
      amount: '4000',
    });
    // 4000 x 0.0000041667 = 0.0166668 an hour, rounded up to USDT's 6 decimals
    expect(ctx.app.core.assetLimits('USDT')?.decimals).toBe(6);
    expect(quote.body.data).toMatchObject({ hourlyInterest: '0.016667', levelAfter: '1.25', allowed: true });

    const hash = ctx.app.core.margin().loansOf(a.id).length;
    const over = await post(a.token, `${API}/wallet/fixed/borrow`, {
      coin: 'USDT',
      symbol: 'BTC_USDT',
      amount: '4001',
    });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ errorCode: 'MARGIN_BORROW_LIMIT', msg: expect.any(String) });
    expect(ctx.app.core.margin().loansOf(a.id).length).toBe(hash);
    expect(iso(a.id, 'USDT').available).toBe('1000');

    const loan = await post(a.token, `${API}/wallet/fixed/borrow`, {
      coin: 'USDT',
      symbol: 'BTC_USDT',
      amount: '4000',
    });
    expect(loan.status, JSON.stringify(loan.body)).toBe(200);
    expect(iso(a.id, 'USDT').available).toBe('5000');

    const sell = await post(b.token, '/api/currency/order/submit', {
      symbol: 'BTC_USDT',
      side: 'sell',
      type: 'limit',
      price: '50000',
      quantity: '0.1',
    });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    const buy = await post<{ status: number; account: string }>(a.token, `${API}/entrust/exchange/BTC_USDT`, {
      side: 'buy',
      type: 'limit',
      price: '50000',
      quantity: '0.1',
      account: '5',
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    expect(buy.body.data).toMatchObject({ status: 1, account: 'isolated:btcusdt' });
    expect(iso(a.id, 'BTC').available).toBe('0.0999');
    expect(iso(a.id, 'USDT').available).toBe('0');
    // 0.0999 x 50000 = 4995 against 4000 owed
    const prop = await get<Property>(a.token, `${API}/wallet/fixed/marginProperty/BTC_USDT`);
    expect(prop.body.data).toMatchObject({
      marginLevel: '1.24875',
      risk: 0,
      totalAssetUsdt: '4995',
      totalDebtUsdt: '4000',
    });
  });

  it("refuses what would break the level or exceed the debt, and hides other users' loans", async () => {
    const out = await post(a.token, '/api/asset/transferFunds', {
      coin: 'BTC',
      amount: '0.001',
      from: '5:btcusdt',
      to: '1',
    });
    expect(out.status).toBe(409);
    expect(out.body).toMatchObject({ errorCode: 'MARGIN_LEVEL_TOO_LOW' });
    expect(iso(a.id, 'BTC').available).toBe('0.0999');

    const more = await post(a.token, `${API}/wallet/fixed/still`, {
      coin: 'USDT',
      symbol: 'BTC_USDT',
      amount: '4000.1',
    });
    expect(more.status).toBe(422);
    expect(more.body).toMatchObject({ errorCode: 'MARGIN_REPAY_EXCEEDS_DEBT' });

    // c has no loan: repaying "on" the same pair touches only c's own (empty) account.
    await post(c.token, '/api/asset/transferFunds', {
      coin: 'USDT',
      amount: '10',
      from: '1',
      to: '5:btcusdt',
    });
    const theirs = await post(c.token, `${API}/wallet/fixed/still`, {
      coin: 'USDT',
      symbol: 'BTC_USDT',
      amount: '1',
    });
    expect(theirs.body).toMatchObject({ errorCode: 'MARGIN_REPAY_EXCEEDS_DEBT' });
    expect(ctx.app.core.margin().loansOf(a.id)[0]).toMatchObject({ principal: '4000' });
    await ctx.app.wallet.projection.idle();
    const list = await get<{ records: unknown[]; total: number }>(
      c.token,
      `${API}/entrust/borrowOrder/fixed/all/all`,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(0);
    const mine = await get<{ records: { coin: string; amount: string; status: string }[] }>(
      a.token,
      `${API}/entrust/borrowOrder/fixed/BTC_USDT/open`,
    );
    expect(mine.body.data.records).toEqual([
      expect.objectContaining({ coin: 'USDT', amount: '4000', status: 'open' }),
    ]);

    const orders = await get<{ records: { side: string; account: string; status: number }[]; total: number }>(
      a.token,
      `${API}/entrust/marginOrder/fixed/BTC_USDT`,
    );
    expect(orders.body.data.records).toEqual([
      expect.objectContaining({ side: 'buy', account: 'isolated:btcusdt', status: 1 }),
    ]);
    const none = await get<{ total: number }>(c.token, `${API}/entrust/marginOrder/fixed/all`);
    expect(none.body.data.total).toBe(0);
    const anon = await call(ctx.app, { method: 'GET', url: `${API}/wallet/all/marginProperty` });
    expect(anon.status).toBe(401);
  });

  it('accrues interest hourly by the job, exact to the asset decimals, once per hour', async () => {
    const before = ctx.app.core.margin().lastAccruedHour();
    await ctx.app.margin.jobs.runDue();
    const first = ctx.app.core.margin().lastAccruedHour();
    expect(first).toBeGreaterThan(before);
    const interest1 = ctx.app.core.margin().loansOf(a.id)[0]?.interest;
    await ctx.app.margin.jobs.runDue();
    expect(ctx.app.core.margin().loansOf(a.id)[0]?.interest).toBe(interest1);
    ctx.clock.advance(2 * HOUR);
    await ctx.app.margin.jobs.runDue();
    expect(ctx.app.core.margin().lastAccruedHour()).toBe(first + 2 * HOUR);
    // The loan was taken after the first accrued hour began: it owes the two later hours.
    const loan = ctx.app.core.margin().loansOf(a.id)[0];
    // 0.0166668 rounded up to 6 places, twice
    expect(loan).toMatchObject({ principal: '4000', interest: '0.033334', interestTotal: '0.033334' });
  });

  it('warns below the call level: MARGIN_CALL email through the outbox, once', async () => {
    // 0.0999 x 43000 = 4295.7 against 4000.033334: 1.0739, below the call level 1.1, above 1.05
    prices.BTC = '43000';
    const before = await outboxFor(a.email);
    await ctx.app.margin.jobs.runDue();
    await ctx.app.margin.jobs.runDue();
    const after = await outboxFor(a.email);
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)?.subject).toContain('1.0739');
    const prop = await get<Property>(a.token, `${API}/wallet/fixed/marginProperty/btcusdt`);
    expect(prop.body.data.risk).toBe(1);
  });

  it('liquidates through the book; the insurance fund covers the shortfall, nobody else pays', async () => {
    prices.BTC = '30000';
    const bid = await post(b.token, '/api/currency/order/submit', {
      symbol: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      price: '30000',
      quantity: '0.0999',
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(200);
    const owed = ctx.app.core.margin().loansOf(a.id)[0];
    const debt = Number(owed?.principal) + Number(owed?.interest);
    const insuranceBefore = Number(ctx.app.core.systemBalance('margin_insurance_fund', 'USDT'));
    const poolBefore = Number(ctx.app.core.systemBalance('margin_lending_pool', 'USDT'));
    const bystander = ctx.app.core.balance(c.id, 'USDT', 'spot');
    await ctx.app.margin.jobs.runDue();
    expect(ctx.app.margin.jobs.status.shortfalls).toBe(1);
    // 0.0999 x 30000 = 2997, fee 2.997: 2994.003 repaid by the account, the rest by the fund
    const shortfall = debt - 2994.003;
    expect(Number(ctx.app.core.systemBalance('margin_insurance_fund', 'USDT'))).toBeCloseTo(
      insuranceBefore - shortfall,
      8,
    );
    expect(Number(ctx.app.core.systemBalance('margin_lending_pool', 'USDT'))).toBeCloseTo(
      poolBefore + debt,
      8,
    );
    expect(ctx.app.core.margin().loansOf(a.id)).toEqual([]);
    expect(iso(a.id, 'USDT')).toMatchObject({ available: '0', frozen: '0' });
    expect(iso(a.id, 'BTC')).toMatchObject({ available: '0', frozen: '0' });
    expect(ctx.app.core.balance(c.id, 'USDT', 'spot')).toEqual(bystander);
    await ctx.app.wallet.projection.idle();
    const history = await get<{ records: { status: string }[] }>(
      a.token,
      `${API}/entrust/borrowOrder/fixed/BTC_USDT/closed`,
    );
    expect(history.body.data.records).toEqual([expect.objectContaining({ status: 'liquidated' })]);
  });

  it('console: overview with pools and the insurance fund; an audited pool change, never what is lent', async () => {
    const admin = (await bootstrapAdmin(ctx.app)).token;
    const overview = await get<{
      pools: { asset: string; covered: string }[];
      insuranceFund: { asset: string; balance: string }[];
    }>(admin, '/api/admin/margin');
    expect(overview.status).toBe(200);
    expect(Number(overview.body.data.pools.find((p) => p.asset === 'USDT')?.covered)).toBeGreaterThan(0);
    expect(Number(overview.body.data.insuranceFund.find((f) => f.asset === 'USDT')?.balance)).toBeLessThan(0);
    const user = await get(a.token, '/api/admin/margin');
    expect(user.status).toBe(401);
    // More than the pool holds (1000000.033334 USDT, nothing lent now): refused, nothing moves.
    const tooMuch = await post(admin, '/api/admin/margin/pool/USDT', { direction: 'out', amount: '1000001' });
    expect(tooMuch.status, JSON.stringify(tooMuch.body)).toBe(409);
    expect(tooMuch.body).toMatchObject({ errorCode: 'MARGIN_POOL_INSUFFICIENT' });
    const before = Number(ctx.app.core.systemBalance('margin_lending_pool', 'USDT'));
    const ok = await post<{ hourlyRate: string }>(admin, '/api/admin/margin/pool/USDT', {
      hourlyRate: '0.000005',
      direction: 'in',
      amount: '1000',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.hourlyRate).toBe('0.000005');
    expect(Number(ctx.app.core.systemBalance('margin_lending_pool', 'USDT'))).toBeCloseTo(before + 1000, 6);
    const { auditLog } = await import('@/db/schema');
    const { eq } = await import('drizzle-orm');
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'margin.pool.change'));
    expect(audit.length).toBe(1);
  });
});

async function outboxFor(email: string): Promise<{ subject: string }[]> {
  const { outboxMessages } = await import('@/db/schema');
  const { eq } = await import('drizzle-orm');
  return ctx.db
    .select({ subject: outboxMessages.subject })
    .from(outboxMessages)
    .where(eq(outboxMessages.target, email));
}
