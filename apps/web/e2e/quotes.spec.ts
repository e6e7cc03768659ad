// Quotes and home prices against the real server on a fresh start (the embedded price simulator ticks
// about once a second): prices change on screen without a reload, search and tabs filter the table, a
// visitor's star click leads to the login page, and a logged-in user's watchlist survives a reload.
// Also takes the day/night screenshots of /quotes/index and /home/index at 1280 px into
// $MARKET_WEB_SHOTS (default /tmp/market-web-shots).
//
// Test ids (market and home features): quotes-page, quotes-tab-<optional|sec|spot|usta>, quotes-search,
//   quotes-table, quote-row (data-symbol), quote-price, quote-change, quote-star (aria-pressed),
//   quote-link, quotes-empty, quotes-no-match, quotes-login, simulated-label; home: hot-coin
//   (data-symbol), hot-coin-price, security-fund-balance, security-fund-total, security-fund-empty.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { loginByUi } from './support/session';

const PASSWORD = 'Passw0rd!';
const SHOTS = process.env.MARKET_WEB_SHOTS ?? '/tmp/market-web-shots';

function uniqueAccount(prefix = 'q'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(0, 20);
}

/** Registers through the API with the emailed code from the dev outbox (as auth.spec.ts does). */
async function registerByApi(request: APIRequestContext, account: string, email: string): Promise<void> {
  const sent = await request.post(`/api/user/sendEmailCode?email=${encodeURIComponent(email)}&type=register`);
  expect(sent.ok()).toBe(true);
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?target=${encodeURIComponent(email)}`);
        const body = (await res.json()) as { data: Array<{ body: string }> };
        code = /\b(\d{6})\b/.exec(body.data[0]?.body ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  const res = await request.post('/api/user/register', {
    data: { account, email, password: PASSWORD, confirmPassword: PASSWORD, code },
  });
  expect((await res.json()).code).toBe(200);
}

/** Marks the document so a reload (which would make a price change trivial) is detected. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
}

test('quotes: live prices change without a reload; search, tabs and the simulated label', async ({
  page,
}) => {
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/open/market/initData')) apiCalls.push(r.url());
  });
  await page.goto('/quotes/index');
  await expect(page.getByTestId('quotes-page')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('Markets');
  await expect(page.getByTestId('quotes-tab-spot')).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByTestId('quote-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(1);
  // The default deployment prices from the simulator and must say so.
  await expect(page.getByTestId('simulated-label')).toContainText('Simulated prices');

  const prices = page.getByTestId('quote-price');
  await expect(prices.first()).toHaveText(/^\d/);
  const before = await prices.allTextContents();
  await markDocument(page);
  const initDataCalls = apiCalls.length;
  await expect
    .poll(async () => (await prices.allTextContents()).join('|'), { timeout: 20_000, intervals: [500] })
    .not.toBe(before.join('|'));
  await expectSameDocument(page);
  // The change came over the websocket, not from polling the REST snapshot again.
  expect(apiCalls.length).toBe(initDataCalls);

  // Change colours follow the sign.
  const firstChange = page.getByTestId('quote-change').first();
  const changeText = (await firstChange.textContent()) ?? '';
  const tone = changeText.startsWith('+') ? 'rise' : changeText.startsWith('-') ? 'fall' : 'draw';
  await expect(firstChange).toHaveClass(new RegExp(`quotes__change--${tone}`));

  // Rows link to the trade screen with the market type and symbol.
  const href = await page.getByTestId('quote-link').first().getAttribute('href');
  expect(href).toMatch(/^\/trade\/index\?type=spot&symbol=[a-z0-9]+$/);

  // Search filters by symbol.
  await page.getByTestId('quotes-search').fill('eth');
  await expect(rows).not.toHaveCount(0);
  for (const label of await page.getByTestId('quote-link').allTextContents()) expect(label).toMatch(/ETH/i);
  await page.getByTestId('quotes-search').fill('zzzz');
  await expect(page.getByTestId('quotes-no-match')).toContainText('zzzz');
  await page.getByTestId('quotes-search').fill('');
  await expect(rows.first()).toBeVisible();

  // The other markets load their own lists and link with their own type.
  for (const [tab, type] of [
    ['sec', 'sec'],
    ['usta', 'usta'],
  ] as const) {
    await page.getByTestId(`quotes-tab-${tab}`).click();
    await expect(page.getByTestId(`quotes-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
    const link = page.getByTestId('quote-link').first().or(page.getByTestId('quotes-empty'));
    await expect(link).toBeVisible();
    if (await page.getByTestId('quote-link').count()) {
      expect(await page.getByTestId('quote-link').first().getAttribute('href')).toContain(`type=${type}`);
    }
  }

  // A visitor's watchlist tab asks to log in; a visitor's star leads to the login page.
  await page.getByTestId('quotes-tab-optional').click();
  await expect(page.getByTestId('quotes-login')).toBeVisible();
  await page.getByTestId('quotes-tab-spot').click();
  await page.getByTestId('quote-star').first().click();
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fquotes%2Findex/);
});

