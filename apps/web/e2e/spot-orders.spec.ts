// Spot orders in the browser against the real server (demo market maker quoting, simulated chain):
// a funded user places orders through the API, sees the open ones in /account/entrust/spot, cancels one
// in the page, sees a new order arrive live (ORDER push), opens a filled order's fills, filters the
// history by state, reads the trade history, uses "cancel all", and finds the same orders in the order
// centre (/assets/index?key=tradeOrder). Screenshots in the day and night themes at 1280 px and at 375 px
// go to e2e/screenshots/ (git-ignored) as spot-<page>-<theme>-<width>.png.
//
// Test ids (spot feature): spot-entrust-page, spot-tab-<open|history|trades>, spot-orders-<open|history>,
// spot-orders-<mode>-row-<id>, spot-order-status-<id>, spot-order-cancel-<id>,
// spot-order-cancel-confirm-<id>, spot-order-fills-toggle-<id>, spot-order-fills-<id>, spot-fill-<tradeId>,
// spot-filter-<pair|side|state|dates|reset>, spot-cancel-all, spot-cancel-all-confirm, spot-trades,
// spot-trade-<tradeId>, spot-order-centre, spot-centre-<open|history>, spot-centre-orders-<mode>-row-<id>.
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PASSWORD, registerAndLogin, uniqueAccount } from './support/accounts';

const OUT_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));
const API = '/api/mjkj-web/coin';

interface SpotOrder {
  id: string;
  status: number;
  filledQty: string;
  cancelReason: string | null;
}

const user = { account: '', token: '' };
const orders = { market: '', low1: '', low2: '', low3: '', highSell: '', cancelledByApi: '', live: '' };

/** A user with 5000 USDT (simulated deposit, credited) and some BTC (swapped). */
async function fundedUser(request: APIRequestContext): Promise<void> {
  const account = uniqueAccount('s');
  const token = await registerAndLogin(request, account);
  const headers = { Authorization: `Bearer ${token}` };
  const demo = await request.post(`${API}/assets/demoDeposit`, {
    headers: { ...headers, 'Idempotency-Key': `demo-${account}` },
    data: { coin: 'USDT', amount: '5000' },
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
    .toBe('5000');
  const swap = await request.post('/api/texchange/currencyExchange', {
    headers: { ...headers, 'Idempotency-Key': `swap-${account}` },
    data: { from: 'USDT', to: 'BTC', amount: '500' },
  });
  expect(((await swap.json()) as { code: number }).code).toBe(200);
  user.account = account;
  user.token = token;
}

async function place(request: APIRequestContext, body: Record<string, string>): Promise<SpotOrder> {
  const res = await request.post('/api/currency/order/submit', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { symbol: 'btcusdt', ...body },
  });
  const json = (await res.json()) as { code: number; msg: string; data: SpotOrder };
  expect(json.code, json.msg).toBe(200);
  return json.data;
}

async function prepare(page: Page, theme: string, width: number, lang = 'en'): Promise<void> {
  await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
  await page.addInitScript(
    ([themeValue, langValue]) => {
      const entry = (content: string) =>
        JSON.stringify({ dataType: 'string', content, type: 'local', datetime: Date.now() });
      localStorage.setItem('coin_web-lang', entry(langValue));
      localStorage.setItem('coin_web-themeName', entry(themeValue));
    },
    [theme, lang] as const,
  );
  await page.goto('/user/login');
  await page.getByTestId('login-tab-account').click();
  await page.getByTestId('login-username').fill(user.account);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();
  await expect(page.locator('body')).toHaveClass(new RegExp(theme));
}

/** Chooses an option of an antd select (its options live in a dropdown outside the select). */
async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-item-option:visible')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: no horizontal scrolling`).toBeLessThanOrEqual(0);
}

