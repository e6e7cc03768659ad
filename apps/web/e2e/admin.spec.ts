// The operator console in the browser against the real server: the first admin signs in with the
// one-time password the server wrote to ADMIN_PASSWORD_FILE, must replace it, sees users, creates a
// second admin; an adjustment requested by one admin cannot be approved by them, is approved by the
// other, and the user's balance changes by exactly that amount; the audit chain verifies; a recharge
// is rejected with a reason; a revoked operator token returns to the console login (not the user one).
//
// Test ids (console feature): admin-login-username, admin-login-password, admin-login-submit,
// admin-login-error, admin-oldpwd, admin-newpwd, admin-newpwd-confirm, admin-newpwd-submit,
// admin-nav-<recharges|withdrawals|users|adjustments|operators|audit|markets>, admin-logout,
// admin-operator-name, users-search, user-row-<id>, balance-<userId>-<ASSET>-<accountType>,
// operator-username, operator-role, operator-password, operator-submit, adjustment-user,
// adjustment-asset, adjustment-amount, adjustment-reason, adjustment-submit, adjustment-row-<id>,
// adjustment-status-<id>, approve-<id>, approve-confirm-<id>, reject-<id>, reject-reason, reject-confirm,
// recharge-row-<id>, withdrawal-row-<id>, screenshot-<id>, audit-verify, audit-verify-result.
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

const USER_PASSWORD = 'Passw0rd!';
// The same new admin password as e2e/wallet.spec.ts, so either spec can run first.
const ADMIN_NEW_PASSWORD = 'Adm1nPassw0rd!';
const SECOND_INITIAL = 'Init-Passw0rd1';
const SECOND_NEW = 'Second-Passw0rd2';
// A 1x1 PNG for the recharge screenshot upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe.configure({ mode: 'serial' });

