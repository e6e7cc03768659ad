// The route tree and redirect rules of spec section 2 against the built app and the real server:
// every redirect, the '/i&' invite marker, unknown paths, typed search params, every route of the table
// loading in the main layout, and the chunk-load failure screen.
//
// Test ids used here:
//   frame (app/):     page-title, page-subtitle, trade-type, trade-symbol, assets-key, not-available,
//                     account-menu, chunk-error, chunk-reload, home-page, app-header, nav-trade
//   auth feature:     register-page, register-invite-code, login-page, reset-page
//   user centre:      user-center, login-password-form
import { expect, type Page, test } from '@playwright/test';

/** Waits until the client has settled on a path (client-side redirects replace the URL). */
async function expectPath(page: Page, path: string, search = ''): Promise<void> {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return url.pathname + url.search;
    })
    .toBe(path + search);
}

const REDIRECTS: ReadonlyArray<readonly [from: string, to: string]> = [
  ['/', '/home/index'],
  ['/home', '/home/index'],
  ['/user', '/user/login'],
  ['/rate', '/rate/index'],
  ['/quotes', '/quotes/index'],
  ['/news', '/news/index'],
  ['/trade', '/trade/index'],
  ['/rule', '/rule/index'],
  ['/exchange', '/exchange/index'],
  ['/merchant', '/merchant/index'],
  ['/assets', '/assets/index'],
  ['/market', '/market/main'],
  ['/otc', '/otc/common'],
  ['/finance', '/finance/investment'],
  ['/account', '/account/center/info'],
  ['/account/center', '/account/center/info'],
  ['/account/wallet', '/account/wallet/assets'],
  ['/account/entrust', '/account/entrust/spot'],
];

for (const [from, to] of REDIRECTS) {
  test(`${from} redirects to ${to}`, async ({ page }) => {
    await page.goto(from);
    await expectPath(page, to);
    await expect(page.getByTestId('app-header')).toBeVisible();
  });
}

test('unknown paths redirect to /home/index', async ({ page }) => {
  for (const path of ['/no/such/page', '/pledge', '/trade/nothing', '/account/center/unknown']) {
    await page.goto(path);
    await expectPath(page, '/home/index');
    await expect(page.getByTestId('home-page')).toBeVisible();
  }
});

test('a path with the /i& marker opens registration with the invite code', async ({ page }) => {
  await page.goto('/i&AB12CD');
  await expectPath(page, '/user/register', '?invite_code=AB12CD');
  await expect(page.getByTestId('register-page')).toBeVisible();
  await expect(page.getByTestId('register-invite-code')).toHaveValue('AB12CD');

  // Anywhere in the path, and a numeric code stays a plain string.
  await page.goto('/home/i&123456');
  await expectPath(page, '/user/register', '?invite_code=123456');
  await expect(page.getByTestId('register-invite-code')).toHaveValue('123456');
});

test('/user/register takes the invite code from the query', async ({ page }) => {
  await page.goto('/user/register?invite_code=XY99');
  await expect(page.getByTestId('register-invite-code')).toHaveValue('XY99');
});

test('/trade/index validates type and symbol', async ({ page }) => {
  await page.goto('/trade/index?type=sec&symbol=BTC');
  await expect(page.getByTestId('trade-type')).toHaveText('Seconds contract');
  await expect(page.getByTestId('trade-symbol')).toHaveText('BTC/USDT');

  // U-based contracts are the contract trading page, on the market the symbol names (e2e/contracts.spec.ts).
  await page.goto('/trade/index?type=usta&symbol=ethusdt');
  await expect(page.getByTestId('ctr-page')).toBeVisible();
  await expect(page.getByTestId('ctr-pair')).toContainText('ETH');

  // Spot is the trading page itself, on the pair the symbol names.
  await page.goto('/trade/index?type=spot&symbol=eth');
  await expect(page.getByTestId('spot-page')).toBeVisible();
  await expect(page.getByTestId('spot-header')).toContainText('ETH/USDT');

  // An unknown type falls back to spot; an invalid symbol is dropped (the default pair).
  await page.goto('/trade/index?type=bogus&symbol=%3Cscript%3E');
  await expect(page.getByTestId('spot-page')).toBeVisible();
  await expect(page.getByTestId('spot-header')).toContainText('BTC/USDT');

  await page.goto('/trade/index');
  await expect(page.getByTestId('spot-page')).toBeVisible();
});

