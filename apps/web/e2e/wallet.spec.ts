// The wallet in the browser against the real server (simulated chain, DEV_OUTBOX_API=true):
// (a) a user registers, sends simulated demo funds and sees the balance appear on the assets page after
//     the confirmations, without reloading (OWNCOIN push);
// (b) a manual recharge with an uploaded screenshot is approved by an operator in /admin and credited;
// (c) with a fund password set, a withdrawal shows its fee before submitting, is approved by the operator
//     and lowers the balance by exactly amount + fee; a cancelled one returns its hold;
// (d) another user can read neither the screenshot nor the records of the first.
//
// Test ids (wallet feature): wallet-assets, wallet-total-usdt, wallet-total-fiat, balance-row-<COIN>,
// balance-available-<COIN>, balance-frozen-<COIN>, deposit-panel, deposit-simulated, deposit-address,
// deposit-copy, demo-amount, demo-submit, demo-sent, recharge-form, recharge-amount, recharge-amount-error,
// recharge-screenshot-input, recharge-screenshot-preview, recharge-screenshot-error, recharge-submit,
// recharge-status-<id>, withdraw-form, withdraw-need-fund-password, withdraw-set-fund-password,
// withdraw-address, withdraw-amount, withdraw-amount-all, withdraw-fee, withdraw-receive, withdraw-total,
// withdraw-password, withdraw-password-error, withdraw-submit, withdraw-forgotten, withdrawal-status-<id>,
// withdrawal-cancel-<id>, assets-tab-<key>, swap-*, transfer-*.
// Operator console (console feature): admin-login-*, admin-oldpwd, admin-newpwd, admin-newpwd-confirm,
// admin-newpwd-submit, admin-nav-recharges, admin-nav-withdrawals, recharge-row-<id>, withdrawal-row-<id>,
// approve-<id>.
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { consoleDevice } from './support/admin-console';
import { loginByUi } from './support/session';

const PASSWORD = 'Passw0rd!';
const FUND_PASSWORD = 'fund123';
const ADMIN_NEW_PASSWORD = 'Adm1nPassw0rd!';
const API = '/api/mjkj-web/coin';
// A TRON-shaped address (T + 33 base58 characters): the simulated chain checks the shape only.
const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

function uniqueAccount(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(0, 20);
}

