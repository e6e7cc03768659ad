// OTC / P2P in two browser contexts against the real server (docs/otc.md): a certified merchant (set up
// through the API: KYC approved by the admin, payment method, application approved, USDT moved to the
// merchant account) posts a sell ad in /merchant/index; a user buys it in /otc/common; the merchant's
// popup appears without a reload and opens the merchant order page; the chat works both ways with an
// image; the buyer marks paid, the merchant releases, and both balances change.
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { PASSWORD, registerAndLogin, uniqueAccount } from './support/accounts';
import { ADMIN_NEW_PASSWORD, consoleDevice, openAdminConsole } from './support/admin-console';

const API = '/api/mjkj-web/coin';
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function adminToken(request: APIRequestContext): Promise<string> {
  const file = process.env.E2E_ADMIN_PASSWORD_FILE;
  if (!file) throw new Error('E2E_ADMIN_PASSWORD_FILE is not set');
  const oneTime = readFileSync(file, 'utf8').trim();
  const first = await request.post('/api/admin/auth/login', {
    headers: { 'user-agent': consoleDevice() },
    data: { username: 'admin', password: oneTime },
  });
  const firstBody = (await first.json()) as { code: number; data: { satoken: string } };
  if (firstBody.code === 200) {
    await request.post('/api/admin/auth/password', {
      headers: { satoken: firstBody.data.satoken },
      data: { oldPassword: oneTime, newPassword: ADMIN_NEW_PASSWORD },
    });
  }
  const login = await request.post('/api/admin/auth/login', {
    headers: { 'user-agent': consoleDevice() },
    data: { username: 'admin', password: ADMIN_NEW_PASSWORD },
  });
  const body = (await login.json()) as { code: number; data: { satoken: string } };
  expect(body.code).toBe(200);
  return body.data.satoken;
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

async function uploadPhoto(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.post('/api/common/upload/OSS', {
    headers: auth(token),
    multipart: { file: { name: 'id.png', mimeType: 'image/png', buffer: PNG } },
  });
  return (await ok<{ name: string }>(res)).name;
}

async function usdt(
  request: APIRequestContext,
  token: string,
  type: 'spot' | 'merchant' = 'spot',
): Promise<number> {
  const res = await request.get(`${API}/assets/getMyBalance?type=${type === 'spot' ? '1' : '8'}&coin=USDT`, {
    headers: auth(token),
  });
  const body = (await res.json()) as { data?: { list?: Array<{ coin: string; available: string }> } };
  return Number(body.data?.list?.find((c) => c.coin === 'USDT')?.available ?? 0);
}

async function setupMerchant(request: APIRequestContext, admin: string, account: string) {
  const token = await registerAndLogin(request, account);
  const primary = await ok<{ id: string }>(
    await request.post(`${API}/member/verified`, {
      headers: auth(token),
      data: {
        name: 'Alex Merchant',
        idNumber: `P${Date.now().toString().slice(-8)}`,
        country: 'US',
        cardType: 'passport',
      },
    }),
  );
  await ok(
    await request.post(`/api/admin/kyc/${primary.id}/approve`, { headers: { satoken: admin }, data: {} }),
  );
  const photos = {
    front: await uploadPhoto(request, token),
    back: await uploadPhoto(request, token),
    hold: await uploadPhoto(request, token),
  };
  const advanced = await ok<{ id: string }>(
    await request.post('/api/user/uploadKYC', { headers: auth(token), data: photos }),
  );
  await ok(
    await request.post(`/api/admin/kyc/${advanced.id}/approve`, { headers: { satoken: admin }, data: {} }),
  );
  await ok(
    await request.post(`${API}/member/payment`, {
      headers: auth(token),
      data: {
        kind: 'bank',
        holderName: 'Alex Merchant',
        bankName: 'Bank of E2E',
        account: '6222020200112233445',
      },
    }),
  );
  const applied = await ok<{ id: string }>(
    await request.post(`${API}/merchant/apply`, { headers: auth(token), data: { nickname: account } }),
  );
  await ok(
    await request.post(`/api/admin/otc/merchants/${applied.id}/decide`, {
      headers: { satoken: admin },
      data: { approve: true },
    }),
  );
  await ok(
    await request.post(`${API}/assets/demoDeposit`, {
      headers: { ...auth(token), 'Idempotency-Key': `otc-${Date.now()}` },
      data: { coin: 'USDT', amount: '1000' },
    }),
  );
  await expect
    .poll(() => usdt(request, token), { timeout: 90_000, intervals: [1000] })
    .toBeGreaterThanOrEqual(1000);
  await ok(
    await request.post('/api/asset/transferFunds', {
      headers: { ...auth(token), 'Idempotency-Key': `otc-t-${Date.now()}` },
      data: { coin: 'USDT', amount: '500', from: '1', to: '8' },
    }),
  );
  return token;
}

async function openAs(browser: Browser, account: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 860 } });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByTestId('login-tab-account').click();
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();
  return page;
}

