// Identity certification: primary then advanced, under review until an operator passes or fails it
// (audited), ID numbers encrypted at rest, photos only for their owner and operators, another user can
// read or change nothing, and bad input gets a localized message and changes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, kycSubmissions } from '@/db/schema';
import {
  auth,
  bootstrapAdmin,
  call,
  expectError,
  expectValidation,
  registerAndLogin,
  type TestContext,
  tr,
} from './helpers';
import { createWalletApp, pngBytes, upload } from './wallet-kit';

const API = '/api/mjkj-web/coin';
// A valid mainland ID number (check character computed by the MOD 11-2 rule).
const CN_ID = '11010519491231002X';

interface KycView {
  id: string;
  level: string;
  status: number;
  name: string | null;
  idNumber: string | null;
  front: string | null;
  reason: string | null;
}
interface KycStatus {
  level: number;
  primary: KycView | null;
  advanced: KycView | null;
  email: { certified: boolean; email: string };
}

let ctx: TestContext;
let admin: { token: string };

beforeAll(async () => {
  ctx = await createWalletApp();
  admin = await bootstrapAdmin(ctx.app);
});
afterAll(async () => ctx.close());

const status = async (token: string) =>
  (
    await call<KycStatus>(ctx.app, {
      method: 'GET',
      url: `${API}/member/getMemberOtherData/yhrzxx`,
      headers: auth(token),
    })
  ).body.data;
const primary = (token: string, payload: Record<string, unknown>, lang = 'en') =>
  call<KycView>(ctx.app, {
    method: 'POST',
    url: `${API}/member/verified`,
    headers: { ...auth(token), lang },
    payload,
  });
const advanced = (token: string, payload: Record<string, unknown>) =>
  call<KycView>(ctx.app, { method: 'POST', url: '/api/user/uploadKYC', headers: auth(token), payload });
const decide = (id: string, action: 'approve' | 'reject', reason?: string) =>
  call<KycView>(ctx.app, {
    method: 'POST',
    url: `/api/admin/kyc/${id}/${action}`,
    headers: auth(admin.token),
    payload: action === 'reject' ? { reason } : {},
  });
const rows = async () => (await ctx.db.select().from(kycSubmissions)).length;

describe('primary certification', () => {
  it('refuses bad input with the localized message and stores nothing', async () => {
    const u = await registerAndLogin(ctx.app);
    const good = { name: 'Li Lei', idNumber: CN_ID, country: 'CN', cardType: 'idCard' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...good, name: '' }, 'name', 'validation.required'],
      [{ ...good, name: 'Li<script>' }, 'name', 'validation.realName'],
      [{ ...good, idNumber: '110105194912310021' }, 'idNumber', 'validation.idNumber'],
      [{ ...good, idNumber: undefined }, 'idNumber', 'validation.required'],
      [{ ...good, country: 'FR' }, 'country', 'validation.oneOf'],
      [{ ...good, cardType: 'license' }, 'cardType', 'validation.oneOf'],
      [{ ...good, passport: 'x' }, 'passport', 'validation.unknownField'],
    ];
    for (const [payload, field, key] of cases) {
      const before = await rows();
      expectValidation(await primary(u.token, payload), field, key);
      const zh = await primary(u.token, payload, 'zh');
      expectValidation(zh, field, key, 'zh');
      expect(await rows()).toBe(before);
    }
    expect((await status(u.token)).primary).toBeNull();
  });

  it('goes under review, is encrypted at rest, and an operator passes it (audited)', async () => {
    const u = await registerAndLogin(ctx.app);
    const sent = await primary(u.token, {
      name: 'Li Lei',
      idNumber: '11010519491231002x',
      country: 'CN',
      cardType: 'idCard',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.msg).toBe(tr('en', 'success.kycSubmitted'));
    expect(sent.body.data).toMatchObject({
      level: 'primary',
      status: 0,
      name: 'Li Lei',
      idNumber: '********002X',
    });

    const [row] = await ctx.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.id, BigInt(sent.body.data.id)));
    expect(row?.idNumberEnc).toMatch(/^v1:/);
    expect(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).not.toContain(
      '11010519491231',
    );

    // Under review: a second submission is refused; advanced needs primary passed.
    expectError(
      await primary(u.token, { name: 'Li Lei', idNumber: CN_ID, country: 'CN', cardType: 'idCard' }),
      409,
      'KYC_ALREADY_SUBMITTED',
    );
    const up = await upload(ctx.app, u.token, pngBytes());
    expectError(
      await advanced(u.token, { front: up.body.data.link, back: up.body.data.link, hold: up.body.data.link }),
      400,
      'VALIDATION_FAILED',
    );

    const list = await call<{ records: Array<{ id: string; account: string; status: number }> }>(ctx.app, {
      method: 'GET',
      url: `/api/admin/kyc?status=0&level=primary&keyword=${u.account}`,
      headers: auth(admin.token),
    });
    expect(list.body.data.records.map((r) => r.id)).toEqual([sent.body.data.id]);
    const detail = await call<{ idNumberFull: string; account: string }>(ctx.app, {
      method: 'GET',
      url: `/api/admin/kyc/${sent.body.data.id}`,
      headers: auth(admin.token),
    });
    expect(detail.body.data).toMatchObject({ idNumberFull: CN_ID, account: u.account });

    const ok = await decide(sent.body.data.id, 'approve');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await status(u.token)).primary).toMatchObject({ status: 1 });
    expect((await status(u.token)).level).toBe(1);
    expectError(await decide(sent.body.data.id, 'reject', 'late'), 409, 'KYC_STATE');

    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'kyc.approve'));
    expect(audits.map((a) => (a.payload as { submissionId: string }).submissionId)).toContain(
      sent.body.data.id,
    );
    const views = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'kyc.view'));
    expect(views.length).toBeGreaterThan(0);
  });

  it('refuses the same ID number on a second account', async () => {
    const a = await registerAndLogin(ctx.app);
    const b = await registerAndLogin(ctx.app);
    const id = 'E12345678';
    expect(
      (await primary(a.token, { name: 'Ann Lee', idNumber: id, country: 'US', cardType: 'passport' })).status,
    ).toBe(200);
    const before = await rows();
    const dup = await primary(b.token, {
      name: 'Bob Lee',
      idNumber: 'e1234-5678',
      country: 'US',
      cardType: 'passport',
    });
    expectError(dup, 409, 'KYC_ID_NUMBER_USED');
    expect(dup.body.errors?.[0]?.field).toBe('idNumber');
    expect(await rows()).toBe(before);
  });
});

