// Bank card (number and bank name required, immutable once saved), payment methods in the certified name,
// and binding the missing email or phone (email certification). Another user reads or changes nothing;
// bad input gets the localized message and changes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods, userBankCards, users } from '@/db/schema';
import {
  auth,
  bootstrapAdmin,
  call,
  expectError,
  expectValidation,
  latestCode,
  loginOk,
  registerAndLogin,
  registerUser,
  sendCode,
  type TestContext,
  tr,
  uniq,
  uniqPhone,
} from './helpers';
import { createWalletApp, pngBytes, upload } from './wallet-kit';

const API = '/api/mjkj-web/coin';

let ctx: TestContext;
let admin: { token: string };

beforeAll(async () => {
  ctx = await createWalletApp();
  admin = await bootstrapAdmin(ctx.app);
});
afterAll(async () => ctx.close());

const save = (token: string, payload: Record<string, unknown>, lang = 'en') =>
  call<Record<string, string | null>>(ctx.app, {
    method: 'POST',
    url: '/api/userBank/save',
    headers: { ...auth(token), lang },
    payload,
  });
const getBank = (token: string) =>
  call<Record<string, string | null> | null>(ctx.app, {
    method: 'POST',
    url: '/api/userBank/getbank',
    headers: auth(token),
    payload: {},
  });
const cards = async () => (await ctx.db.select().from(userBankCards)).length;

/** A user whose primary certification has passed, with that name. */
async function certifiedUser(name: string, idNumber: string) {
  const u = await registerAndLogin(ctx.app);
  const p = await call<{ id: string }>(ctx.app, {
    method: 'POST',
    url: `${API}/member/verified`,
    headers: auth(u.token),
    payload: { name, idNumber, country: 'US', cardType: 'passport' },
  });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  const ok = await call(ctx.app, {
    method: 'POST',
    url: `/api/admin/kyc/${p.body.data.id}/approve`,
    headers: auth(admin.token),
    payload: {},
  });
  expect(ok.status).toBe(200);
  return u;
}

describe('bank card', () => {
  it('validates each field with a localized message and stores nothing', async () => {
    const u = await registerAndLogin(ctx.app);
    const good = { cardNo: '6222 0212 3456 7890', bankName: 'ICBC' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ bankName: 'ICBC' }, 'cardNo', 'validation.required'],
      [{ ...good, cardNo: '6222abc' }, 'cardNo', 'validation.cardNumber'],
      [{ ...good, cardNo: '1234' }, 'cardNo', 'validation.cardNumber'],
      [{ cardNo: good.cardNo }, 'bankName', 'validation.required'],
      [{ ...good, bankName: '   ' }, 'bankName', 'validation.required'],
      [{ ...good, swiftCode: 'NOTSWIFT!' }, 'swiftCode', 'validation.swift'],
      [{ ...good, homeAddress: 'x'.repeat(129) }, 'homeAddress', 'validation.tooLong'],
      [{ ...good, owner: 'me' }, 'owner', 'validation.unknownField'],
    ];
    for (const [payload, field, key] of cases) {
      expectValidation(await save(u.token, payload), field, key);
      expectValidation(await save(u.token, payload, 'ja'), field, key, 'ja');
    }
    expect(await cards()).toBe(0);
    expect((await getBank(u.token)).body.data).toBeNull();
  });

  it('binds once with the number encrypted; a second save is refused and changes nothing', async () => {
    const u = await registerAndLogin(ctx.app);
    const b = await registerAndLogin(ctx.app);
    const first = await save(u.token, {
      cardNo: '6222-0212-3456-7890',
      bankName: 'ICBC',
      swiftCode: 'icbkcnbj',
      branchName: 'Beijing Xidan',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.msg).toBe(tr('en', 'success.bankCardBound'));
    expect(first.body.data).toMatchObject({
      cardNo: '****7890',
      bankName: 'ICBC',
      swiftCode: 'ICBKCNBJ',
      bankAddress: null,
    });
    const [row] = await ctx.db
      .select()
      .from(userBankCards)
      .where(eq(userBankCards.userId, BigInt(u.user.id)));
    expect(row?.cardNoEnc).toMatch(/^v1:/);
    expect(row?.cardNoEnc).not.toContain('6222021234567890');

    const again = await save(u.token, { cardNo: '6222021234567891', bankName: 'BOC' }, 'zh');
    expectError(again, 409, 'BANK_CARD_ALREADY_BOUND', 'zh');
    expect(again.body.msg).toBe(tr('zh', 'errors.BANK_CARD_ALREADY_BOUND'));
    expect((await getBank(u.token)).body.data).toMatchObject({ cardNo: '****7890', bankName: 'ICBC' });

    // Another user sees no card and binding theirs does not touch the first.
    expect((await getBank(b.token)).body.data).toBeNull();
    expect((await save(b.token, { cardNo: '6222021234567899', bankName: 'CCB' })).status).toBe(200);
    expect((await getBank(u.token)).body.data).toMatchObject({ cardNo: '****7890' });
    expect((await call(ctx.app, { method: 'POST', url: '/api/userBank/getbank', payload: {} })).status).toBe(
      401,
    );
  });
});

