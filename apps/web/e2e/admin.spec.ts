// The operator console in the browser against the real server: the first admin signs in with the
// one-time password the server wrote to ADMIN_PASSWORD_FILE, must replace it, reviews recharges (every
// approval asks first and a cancel changes nothing; one above the threshold needs a second operator),
// adds a second admin alone (the one solo addition) and from then on operators are requests approved
// by another admin; the solo addition can never approve the first admin's requests; an adjustment is
// approved by a different, unlinked admin and the user's balance changes by exactly that amount; the
// audit chain verifies; a revoked operator token returns to the console login (not the user one).
//
// Test ids (console feature): admin-login-username, admin-login-password, admin-login-submit,
// admin-login-error, admin-oldpwd, admin-newpwd, admin-newpwd-confirm, admin-newpwd-submit,
// admin-nav-<recharges|withdrawals|users|adjustments|operators|audit|markets>, admin-logout,
// admin-operator-name, users-search, user-row-<id>, balance-<userId>-<ASSET>-<accountType>,
// operator-username, operator-role, operator-password, operator-submit, operator-row-<name>,
// operator-created-by-<name>, operator-approved-by-<name>, operator-request-row-<id>,
// approve-request-<id>, approve-request-confirm-<id>, reject-request-<id>, adjustment-user,
// adjustment-asset, adjustment-amount, adjustment-reason, adjustment-submit, adjustment-row-<id>,
// adjustment-status-<id>, approve-<id>, approve-confirm-<id>, approve-cancel-<id>, confirm-amount,
// confirm-first-approval, approval-block-<id> (data-block), awaiting-second-<id>, reject-<id>,
// reject-reason, reject-confirm, recharge-row-<id>, withdrawal-row-<id>, screenshot-<id>, audit-verify,
// audit-verify-result.
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

async function submitRecharge(request: APIRequestContext, token: string, amount: string): Promise<string> {
  const upload = await request.post('/api/common/upload/OSS', {
    headers: { satoken: token },
    multipart: { file: { name: 'pay.png', mimeType: 'image/png', buffer: PNG } },
  });
  const link = ((await upload.json()) as { data: { link: string } }).data.link;
  const submitted = await request.post('/api/recharge/submit', {
    headers: { satoken: token },
    data: { coin: 'USDT', amount, screenshot: link },
  });
  const id = ((await submitted.json()) as { data: { id: string } }).data.id;
  expect(id).toMatch(/^\d+$/);
  return id;
}

/** The user's available spot USDT as the wallet API reports it ('0' when there is no row yet). */
async function usdtAvailable(request: APIRequestContext, token: string): Promise<string> {
  const wallet = await request.post('/api/mjkj-web/coin/assets/getCurrencyAccount', {
    headers: { satoken: token },
    data: { type: '1' },
  });
  const list = ((await wallet.json()) as { data: { list: Array<{ coin: string; available: string }> } }).data
    .list;
  return list.find((c) => c.coin === 'USDT')?.available ?? '0';
}

/** The id in a row's test id, e.g. adjustment-row-12 -> 12. */
async function rowId(row: ReturnType<Page['locator']>, prefix: string): Promise<string> {
  const id = ((await row.getAttribute('data-testid')) ?? '').replace(prefix, '');
  expect(id).toMatch(/^\d+$/);
  return id;
}