test('/assets/index and /user/index validate their key', async ({ page }) => {
  await page.goto('/assets/index?key=swap');
  await expect(page.getByTestId('assets-key')).toHaveText('Swap');
  await page.goto('/assets/index?key=nonsense');
  await expect(page.getByTestId('assets-key')).toHaveText('Overview');

  await page.goto('/user/index?key=loginPwd');
  await expect(page.getByTestId('user-center').or(page.getByTestId('user-center-guest'))).toBeVisible();
});

const PAGES: ReadonlyArray<readonly [path: string, title: string]> = [
  ['/rate/index', 'Exchange rates'],
  ['/market/main', 'Market'],
  ['/account/center/merchant', 'Merchant management'],
];

// The wallet screens are real (e2e/wallet.spec.ts), the same pages as /assets/index?key= (one wallet
// area); a visitor gets their title and a login prompt.
const WALLET_PAGES: ReadonlyArray<readonly [path: string, title: string]> = [
  ['/account/wallet/assets', 'Overview'],
  ['/account/wallet/deposit', 'Deposit'],
  ['/account/wallet/withdrawal', 'Withdraw'],
  ['/account/wallet/history-deposit', 'Deposit history'],
  ['/account/wallet/history-withdrawal', 'Withdrawal history'],
  ['/account/wallet/bills', 'Bills'],
];

test('the wallet routes render their screens, asking a visitor to log in', async ({ page }) => {
  for (const [path, title] of WALLET_PAGES) {
    await page.goto(path);
    await expectPath(page, path);
    await expect(page.getByTestId('page-title'), path).toHaveText(title);
    await expect(page.getByTestId('wallet-guest'), path).toBeVisible();
  }
});

// The account-security screens are real (e2e/security.spec.ts); a visitor gets the title and a login prompt.
const SECURITY_PAGES: ReadonlyArray<readonly [path: string, title: string]> = [
  ['/account/center/info', 'Account info'],
  ['/account/center/security', 'Security settings'],
  ['/account/center/device-management', 'Account activity'],
  ['/account/center/api-keys', 'API keys'],
  ['/account/center/setting/phone', 'Phone binding'],
  ['/account/center/setting/google', 'Google Authenticator'],
  ['/account/center/setting/email', 'Email binding'],
  ['/account/center/setting/login-pwd', 'Login password'],
  ['/account/center/setting/trade-pwd', 'Funds password'],
  ['/account/center/setting/anti-code', 'Anti-phishing code'],
];

test('the account-security routes render their screens, asking a visitor to log in', async ({ page }) => {
  for (const [path, title] of SECURITY_PAGES) {
    await page.goto(path);
    await expectPath(page, path);
    await expect(page.getByTestId('page-title'), path).toHaveText(title);
    await expect(page.getByTestId('security-guest'), path).toBeVisible();
  }
});

// The earn screens are real (e2e/earn.spec.ts): a visitor gets their title, the product lists, and a
// login prompt where a screen needs an account; a detail page without a product id says so.
const EARN_PAGES: ReadonlyArray<readonly [path: string, title: string, shows: string]> = [
  ['/pledge/index', 'Pledge mining', 'pledge-index'],
  ['/pledge/add', 'Pledge subscription', 'pledge-add'],
  ['/pledge/order', 'Pledge orders', 'earn-guest'],
  ['/loan/index', 'Power loans', 'loan-index'],
  ['/loan/order', 'Loan records', 'earn-guest'],
  ['/finance/investment', 'Finance', 'finance-investment'],
  ['/finance/detail', 'Product details', 'finance-detail'],
  ['/defis/index', 'DeFi mining', 'defis-index'],
  ['/defis/details', 'Mining details', 'defis-details'],
];

test('the earn routes render their screens', async ({ page }) => {
  for (const [path, title, shows] of EARN_PAGES) {
    await page.goto(path);
    await expectPath(page, path);
    await expect(page.getByTestId('page-title'), path).toHaveText(title);
    await expect(page.getByTestId(shows), path).toBeVisible();
    await expect(page.getByTestId('not-available'), path).toHaveCount(0);
  }
});