describe('advanced certification', () => {
  it("needs primary passed, the caller's own photos, and is failed with a reason then passed", async () => {
    const u = await registerAndLogin(ctx.app);
    const other = await registerAndLogin(ctx.app);
    const photos = await Promise.all([1, 2, 3].map(() => upload(ctx.app, u.token, pngBytes())));
    const [front, back, hold] = photos.map((p) => p.body.data.link) as [string, string, string];
    expectError(await advanced(u.token, { front, back, hold }), 409, 'KYC_PRIMARY_REQUIRED');

    const p = await primary(u.token, {
      name: '韩梅梅',
      idNumber: '440524188001010014',
      country: 'CN',
      cardType: 'idCard',
    });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    await decide(p.body.data.id, 'approve');

    // Another user's upload is "not found", whoever asks.
    const foreign = await upload(ctx.app, other.token, pngBytes());
    const before = await rows();
    const stolen = await advanced(u.token, { front, back, hold: foreign.body.data.link });
    expectError(stolen, 422, 'KYC_PHOTO_NOT_FOUND');
    expect(stolen.body.errors?.[0]?.field).toBe('hold');
    expectValidation(await advanced(u.token, { front, back: front, hold }), 'back', 'validation.duplicate');
    expectValidation(
      await advanced(u.token, { front: 'https://evil.example/x.png', back, hold }),
      'front',
      'validation.upload',
    );
    expect(await rows()).toBe(before);

    const sent = await advanced(u.token, { front, back, hold: hold.replace('/api/uploads/', '') });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ level: 'advanced', status: 0, front });

    const rejected = await decide(sent.body.data.id, 'reject', 'Photo is blurred');
    expect(rejected.status).toBe(200);
    expect((await status(u.token)).advanced).toMatchObject({ status: 2, reason: 'Photo is blurred' });
    expectValidation(await decide(sent.body.data.id, 'reject', ''), 'reason', 'validation.required');

    // Failed: a new request may follow, and passes.
    const again = await advanced(u.token, { front, back, hold });
    expect(again.status).toBe(200);
    await decide(again.body.data.id, 'approve');
    expect((await status(u.token)).level).toBe(2);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'kyc.reject'));
    expect(audits.some((a) => (a.payload as { reason?: string }).reason === 'Photo is blurred')).toBe(true);
  });
});

describe('privacy', () => {
  it('another user sees none of it and cannot open the photos; operators can', async () => {
    const a = await registerAndLogin(ctx.app);
    const b = await registerAndLogin(ctx.app);
    const photo = await upload(ctx.app, a.token, pngBytes());
    const p = await primary(a.token, {
      name: 'Alice Smith',
      idNumber: 'P99887766',
      country: 'US',
      cardType: 'passport',
    });
    expect(p.status).toBe(200);

    expect(await status(b.token)).toMatchObject({ level: 0, primary: null, advanced: null });
    const asB = await ctx.app.inject({ method: 'GET', url: photo.body.data.link, headers: auth(b.token) });
    expect(asB.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: photo.body.data.link });
    expect(anonymous.statusCode).toBe(404);
    const asOwner = await ctx.app.inject({
      method: 'GET',
      url: photo.body.data.link,
      headers: auth(a.token),
    });
    expect(asOwner.statusCode).toBe(200);
    const asOperator = await ctx.app.inject({
      method: 'GET',
      url: photo.body.data.link,
      headers: auth(admin.token),
    });
    expect(asOperator.statusCode).toBe(200);

    // User tokens never pass the operator routes; an operator decision needs an operator.
    expect(
      (await call(ctx.app, { method: 'GET', url: '/api/admin/kyc', headers: auth(b.token) })).status,
    ).toBe(401);
    expect(
      (
        await call(ctx.app, {
          method: 'POST',
          url: `/api/admin/kyc/${p.body.data.id}/approve`,
          headers: auth(a.token),
          payload: {},
        })
      ).status,
    ).toBe(401);
    expect((await status(a.token)).primary?.status).toBe(0);
    expect(
      (await call(ctx.app, { method: 'GET', url: `${API}/member/getMemberOtherData/yhrzxx` })).status,
    ).toBe(401);
  });
});
