// The wallet, quotes and home as a user sees them, at 1280 px and on a 375 px phone, in the day and night
// themes, in English and Chinese: nothing scrolls sideways; on the phone the market list is compact (pair,
// price, change), wallet records are cards, the wallet tabs and the account switch scroll instead of being
// cut off, and the withdrawal review fits. Screenshots for checking by eye go to e2e/screenshots/ (git-
// ignored) as <page>-<theme>-<lang>-<width>.png.
//
// Test ids: wallet-nav, assets-tab-<page>, wallet-account-switch, wallet-account-tab-<type>, balance-row-<COIN>,
// withdrawal-<id>, bill-<id>, quote-row, quote-price, quote-volume, withdraw-*, wallet-page-<page>.
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

const OUT_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));
const API = '/api/mjkj-web/coin';
const PASSWORD = 'Passw0rd!';
const FUND_PASSWORD = 'fund123';
const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const THEMES = ['theme-daytime', 'theme-night'] as const;
const LANGS = ['en', 'zh'] as const;
const WIDTHS = [375, 1280] as const;

const b64 = (text: string) => Buffer.from(text).toString('base64');

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

const user = { account: '', token: '' };

/** A user with 1000 USDT (simulated deposit, credited), a swap to BTC and a fund password. */
async function fundedUser(request: APIRequestContext): Promise<void> {
  const account = `l${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(0, 20);
  const email = `${account}@example.com`;
  await request.post(`/api/user/sendEmailCode?email=${encodeURIComponent(email)}&type=register`);
  const code = await readCode(request, email);
  await request.post('/api/user/register', {
    data: { account, email, password: PASSWORD, confirmPassword: PASSWORD, code },
  });
  const login = await request.post('/api/user/login', {
    data: { type: 'account', username: account, password: PASSWORD },
  });
  const token = ((await login.json()) as { data: { satoken: string } }).data.satoken;
  const headers = { Authorization: `Bearer ${token}` };
  const demo = await request.post(`${API}/assets/demoDeposit`, {
    headers: { ...headers, 'Idempotency-Key': `demo-${account}` },
    data: { coin: 'USDT', amount: '1000' },
  });
  expect(((await demo.json()) as { code: number }).code).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await request.post(`${API}/assets/getCurrencyAccount`, {
          headers,
          data: { type: '1', currency: 'CNY' },
        });
        const body = (await res.json()) as { data: { list: Array<{ coin: string; available: string }> } };
        return body.data.list.find((r) => r.coin === 'USDT')?.available;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe('1000');
  const swap = await request.post('/api/texchange/currencyExchange', {
    headers: { ...headers, 'Idempotency-Key': `swap-${account}` },
    data: { from: 'USDT', to: 'BTC', amount: '100' },
  });
  expect(((await swap.json()) as { code: number }).code).toBe(200);
  const fund = await request.post('/api/user/tardPwdSet', {
    headers,
    data: { loginPassword: b64(PASSWORD), password: b64(FUND_PASSWORD), confirmPassword: b64(FUND_PASSWORD) },
  });
  expect(((await fund.json()) as { code: number }).code).toBe(200);
  user.account = account;
  user.token = token;
}

async function prepare(page: Page, theme: string, lang: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
  await page.addInitScript(
    ([langValue, themeValue]) => {
      const entry = (content: string) =>
        JSON.stringify({ dataType: 'string', content, type: 'local', datetime: Date.now() });
      localStorage.setItem('coin_web-lang', entry(langValue));
      localStorage.setItem('coin_web-themeName', entry(themeValue));
    },
    [lang, theme] as const,
  );
  await page.goto('/user/login');
  await page.getByTestId('login-tab-account').click();
  await page.getByTestId('login-username').fill(user.account);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();
}

async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: no horizontal scrolling`).toBeLessThanOrEqual(0);
}

async function shot(page: Page, name: string, theme: string, lang: string, width: number): Promise<void> {
  await page.screenshot({ path: `${OUT_DIR}${name}-${theme}-${lang}-${width}.png`, fullPage: true });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await fundedUser(request);
});