// Identity, promotion and agent pages are real (e2e/identity.spec.ts); a visitor gets the title and a
// login prompt.
const IDENTITY_PAGES: ReadonlyArray<readonly [path: string, title: string]> = [
  ['/account/center/kyc', 'Identity certification'],
  ['/account/center/reward-center', 'My promotion'],
  ['/account/center/contractAgents/agentManagement', 'Agent management'],
];

test('the identity routes render their screens, asking a visitor to log in', async ({ page }) => {
  for (const [path, title] of IDENTITY_PAGES) {
    await page.goto(path);
    await expectPath(page, path);
    await expect(page.getByTestId('page-title'), path).toHaveText(title);
    await expect(page.getByTestId('identity-guest'), path).toBeVisible();
  }
});

// Spot orders are real (e2e/spot-orders.spec.ts); a visitor gets the title and a login prompt.
test('the spot order route renders its screen, asking a visitor to log in', async ({ page }) => {
  await page.goto('/account/entrust/spot');
  await expectPath(page, '/account/entrust/spot');
  await expect(page.getByTestId('page-title')).toHaveText('Spot orders');
  await expect(page.getByTestId('spot-orders-guest')).toBeVisible();
});

test('every route of the table renders in the main layout, later features honestly unavailable', async ({
  page,
}) => {
  // About 50 page loads: on a busy two-core machine they take longer than the default minute.
  test.setTimeout(150_000);
  for (const [path, title] of PAGES) {
    await page.goto(path);
    await expectPath(page, path);
    await expect(page.getByTestId('app-header'), path).toBeVisible();
    await expect(page.getByTestId('page-title'), path).toHaveText(title);
    await expect(page.getByTestId('not-available'), path).toBeVisible();
  }
  for (const [path, testId] of [
    ['/home/index', 'home-page'],
    ['/quotes/index', 'quotes-page'],
    ['/user/login', 'login-page'],
    ['/user/register', 'register-page'],
    ['/user/reset', 'reset-page'],
    ['/exchange/index', 'spot-page'],
    ['/exchange/full-screen/BTC_USDT', 'spot-page'],
    ['/rule/index', 'rules-page'],
    ['/news/index', 'news-page'],
    ['/article/main/index', 'article-page'],
    ['/article/main/categories/12', 'article-page'],
    ['/article/main/sections/34', 'article-page'],
    ['/article/main/content/notice/56', 'article-page'],
    // OTC (e2e/otc.spec.ts), margin (e2e/margin.spec.ts) and contracts (e2e/contracts.spec.ts).
    ['/exchange/full-contract/usdt', 'ctr-page'],
    ['/otc/common', 'otc-common'],
    ['/otc/order', 'otc-order-page'],
    ['/otc/ordinary', 'otc-ordinary'],
    ['/merchant/index', 'merchant-index'],
    ['/merchant/deal', 'merchant-deal'],
    ['/account/entrust/margin-all', 'margin-page'],
    ['/account/entrust/margin-fixed', 'margin-page'],
    ['/account/entrust/future/u', 'ctr-entrust-usdt'],
    ['/account/entrust/future/coin', 'ctr-entrust-coin'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testId), path).toBeVisible();
  }
});

test('the account menu is hidden on the security sub-pages', async ({ page }) => {
  await page.goto('/account/center/security');
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/account/center/setting/phone');
  await expect(page.getByTestId('page-title')).toHaveText('Phone binding');
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
});

test('client-side navigation keeps typed search params', async ({ page }) => {
  await page.goto('/home/index');
  await page.getByTestId('nav-trade').click();
  await page.locator('.hover-menu__panel a', { hasText: 'Seconds contract' }).click();
  await expectPath(page, '/trade/index', '?type=sec');
  await expect(page.getByTestId('trade-type')).toHaveText('Seconds contract');
});

test('a route chunk that fails to load shows a reload screen', async ({ page }) => {
  await page.goto('/home/index');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.route(/\/assets\/rule-area-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/rule/index');
  await expect(page.getByTestId('chunk-error')).toBeVisible();
  await expect(page.getByTestId('app-header')).toBeVisible();

  await page.unroute(/\/assets\/rule-area-[^/]+\.js$/);
  await page.getByTestId('chunk-reload').click();
  await expect(page.getByTestId('page-title')).toHaveText('Trading rules');
});