test('home: hot coin prices change without a reload; the security fund shows its live balance', async ({
  page,
  request,
}) => {
  await page.goto('/home/index');
  await expect(page.getByTestId('home-page')).toBeVisible();
  const prices = page.getByTestId('hot-coin-price');
  await expect(prices.first()).toHaveText(/^\d/);
  await expect(page.getByTestId('simulated-label')).toBeVisible();
  const before = await prices.allTextContents();
  await markDocument(page);
  await expect
    .poll(async () => (await prices.allTextContents()).join('|'), { timeout: 20_000, intervals: [500] })
    .not.toBe(before.join('|'));
  await expectSameDocument(page);

  const fund = page.getByTestId('security-fund-balance');
  await expect(fund).toContainText('10 percent of all transaction fees go to the asset-security fund');
  const api = (await (await request.get('/api/common/securityFund')).json()) as {
    data: { totalUsdt: string; assets: unknown[] };
  };
  const total = page.getByTestId('security-fund-total');
  await expect(total).toContainText('USDT');
  if (/^0(\.0*)?$/.test(api.data.totalUsdt)) {
    // A fresh start: the fund is empty and the page says so rather than inventing a figure.
    await expect(total).toHaveText(/^0\s*USDT$/);
  } else {
    await expect(total).toHaveText(/^[\d,]+(\.\d{1,2})?\s*USDT$/);
  }
  if (api.data.assets.length === 0) await expect(page.getByTestId('security-fund-empty')).toBeVisible();
});

test('watchlist: a logged-in user stars a market, and it survives a reload', async ({ page, request }) => {
  const account = uniqueAccount();
  await registerByApi(request, account, `${account}@example.com`);
  await loginByUi(page, account);

  await page.goto('/quotes/index');
  await page.getByTestId('quotes-tab-optional').click();
  await expect(page.getByTestId('quotes-empty')).toBeVisible();
  await page.getByTestId('quotes-tab-spot').click();
  const row = page.getByTestId('quote-row').nth(1);
  const symbol = (await row.getAttribute('data-symbol')) ?? '';
  expect(symbol).toMatch(/^[A-Z0-9]+$/);
  const star = row.getByTestId('quote-star');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  const again = page.locator(`[data-testid="quote-row"][data-symbol="${symbol}"]`);
  await expect(again.getByTestId('quote-star')).toHaveAttribute('aria-pressed', 'true');
  // Only that market is starred.
  await expect(page.locator('[data-testid="quote-star"][aria-pressed="true"]')).toHaveCount(1);

  await page.getByTestId('quotes-tab-optional').click();
  const watched = page.getByTestId('quote-row');
  await expect(watched).toHaveCount(1);
  await expect(watched.first()).toHaveAttribute('data-symbol', symbol);
  // Watched rows are live too.
  await expect(watched.first().getByTestId('quote-price')).toHaveText(/^\d/);

  // Unstarring from the watchlist empties it, also after a reload.
  await watched.first().getByTestId('quote-star').click();
  await expect(page.getByTestId('quotes-empty')).toBeVisible();
  await page.reload();
  await page.getByTestId('quotes-tab-optional').click();
  await expect(page.getByTestId('quotes-empty')).toBeVisible();
});

for (const theme of ['theme-daytime', 'theme-night'] as const) {
  test(`screenshots of /quotes/index and /home/index, ${theme}, 1280 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.addInitScript((themeValue) => {
      const entry = (content: string) =>
        JSON.stringify({ dataType: 'string', content, type: 'local', datetime: Date.now() });
      localStorage.setItem('coin_web-themeName', entry(themeValue));
    }, theme);
    await page.goto('/quotes/index');
    await expect(page.getByTestId('quote-row').first()).toBeVisible();
    await expect(page.getByTestId('quote-price').first()).toHaveText(/^\d/);
    await expect(page.locator('body')).toHaveClass(new RegExp(theme));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/quotes-${theme}-1280.png`, fullPage: true });

    await page.goto('/home/index');
    await expect(page.getByTestId('hot-coin-price').first()).toHaveText(/^\d/);
    await expect(page.getByTestId('security-fund-total')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/home-${theme}-1280.png`, fullPage: true });
  });
}
