// U-based perpetual contracts in the browser against the real server (simulated index, the demo market
// maker quoting the contract books): a user moves USDT into the contract account on the page, opens a
// 10x long at market (the risk notice acknowledged first, the cost and liquidation estimate shown before
// submitting), sees the position with its margin ratio and liquidation price, sets TP/SL, adds margin,
// closes it at market and finds the orders in the entrust page; screenshots at 1280 and 375 px.
//
// Test ids (contracts feature): ctr-page (data-symbol), ctr-markets, ctr-market-<symbol>, ctr-pair,
//   ctr-mark, ctr-index, ctr-last, ctr-funding, ctr-countdown, ctr-oi, ctr-book, ctr-form, ctr-guest,
//   ctr-tab-open|close, ctr-mode, ctr-leverage, ctr-type-limit|market, ctr-price, ctr-qty,
//   ctr-available, ctr-estimate, ctr-cost, ctr-est-liq, ctr-long, ctr-short, ctr-close-long,
//   ctr-close-short, ctr-error, ctr-transfer-amount, ctr-transfer, ctr-notice, ctr-notice-accept,
//   ctr-positions, ctr-position-<long|short> (data-id), ctr-qty-<id>, ctr-liq-<id>, ctr-margin-<id>,
//   ctr-ratio-<id>, ctr-pnl-<id>, ctr-tpsl-view-<id>, ctr-tp-<id>, ctr-sl-<id>, ctr-tpsl-<id>,
//   ctr-margin-input-<id>, ctr-margin-add-<id>, ctr-margin-reduce-<id>, ctr-close-<id>,
//   ctr-close-all, ctr-no-positions, ctr-orders, ctr-history, ctr-chart, ctr-closed-row (data-id,
//   data-status), ctr-entrust-<usdt|coin>, ctr-entrust-closed-row.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PASSWORD, registerAndLogin, uniqueAccount } from './support/accounts';
import { openAdminConsole } from './support/admin-console';
import { toContract } from './support/session';

const API = '/api/mjkj-web/coin';
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function spotUsdt(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get(`${API}/wallet/get/btc/usdt`, { headers: auth(token) });
  return Number(((await res.json()) as { data: { quote: { available: string } } }).data.quote.available);
}

async function fundUsdt(request: APIRequestContext, token: string, amount: string) {
  const res = await request.post(`${API}/assets/demoDeposit`, {
    headers: { ...auth(token), 'Idempotency-Key': `ctr-${Date.now()}-${Math.random()}` },
    data: { coin: 'USDT', amount },
  });
  expect((await res.json()).code).toBe(200);
  await expect
    .poll(() => spotUsdt(request, token), { timeout: 90_000, intervals: [1000] })
    .toBeGreaterThanOrEqual(Number(amount));
}

async function loginByUi(page: Page, username: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-tab-account').click();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();
}

test('a visitor sees the contract market, book and funding countdown', async ({ page }) => {
  await page.goto('/trade/index?type=usta&symbol=btc');
  await expect(page.getByTestId('ctr-page')).toHaveAttribute('data-symbol', 'btcusdt');
  await expect(page.getByTestId('ctr-mark')).not.toHaveText('—', { timeout: 20_000 });
  await expect(page.getByTestId('ctr-countdown')).toHaveText(/^\d\d:\d\d:\d\d$/);
  await expect(page.getByTestId('ctr-book').locator('.ctr-bid').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('ctr-guest')).toBeVisible();
  await page.goto('/exchange/full-contract/coin');
  await expect(page.getByTestId('ctr-page')).toHaveAttribute('data-symbol', 'btcusd');
});

