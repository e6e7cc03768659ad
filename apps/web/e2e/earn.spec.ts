// The earn products in the browser against the real server with its labelled demo products and pools
// (EARN_DEMO): (a) subscribe to a pledge product and see the order; (b) apply for a loan with three
// documents, an operator approves it in /admin, the user sees the balance and repays; (c) join DeFi
// mining with a test wallet injected into the page (EIP-1193) that signs with a viem local account:
// the page asks the wallet only for the account, the chain and a plain-text signature, never for a
// transaction, a typed-data signature, approve or permit.
//
// Test ids (earn feature): pledge-product-<id>, pledge-subscribe-<id>, subscribe-amount,
// subscribe-revenue, subscribe-error, subscribe-submit, order-row-<id>, order-amount-<id>,
// order-revenue-<id>, order-status-<id>, loan-choose-<id>, loan-amount, loan-repay-way,
// loan-doc-<front|back|holding>-input, loan-doc-<...>-done, loan-apply-submit, loan-row-<id>,
// loan-status-<id>, loan-available, loan-repay-full-<id>, loan-repay-confirm, defi-open-<id>,
// defi-connect, defi-wallet-address, defi-prove, defi-message, defi-proven, defi-stake-amount,
// defi-gas-fee, defi-stake-submit, defi-confirm-gas, defi-stake-confirm; console: admin-nav-earn-loans,
// loan-review-row-<id>, loan-approve-<id>, loan-approve-confirm, loan-confirm-amount, pool-balance-*.
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { registerAndLogin, uniqueAccount } from './support/accounts';
import { consoleDevice } from './support/admin-console';
import { loginByUi } from './support/session';

const API = '/api/mjkj-web/coin';
// The same new admin password as e2e/admin.spec.ts and e2e/wallet.spec.ts, so any of them can run first.
const ADMIN_NEW_PASSWORD = 'Adm1nPassw0rd!';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const ALLOWED_WALLET_METHODS = ['eth_requestAccounts', 'eth_accounts', 'eth_chainId', 'personal_sign'];

test.describe.configure({ mode: 'serial' });

const auth = (token: string) => ({ satoken: token });

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The user's available balance of a coin in one account type ('1' spot, '3' finance). */
async function available(
  request: APIRequestContext,
  token: string,
  coin: string,
  type: '1' | '3',
): Promise<number> {
  const res = await request.get(`${API}/assets/getMyBalance?type=${type}&coin=${coin}`, {
    headers: auth(token),
  });
  const list = ((await res.json()) as { data: { list: { coin: string; available: string }[] } }).data.list;
  return Number(list.find((b) => b.coin === coin)?.available ?? '0');
}

/** Demo funding on the simulated chain, waited for, then moved to the finance account (where earn lives). */
async function fundFinance(request: APIRequestContext, token: string, coin: 'USDT' | 'ETH', amount: string) {
  const sent = await request.post(`${API}/assets/demoDeposit`, {
    headers: { ...auth(token), 'Idempotency-Key': `${coin}-${Date.now()}-${Math.random()}` },
    data: { coin, amount },
  });
  expect((await sent.json()).code).toBe(200);
  await expect
    .poll(() => available(request, token, coin, '1'), { timeout: 120_000, intervals: [1000] })
    .toBeGreaterThanOrEqual(Number(amount));
  const moved = await request.post('/api/asset/transferFunds', {
    headers: { ...auth(token), 'Idempotency-Key': `move-${coin}-${Date.now()}` },
    data: { coin, amount, from: '1', to: '3' },
  });
  expect(((await moved.json()) as { code: number }).code).toBe(200);
}

/** The night theme (the setting the theme switch stores) on a 375 px phone screen. */
async function nightPhone(page: Page): Promise<void> {
  await page.evaluate(() =>
    localStorage.setItem(
      'coin_web-themeName',
      JSON.stringify({ dataType: 'string', content: 'theme-night', type: 'local', datetime: Date.now() }),
    ),
  );
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.locator('body')).toHaveClass(/theme-night/);
}