test('a merchant posts an ad, a user buys it, chat with an image, paid and released', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await adminToken(request);
  const merchantAccount = uniqueAccount('otcm');
  const merchantToken = await setupMerchant(request, admin, merchantAccount);
  const buyerAccount = uniqueAccount('otcb');
  const buyerToken = await registerAndLogin(request, buyerAccount);

  // The merchant posts a sell ad through the UI.
  const m = await openAs(browser, merchantAccount);
  await m.goto('/merchant/index');
  await expect(m.getByTestId('merchant-post-ad')).toBeVisible();
  await m.getByTestId('ad-price').fill('7.2');
  await m.getByTestId('ad-amount').fill('300');
  await m.getByTestId('ad-min').fill('10');
  await m.getByTestId('ad-max').fill('10000');
  await m.getByTestId('ad-payments').click();
  await m.locator('.ant-select-item-option').first().click();
  await m.keyboard.press('Escape');
  await m.getByTestId('ad-submit').click();
  await expect(m.getByTestId('merchant-ads')).toContainText('300 USDT');
  await m.screenshot({ path: test.info().outputPath('merchant-index.png'), fullPage: true });

  // The user buys 100 USDT from it in the market.
  const b = await openAs(browser, buyerAccount);
  await b.goto('/otc/common');
  const row = b.locator('tr', { hasText: merchantAccount });
  await expect(row).toBeVisible();
  await b.screenshot({ path: test.info().outputPath('otc-common.png'), fullPage: true });
  await row.getByTestId('otc-take').click();
  await b.getByTestId('otc-take-amount').fill('100');
  await b.getByTestId('otc-take-confirm').click();
  await expect(b.getByTestId('otc-order')).toBeVisible();
  await expect(b.getByTestId('otc-order-status')).toContainText('Waiting for payment');
  await expect(b.getByTestId('otc-countdown')).toBeVisible();
  await expect(b.getByTestId('otc-payment')).toContainText('6222020200112233445');

  // The merchant's popup appears without a reload and opens the merchant order page.
  const popup = m.getByTestId('otc-popup').first();
  await expect(popup).toBeVisible();
  await m.screenshot({ path: test.info().outputPath('merchant-popup.png') });
  await popup.locator('.otc-popup-body').click();
  await expect(m).toHaveURL(/\/merchant\/deal\?.*orderCode=/);
  await expect(m.getByTestId('otc-order')).toBeVisible();

  // Chat both ways, with an image.
  await b.getByTestId('chat-input').fill('Hello, paying now');
  await b.getByTestId('chat-send').click();
  await expect(m.locator('[data-testid="chat-msg"][data-kind="other"]').last()).toContainText(
    'Hello, paying now',
  );
  await m
    .locator('[data-testid="chat-composer"] input[type="file"]')
    .setInputFiles({ name: 'ok.png', mimeType: 'image/png', buffer: PNG });
  await expect(b.locator('[data-testid="chat-msg"][data-kind="other"] img').last()).toBeVisible();
  await m.getByTestId('chat-input').fill('Received, thanks');
  await m.getByTestId('chat-send').click();
  await expect(b.locator('[data-testid="chat-msg"][data-kind="other"]').last()).toContainText(
    'Received, thanks',
  );

  // Paid, then released; both balances change.
  const merchantBefore = await usdt(request, merchantToken, 'merchant');
  // The buyer marks paid with a payment proof: the image lands in the order chat for the seller.
  const imagesBefore = await m.locator('[data-testid="chat-msg"][data-kind="other"] img').count();
  await b
    .getByTestId('otc-proof-input')
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
  await expect(b.getByTestId('otc-proof-name')).toContainText('proof.png');
  await b.getByTestId('otc-mark-paid').click();
  await expect(m.getByTestId('otc-order-status')).toContainText('Paid');
  await expect(m.locator('[data-testid="chat-msg"][data-kind="other"] img')).toHaveCount(imagesBefore + 1);
  await m.getByTestId('otc-release').click();
  await expect(b.getByTestId('otc-order-status')).toContainText('Completed');
  await b.screenshot({ path: test.info().outputPath('otc-order-done.png'), fullPage: true });
  await expect.poll(() => usdt(request, buyerToken), { timeout: 10_000 }).toBe(100);
  expect(merchantBefore).toBe(200);

  // 375 px, night theme: the order page stays usable.
  const phone = await openAs(browser, buyerAccount, 375);
  await phone.evaluate(() => {
    const entry = JSON.stringify({
      dataType: 'string',
      content: 'theme-night',
      type: 'local',
      datetime: Date.now(),
    });
    localStorage.setItem('coin_web-themeName', entry);
  });
  await phone.goto('/otc/order');
  await expect(phone.getByTestId('otc-orders-user')).toBeVisible();
  await phone.screenshot({ path: test.info().outputPath('otc-orders-375-night.png'), fullPage: true });
  await phone.goto('/otc/common');
  await expect(phone.getByTestId('otc-common')).toBeVisible();
  await phone.screenshot({ path: test.info().outputPath('otc-common-375-night.png'), fullPage: true });

  // The console's OTC page lists the approved merchant.
  const console = await openAdminConsole(browser, 'otc');
  await expect(console.getByTestId('admin-otc')).toBeVisible();
  await console.getByText('Approved', { exact: true }).first().click();
  await expect(console.getByTestId('admin-otc')).toContainText(merchantAccount);
  await console.screenshot({ path: test.info().outputPath('admin-otc.png'), fullPage: true });
});