test('open a 10x long, set TP/SL, add margin, close it, see the orders', async ({ page, request }) => {
  test.setTimeout(180_000);
  const account = uniqueAccount('ctr');
  const token = await registerAndLogin(request, account);
  await fundUsdt(request, token, '5000');
  await loginByUi(page, account);
  await page.goto('/trade/index?type=usta&symbol=btc');
  await expect(page.getByTestId('ctr-form')).toBeVisible();
  await expect(page.getByTestId('ctr-mark')).not.toHaveText('—', { timeout: 20_000 });

  await page.getByTestId('ctr-transfer-amount').fill('3000');
  await page.getByTestId('ctr-transfer').click();
  await expect(page.getByTestId('ctr-available')).toHaveText('3000');

  await page.getByTestId('ctr-leverage').selectOption('10');
  await expect(page.getByTestId('ctr-leverage')).toHaveValue('10');
  await page.getByTestId('ctr-type-market').click();
  await page.getByTestId('ctr-qty').fill('0.01');
  await expect(page.getByTestId('ctr-cost')).not.toHaveText('0.00');
  await expect(page.getByTestId('ctr-est-liq')).not.toHaveText('—');
  await page.getByTestId('ctr-long').click();
  await expect(page.getByTestId('ctr-notice')).toBeVisible();
  await page.getByTestId('ctr-notice-accept').click();

  const row = page.getByTestId('ctr-position-long');
  await expect(row).toBeVisible({ timeout: 20_000 });
  const id = (await row.getAttribute('data-id')) as string;
  await expect(page.getByTestId(`ctr-qty-${id}`)).toHaveText('0.01');
  await expect(page.getByTestId(`ctr-ratio-${id}`)).toHaveText(/^\d+(\.\d+)?%$/);
  const liq = Number(await page.getByTestId(`ctr-liq-${id}`).textContent());
  const mark = Number(await page.getByTestId('ctr-mark').textContent());
  expect(liq).toBeGreaterThan(0);
  expect(liq).toBeLessThan(mark);

  // TP/SL on the wrong side is refused with the server's message; then a valid pair is set.
  await page.getByTestId(`ctr-tp-${id}`).fill(String(Math.round(mark * 0.5)));
  await page.getByTestId(`ctr-tpsl-${id}`).click();
  await expect(page.getByTestId('ctr-position-error')).toContainText('Take-profit');
  const tp = String(Math.round(mark * 1.5));
  const sl = String(Math.round(mark * 0.97));
  await page.getByTestId(`ctr-tp-${id}`).fill(tp);
  await page.getByTestId(`ctr-sl-${id}`).fill(sl);
  await page.getByTestId(`ctr-tpsl-${id}`).click();
  await expect(page.getByTestId(`ctr-tpsl-view-${id}`)).toHaveText(`${tp} / ${sl}`);

  const before = Number((await page.getByTestId(`ctr-margin-${id}`).textContent())?.split(' ')[0]);
  await page.getByTestId(`ctr-margin-input-${id}`).fill('10');
  await page.getByTestId(`ctr-margin-add-${id}`).click();
  await expect
    .poll(async () => Number((await page.getByTestId(`ctr-margin-${id}`).textContent())?.split(' ')[0]))
    .toBeCloseTo(before + 10, 4);
  await page.screenshot({ path: '../../test-results/e2e/contracts-1280.png', fullPage: true });

  await page.getByTestId(`ctr-close-${id}`).click();
  await expect(page.getByTestId('ctr-no-positions')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('ctr-history-row').first()).toBeVisible({ timeout: 20_000 });

  await page.goto('/account/entrust/future/u');
  await expect(page.getByTestId('ctr-entrust-usdt')).toBeVisible();
  await expect(page.getByTestId('ctr-entrust-history-row').first()).toBeVisible({ timeout: 20_000 });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/trade/index?type=usta&symbol=btc');
  await expect(page.getByTestId('ctr-form')).toBeVisible();
  await page.screenshot({ path: '../../test-results/e2e/contracts-375.png', fullPage: true });
});