/** The first demo product of a kind, from the public list. */
async function demoProduct(request: APIRequestContext, path: string, name: RegExp): Promise<string> {
  const res = await request.post(path);
  const body = (await res.json()) as {
    data: { id: string; name: string }[] | { records: { id: string; name: string }[] };
  };
  const list = Array.isArray(body.data) ? body.data : body.data.records;
  const found = list.find((p) => name.test(p.name));
  expect(found, `demo product ${name} in ${path}`).toBeTruthy();
  return found?.id ?? '';
}

function oneTimePassword(): string {
  const file = process.env.E2E_ADMIN_PASSWORD_FILE;
  if (!file) throw new Error('E2E_ADMIN_PASSWORD_FILE is not set (see playwright.config.ts)');
  return readFileSync(file, 'utf8').trim();
}

/** Signs the first admin in through the console (replacing the one-time password if still needed). */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ userAgent: consoleDevice() });
  const page = await context.newPage();
  await page.goto('/admin');
  for (const [i, password] of [ADMIN_NEW_PASSWORD, oneTimePassword()].entries()) {
    await page.getByTestId('admin-login-username').fill('admin');
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
    if (i === 1) throw new Error('could not sign in as admin');
  }
  if (page.url().endsWith('/admin/password')) {
    await page.getByTestId('admin-newpwd').fill(ADMIN_NEW_PASSWORD);
    await page.getByTestId('admin-newpwd-confirm').fill(ADMIN_NEW_PASSWORD);
    await page.getByTestId('admin-newpwd-submit').click();
  }
  await expect(page.getByTestId('admin-operator-name')).toHaveText('admin');
  return page;
}

test('(a) subscribe to a pledge product and see the order', async ({ page, request }) => {
  test.setTimeout(240_000);
  const account = uniqueAccount('pl');
  const token = await registerAndLogin(request, account);
  await fundFinance(request, token, 'USDT', '1000');
  const productId = await demoProduct(request, '/api/pledge/list', /7 days/);

  await loginByUi(page, account);
  await page.goto('/pledge/index');
  await expect(page.getByTestId(`pledge-product-${productId}`)).toBeVisible();
  await shot(page, 'pledge-index');
  await page.getByTestId(`pledge-subscribe-${productId}`).click();
  await expect(page).toHaveURL(new RegExp(`/pledge/add\\?id=${productId}`));
  // Below the minimum: said at once, and nothing can be sent.
  await page.getByTestId('subscribe-amount').fill('50');
  await expect(page.getByTestId('subscribe-error')).toBeVisible();
  await expect(page.getByTestId('subscribe-submit')).toBeDisabled();
  // 500 x 0.0012 x 7 = 4.2, stated before confirming.
  await page.getByTestId('subscribe-amount').fill('500');
  await expect(page.getByTestId('subscribe-revenue')).toContainText('4.2');
  await shot(page, 'pledge-add');
  await page.getByTestId('subscribe-submit').click();
  await expect(page).toHaveURL(/\/pledge\/order$/);
  const row = page.locator('[data-testid^="order-row-"]').first();
  await expect(row).toBeVisible();
  const orderId = ((await row.getAttribute('data-testid')) ?? '').replace('order-row-', '');
  await expect(page.getByTestId(`order-amount-${orderId}`)).toContainText('500');
  await expect(page.getByTestId(`order-revenue-${orderId}`)).toContainText('4.2');
  await expect(page.getByTestId(`order-status-${orderId}`)).toBeVisible();
  expect(await available(request, token, 'USDT', '3')).toBe(500);
  await shot(page, 'pledge-order');
  // Night theme and a phone-width screen.
  await nightPhone(page);
  await expect(page.getByTestId(`order-amount-${orderId}`)).toBeVisible();
  await shot(page, 'pledge-order-night-375');
  await page.goto(`/pledge/add?id=${productId}`);
  await expect(page.getByTestId('subscribe-available')).toContainText('500');
  await shot(page, 'pledge-add-night-375');
});