test('four eyes are two people: operator requests, confirmed approvals, dual recharge, audit', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const account = `cons${Date.now().toString(36)}`.slice(0, 16);
  const user = await registerUser(request, account);
  const payerAccount = `pay${Date.now().toString(36)}`.slice(0, 16);
  const payer = await registerUser(request, payerAccount);

  // Manual recharges to review (the wallet's API): one to reject, one small, one above the USDT
  // second-approval threshold (10000).
  const rejectedId = await submitRecharge(request, payer.token, '40');
  const smallId = await submitRecharge(request, payer.token, '15');
  const largeId = await submitRecharge(request, payer.token, '20000');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin', [oneTimePassword(), ADMIN_NEW_PASSWORD], ADMIN_NEW_PASSWORD);
  await expect(admin).toHaveURL(/\/admin\/recharges$/);
  for (const nav of ['recharges', 'withdrawals', 'users', 'adjustments', 'operators', 'audit', 'markets']) {
    await expect(admin.getByTestId(`admin-nav-${nav}`)).toBeVisible();
  }

  // Recharge queue: reject one with a reason.
  await expect(admin.getByTestId(`recharge-row-${rejectedId}`)).toContainText('40');
  await expect(admin.getByTestId(`screenshot-${rejectedId}`)).toBeVisible();
  await shot(admin, 'admin-recharges');
  await admin.getByTestId(`reject-${rejectedId}`).click();
  await expect(admin.getByTestId('reject-confirm')).toBeDisabled();
  await admin.getByTestId('reject-reason').fill('Screenshot does not show the transfer');
  await admin.getByTestId('reject-confirm').click();
  await expect(admin.getByTestId(`recharge-row-${rejectedId}`)).toHaveCount(0);

  // Approving asks first, naming the user and the amount; cancelling changes nothing.
  await admin.getByTestId(`approve-${smallId}`).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(`${payerAccount} (#${payer.id})`);
  await expect(dialog.getByTestId('confirm-amount')).toHaveText('15 USDT');
  await shot(admin, 'admin-recharge-confirm');
  await admin.getByTestId(`approve-cancel-${smallId}`).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByTestId(`approve-${smallId}`)).toBeVisible();
  expect(await usdtAvailable(request, payer.token)).toMatch(/^0(\.0*)?$/);
  await admin.getByTestId(`approve-${smallId}`).click();
  await admin.getByTestId(`approve-confirm-${smallId}`).click();
  await expect(admin.getByTestId(`recharge-row-${smallId}`)).toHaveCount(0);
  await expect.poll(() => usdtAvailable(request, payer.token)).toMatch(/^15(\.0*)?$/);

  // Above the threshold the first approval credits nothing and says so.
  await admin.getByTestId(`approve-${largeId}`).click();
  await expect(dialog.getByTestId('confirm-amount')).toHaveText('20000 USDT');
  await expect(dialog).toContainText('Give the first of two approvals?');
  await admin.getByTestId(`approve-confirm-${largeId}`).click();
  await expect(admin.getByTestId(`awaiting-second-${largeId}`)).toBeVisible();
  await expect(admin.getByTestId(`approval-block-${largeId}`)).toHaveAttribute('data-block', 'self');
  await expect(admin.getByTestId(`approve-${largeId}`)).toHaveCount(0);
  await expect.poll(() => usdtAvailable(request, payer.token)).toMatch(/^15(\.0*)?$/);
  await shot(admin, 'admin-recharges-dual');

  await admin.getByTestId('admin-nav-withdrawals').click();
  await expect(admin).toHaveURL(/withdrawals$/);
  await shot(admin, 'admin-withdrawals');

  // Users: the new user is listed, with no funds yet.
  await admin.getByTestId('admin-nav-users').click();
  await admin.getByTestId('users-search').locator('input').fill(account);
  await admin.getByTestId('users-search').locator('input').press('Enter');
  await expect(admin.getByTestId(`user-row-${user.id}`)).toContainText(account);
  await expect(admin.getByTestId(`balance-${user.id}-USDT-spot`)).toHaveCount(0);

  // Operators: on a fresh install the first admin adds one admin alone (the solo addition) ...
  await admin.getByTestId('admin-nav-operators').click();
  const requestOperatorInUi = async (page: Page, username: string, role: RegExp, password: string) => {
    await page.getByTestId('operator-username').fill(username);
    await page.getByTestId('operator-role').click();
    await page.locator('.ant-select-item-option').filter({ hasText: role }).click();
    await page.getByTestId('operator-password').fill(password);
    await page.getByTestId('operator-submit').click();
  };
  await requestOperatorInUi(admin, 'second_admin', /^Administrator$/, SECOND_INITIAL);
  await expect(admin.getByTestId('operator-row-second_admin')).toBeVisible();
  await expect(admin.getByTestId('operator-created-by-second_admin')).toHaveText('admin');
  await expect(admin.getByTestId('operator-approved-by-second_admin')).toContainText('solo addition');
  // ... and every later operator is a request that a second admin must approve.
  await requestOperatorInUi(admin, 'by_first', /^Reviewer$/, SECOND_INITIAL);
  const byFirst = admin.locator('[data-testid^="operator-request-row-"]').filter({ hasText: 'by_first' });
  await expect(byFirst).toContainText('Awaiting approval');
  await expect(byFirst).toContainText('Awaiting another administrator');
  const byFirstId = await rowId(byFirst, 'operator-request-row-');
  await expect(admin.getByTestId('operator-row-by_first')).toHaveCount(0);
  await shot(admin, 'admin-operators');

  // The second admin signs in (own context) and replaces the initial password.
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await signIn(second, 'second_admin', [SECOND_INITIAL], SECOND_NEW);
  await second.getByTestId('admin-nav-operators').click();
  // The account the first admin made alone never approves the first admin's requests; it may reject.
  await expect(second.getByTestId(`approval-block-request-${byFirstId}`)).toHaveAttribute(
    'data-block',
    'linked',
  );
  await expect(second.getByTestId(`approve-request-${byFirstId}`)).toHaveCount(0);
  await second.getByTestId(`reject-request-${byFirstId}`).click();
  await second.getByTestId('reject-reason').fill('Requested twice');
  await second.getByTestId('reject-confirm').click();
  await expect(second.getByTestId(`operator-request-row-${byFirstId}`)).toHaveCount(0);
  // The second admin requests a reviewer; the first admin approves it after confirming.
  await requestOperatorInUi(second, 'e2e_reviewer', /^Reviewer$/, SECOND_INITIAL);
  const reviewerRow = second
    .locator('[data-testid^="operator-request-row-"]')
    .filter({ hasText: 'e2e_reviewer' });
  const reviewerRequestId = await rowId(reviewerRow, 'operator-request-row-');
  await admin.reload();
  await admin.getByTestId(`approve-request-${reviewerRequestId}`).click();
  await expect(admin.getByRole('dialog')).toContainText('e2e_reviewer');
  await admin.getByTestId(`approve-request-confirm-${reviewerRequestId}`).click();
  await expect(admin.getByTestId('operator-row-e2e_reviewer')).toBeVisible();
  await expect(admin.getByTestId('operator-created-by-e2e_reviewer')).toHaveText('second_admin');
  await expect(admin.getByTestId('operator-approved-by-e2e_reviewer')).toHaveText('admin');
  await shot(admin, 'admin-operators-approved');

  // Adjustments: the first admin's request cannot be approved by their solo addition ...
  await admin.getByTestId('admin-nav-adjustments').click();
  await admin.getByTestId('adjustment-user').fill(user.id);
  await admin.getByTestId('adjustment-amount').fill('7');
  await admin.getByTestId('adjustment-reason').fill('Goodwill for ticket 1000');
  await admin.getByTestId('adjustment-submit').click();
  const mine = admin
    .locator('[data-testid^="adjustment-row-"]')
    .filter({ hasText: 'Goodwill for ticket 1000' });
  await expect(mine).toContainText(/Awaiting another administrator/);
  const mineId = await rowId(mine, 'adjustment-row-');
  await expect(admin.getByTestId(`approve-${mineId}`)).toHaveCount(0);
  const firstToken = await operatorToken(request, 'admin', ADMIN_NEW_PASSWORD);
  const self = await request.post(`/api/admin/adjustments/${mineId}/approve`, {
    headers: { satoken: firstToken },
    data: {},
  });
  expect(self.status()).toBe(403);
  expect((await self.json()).errorCode).toBe('ADJUSTMENT_SELF_APPROVAL');
  await second.getByTestId('admin-nav-adjustments').click();
  await expect(second.getByTestId(`approval-block-${mineId}`)).toHaveAttribute('data-block', 'linked');
  const secondToken = await operatorToken(request, 'second_admin', SECOND_NEW);
  const linked = await request.post(`/api/admin/adjustments/${mineId}/approve`, {
    headers: { satoken: secondToken },
    data: {},
  });
  expect(linked.status()).toBe(403);
  expect((await linked.json()).errorCode).toBe('APPROVAL_LINKED_OPERATOR');

  // ... while the solo addition's request is approved by the first admin, after confirming.
  await second.getByTestId('adjustment-user').fill(user.id);
  await second.getByTestId('adjustment-amount').fill('25.5');
  await second.getByTestId('adjustment-reason').fill('Compensation for ticket 1001');
  await second.getByTestId('adjustment-submit').click();
  const row = second
    .locator('[data-testid^="adjustment-row-"]')
    .filter({ hasText: 'Compensation for ticket 1001' });
  await expect(row).toBeVisible();
  const adjustmentId = await rowId(row, 'adjustment-row-');
  await shot(second, 'admin-adjustments');
  await admin.reload();
  await admin.getByTestId(`approve-${adjustmentId}`).click();
  const adjDialog = admin.getByRole('dialog');
  await expect(adjDialog).toContainText(`${account} (#${user.id})`);
  await expect(adjDialog.getByTestId('confirm-amount')).toHaveText('+25.5 USDT');
  await expect(adjDialog).toContainText('second_admin');
  await admin.getByTestId(`approve-cancel-${adjustmentId}`).click();
  await expect(adjDialog).toBeHidden();
  await expect(admin.getByTestId(`adjustment-status-${adjustmentId}`)).toHaveText('Pending');
  expect(await usdtAvailable(request, user.token)).toMatch(/^0(\.0*)?$/);
  await admin.getByTestId(`approve-${adjustmentId}`).click();
  await admin.getByTestId(`approve-confirm-${adjustmentId}`).click();
  await expect(admin.getByTestId(`adjustment-status-${adjustmentId}`)).toHaveCount(0); // left the pending list
  await admin.getByText('All', { exact: true }).click();
  await expect(admin.getByTestId(`adjustment-status-${adjustmentId}`)).toHaveText('Approved');
  await shot(admin, 'admin-adjustments-approved');

  // Exactly that amount landed: in the console and in the user's own wallet API.
  await admin.getByTestId('admin-nav-users').click();
  await admin.getByTestId('users-search').locator('input').fill(account);
  await admin.getByTestId('users-search').locator('input').press('Enter');
  await expect(admin.getByTestId(`balance-${user.id}-USDT-spot`)).toContainText(': 25.5');
  await shot(admin, 'admin-users');
  expect(await usdtAvailable(request, user.token)).toMatch(/^25\.50*$/);

  // The reviewer the two admins added gives the recharge its second approval; the dialog names the
  // first approver. (The browser tests run with OPERATOR_COOLING_OFF_HOURS=0: the cooling-off itself is
  // covered by the server tests.)
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await signIn(reviewer, 'e2e_reviewer', [SECOND_INITIAL], SECOND_NEW);
  await reviewer.getByTestId('admin-nav-recharges').click();
  await expect(reviewer.getByTestId(`awaiting-second-${largeId}`)).toBeVisible();
  await reviewer.getByTestId(`approve-${largeId}`).click();
  const second2 = reviewer.getByRole('dialog');
  await expect(second2.getByTestId('confirm-first-approval')).toContainText('admin');
  await expect(second2.getByTestId('confirm-amount')).toHaveText('20000 USDT');
  await shot(reviewer, 'admin-recharge-second-approval');
  await reviewer.getByTestId(`approve-confirm-${largeId}`).click();
  await expect(reviewer.getByTestId(`recharge-row-${largeId}`)).toHaveCount(0);
  await expect.poll(() => usdtAvailable(request, payer.token)).toMatch(/^20015(\.0*)?$/);
  await reviewerContext.close();

  // The audit chain verifies, and shows the steps.
  await admin.getByTestId('admin-nav-audit').click();
  await expect(admin.locator('code', { hasText: 'adjustment.applied' }).first()).toBeVisible();
  await expect(admin.locator('code', { hasText: 'wallet.recharge.firstApproval' }).first()).toBeVisible();
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
  // The Chinese bundle loads on demand: on a busy machine that can take longer than the default wait.
  await expect(admin.getByTestId('admin-nav-adjustments')).toHaveText('余额调整', { timeout: 30_000 });
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
  // The next console request finds the session ended. Open a page (not a click in the menu: a background
  // refresh may get its 401 first and leave for the sign-in page while the click waits for the link).
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByTestId('admin-login-username')).toBeVisible();
  await shot(page, 'admin-login');
  await context.close();
});