// A live liquidation: a 50x long is visible, then its owner adds to it at a price far above the mark (a
// resting sell of another user 8 % up): the average entry rises above the mark, the next mark tick
// liquidates it, and the POSITION push (quantity 0) takes the row off the list without a reload; the
// position history lists it as liquidated.
test('a 50x long is liquidated live: the POSITION push removes it, the history shows it liquidated', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const account = uniqueAccount('ctrl');
  const token = await registerAndLogin(request, account);
  const seller = await registerAndLogin(request, uniqueAccount('ctrs'));
  await fundUsdt(request, token, '5000');
  await fundUsdt(request, seller, '5000');
  await toContract(request, token, '4500');
  await toContract(request, seller, '4500');

  // Every POSITION frame of the private channel, with the time it arrived.
  const frames: { at: number; data: { positionId?: string; qty?: string } }[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/ws/coin/')) return;
    ws.on('framereceived', (f) => {
      try {
        const msg = JSON.parse(String(f.payload)) as {
          type?: string;
          data?: { positionId?: string; qty?: string };
        };
        if (msg.type === 'POSITION' && msg.data) frames.push({ at: Date.now(), data: msg.data });
      } catch {
        // not JSON
      }
    });
  });
  await loginByUi(page, account);
  await page.goto('/trade/index?type=usta&symbol=btc');
  await expect(page.getByTestId('ctr-form')).toBeVisible();
  await expect(page.getByTestId('ctr-mark')).not.toHaveText('—', { timeout: 20_000 });
  await expect(page.getByTestId('ctr-chart')).toBeVisible();
  await page.getByTestId('ctr-leverage').selectOption('50');
  await expect(page.getByTestId('ctr-leverage')).toHaveValue('50');
  await page.getByTestId('ctr-type-market').click();
  await page.getByTestId('ctr-qty').fill('0.01');
  await page.getByTestId('ctr-long').click();
  await expect(page.getByTestId('ctr-notice')).toBeVisible();
  await page.getByTestId('ctr-notice-accept').click();
  const row = page.getByTestId('ctr-position-long');
  await expect(row).toBeVisible({ timeout: 20_000 });
  const id = (await row.getAttribute('data-id')) as string;
  await expect.poll(() => frames.some((f) => f.data.positionId === id && f.data.qty === '0.01')).toBe(true);

  // The seller rests a sell 8 % above the mark; the user buys into it (after the maker's asks).
  const market = (
    (await (await request.get(`${API}/open/contract/markets?type=usdt`)).json()) as {
      data: { markets: { symbol: string; markPrice: string; priceDecimals: number; qtyDecimals: number }[] };
    }
  ).data.markets.find((m) => m.symbol === 'btcusdt');
  expect(market).toBeDefined();
  const mark = Number(market?.markPrice);
  const high = String(Number((mark * 1.08).toFixed(market?.priceDecimals ?? 2)));
  const qty = String(Number((60_000 / Number(high)).toFixed(Math.min(market?.qtyDecimals ?? 3, 4))));
  const rest = await request.post('/api/contract/order/submit', {
    headers: { ...auth(seller), 'Idempotency-Key': `ctr-s-${Date.now()}` },
    data: { symbol: 'btcusdt', direction: 2, type: 'limit', price: high, quantity: qty, leverage: 50 },
  });
  expect((await rest.json()).code).toBe(200);
  const totalQty = String(
    Number((Number(qty) + 40_000 / mark).toFixed(Math.min(market?.qtyDecimals ?? 3, 4))),
  );
  await page.getByTestId('ctr-type-limit').click();
  await page.getByTestId('ctr-price').fill(high);
  await page.getByTestId('ctr-qty').fill(totalQty);
  await page.getByTestId('ctr-long').click();

  // The next mark tick liquidates it: the row leaves on the push, the history lists it as liquidated.
  await expect(page.getByTestId('ctr-no-positions')).toBeVisible({ timeout: 30_000 });
  const gone = Date.now();
  const closing = frames.find((f) => f.data.positionId === id && f.data.qty === '0');
  expect(closing, 'a POSITION push with quantity 0').toBeDefined();
  expect(closing?.at ?? Infinity).toBeLessThanOrEqual(gone);
  const closed = page.locator(`[data-testid="ctr-closed-row"][data-id="${id}"]`);
  await expect(closed).toHaveAttribute('data-status', 'liquidated', { timeout: 30_000 });
  await page.screenshot({ path: '../../test-results/e2e/contracts-liquidated-1280.png', fullPage: true });

  await page.goto('/account/entrust/future/u');
  await expect(page.locator(`[data-testid="ctr-entrust-closed-row"][data-id="${id}"]`)).toHaveAttribute(
    'data-status',
    'liquidated',
    { timeout: 20_000 },
  );

  // The console lists it among the recent liquidations, with the insurance fund and open interest.
  const admin = await openAdminConsole(browser, 'contracts');
  await expect(admin.getByTestId('contracts-console')).toBeVisible();
  await expect(
    admin.getByTestId('contracts-console-liquidations').locator(`tr[data-row-key$=":${id}"]`),
  ).toBeVisible({ timeout: 20_000 });
  await expect(admin.getByTestId('contracts-console-funds')).toContainText('USDT');
  await expect(admin.getByTestId('contracts-console-markets')).toContainText('BTC/USDT');
  await admin.screenshot({ path: '../../test-results/e2e/contracts-console-1280.png', fullPage: true });
  await admin.context().close();
});