test('(b) apply for a loan with documents, approve it in /admin, see the balance and repay', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const account = uniqueAccount('ln');
  const token = await registerAndLogin(request, account);
  // Enough for the interest: 1000 x 0.0005 x 30 = 15.
  await fundFinance(request, token, 'USDT', '100');
  const productId = await demoProduct(request, '/api/loan/list', /Power loan/);

  await loginByUi(page, account);
  await page.goto('/loan/index');
  await page.getByTestId(`loan-choose-${productId}`).click();
  await page.getByTestId('loan-amount').fill('1000');
  for (const doc of ['front', 'back', 'holding']) {
    await page
      .getByTestId(`loan-doc-${doc}-input`)
      .setInputFiles({ name: `${doc}.png`, mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId(`loan-doc-${doc}-done`)).toBeVisible();
  }
  await expect(page.getByTestId('loan-interest')).toContainText('15');
  await shot(page, 'loan-apply');
  await page.getByTestId('loan-apply-submit').click();
  await expect(page).toHaveURL(/\/loan\/order$/);
  const row = page.locator('[data-testid^="loan-row-"]').first();
  const loanId = ((await row.getAttribute('data-testid')) ?? '').replace('loan-row-', '');
  await expect(page.getByTestId(`loan-status-${loanId}`)).toBeVisible();
  const pendingText = await page.getByTestId(`loan-status-${loanId}`).textContent();

  // The operator reviews it in the console: documents, confirmation naming the amount, approval.
  const admin = await adminPage(browser);
  await admin.getByTestId('admin-nav-earn-loans').click();
  await expect(admin.getByTestId(`loan-review-row-${loanId}`)).toContainText(account);
  await admin.getByTestId(`loan-approve-${loanId}`).click();
  await expect(admin.getByTestId('loan-confirm-amount')).toHaveText('1000 USDT');
  await shot(admin, 'admin-loan-approve');
  await admin.getByTestId('loan-approve-confirm').click();
  await expect(admin.getByTestId(`loan-review-row-${loanId}`)).toHaveCount(0);
  await admin.getByTestId('admin-nav-earn-pools').click();
  await expect(admin.getByTestId('pool-balance-lending-USDT')).toBeVisible();
  await shot(admin, 'admin-earn-pools');

  // Product management: a new pledge product made in the console is on the user's list.
  const name = `E2E pledge ${Date.now().toString(36)}`;
  await admin.getByTestId('admin-nav-earn-products').click();
  await admin.getByTestId('product-new').click();
  await admin.getByTestId('product-name').fill(name);
  await admin.getByTestId('product-dailyRate').fill('0.001');
  await admin.getByTestId('product-minAmount').fill('10');
  await admin.getByTestId('product-maxAmount').fill('1000');
  await admin.getByTestId('product-userLimit').fill('2000');
  await admin.getByTestId('product-buyableCount').fill('2');
  await admin.getByTestId('product-earlyPenaltyRate').fill('0.01');
  await shot(admin, 'admin-product-form');
  await admin.getByTestId('product-save').click();
  await expect(admin.getByText(name)).toBeVisible();
  await shot(admin, 'admin-earn-products');
  const listed = ((await (await request.post('/api/pledge/list')).json()) as { data: { name: string }[] })
    .data;
  expect(listed.map((p) => p.name)).toContain(name);

  // The user sees the money and the approved loan, and repays everything.
  await page.goto('/loan/index');
  await page.getByTestId(`loan-choose-${productId}`).click();
  await expect(page.getByTestId('loan-available')).toContainText('1,100');
  await page.goto('/loan/order');
  await expect(page.getByTestId(`loan-status-${loanId}`)).not.toHaveText(pendingText ?? '');
  await page.getByTestId(`loan-row-${loanId}`).locator('.ant-table-row-expand-icon').click();
  await expect(page.getByTestId(`loan-full-${loanId}`)).toContainText('1,015');
  await shot(page, 'loan-order');
  await page.getByTestId(`loan-repay-full-${loanId}`).click();
  await expect(page.getByTestId('loan-repay-amount')).toContainText('1,015');
  await page.getByTestId('loan-repay-confirm').click();
  await expect.poll(() => available(request, token, 'USDT', '3')).toBe(85);
  await page.reload();
  await expect(page.getByTestId(`loan-status-${loanId}`)).toHaveText(/Settled/);
  await nightPhone(page);
  await expect(page.getByTestId(`loan-status-${loanId}`)).toHaveText(/Settled/);
  await shot(page, 'loan-order-night-375');
});