/** A real 4x4 PNG (RGB), built here so the upload goes through the server's magic-byte check. */
function pngFixture(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(4, 0);
  ihdr.writeUInt32BE(4, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.concat(
    Array.from({ length: 4 }, () => Buffer.from([0, 29, 100, 242, 29, 100, 242, 255, 255, 255, 0, 200, 80])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface OutboxMessage {
  id: string;
  target: string;
  body: string;
}

async function readCode(request: APIRequestContext, target: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?target=${encodeURIComponent(target)}`);
        const body = (await res.json()) as { data: OutboxMessage[] };
        code = /\b(\d{6})\b/.exec(body.data[0]?.body ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return code;
}

async function registerByUi(page: Page, request: APIRequestContext, account: string): Promise<void> {
  const email = `${account}@example.com`;
  await page.goto('/user/register');
  await page.getByTestId('register-account').fill(account);
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toBeDisabled();
  await page.getByTestId('register-code').fill(await readCode(request, email));
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm-password').fill(PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/user\/login/);
}

async function registerAndLoginByApi(request: APIRequestContext, account: string): Promise<string> {
  const email = `${account}@example.com`;
  const sent = await request.post(`/api/user/sendEmailCode?email=${encodeURIComponent(email)}&type=register`);
  expect(sent.ok()).toBe(true);
  const code = await readCode(request, email);
  const reg = await request.post('/api/user/register', {
    data: { account, email, password: PASSWORD, confirmPassword: PASSWORD, code },
  });
  expect((await reg.json()).code).toBe(200);
  const login = await request.post('/api/user/login', {
    data: { type: 'account', username: account, password: PASSWORD },
  });
  const body = (await login.json()) as { code: number; data: { satoken: string } };
  expect(body.code).toBe(200);
  return body.data.satoken;
}

async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('coin_web-token');
    return raw ? (JSON.parse(raw) as { content: string }).content : '';
  });
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The operator console in its own browser context; the first login changes the one-time password. */
async function openAdmin(browser: Browser): Promise<Page> {
  const file = process.env.E2E_ADMIN_PASSWORD_FILE;
  if (!file) throw new Error('E2E_ADMIN_PASSWORD_FILE is not set (see playwright.config.ts)');
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    userAgent: consoleDevice(),
  });
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByTestId('admin-login-username').fill('admin');
  const oneTime = readFileSync(file, 'utf8').trim();
  // Another spec in the same run (e2e/admin.spec.ts) may already have replaced the one-time password
  // with the same new one.
  if (!adminPassword) {
    const probe = await page.request.post('/api/admin/auth/login', {
      data: { username: 'admin', password: oneTime },
    });
    if ((await probe.json()).code !== 200) adminPassword = ADMIN_NEW_PASSWORD;
  }
  await page.getByTestId('admin-login-password').fill(adminPassword ?? oneTime);
  await page.getByTestId('admin-login-submit').click();
  if (!adminPassword) {
    // The first login forces a new password; the console may remember the one-time one itself.
    await expect(page.getByTestId('admin-newpwd')).toBeVisible();
    if (await page.getByTestId('admin-oldpwd').isVisible())
      await page.getByTestId('admin-oldpwd').fill(oneTime);
    await page.getByTestId('admin-newpwd').fill(ADMIN_NEW_PASSWORD);
    await page.getByTestId('admin-newpwd-confirm').fill(ADMIN_NEW_PASSWORD);
    await page.getByTestId('admin-newpwd-submit').click();
    adminPassword = ADMIN_NEW_PASSWORD;
  }
  await expect(page.getByTestId('admin-nav-recharges')).toBeVisible();
  return page;
}

let adminPassword: string | undefined;

/** Balance cell of a coin on the assets page (spot account tab). */
function available(page: Page, coin: string) {
  return page.getByTestId(`balance-available-${coin}`);
}

async function showSpot(page: Page): Promise<void> {
  await page.getByTestId('wallet-account-tab-1').click();
}

test.describe.configure({ mode: 'serial' });

const state = {
  account: '',
  token: '',
  rechargeId: '',
  screenshot: '',
  withdrawalId: '',
};

test('(a) register, demo funding on the simulated chain, balance appears live after confirmations', async ({
  page,
  request,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  state.account = uniqueAccount('w');
  await registerByUi(page, request, state.account);
  await loginByUi(page, state.account);
  state.token = await storedToken(page);

  await page.goto('/assets/index?key=recharge');
  const panel = page.getByTestId('deposit-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('deposit-simulated')).toBeVisible();
  const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
  expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await page.getByTestId('deposit-copy').click();
  await expect(page.getByText('Copy successful')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  // The overview in a second tab of the same session, open before the deposit: balance 0. It is never
  // reloaded from here, so only the OWNCOIN push can bring the credit (however fast the blocks come).
  const overview = await context.newPage();
  await overview.goto('/assets/index');
  await showSpot(overview);
  await expect(available(overview, 'USDT')).toHaveText('0.00');

  // Letters never reach the amount box; decimals beyond USDT's 6 are cut while typing.
  await page.getByTestId('demo-amount').fill('5x00.12345678');
  await expect(page.getByTestId('demo-amount')).toHaveValue('500.123456');
  await page.getByTestId('demo-amount').fill('500');
  await page.getByTestId('demo-submit').click();
  await expect(page.getByTestId('demo-sent')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('wallet-deposit.png'), fullPage: true });

  // The pushed credit after the confirmations, in the tab that was never reloaded; USDT at its display
  // precision (not six zeros), grouped as English groups.
  await expect(available(overview, 'USDT')).toHaveText('500.00', { timeout: 60_000 });
  await expect(overview.getByTestId('wallet-total-usdt')).toContainText('500.00');
  await overview.screenshot({ path: testInfo.outputPath('wallet-assets.png'), fullPage: true });
  await overview.close();

  // The deposit record: completed, with its network, address and (simulated) transaction id.
  await page.goto('/account/wallet/history-deposit');
  await expect(page.getByTestId('recharge-history')).toContainText('(simulated)');
  await expect(page.getByTestId('recharge-history')).toContainText('Completed');
});

test('(b) manual recharge with a screenshot, approved by an operator in /admin', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await loginByUi(page, state.account);
  await page.goto('/account/wallet/deposit');
  const form = page.getByTestId('recharge-form');
  await expect(form).toBeVisible();

  // "12." is not yet a number; the screenshot is required.
  await page.getByTestId('recharge-amount').fill('12.');
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByTestId('recharge-amount-error')).toHaveText('Must be a numerical value');
  await expect(page.getByTestId('recharge-screenshot-error')).toHaveText(
    'Please upload the payment screenshot',
  );

  // Images only.
  await page.getByTestId('recharge-screenshot-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByTestId('recharge-screenshot-error')).toHaveText('Only images can be uploaded');

  const upload = page.waitForResponse((r) => r.url().includes('/api/common/upload/OSS'));
  await page.getByTestId('recharge-screenshot-input').setInputFiles({
    name: 'payment.png',
    mimeType: 'image/png',
    buffer: pngFixture(),
  });
  const uploaded = (await (await upload).json()) as { data: { link: string } };
  state.screenshot = uploaded.data.link;
  expect(state.screenshot).toMatch(/^\/api\/uploads\//);
  await expect(page.getByTestId('recharge-screenshot-preview')).toBeVisible();

  await page.getByTestId('recharge-amount').fill('250');
  const submitted = page.waitForResponse((r) => r.url().includes('/api/recharge/submit'));
  await page.getByTestId('recharge-submit').click();
  const body = (await (await submitted).json()) as { code: number; data: { id: string } };
  expect(body.code).toBe(200);
  state.rechargeId = body.data.id;
  await expect(page.getByText('Info submitted and under review')).toBeVisible();
  await expect(page.getByTestId(`recharge-status-${state.rechargeId}`)).toContainText('Under review');
  await page.screenshot({ path: testInfo.outputPath('wallet-recharge.png'), fullPage: true });

  const admin = await openAdmin(browser);
  await admin.getByTestId('admin-nav-recharges').click();
  await expect(admin.getByTestId(`recharge-row-${state.rechargeId}`)).toBeVisible();
  // Approving asks first, naming user, asset and amount; cancelling changes nothing.
  await admin.getByTestId(`approve-${state.rechargeId}`).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(state.account);
  await expect(dialog.getByTestId('confirm-amount')).toHaveText('250 USDT');
  await admin.getByTestId(`approve-cancel-${state.rechargeId}`).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByTestId(`approve-${state.rechargeId}`)).toBeVisible();
  await expect(page.getByTestId(`recharge-status-${state.rechargeId}`)).toContainText('Under review');
  await admin.getByTestId(`approve-${state.rechargeId}`).click();
  await admin.getByTestId(`approve-confirm-${state.rechargeId}`).click();
  await expect(admin.getByTestId(`approve-${state.rechargeId}`)).toHaveCount(0);
  await admin.screenshot({ path: testInfo.outputPath('admin-recharges.png'), fullPage: true });
  await admin.context().close();

  await expect(page.getByTestId(`recharge-status-${state.rechargeId}`)).toContainText('Completed', {
    timeout: 20_000,
  });
  await page.goto('/account/wallet/assets');
  await showSpot(page);
  await expect(available(page, 'USDT')).toHaveText('750.00');
});

test('(c) fund password, withdrawal with the fee shown first, operator approval, balance drops by amount + fee', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await loginByUi(page, state.account);
  await page.goto('/account/wallet/withdrawal');
  await expect(page.getByTestId('withdraw-need-fund-password')).toBeVisible();
  await expect(page.getByTestId('withdraw-submit')).toBeDisabled();
  await expect(page.getByTestId('withdraw-forgotten')).toContainText(
    'Forgotten fund password: contact customer service',
  );
  await page.getByTestId('withdraw-set-fund-password').click();
  await expect(page).toHaveURL(/\/user\/index\?key=tardPwd/);
  await page.getByTestId('fund-current-password').fill(PASSWORD);
  await page.getByTestId('fund-new-password').fill(FUND_PASSWORD);
  await page.getByTestId('fund-confirm-password').fill(FUND_PASSWORD);
  await page.getByTestId('fund-password-submit').click();
  await expect(page.getByTestId('fund-password-success')).toBeVisible();
  // The change is confirmed once (beside the form), not also by a toast with the same words.
  await expect(page.getByText('Funds password set', { exact: true })).toHaveCount(1);

  await page.goto('/account/wallet/withdrawal');
  await expect(page.getByTestId('withdraw-need-fund-password')).toHaveCount(0);
  await expect(page.getByTestId('withdraw-available')).toContainText('750.00 USDT');
  // "All" leaves room for the 1 USDT fee.
  await page.getByTestId('withdraw-amount-all').click();
  await expect(page.getByTestId('withdraw-amount')).toHaveValue('749');
  // What the number rules would change is corrected as typed, and the box says so.
  await page.getByTestId('withdraw-amount').fill('100.12345678');
  await expect(page.getByTestId('withdraw-amount')).toHaveValue('100.123456');
  await expect(page.getByTestId('withdraw-amount-corrected')).toContainText('at most 6 decimal places');
  await page.getByTestId('withdraw-amount').fill('100');
  await expect(page.getByTestId('withdraw-amount-corrected')).toHaveCount(0);
  await expect(page.getByTestId('withdraw-fee')).toHaveText('1.00 USDT');
  await expect(page.getByTestId('withdraw-receive')).toHaveText('100.00 USDT');
  await expect(page.getByTestId('withdraw-total')).toHaveText('101.00 USDT');
  await page.getByTestId('withdraw-address').fill(TRON_ADDRESS);

  // Submitting opens the review: coin, network, address, amount, fee and the amount received.
  await page.getByTestId('withdraw-submit').click();
  const review = page.getByTestId('withdraw-review');
  await expect(review).toBeVisible();
  await expect(page.getByTestId('withdraw-review-coin')).toHaveText('USDT');
  await expect(page.getByTestId('withdraw-review-network')).toHaveText('TRC20');
  await expect(page.getByTestId('withdraw-review-address')).toHaveText(TRON_ADDRESS);
  await expect(page.getByTestId('withdraw-review-amount')).toHaveText('100.00 USDT');
  await expect(page.getByTestId('withdraw-review-fee')).toHaveText('1.00 USDT');
  await expect(page.getByTestId('withdraw-review-receive')).toHaveText('100.00 USDT');
  await expect(page.getByTestId('withdraw-review-total')).toHaveText('101.00 USDT');
  await page.screenshot({ path: testInfo.outputPath('wallet-withdrawal-review.png') });
  // Back returns to the form with everything kept; nothing was sent.
  await page.getByTestId('withdraw-review-back').click();
  await expect(review).toHaveCount(0);
  await expect(page.getByTestId('withdraw-amount')).toHaveValue('100');
  await page.getByTestId('withdraw-submit').click();
  await page.getByTestId('withdraw-review-confirm').click();

  // Then the security check: the fund password. A wrong one is reported on its field and moves nothing.
  await expect(page.getByTestId('withdraw-security')).toBeVisible();
  await expect(page.getByTestId('withdraw-security-summary')).toContainText(TRON_ADDRESS);
  await page.getByTestId('withdraw-confirm').click();
  await expect(page.getByTestId('withdraw-password-error')).toHaveText(
    'Please enter the withdrawal password',
  );
  await page.getByTestId('withdraw-password').fill('wrong99');
  // Wait for the server's answer to the wrong password: the field error is already on screen from the
  // empty attempt, and a late 422 would otherwise be taken for the answer to the next submit.
  const refused = page.waitForResponse((r) => r.url().endsWith('/assets/withdrawal'));
  await page.getByTestId('withdraw-confirm').click();
  expect((await (await refused).json()).code).toBe(422);
  await expect(page.getByTestId('withdraw-password-error')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('wallet-withdrawal-security.png') });

  await page.getByTestId('withdraw-password').fill(FUND_PASSWORD);
  const submitted = page.waitForResponse((r) => r.url().endsWith('/assets/withdrawal'));
  await page.getByTestId('withdraw-confirm').click();
  const response = await submitted;
  // The body went out encrypted: no address, amount or password in clear.
  const sent = response.request().postData() ?? '';
  expect(sent).not.toContain(TRON_ADDRESS);
  expect(sent).not.toContain(FUND_PASSWORD);
  expect(Object.keys(JSON.parse(sent) as object).sort()).toEqual(['data', 'iv', 'key', 'keyId']);
  const body = (await response.json()) as {
    code: number;
    data: { id: string; amount: string; fee: string; total: string };
  };
  expect(body.code).toBe(200);
  // What was submitted is what the user saw.
  expect(body.data.amount).toBe('100');
  expect(body.data.total).toBe('101');
  state.withdrawalId = body.data.id;
  await expect(page.getByTestId('withdraw-security')).toHaveCount(0);
  await expect(page.getByTestId(`withdrawal-status-${state.withdrawalId}`)).toContainText('Under review');
  await page.screenshot({ path: testInfo.outputPath('wallet-withdrawal.png'), fullPage: true });

  // A second request, cancelled while under review, returns its hold.
  await page.getByTestId('withdraw-amount').fill('10');
  await page.getByTestId('withdraw-submit').click();
  await page.getByTestId('withdraw-review-confirm').click();
  await page.getByTestId('withdraw-password').fill(FUND_PASSWORD);
  const second = page.waitForResponse((r) => r.url().endsWith('/assets/withdrawal'));
  await page.getByTestId('withdraw-confirm').click();
  const secondId = ((await (await second).json()) as { data: { id: string } }).data.id;
  await page.getByTestId(`withdrawal-cancel-${secondId}`).click();
  await page.getByRole('button', { name: /^OK$/ }).click();
  await expect(page.getByTestId(`withdrawal-status-${secondId}`)).toContainText('Cancelled');

  await page.goto('/account/wallet/assets');
  await showSpot(page);
  await expect(available(page, 'USDT')).toHaveText('649.00');
  await expect(page.getByTestId('balance-frozen-USDT')).toHaveText('101.00');

  const admin = await openAdmin(browser);
  await admin.getByTestId('admin-nav-withdrawals').click();
  await expect(admin.getByTestId(`withdrawal-row-${state.withdrawalId}`)).toBeVisible();
  await admin.getByTestId(`approve-${state.withdrawalId}`).click();
  await expect(admin.getByRole('dialog').getByTestId('confirm-amount')).toHaveText('100 USDT');
  await admin.getByTestId(`approve-confirm-${state.withdrawalId}`).click();
  await expect(admin.getByTestId(`approve-${state.withdrawalId}`)).toHaveCount(0);
  await admin.context().close();

  // 750 - (100 + 1) = 649 available, nothing frozen any more.
  await expect(page.getByTestId('balance-frozen-USDT')).toHaveText('0.00', { timeout: 20_000 });
  await expect(available(page, 'USDT')).toHaveText('649.00');
  await page.goto('/account/wallet/history-withdrawal');
  await expect(page.getByTestId(`withdrawal-status-${state.withdrawalId}`)).toContainText('Completed');
  await page.screenshot({ path: testInfo.outputPath('wallet-history-withdrawal.png'), fullPage: true });
  await page.goto('/account/wallet/bills');
  await expect(page.getByTestId('bills')).toContainText('Withdrawal paid');
  // One row per event with its net effect: the request is one row (net 0), its payment another.
  const paid = page.getByTestId('bills').locator('[data-testid^="bill-delta-"]');
  await expect(paid.first()).toHaveText('-101.00 USDT');
  await page.screenshot({ path: testInfo.outputPath('wallet-bills.png'), fullPage: true });
});

test('(d) another user reads neither the screenshot nor the records of the first', async ({ request }) => {
  expect(state.screenshot).not.toBe('');
  const own = await request.get(state.screenshot, { headers: auth(state.token) });
  expect(own.status()).toBe(200);
  expect(own.headers()['content-type']).toBe('image/png');
  expect(own.headers()['x-content-type-options']).toBe('nosniff');

  const other = await registerAndLoginByApi(request, uniqueAccount('o'));
  expect((await request.get(state.screenshot, { headers: auth(other) })).status()).toBe(404);
  expect((await request.get(state.screenshot)).status()).toBe(404);

  const deposits = await request.post(`${API}/assets/getRechargeLog`, { headers: auth(other), data: {} });
  expect(((await deposits.json()) as { data: { total: number } }).data.total).toBe(0);
  const withdrawals = await request.post(`${API}/assets/getWithdrawalLog`, {
    headers: auth(other),
    data: {},
  });
  expect(((await withdrawals.json()) as { data: { total: number } }).data.total).toBe(0);
  const bills = await request.post(`${API}/assets/getMyBill`, { headers: auth(other), data: {} });
  expect(((await bills.json()) as { data: { total: number } }).data.total).toBe(0);
  const cancel = await request.post(`${API}/assets/cancelWithdrawal/${state.withdrawalId}`, {
    headers: auth(other),
    data: {},
  });
  expect(cancel.status()).toBe(404);
  expect(((await cancel.json()) as { errorCode: string }).errorCode).toBe('WALLET_WITHDRAW_NOT_FOUND');
});

test('(e) the records show network, address, transaction id, order number, fee and state in words', async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginByUi(page, state.account);
  await page.goto('/account/wallet/history-withdrawal');
  const id = state.withdrawalId;
  await expect(page.getByTestId(`withdrawal-status-${id}`)).toHaveText('Completed');
  await expect(page.getByTestId(`withdrawal-network-${id}`)).toHaveText('TRC20');
  await expect(page.getByTestId(`withdrawal-amount-${id}`)).toHaveText('100.00');
  await expect(page.getByTestId(`withdrawal-fee-${id}`)).toHaveText('1.00');
  await expect(page.getByTestId(`withdrawal-address-${id}`)).toHaveAttribute('title', TRON_ADDRESS);
  await page.getByTestId(`withdrawal-address-${id}-copy`).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TRON_ADDRESS);
  // The payout's transaction id (simulated here, so labelled and without an explorer link) can be copied.
  const txid = (await page.getByTestId(`withdrawal-txid-${id}`).getAttribute('title')) ?? '';
  expect(txid).toMatch(/^sim-[0-9a-f]{40}$/);
  await page.getByTestId(`withdrawal-txid-${id}-copy`).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(txid);
  await expect(page.getByTestId(`withdrawal-txid-${id}-explorer`)).toHaveCount(0);
  await expect(page.getByTestId(`withdrawal-order-${id}`)).toHaveText(/^W\d+/);
  await page.screenshot({ path: testInfo.outputPath('wallet-withdrawal-records.png'), fullPage: true });

  await page.goto('/account/wallet/history-deposit');
  // The chain deposit (a manual recharge has no address): network, the address it arrived at, its state.
  const address = page.locator('[data-testid^="recharge-address-"]:not([data-testid$="-copy"])').first();
  await expect(address).toHaveAttribute('title', /^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  const depositId = ((await address.getAttribute('data-testid')) ?? '').replace('recharge-address-', '');
  await expect(page.getByTestId(`recharge-network-${depositId}`)).toHaveText('TRC20');
  await expect(page.getByTestId(`recharge-status-${depositId}`)).toHaveText('Completed');
  await expect(page.getByTestId(`recharge-txid-${depositId}`)).not.toHaveText('--');
  await expect(page.getByTestId(`recharge-order-${depositId}`)).not.toHaveText('');
});

test('swap, transfer and the other /assets/index screens', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await loginByUi(page, state.account);
  await page.goto('/assets/index?key=transfer');
  await expect(page.getByTestId('transfer-form')).toBeVisible();
  await expect(page.getByTestId('transfer-amount-all')).toBeVisible();
  await page.getByTestId('transfer-amount').fill('49');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByText('Transfer completed')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('assets-transfer.png'), fullPage: true });

  await page.getByTestId('assets-tab-overview').click();
  await page.getByTestId('wallet-account-tab-2').click();
  await expect(available(page, 'USDT')).toHaveText('49.00');
  await page.getByTestId('wallet-account-tab-1').click();
  await expect(available(page, 'USDT')).toHaveText('600.00');

  // Swap 100 USDT to BTC at the live index price. The form starts from a coin the user holds (USDT is all
  // they hold); the quote shows a countdown to its refresh, and submitting asks for a confirmation first.
  await page.goto('/assets/index?key=swap');
  await expect(page.getByTestId('swap-form')).toBeVisible();
  await expect(page.getByTestId('swap-from')).toContainText('USDT');
  await expect(page.getByTestId('swap-to')).toContainText('BTC');
  await expect(page.getByTestId('swap-available')).toContainText('600.00 USDT');
  await page.getByTestId('swap-amount').fill('100');
  await expect(page.getByTestId('swap-price')).toContainText('1 USDT ≈');
  await expect(page.getByTestId('swap-fee-rate')).toHaveText(/^\d+(\.\d+)?%$/);
  await expect(page.getByTestId('swap-receive')).toContainText('BTC');
  await expect(page.getByTestId('swap-countdown')).toHaveText(
    /Quote refreshes in [1-5] s|Refreshing the quote/,
  );
  await page.screenshot({ path: testInfo.outputPath('assets-swap.png'), fullPage: true });
  await page.getByTestId('swap-submit').click();
  await expect(page.getByTestId('swap-confirm')).toBeVisible();
  await expect(page.getByTestId('swap-confirm-pay')).toHaveText('100.00 USDT');
  await expect(page.getByTestId('swap-confirm-receive')).toContainText('BTC');
  await expect(page.getByTestId('swap-confirm-countdown')).toHaveText(
    /Quote refreshes in [1-5] s|Refreshing the quote/,
  );
  // The countdown runs down and the quote refreshes while the confirmation is open.
  const firstQuote = page.waitForResponse((r) => r.url().includes('/api/texchange/getCurrencyPrice'));
  await firstQuote;
  await page.screenshot({ path: testInfo.outputPath('assets-swap-confirm.png') });
  // Cancelling sends nothing.
  await page.getByTestId('swap-confirm-cancel').click();
  await expect(page.getByTestId('swap-confirm')).toHaveCount(0);
  await page.getByTestId('swap-submit').click();
  const swapped = page.waitForResponse((r) => r.url().includes('/api/texchange/currencyExchange'));
  await page.getByTestId('swap-confirm-submit').click();
  const swap = (await (await swapped).json()) as { code: number; data: { credited: string; amount: string } };
  expect(swap.code).toBe(200);
  expect(swap.data.amount).toBe('100');
  expect(Number.parseFloat(swap.data.credited)).toBeGreaterThan(0);
  await expect(page.getByTestId('swap-confirm')).toHaveCount(0);
  await page.getByTestId('assets-tab-overview').click();
  await showSpot(page);
  await expect(available(page, 'USDT')).toHaveText('500.00');
  await expect(available(page, 'BTC')).not.toHaveText('0.00');

  // With the USDT moved away, the swap starts from the coin still held: BTC, towards USDT.
  const token = await storedToken(page);
  const moved = await page.request.post('/api/asset/transferFunds', {
    headers: { ...auth(token), 'Idempotency-Key': `move-${Date.now()}` },
    data: { coin: 'USDT', amount: '500', from: '1', to: '2' },
  });
  expect(((await moved.json()) as { code: number }).code).toBe(200);
  await page.goto('/assets/index?key=swap');
  await expect(page.getByTestId('swap-from')).toContainText('BTC');
  await expect(page.getByTestId('swap-to')).toContainText('USDT');

  // /assets/index and /account/wallet are one area: the same tabs and the same page.
  for (const key of ['records', 'tradeOrder', 'finance', 'agreement'] as const) {
    await page.goto(`/assets/index?key=${key}`);
    await expect(page.getByTestId(`wallet-page-${key}`)).toBeVisible();
    await expect(page.getByTestId('assets-tab-history-deposit')).toBeVisible();
  }
  await page.goto('/account/wallet/withdrawal');
  await expect(page.getByTestId('wallet-page-withdraw')).toBeVisible();
  await expect(page.getByTestId('assets-tab-withdraw')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('assets-tab-swap')).toBeVisible();
  await page.goto('/assets/index?key=withdraw');
  await expect(page.getByTestId('wallet-page-withdraw')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('Withdraw');
  await page.goto('/assets/index?key=agreement');
  await expect(page.getByTestId('wallet-agreement')).toContainText('10 percent');
});

test('the wallet speaks the interface language (German and Chinese)', async ({ page }, testInfo) => {
  await loginByUi(page, state.account);
  for (const [lang, title, fee] of [
    ['de', 'Auszahlung', 'Bearbeitungsgebühr'],
    ['zh', '提现', '手续费'],
  ] as const) {
    await page.goto('/account/wallet/withdrawal');
    await page.getByTestId('language-switch').first().click();
    await page.getByTestId(`language-option-${lang}`).first().click();
    await expect(page.getByTestId('withdraw-form')).toContainText(title);
    await expect(page.getByTestId('withdraw-preview')).toContainText(fee);
    await page.screenshot({ path: testInfo.outputPath(`wallet-withdrawal-${lang}.png`), fullPage: true });
  }
});