async function shot(page: Page, name: string, theme: string, width: number): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${OUT_DIR}spot-${name}-${theme}-${width}.png`, fullPage: true });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await fundedUser(request);
  // One filled order (a market buy against the demo market maker), three resting buys far below the
  // market, one resting sell far above it, and one cancelled through the API.
  const market = await place(request, { side: 'buy', type: 'market', quantity: '0.002' });
  expect(market.status).toBe(1);
  orders.market = market.id;
  orders.low1 = (await place(request, { side: 'buy', type: 'limit', price: '30000', quantity: '0.001' })).id;
  orders.low2 = (await place(request, { side: 'buy', type: 'limit', price: '31000', quantity: '0.001' })).id;
  orders.low3 = (await place(request, { side: 'buy', type: 'limit', price: '32000', quantity: '0.0015' })).id;
  orders.highSell = (
    await place(request, { side: 'sell', type: 'limit', price: '500000', quantity: '0.001' })
  ).id;
  const gone = await place(request, { side: 'buy', type: 'limit', price: '20000', quantity: '0.001' });
  const cancelled = await request.post(`/api/currency/order/cancelOrder?id=${gone.id}`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(((await cancelled.json()) as { code: number }).code).toBe(200);
  orders.cancelledByApi = gone.id;
});

test('open orders: listed, cancelled in the page, a new one arrives live', async ({ page, request }) => {
  await prepare(page, 'theme-daytime', 1280);
  await page.goto('/account/entrust/spot');
  await expect(page.getByTestId('page-title')).toHaveText('Spot orders');
  const open = page.getByTestId('spot-orders-open');
  for (const id of [orders.low1, orders.low2, orders.low3, orders.highSell]) {
    await expect(open.getByTestId(`spot-orders-open-row-${id}`)).toBeVisible();
  }
  await expect(open.getByTestId(`spot-orders-open-row-${orders.market}`)).toHaveCount(0);
  const row = open.getByTestId(`spot-orders-open-row-${orders.low3}`);
  await expect(row).toContainText('BTC/USDT');
  await expect(row).toContainText('Limit');
  await expect(row).toContainText('Buy');
  await expect(row).toContainText('32,000.00');
  await expect(row).toContainText('0.0015');
  await expect(row).toContainText('48.00');
  await expect(page.getByTestId(`spot-order-status-${orders.low3}`)).toHaveText('Waiting deal');
  await shot(page, 'entrust-open', 'theme-daytime', 1280);

  // Cancel one in the page, after the confirmation.
  await page.getByTestId(`spot-order-cancel-${orders.low2}`).click();
  await page.getByTestId(`spot-order-cancel-confirm-${orders.low2}`).click();
  await expect(page.getByText('Order cancelled')).toBeVisible();
  await expect(open.getByTestId(`spot-orders-open-row-${orders.low2}`)).toHaveCount(0);

  // An order placed elsewhere (another tab, the API) shows up without reloading: ORDER push.
  orders.live = (await place(request, { side: 'buy', type: 'limit', price: '33000', quantity: '0.001' })).id;
  await expect(open.getByTestId(`spot-orders-open-row-${orders.live}`)).toBeVisible();

  // Pair and side filters.
  await pick(page, 'spot-filter-side', 'Sell');
  await expect(open.getByTestId(`spot-orders-open-row-${orders.highSell}`)).toBeVisible();
  await expect(open.getByTestId(`spot-orders-open-row-${orders.low1}`)).toHaveCount(0);
  await page.getByTestId('spot-filter-reset').click();
  await expect(open.getByTestId(`spot-orders-open-row-${orders.low1}`)).toBeVisible();
});

test('history: fills of a filled order, filters by state, trade history', async ({ page }) => {
  await prepare(page, 'theme-daytime', 1280);
  await page.goto('/account/entrust/spot');
  await page.getByTestId('spot-tab-history').click();
  const history = page.getByTestId('spot-orders-history');
  await expect(history.getByTestId(`spot-orders-history-row-${orders.market}`)).toBeVisible();
  await expect(page.getByTestId(`spot-order-status-${orders.market}`)).toHaveText('Fully dealt');
  await expect(page.getByTestId(`spot-order-status-${orders.low2}`)).toContainText('Cancelled by you');

  // The filled order opens onto its fills.
  await page.getByTestId(`spot-order-fills-toggle-${orders.market}`).click();
  const fills = page.getByTestId(`spot-order-fills-${orders.market}`);
  await expect(fills.locator('[data-testid^="spot-fill-"]').first()).toBeVisible();
  await expect(fills).toContainText('Taker');
  await shot(page, 'entrust-history', 'theme-daytime', 1280);

  // State filter: fully dealt only, then cancelled only.
  await pick(page, 'spot-filter-state', 'Fully dealt');
  await expect(history.getByTestId(`spot-orders-history-row-${orders.market}`)).toBeVisible();
  await expect(history.getByTestId(`spot-orders-history-row-${orders.low1}`)).toHaveCount(0);
  await expect(history.getByTestId(`spot-orders-history-row-${orders.low2}`)).toHaveCount(0);
  await pick(page, 'spot-filter-state', 'Cancelled');
  await expect(history.getByTestId(`spot-orders-history-row-${orders.low2}`)).toBeVisible();
  await expect(history.getByTestId(`spot-orders-history-row-${orders.cancelledByApi}`)).toBeVisible();
  await expect(history.getByTestId(`spot-orders-history-row-${orders.market}`)).toHaveCount(0);
  await expect(history.locator('[data-testid^="spot-orders-history-row-"]')).toHaveCount(2);

  // Trade history: the market order's fills.
  await page.getByTestId('spot-tab-trades').click();
  const trades = page.getByTestId('spot-trades');
  await expect(trades.locator('[data-testid^="spot-trade-"]').first()).toBeVisible();
  await expect(trades).toContainText('BTC/USDT');
  await expect(trades).toContainText('Taker');
});

test('order centre: the same orders under /assets/index?key=tradeOrder', async ({ page }) => {
  await prepare(page, 'theme-daytime', 1280);
  await page.goto('/assets/index?key=tradeOrder');
  await expect(page.getByTestId('wallet-page-tradeOrder')).toBeVisible();
  const centre = page.getByTestId('spot-order-centre');
  await expect(centre.getByTestId(`spot-centre-orders-open-row-${orders.low1}`)).toBeVisible();
  await expect(centre.getByTestId(`spot-centre-orders-open-row-${orders.live}`)).toBeVisible();
  await shot(page, 'order-centre-open', 'theme-daytime', 1280);
  await page.getByTestId('spot-centre-history').click();
  await expect(centre.getByTestId(`spot-centre-orders-history-row-${orders.market}`)).toBeVisible();
  await expect(centre.getByTestId(`spot-centre-orders-history-row-${orders.cancelledByApi}`)).toBeVisible();
});

for (const theme of ['theme-daytime', 'theme-night'] as const) {
  for (const width of [1280, 375] as const) {
    test(`screenshots ${theme} ${width}px`, async ({ page }) => {
      await prepare(page, theme, width);
      await page.goto('/account/entrust/spot');
      await expect(page.getByTestId(`spot-orders-open-row-${orders.low1}`)).toBeVisible();
      await noSidewaysScroll(page, 'entrust open');
      await shot(page, 'entrust-open', theme, width);
      await page.getByTestId('spot-tab-history').click();
      await expect(page.getByTestId(`spot-orders-history-row-${orders.market}`)).toBeVisible();
      await page.getByTestId(`spot-order-fills-toggle-${orders.market}`).click();
      await expect(page.getByTestId(`spot-order-fills-${orders.market}`)).toContainText('Taker');
      await noSidewaysScroll(page, 'entrust history');
      await shot(page, 'entrust-history', theme, width);
      await page.getByTestId('spot-tab-trades').click();
      await expect(
        page.getByTestId('spot-trades').locator('[data-testid^="spot-trade-"]').first(),
      ).toBeVisible();
      await noSidewaysScroll(page, 'entrust trades');
      await shot(page, 'entrust-trades', theme, width);
      await page.goto('/assets/index?key=tradeOrder');
      await expect(page.getByTestId(`spot-centre-orders-open-row-${orders.low1}`)).toBeVisible();
      await noSidewaysScroll(page, 'order centre');
      await shot(page, 'order-centre', theme, width);
    });
  }
}

for (const [lang, filled] of [
  ['de', 'Vollständig ausgeführt'],
  ['zh', '完全成交'],
] as const) {
  test(`the order history in ${lang}, 1280 and 375 px`, async ({ page }) => {
    await prepare(page, 'theme-daytime', 1280, lang);
    for (const width of [1280, 375] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/account/entrust/spot');
      await page.getByTestId('spot-tab-history').click();
      await expect(page.getByTestId(`spot-order-status-${orders.market}`)).toHaveText(filled);
      await noSidewaysScroll(page, `history ${lang}`);
      await shot(page, `entrust-history-${lang}`, 'theme-daytime', width);
    }
  });
}

test('cancel all: every open order after one confirmation', async ({ page }) => {
  await prepare(page, 'theme-daytime', 1280);
  await page.goto('/account/entrust/spot');
  const open = page.getByTestId('spot-orders-open');
  await expect(open.getByTestId(`spot-orders-open-row-${orders.low1}`)).toBeVisible();
  await page.getByTestId('spot-cancel-all').click();
  await expect(page.getByText('Open orders to cancel: 4.')).toBeVisible();
  await page.getByTestId('spot-cancel-all-confirm').click();
  await expect(page.getByText('Orders cancelled: 4')).toBeVisible();
  await expect(open.getByTestId('spot-orders-open-empty')).toBeVisible();
  await expect(page.getByTestId('spot-cancel-all')).toBeDisabled();
});