test('(c) join DeFi mining with a test wallet that signs in the page, never asked for an allowance', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const account = uniqueAccount('df');
  const token = await registerAndLogin(request, account);
  await fundFinance(request, token, 'USDT', '500');
  await fundFinance(request, token, 'ETH', '0.01');
  const poolId = await demoProduct(request, '/api/defi/list', /mining/);

  // The injected wallet: an EIP-1193 provider whose signatures come from a viem local account (in the
  // test process); it records every method the page asks for and refuses anything but the four.
  const wallet = privateKeyToAccount(generatePrivateKey());
  await page.exposeFunction('__testWalletSign', (hex: string) =>
    wallet.signMessage({ message: { raw: hex as `0x${string}` } }),
  );
  await page.addInitScript((address: string) => {
    const calls: string[] = [];
    (window as unknown as { __walletCalls: string[] }).__walletCalls = calls;
    (window as unknown as { ethereum: unknown }).ethereum = {
      isTestWallet: true,
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        calls.push(method);
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
        if (method === 'eth_chainId') return '0x1';
        if (method === 'personal_sign')
          return (window as unknown as { __testWalletSign(h: string): Promise<string> }).__testWalletSign(
            String(params?.[0]),
          );
        throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
      },
    };
  }, wallet.address);

  await loginByUi(page, account);
  await page.goto('/defis/index');
  await page.getByTestId(`defi-open-${poolId}`).click();
  await expect(page).toHaveURL(new RegExp(`/defis/details\\?id=${poolId}`));
  await page.getByTestId('defi-connect').click();
  await expect(page.getByTestId('defi-wallet-address')).toHaveText(wallet.address);
  await page.getByTestId('defi-prove').click();
  await expect(page.getByTestId('defi-proven')).toBeVisible();
  await expect(page.getByTestId('defi-message')).toContainText(
    'wants you to sign in with your Ethereum account',
  );
  await expect(page.getByTestId('defi-message')).toContainText('no token allowance');
  await shot(page, 'defi-proven');

  await page.getByTestId('defi-stake-amount').fill('200');
  await expect(page.getByTestId('defi-gas-fee')).toContainText('0.002');
  await page.getByTestId('defi-stake-submit').click();
  await expect(page.getByTestId('defi-confirm-gas')).toContainText('0.002');
  await page.getByTestId('defi-stake-confirm').click();
  await expect(page.locator('[data-testid^="order-row-"]').first()).toBeVisible();
  await expect.poll(() => available(request, token, 'USDT', '3')).toBe(300);
  expect(await available(request, token, 'ETH', '3')).toBeCloseTo(0.008, 10);
  await shot(page, 'defi-staked');

  const calls = await page.evaluate(() => (window as unknown as { __walletCalls: string[] }).__walletCalls);
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.filter((m) => !ALLOWED_WALLET_METHODS.includes(m))).toEqual([]);
  expect(calls).toContain('personal_sign');
  await nightPhone(page);
  await expect(page.locator('[data-testid^="order-row-"]').first()).toBeVisible();
  await shot(page, 'defi-details-night-375');
});