describe('payment methods', () => {
  it('need primary certification and the certified name; another user can neither see nor remove them', async () => {
    const plain = await registerAndLogin(ctx.app);
    const bankMethod = { kind: 'bank', holderName: 'Carol King', bankName: 'HSBC', account: '400012345678' };
    expectError(
      await call(ctx.app, {
        method: 'POST',
        url: `${API}/member/payment`,
        headers: auth(plain.token),
        payload: bankMethod,
      }),
      409,
      'KYC_PRIMARY_REQUIRED',
    );

    const u = await certifiedUser('Carol King', 'C1234567');
    const other = await certifiedUser('Dan Brown', 'D7654321');
    const add = (token: string, payload: Record<string, unknown>) =>
      call<{ id: string; account: string; kind: string }>(ctx.app, {
        method: 'POST',
        url: `${API}/member/payment`,
        headers: auth(token),
        payload,
      });
    const mismatch = await add(u.token, { ...bankMethod, holderName: 'Somebody Else' });
    expectError(mismatch, 422, 'PAYMENT_NAME_MISMATCH');
    expect(mismatch.body.errors?.[0]?.field).toBe('holderName');
    expectValidation(await add(u.token, { ...bankMethod, kind: 'cash' }), 'kind', 'validation.oneOf');
    expectValidation(
      await add(u.token, { ...bankMethod, account: 'abc' }),
      'account',
      'validation.cardNumber',
    );
    expectValidation(
      await add(u.token, { kind: 'ewallet', holderName: 'Carol King', provider: 'venmo', account: 'carol' }),
      'provider',
      'validation.oneOf',
    );
    expect((await ctx.db.select().from(paymentMethods)).length).toBe(0);

    const bank = await add(u.token, { ...bankMethod, holderName: 'carol  king' });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    expect(bank.body.data).toMatchObject({ kind: 'bank', account: '****5678' });
    const qr = await upload(ctx.app, u.token, pngBytes());
    const wallet = await add(u.token, {
      kind: 'ewallet',
      holderName: 'Carol King',
      provider: 'alipay',
      account: 'carol@example.com',
      qrCode: qr.body.data.link,
    });
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(200);
    const foreignQr = await upload(ctx.app, other.token, pngBytes());
    expectError(
      await add(u.token, {
        kind: 'ewallet',
        holderName: 'Carol King',
        provider: 'wechat',
        account: 'c',
        qrCode: foreignQr.body.data.link,
      }),
      422,
      'KYC_PHOTO_NOT_FOUND',
    );

    const list = (token: string) =>
      call<Array<{ id: string }>>(ctx.app, {
        method: 'GET',
        url: `${API}/member/getPayment`,
        headers: auth(token),
      });
    expect((await list(u.token)).body.data.map((p) => p.id)).toEqual([
      bank.body.data.id,
      wallet.body.data.id,
    ]);
    expect((await list(other.token)).body.data).toEqual([]);

    const del = (token: string, id: string) =>
      call(ctx.app, {
        method: 'POST',
        url: `${API}/member/payment/delete/${id}`,
        headers: auth(token),
        payload: {},
      });
    expectError(await del(other.token, bank.body.data.id), 404, 'PAYMENT_METHOD_NOT_FOUND');
    expect((await list(u.token)).body.data).toHaveLength(2);
    expect((await del(u.token, bank.body.data.id)).status).toBe(200);
    expect((await list(u.token)).body.data.map((p) => p.id)).toEqual([wallet.body.data.id]);
  });
});