function oneTimePassword(): string {
  const file = process.env.E2E_ADMIN_PASSWORD_FILE;
  if (!file) throw new Error('E2E_ADMIN_PASSWORD_FILE is not set (see playwright.config.ts)');
  return readFileSync(file, 'utf8').trim();
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function readCode(request: APIRequestContext, target: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?target=${encodeURIComponent(target)}`);
      const body = (await res.json()) as { data: Array<{ body: string }> };
      code = /\b(\d{6})\b/.exec(body.data[0]?.body ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

async function registerUser(request: APIRequestContext, account: string) {
  const email = `${account}@example.com`;
  expect(
    (await request.post(`/api/user/sendEmailCode?email=${encodeURIComponent(email)}&type=register`)).ok(),
  ).toBe(true);
  const code = await readCode(request, email);
  const reg = await request.post('/api/user/register', {
    data: { account, email, password: USER_PASSWORD, confirmPassword: USER_PASSWORD, code },
  });
  expect((await reg.json()).code).toBe(200);
  const login = await request.post('/api/user/login', {
    data: { type: 'account', username: account, password: USER_PASSWORD },
  });
  const body = (await login.json()) as { data: { satoken: string; userInfo: { id: string } } };
  return { id: body.data.userInfo.id, token: body.data.satoken };
}

/** Signs in; if the server still wants the one-time password replaced, replaces it. */
async function signIn(page: Page, username: string, passwords: string[], newPassword: string): Promise<void> {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  for (const [i, password] of passwords.entries()) {
    await page.getByTestId('admin-login-username').fill(username);
    await page.getByTestId('admin-login-password').fill(password);
    await page.getByTestId('admin-login-submit').click();
    const outcome = await Promise.race([
      page.waitForURL(/\/admin\/(?!login)/).then(() => 'in' as const),
      page
        .getByTestId('admin-login-error')
        .waitFor()
        .then(() => 'error' as const),
    ]);
    if (outcome === 'in') break;
    if (i === passwords.length - 1) throw new Error(`could not sign in as ${username}`);
  }
  if (page.url().endsWith('/admin/password')) {
    // Nothing else is reachable before the change.
    await expect(page.getByTestId('admin-nav-users')).toHaveCount(0);
    await expect(page.getByTestId('admin-oldpwd')).not.toHaveValue('');
    await page.getByTestId('admin-newpwd').fill(newPassword);
    await page.getByTestId('admin-newpwd-confirm').fill(`${newPassword}x`);
    await page.getByTestId('admin-newpwd-submit').click();
    await expect(page.getByText(/do not match|不一致/)).toBeVisible();
    await page.getByTestId('admin-newpwd-confirm').fill(newPassword);
    await page.getByTestId('admin-newpwd-submit').click();
  }
  await expect(page.getByTestId('admin-operator-name')).toHaveText(username);
}

async function operatorToken(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<string> {
  const res = await request.post('/api/admin/auth/login', { data: { username, password } });
  const body = (await res.json()) as { code: number; data: { satoken: string } };
  expect(body.code).toBe(200);
  return body.data.satoken;
}

test('four-eyes adjustment from sign-in to balance, audit verified', async ({ browser, request }) => {
  const account = `cons${Date.now().toString(36)}`.slice(0, 16);
  const user = await registerUser(request, account);

  // A manual recharge to review (the wallet's API), so the queue has a row.
  const upload = await request.post('/api/common/upload/OSS', {
    headers: { satoken: user.token },
    multipart: { file: { name: 'pay.png', mimeType: 'image/png', buffer: PNG } },
  });
  const link = ((await upload.json()) as { data?: { link?: string } }).data?.link;
  let rechargeId: string | undefined;
  if (link) {
    const submitted = await request.post('/api/recharge/submit', {
      headers: { satoken: user.token },
      data: { coin: 'USDT', amount: '40', screenshot: link },
    });
    rechargeId = ((await submitted.json()) as { data?: { id?: string } }).data?.id;
  }

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin', [oneTimePassword(), ADMIN_NEW_PASSWORD], ADMIN_NEW_PASSWORD);
  await expect(admin).toHaveURL(/\/admin\/recharges$/);
  for (const nav of ['recharges', 'withdrawals', 'users', 'adjustments', 'operators', 'audit', 'markets']) {
    await expect(admin.getByTestId(`admin-nav-${nav}`)).toBeVisible();
  }

  // Recharge queue: reject with a reason.
  if (rechargeId) {
    const row = admin.getByTestId(`recharge-row-${rechargeId}`);
    await expect(row).toContainText('40');
    await expect(admin.getByTestId(`screenshot-${rechargeId}`)).toBeVisible();
    await shot(admin, 'admin-recharges');
    await admin.getByTestId(`reject-${rechargeId}`).click();
    await expect(admin.getByTestId('reject-confirm')).toBeDisabled();
    await admin.getByTestId('reject-reason').fill('Screenshot does not show the transfer');
    await admin.getByTestId('reject-confirm').click();
    await expect(admin.getByTestId(`recharge-row-${rechargeId}`)).toHaveCount(0);
  } else {
    await shot(admin, 'admin-recharges');
  }
  await admin.getByTestId('admin-nav-withdrawals').click();
  await expect(admin).toHaveURL(/withdrawals$/);
  await shot(admin, 'admin-withdrawals');

  // Users: the new user is listed, with no funds yet.
  await admin.getByTestId('admin-nav-users').click();
  await admin.getByTestId('users-search').locator('input').fill(account);
  await admin.getByTestId('users-search').locator('input').press('Enter');
  await expect(admin.getByTestId(`user-row-${user.id}`)).toContainText(account);
  await expect(admin.getByTestId(`balance-${user.id}-USDT-spot`)).toHaveCount(0);

  // A second admin, created in the UI.
  await admin.getByTestId('admin-nav-operators').click();
  await admin.getByTestId('operator-username').fill('second_admin');
  await admin.getByTestId('operator-role').click();
  await admin
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Administrator$/ })
    .click();
  await admin.getByTestId('operator-password').fill(SECOND_INITIAL);
  await admin.getByTestId('operator-submit').click();
  await expect(admin.locator('.ant-table-row').filter({ hasText: 'second_admin' })).toBeVisible();
  await shot(admin, 'admin-operators');

  // The first admin requests +25.5 USDT; they cannot approve their own request.
  await admin.getByTestId('admin-nav-adjustments').click();
  await admin.getByTestId('adjustment-user').fill(user.id);
  await admin.getByTestId('adjustment-amount').fill('25.5');
  await admin.getByTestId('adjustment-reason').fill('Compensation for ticket 1001');
  await admin.getByTestId('adjustment-submit').click();
  const row = admin
    .locator('[data-testid^="adjustment-row-"]')
    .filter({ hasText: 'Compensation for ticket 1001' });
  await expect(row).toBeVisible();
  const adjustmentId = ((await row.getAttribute('data-testid')) ?? '').replace('adjustment-row-', '');
  expect(adjustmentId).toMatch(/^\d+$/);
  await expect(admin.getByTestId(`approve-${adjustmentId}`)).toHaveCount(0);
  await expect(row).toContainText(/Awaiting another administrator/);
  await shot(admin, 'admin-adjustments');
  // The API refuses a self-approval too.
  const firstToken = await operatorToken(request, 'admin', ADMIN_NEW_PASSWORD);
  const self = await request.post(`/api/admin/adjustments/${adjustmentId}/approve`, {
    headers: { satoken: firstToken },
    data: {},
  });
  expect(self.status()).toBe(403);
  expect((await self.json()).errorCode).toBe('ADJUSTMENT_SELF_APPROVAL');

  // The second admin signs in (own context), replaces the initial password and approves.
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await signIn(second, 'second_admin', [SECOND_INITIAL], SECOND_NEW);
  await second.getByTestId('admin-nav-adjustments').click();
  await second.getByTestId(`approve-${adjustmentId}`).click();
  await second.getByTestId(`approve-confirm-${adjustmentId}`).click();
  await expect(second.getByTestId(`adjustment-status-${adjustmentId}`)).toHaveCount(0); // left the pending list
  await second.getByText('All', { exact: true }).click();
  await expect(second.getByTestId(`adjustment-status-${adjustmentId}`)).toHaveText('Approved');
  await shot(second, 'admin-adjustments-approved');

  // Exactly that amount landed: in the console and in the user's own wallet API.
  await admin.getByTestId('admin-nav-users').click();
  await admin.getByTestId('users-search').locator('input').fill(account);
  await admin.getByTestId('users-search').locator('input').press('Enter');
  await expect(admin.getByTestId(`balance-${user.id}-USDT-spot`)).toContainText(': 25.5');
  await shot(admin, 'admin-users');
  const wallet = await request.post('/api/mjkj-web/coin/assets/getCurrencyAccount', {
    headers: { satoken: user.token },
    data: { type: '1' },
  });
  if (wallet.ok()) {
    const list = ((await wallet.json()) as { data: { list: Array<{ coin: string; available: string }> } })
      .data.list;
    expect(list.find((c) => c.coin === 'USDT')?.available).toMatch(/^25\.50*$/);
  }

  // The audit chain verifies, and shows the four-eyes steps.
  await admin.getByTestId('admin-nav-audit').click();
  await expect(admin.locator('code', { hasText: 'adjustment.applied' }).first()).toBeVisible();
  await admin.getByTestId('audit-verify').click();
  await expect(admin.getByTestId('audit-verify-result')).toHaveAttribute('data-ok', 'true');
  await expect(admin.getByTestId('audit-verify-result')).toContainText('Chain intact');
  await shot(admin, 'admin-audit');

  await admin.getByTestId('admin-nav-markets').click();
  await expect(admin).toHaveURL(/markets$/);
  await shot(admin, 'admin-markets');

  // Night theme and Chinese: the same console.
  await admin.getByTestId('admin-theme').click();
  await expect(admin.locator('body')).toHaveClass(/theme-night/);
  await admin.getByTestId('admin-lang').click();
  await admin.locator('.ant-select-item-option').filter({ hasText: '简体中文' }).click();
  await expect(admin.getByTestId('admin-nav-adjustments')).toHaveText('余额调整');
  await admin.getByTestId('admin-nav-adjustments').click();
  await admin.getByText('全部', { exact: true }).click();
  await expect(admin.getByTestId(`adjustment-status-${adjustmentId}`)).toHaveText('已批准');
  await shot(admin, 'admin-adjustments-night-zh');
  await admin.getByTestId('admin-nav-audit').click();
  await admin.getByTestId('audit-verify').click();
  await expect(admin.getByTestId('audit-verify-result')).toContainText('哈希链完整');
  await shot(admin, 'admin-audit-night-zh');

  await secondContext.close();
  await adminContext.close();
});

test('operator routes refuse user tokens; a revoked operator session returns to the console login', async ({
  browser,
  request,
}) => {
  const user = await registerUser(request, `cons2${Date.now().toString(36)}`.slice(0, 16));
  const refused = await request.get('/api/admin/users', { headers: { satoken: user.token } });
  expect(refused.status()).toBe(401);

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin', [ADMIN_NEW_PASSWORD, oneTimePassword()], ADMIN_NEW_PASSWORD);
  // The session is ended elsewhere (logout with the same token through the API).
  const token = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('coin_admin-session') ?? '{}').token as string,
  );
  expect((await request.post('/api/admin/auth/logout', { headers: { satoken: token } })).ok()).toBe(true);
  await page.getByTestId('admin-nav-users').click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByTestId('admin-login-username')).toBeVisible();
  await shot(page, 'admin-login');
  await context.close();
});
