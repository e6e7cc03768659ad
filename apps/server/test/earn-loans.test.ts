// Power loans over HTTP (docs/earn.md "Loans"): an application with the three documents from the upload
// service (missing or someone else's are refused), operator review in the console (audited, exactly one
// approval lends), the principal from the lending pool, exact interest by the plan, overdue marked by
// the job with the stated penalty, repayment by the plan and in full, and a second user who can see or
// touch nothing of the first one's loans or documents.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/db/schema';
import {
  createEarnApp,
  createProduct,
  DAY,
  type EarnTestContext,
  earnUser,
  finance,
  fundPool,
  ok,
  refused,
} from './earn-kit';
import { auth, call, dbSnapshot } from './helpers';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let ctx: EarnTestContext;
let productId: string;

interface Loan {
  id: string;
  status: string;
  statusCode: number;
  amount: string;
  interest: string;
  lender: string;
  installments: {
    dueTime: string;
    principal: string;
    interest: string;
    penalty: string;
    paidTime: string | null;
  }[];
  due: { next: string; nextPenalty: string; full: string; penalty: string } | null;
  repaid: string;
  documents: { frontImage: string; backImage: string; holdingImage: string };
  failReason: string | null;
}

async function upload(token: string): Promise<string> {
  const boundary = '----earn';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await call<{ link: string }>(ctx.app, {
    method: 'POST',
    url: '/api/common/upload/OSS',
    headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  return ok(res).link;
}

async function documents(token: string) {
  return {
    frontImage: await upload(token),
    backImage: await upload(token),
    holdingImage: await upload(token),
  };
}

const apply = (token: string, payload: Record<string, unknown>) =>
  call<Loan>(ctx.app, { method: 'POST', url: '/api/loan/apply', headers: auth(token), payload });

const decide = (token: string, id: string, action: 'approve' | 'reject', payload: object = {}) =>
  call<Loan>(ctx.app, {
    method: 'POST',
    url: `/api/admin/earn/loans/${id}/${action}`,
    headers: auth(token),
    payload,
  });

const repay = (token: string, loanId: string, mode: 'next' | 'full') =>
  call<Loan & { paid: string }>(ctx.app, {
    method: 'POST',
    url: '/api/loan/repay',
    headers: auth(token),
    payload: { loanId, mode },
  });

beforeAll(async () => {
  ctx = await createEarnApp();
  await fundPool(ctx, 'lending', '3000');
  productId = await createProduct(ctx, {
    kind: 'loan',
    name: 'Loan 30',
    asset: 'USDT',
    status: 'open',
    dailyRate: '0.0007',
    cycleDays: 30,
    periodDays: 7,
    repayWays: ['1', '2'],
    overdueRate: '0.002',
    minAmount: '100',
    maxAmount: '5000',
  });
});
afterAll(async () => ctx.close());

describe('loans', () => {
  it('lists the product with the platform pool as lender and what it can lend', async () => {
    const list = ok(
      await call<{ id: string; lender: string; available: string; repayWays: string[] }[]>(ctx.app, {
        method: 'POST',
        url: '/api/loan/list',
      }),
    );
    expect(list).toEqual([
      expect.objectContaining({
        id: productId,
        lender: 'platform',
        available: '3000',
        repayWays: ['1', '2'],
      }),
    ]);
  });

  it('refuses missing documents, someone else’s upload, a bad repay way and amounts out of range, changing nothing', async () => {
    const u = await earnUser(ctx.app, '0');
    const other = await earnUser(ctx.app, '0');
    const docs = await documents(u.token);
    const before = await dbSnapshot(ctx.db);
    const missing = await apply(u.token, {
      productId,
      amount: '1000',
      repayWay: '1',
      frontImage: docs.frontImage,
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errorCode).toBe('EARN_DOCUMENTS_REQUIRED');
    expect(missing.body.errors?.map((e) => e.field)).toEqual(['backImage', 'holdingImage']);
    const theirs = await upload(other.token);
    const stolen = await apply(u.token, {
      productId,
      amount: '1000',
      repayWay: '1',
      ...docs,
      holdingImage: theirs,
    });
    expect([stolen.status, stolen.body.errorCode, stolen.body.errors?.[0]?.field]).toEqual([
      422,
      'EARN_DOCUMENT_INVALID',
      'holdingImage',
    ]);
    refused(
      await apply(u.token, { productId, amount: '99', repayWay: '1', ...docs }),
      422,
      'EARN_BELOW_MINIMUM',
      { min: '100' },
    );
    refused(
      await apply(u.token, { productId, amount: '5001', repayWay: '1', ...docs }),
      422,
      'EARN_ABOVE_MAXIMUM',
      { max: '5000' },
    );
    const way = await apply(u.token, { productId, amount: '1000', repayWay: '3', ...docs });
    expect(way.status).toBe(400);
    // Uploads were made before the snapshot; the refusals added nothing.
    expect(await dbSnapshot(ctx.db)).toBe(before);
  });

  it('is reviewed in the console (audited), lends exactly once, repays by the plan, and charges the overdue penalty exactly', async () => {
    const u = await earnUser(ctx.app, '0');
    const docs = await documents(u.token);
    const applied = ok(await apply(u.token, { productId, amount: '1000', repayWay: '1', ...docs }));
    expect(applied).toMatchObject({ status: 'pending', statusCode: 0, lender: 'platform', interest: '21' });
    refused(
      await apply(u.token, { productId, amount: '500', repayWay: '2', ...docs }),
      409,
      'EARN_LOAN_PENDING',
    );
    expect(finance(ctx.app, u.userId).available).toBe('0');
    const pending = ok(
      await call<{ records: { id: string; status: string }[] }>(ctx.app, {
        method: 'GET',
        url: '/api/admin/earn/loans?status=pending',
        headers: auth(ctx.admin),
      }),
    );
    expect(pending.records.map((r) => r.id)).toContain(applied.id);
    // The operator sees the documents; a stranger does not.
    const doc = applied.documents.frontImage;
    expect((await ctx.app.inject({ method: 'GET', url: doc, headers: auth(ctx.admin) })).statusCode).toBe(
      200,
    );
    const stranger = await earnUser(ctx.app, '0');
    expect(
      (await ctx.app.inject({ method: 'GET', url: doc, headers: auth(stranger.token) })).statusCode,
    ).toBe(404);

    const approved = ok(await decide(ctx.admin2, applied.id, 'approve'));
    expect(approved).toMatchObject({ status: 'repaying', statusCode: 1 });
    refused(await decide(ctx.admin, applied.id, 'approve'), 409, 'EARN_LOAN_STATE');
    expect(finance(ctx.app, u.userId).available).toBe('1000');
    expect(ctx.app.core.earn().pool('lending', 'USDT').balance).toBe('2000');
    const actions = (await ctx.db.select({ action: auditLog.action }).from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['earn.loan.approve', 'earn.loan.disbursed']));

    const mine = ok(
      await call<Loan>(ctx.app, {
        method: 'GET',
        url: `/api/loan/detail?id=${applied.id}`,
        headers: auth(u.token),
      }),
    );
    expect(mine.installments.map((i) => [i.principal, i.interest])).toEqual([
      ['0', '4.9'],
      ['0', '4.9'],
      ['0', '4.9'],
      ['0', '4.9'],
      ['1000', '1.4'],
    ]);
    ctx.clock.advance(DAY);
    expect(ok(await repay(u.token, applied.id, 'next')).paid).toBe('4.9');
    // The second installment (due day 14) is paid on day 17 and a half: 3 whole days late at 0.2 %.
    ctx.clock.advance(13 * DAY + 60_000);
    await ctx.app.earn.job.runDue();
    await ctx.app.wallet.projection.idle();
    const overdue = ok(
      await call<Loan>(ctx.app, {
        method: 'GET',
        url: `/api/loan/detail?id=${applied.id}`,
        headers: auth(u.token),
      }),
    );
    expect(overdue).toMatchObject({ status: 'overdue', statusCode: 4 });
    ctx.clock.advance(3 * DAY + DAY / 2);
    const quote = ok(
      await call<Loan>(ctx.app, {
        method: 'GET',
        url: `/api/loan/detail?id=${applied.id}`,
        headers: auth(u.token),
      }),
    );
    // 4.9 x 0.002 x 3 = 0.0294
    expect(quote.due).toMatchObject({ next: '4.9294', nextPenalty: '0.0294' });
    expect(ok(await repay(u.token, applied.id, 'next'))).toMatchObject({
      paid: '4.9294',
      status: 'repaying',
    });
    // In full: the three installments left (days 21, 28 and 30), none late yet: 4.9 + 4.9 + 1000 + 1.4.
    const left = finance(ctx.app, u.userId).available;
    expect(left).toBe('990.1706');
    refused(await repay(u.token, applied.id, 'full'), 422, 'EARN_INSUFFICIENT_BALANCE');
    const topUp = await ctx.app.core.submit({
      id: `top-up:${u.userId}`,
      actor: 'system',
      ts: ctx.clock.now().getTime(),
      type: 'adjust',
      payload: { userId: u.userId, asset: 'USDT', accountType: 'finance', amount: '100', ref: 'test' },
    });
    expect(topUp.ok).toBe(true);
    const settled = ok(await repay(u.token, applied.id, 'full'));
    expect(settled).toMatchObject({ status: 'settled', statusCode: 3, paid: '1011.2' });
    expect(finance(ctx.app, u.userId).available).toBe('78.9706');
    expect(ctx.app.core.earn().pool('lending', 'USDT').balance).toBe('3021.0294');
    refused(await repay(u.token, applied.id, 'next'), 409, 'EARN_LOAN_SETTLED');
    const records = ok(
      await call<{ records: Loan[] }>(ctx.app, {
        method: 'POST',
        url: '/api/order/list?kind=loan',
        headers: auth(u.token),
      }),
    );
    expect(records.records[0]).toMatchObject({ id: applied.id, status: 'settled', repaid: '1021.0294' });
  });

  it('rejects with a reason the applicant sees; a second user can neither read nor repay the loan', async () => {
    const u = await earnUser(ctx.app, '0');
    const b = await earnUser(ctx.app, '500');
    const docs = await documents(u.token);
    const applied = ok(await apply(u.token, { productId, amount: '300', repayWay: '2', ...docs }));
    refused(
      await call(ctx.app, {
        method: 'GET',
        url: `/api/loan/detail?id=${applied.id}`,
        headers: auth(b.token),
      }),
      404,
      'EARN_LOAN_NOT_FOUND',
    );
    const rejected = ok(await decide(ctx.admin, applied.id, 'reject', { reason: 'documents unreadable' }));
    expect(rejected).toMatchObject({ status: 'failed', statusCode: 2, failReason: 'documents unreadable' });
    const again = ok(await apply(u.token, { productId, amount: '300', repayWay: '2', ...docs }));
    ok(await decide(ctx.admin, again.id, 'approve'));
    const before = JSON.stringify([ctx.app.core.balancesOf(u.userId), ctx.app.core.balancesOf(b.userId)]);
    refused(await repay(b.token, again.id, 'full'), 404, 'EARN_LOAN_NOT_FOUND');
    const list = ok(
      await call<{ total: number }>(ctx.app, {
        method: 'POST',
        url: '/api/order/list?kind=loan',
        headers: auth(b.token),
      }),
    );
    expect(list.total).toBe(0);
    expect(JSON.stringify([ctx.app.core.balancesOf(u.userId), ctx.app.core.balancesOf(b.userId)])).toBe(
      before,
    );
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'earn.loan.reject'));
    expect(row?.payload).toMatchObject({ id: applied.id, reason: 'documents unreadable' });
  });

  it('fails an approval the lending pool cannot fund, and tells the operator', async () => {
    const u = await earnUser(ctx.app, '0');
    const docs = await documents(u.token);
    const free = ctx.app.core.earn().pool('lending', 'USDT').free;
    expect(Number(free)).toBeLessThan(5000);
    const applied = ok(await apply(u.token, { productId, amount: '5000', repayWay: '2', ...docs }));
    refused(await decide(ctx.admin, applied.id, 'approve'), 409, 'EARN_POOL_INSUFFICIENT');
    const mine = ok(
      await call<Loan>(ctx.app, {
        method: 'GET',
        url: `/api/loan/detail?id=${applied.id}`,
        headers: auth(u.token),
      }),
    );
    expect(mine.status).toBe('failed');
    expect(finance(ctx.app, u.userId).available).toBe('0');
    expect(ctx.app.core.earn().pool('lending', 'USDT').free).toBe(free);
  });
});