describe('email certification and contact binding', () => {
  it('binds an email to a phone account with a bind code; refuses what is bound or taken', async () => {
    const phone = uniqPhone();
    const reg = await registerUser(ctx.app, { phone });
    const session = await loginOk(ctx.app, { username: reg.account, password: reg.password });
    const token = session.satoken;
    const status = async () =>
      (
        await call<{ email: { certified: boolean; email: string } }>(ctx.app, {
          method: 'GET',
          url: `${API}/member/getMemberOtherData/yhrzxx`,
          headers: auth(token),
        })
      ).body.data.email;
    expect(await status()).toEqual({ certified: false, email: '' });

    const email = `${uniq()}@example.com`;
    expect((await sendCode(ctx.app, { channel: 'email', target: email, type: 'bind' })).status).toBe(200);
    const code = await latestCode(ctx.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const bind = (payload: Record<string, unknown>) =>
      call(ctx.app, { method: 'POST', url: '/api/user/bindEmail', headers: auth(token), payload });
    expectError(await bind({ email, code: wrong }), 422, 'CODE_INVALID');
    expectValidation(await bind({ email: 'not-an-email', code }), 'email', 'validation.email');
    expectValidation(await bind({ email, code: '12' }), 'code', 'validation.code');
    const [before] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(reg.user.id)));
    expect(before?.email).toBeNull();

    const ok = await bind({ email: email.toUpperCase(), code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.msg).toBe(tr('en', 'success.emailCertified'));
    expect(await status()).toMatchObject({ certified: true });
    const info = await call<{ email: string; hasEmail: boolean }>(ctx.app, {
      method: 'POST',
      url: '/api/user/getInfo',
      headers: auth(token),
    });
    expect(info.body.data.hasEmail).toBe(true);
    expectError(await bind({ email: `${uniq()}@example.com`, code }), 409, 'CONTACT_ALREADY_BOUND');

    // An email already bound elsewhere cannot be sent a bind code, nor bound.
    const owner = await registerAndLogin(ctx.app);
    const other = await registerUser(ctx.app, { phone: uniqPhone() });
    const otherToken = (await loginOk(ctx.app, { username: other.account, password: other.password }))
      .satoken;
    const taken = await call(ctx.app, {
      method: 'POST',
      url: `${API}/member/accountVerificationBinding`,
      headers: auth(otherToken),
      payload: { type: 'email', target: owner.email, code: '123456' },
    });
    expectError(taken, 409, 'USER_EMAIL_TAKEN');

    // accountVerificationBinding also binds a missing phone.
    const newPhone = uniqPhone();
    expect((await sendCode(ctx.app, { channel: 'sms', target: newPhone, type: 'bind' })).status).toBe(200);
    const phoneCode = await latestCode(ctx.app, newPhone);
    const bound = await call<{ phone: string }>(ctx.app, {
      method: 'POST',
      url: `${API}/member/accountVerificationBinding`,
      headers: auth(owner.token),
      payload: { type: 'phone', target: newPhone, code: phoneCode },
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect(bound.body.msg).toBe(tr('en', 'success.phoneBound'));
    expectValidation(
      await call(ctx.app, {
        method: 'POST',
        url: `${API}/member/accountVerificationBinding`,
        headers: auth(owner.token),
        payload: { type: 'phone', target: 'abc', code: phoneCode },
      }),
      'target',
      'validation.phone',
    );
  });
});