test('on a phone the withdrawal review and security check fit the screen', async ({ page }) => {
  await prepare(page, 'theme-daytime', 'en', 375);
  await page.goto('/assets/index?key=withdraw');
  await page.getByTestId('withdraw-address').fill(TRON_ADDRESS);
  await page.getByTestId('withdraw-amount').fill('20');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-review')).toBeVisible();
  await expect(page.getByTestId('withdraw-review-address')).toHaveText(TRON_ADDRESS);
  await expect(page.getByTestId('withdraw-review-confirm')).toBeInViewport();
  await noSidewaysScroll(page, 'withdrawal review');
  await page.screenshot({ path: `${OUT_DIR}withdraw-review-theme-daytime-en-375.png` });
  await page.getByTestId('withdraw-review-confirm').click();
  await page.getByTestId('withdraw-password').fill(FUND_PASSWORD);
  const sent = page.waitForResponse((r) => r.url().endsWith('/assets/withdrawal'));
  await page.getByTestId('withdraw-confirm').click();
  expect(((await (await sent).json()) as { code: number }).code).toBe(200);
});

for (const width of WIDTHS) {
  for (const theme of THEMES) {
    for (const lang of LANGS) {
      test(`wallet, quotes and home ${theme} ${lang} ${width}px`, async ({ page }) => {
        test.setTimeout(90_000);
        const phone = width < 600;
        await prepare(page, theme, lang, width);
        await expect(page.locator('body')).toHaveClass(new RegExp(theme));

        // Overview: the account switch is whole (it scrolls when the names do not fit).
        await page.goto('/assets/index?key=overview');
        await expect(page.getByTestId('balance-row-BTC')).toBeVisible();
        const lastTab = page.getByTestId('wallet-account-tab-3');
        await lastTab.scrollIntoViewIfNeeded();
        await expect(lastTab).toBeInViewport();
        const box = await page.getByTestId('wallet-account-switch').boundingBox();
        expect(box && box.x + box.width <= width, 'account switch inside the screen').toBe(true);
        await lastTab.click();
        await expect(page.getByTestId('wallet-account-tab-1')).toBeVisible();
        await page.getByTestId('wallet-account-tab-1').click();
        if (phone) await expect(page.locator('article.wallet-record').first()).toBeVisible();
        await noSidewaysScroll(page, 'overview');
        await shot(page, 'wallet-overview', theme, lang, width);

        // The wallet tabs scroll inside their bar.
        const billsTab = page.getByTestId('assets-tab-bills');
        await billsTab.scrollIntoViewIfNeeded();
        await billsTab.click();
        await expect(page.getByTestId('wallet-page-bills')).toBeVisible();
        await expect(page.getByTestId('assets-tab-bills')).toHaveAttribute('aria-current', 'page');
        await expect(page.locator('[data-testid^="bill-delta-"]').first()).toBeVisible();
        if (phone) await expect(page.locator('article.wallet-record').first()).toBeVisible();
        await noSidewaysScroll(page, 'bills');
        await shot(page, 'wallet-bills', theme, lang, width);

        await page.goto('/account/wallet/history-withdrawal');
        await expect(page.locator('[data-testid^="withdrawal-status-"]').first()).toBeVisible();
        // The current page's tab is scrolled into view.
        await expect(page.getByTestId('assets-tab-history-withdrawal')).toBeInViewport({ ratio: 1 });
        if (phone) await expect(page.locator('article.wallet-record').first()).toBeVisible();
        await noSidewaysScroll(page, 'withdrawal history');
        await shot(page, 'wallet-history-withdrawal', theme, lang, width);

        await page.goto('/assets/index?key=withdraw');
        await expect(page.getByTestId('withdraw-form')).toBeVisible();
        await noSidewaysScroll(page, 'withdraw');
        await shot(page, 'wallet-withdraw', theme, lang, width);

        await page.goto('/assets/index?key=swap');
        await expect(page.getByTestId('swap-price')).not.toHaveText('--');
        await noSidewaysScroll(page, 'swap');
        await shot(page, 'wallet-swap', theme, lang, width);

        // Quotes: last prices in full (never 70.77K); on a phone only pair, price and change.
        await page.goto('/quotes/index');
        const row = page.getByTestId('quote-row').first();
        await expect(row.getByTestId('quote-price')).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)?$/);
        if (phone) await expect(row.getByTestId('quote-volume')).toBeHidden();
        else await expect(row.getByTestId('quote-volume')).toBeVisible();
        await noSidewaysScroll(page, 'quotes');
        await shot(page, 'quotes', theme, lang, width);

        await page.goto('/home/index');
        await expect(page.getByTestId('hot-coin-price').first()).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)?$/);
        await noSidewaysScroll(page, 'home');
        await shot(page, 'home-signed-in', theme, lang, width);
      });
    }
  }
}
