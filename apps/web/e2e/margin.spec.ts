// Spot margin in the browser against the real server (demo market maker on, simulated chain): a user
// funded by a demo deposit opens /account/entrust/margin-fixed (isolated BTC_USDT), transfers 1000 USDT
// in, picks 5x, borrows 4000 USDT (the page shows what may be borrowed), buys BTC through the margin
// order form at the best ask, watches the margin level appear and move, sells back at the best bid and
// repays the loan; the loan record shows it. Screenshots into the test output folder.
//
// Test ids (margin feature): margin-page, margin-pair, margin-level, margin-risk, margin-leverage-<n>,
//   margin-coin, margin-transfer-<amount|in|out>, margin-can-borrow, margin-borrow-<amount|submit>,
//   margin-repay-<amount|submit>, margin-order-<price|qty|buy|sell>, margin-loans, margin-error.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerAndLogin, uniqueAccount } from './support/accounts';
import { API, auth, demoFund, loginByUi } from './support/session';

async function bestPrices(request: APIRequestContext): Promise<{ bid: number; ask: number }> {
  let out = { bid: 0, ask: 0 };
  await expect
    .poll(
      async () => {
        const r = await request.get(`${API}/open/depth/BTCUSDT?limit=5`);
        const d = ((await r.json()) as { data: { bids: string[][]; asks: string[][] } }).data;
        out = { bid: Number(d.bids[0]?.[0] ?? 0), ask: Number(d.asks[0]?.[0] ?? 0) };
        return out.bid > 0 && out.ask > 0;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  return out;
}

async function act(page: Page, amountId: string, value: string, buttonId: string) {
  if (amountId) await page.getByTestId(amountId).fill(value);
  await page.getByTestId(buttonId).click();
}

test('borrow USDT on isolated BTC_USDT at 5x, buy BTC, watch the level move, repay', async ({
  page,
  request,
}, info) => {
  test.setTimeout(240_000);
  const account = uniqueAccount('mg');
  const token = await registerAndLogin(request, account);
  await demoFund(request, token, 'USDT', '2000');

  await page.setViewportSize({ width: 1440, height: 1000 });
  await loginByUi(page, account);
  await page.goto('/account/entrust/margin-fixed');
  await expect(page.getByTestId('margin-page')).toBeVisible();
  await expect(page.getByTestId('margin-level')).toHaveText('∞');

  // Transfer 1000 USDT from spot into the isolated account.
  await act(page, 'margin-transfer-amount', '1000', 'margin-transfer-in');
  await expect(page.getByTestId('margin-coin-USDT')).toContainText('1000');

  // 5x: up to 4000 USDT may be borrowed.
  await page.getByTestId('margin-leverage-5').click();
  await expect(page.getByTestId('margin-can-borrow')).toContainText('4000');
  // Above the limit: a localized refusal, nothing borrowed.
  await act(page, 'margin-borrow-amount', '4001', 'margin-borrow-submit');
  await expect(page.getByTestId('margin-error')).toBeVisible();
  await act(page, 'margin-borrow-amount', '4000', 'margin-borrow-submit');
  await expect(page.getByTestId('margin-coin-USDT')).toContainText('5000');
  await expect(page.getByTestId('margin-loans')).toContainText('4000');
  const levelBefore = await page.getByTestId('margin-level').textContent();
  expect(Number(levelBefore)).toBe(1.25);

  // Buy BTC with most of it at the best ask.
  const { ask } = await bestPrices(request);
  // A limit a little above the best ask crosses the book even if it moved meanwhile.
  const limit = Math.ceil(ask * 1.01);
  const qty = (Math.floor((4500 / limit) * 10_000) / 10_000).toFixed(4);
  await page.getByTestId('margin-order-price').fill(String(limit));
  await act(page, 'margin-order-qty', qty, 'margin-order-buy');
  await expect
    .poll(async () => {
      const r = await request.get(`${API}/wallet/fixed/marginProperty/BTC_USDT`, { headers: auth(token) });
      const d = ((await r.json()) as { data: { coins: { coin: string; available: string }[] } }).data;
      return Number(d.coins.find((c) => c.coin === 'BTC')?.available ?? 0);
    })
    .toBeGreaterThan(0);
  await expect
    .poll(async () => Number(await page.getByTestId('margin-level').textContent()), { timeout: 30_000 })
    .toBeGreaterThan(1);
  // The order shows in the margin order history.
  await expect(page.getByTestId('margin-orders')).toContainText('BTC/USDT', { timeout: 15_000 });
  await page.screenshot({ path: info.outputPath('margin-after-buy-1440.png'), fullPage: true });
  // The level follows the index: it changes while the market moves.
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        seen.add((await page.getByTestId('margin-level').textContent()) ?? '');
        return seen.size;
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBeGreaterThan(1);

  // Sell the BTC back at the best bid, then repay the 4000 USDT.
  const { bid } = await bestPrices(request);
  const held = await request.get(`${API}/wallet/fixed/marginProperty/BTC_USDT`, { headers: auth(token) });
  const coins = ((await held.json()) as { data: { coins: { coin: string; available: string }[] } }).data
    .coins;
  const btc = coins.find((c) => c.coin === 'BTC')?.available ?? '0';
  const sellQty = (Math.floor(Number(btc) * 10_000) / 10_000).toFixed(4);
  await page.getByTestId('margin-order-price').fill(String(Math.floor(bid * 0.99)));
  await act(page, 'margin-order-qty', sellQty, 'margin-order-sell');
  await expect
    .poll(async () => {
      const r = await request.get(`${API}/wallet/fixed/marginProperty/BTC_USDT`, { headers: auth(token) });
      const d = ((await r.json()) as { data: { coins: { coin: string; available: string }[] } }).data;
      return Number(d.coins.find((c) => c.coin === 'USDT')?.available ?? 0);
    })
    .toBeGreaterThan(4000);
  await act(page, 'margin-repay-amount', '4000', 'margin-repay-submit');
  await expect(page.getByTestId('margin-total-debt')).toHaveText(/^0(\.0+\d*)? USDT$/, { timeout: 15_000 });
  await expect(page.getByTestId('margin-loans')).toContainText(/Repaid|Open/);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: info.outputPath('margin-after-repay-375.png'), fullPage: true });
});

// The spot trade page's margin mode: after 1000 USDT moved into isolated BTC_USDT, the account switch
// turns the form to the isolated account (its balances, the margin panel with the level gauge), a borrow
// through the panel's dialog adds 2000 USDT of debt, and a limit buy from the ordinary form (sent with
// the account field) rests on the book as a margin order and shows in the page's open orders.
// Test ids (trade page): spot-account-<spot|all|fixed>, spot-margin-panel, spot-margin-debt,
//   spot-margin-coin-<COIN>, spot-margin-borrow, spot-margin-repay, margin-dialog-<amount|submit|error>.
test('trade page in isolated margin mode: borrow through the dialog, place a margin limit order', async ({
  page,
  request,
}, info) => {
  test.setTimeout(240_000);
  const account = uniqueAccount('mt');
  const token = await registerAndLogin(request, account);
  await demoFund(request, token, 'USDT', '2000');
  const moved = await request.post('/api/asset/transferFunds', {
    headers: { ...auth(token), 'Idempotency-Key': `tr-${Date.now()}` },
    data: { coin: 'USDT', amount: '1000', from: '1', to: '5:btcusdt' },
  });
  expect((await moved.json()).code).toBe(200);

  await page.setViewportSize({ width: 1280, height: 1000 });
  await loginByUi(page, account);
  await page.goto('/trade/index?type=spot&symbol=BTC_USDT');
  await expect(page.getByTestId('spot-page')).toHaveAttribute('data-symbol', 'btcusdt');
  // Spot by default: no margin panel; the spot balance is what is left after the transfer.
  await expect(page.getByTestId('spot-margin-panel')).toHaveCount(0);
  await expect(page.getByTestId('spot-buy-available')).toContainText(/1,?000/);

  await page.getByTestId('spot-account-fixed').click();
  await expect(page.getByTestId('spot-margin-panel')).toBeVisible();
  await expect(page.getByTestId('margin-level')).toHaveText('∞');
  await expect(page.getByTestId('spot-buy-available')).toContainText(/1,?000/);

  // Above what may be borrowed: the refusal shows in the dialog, nothing borrowed.
  await page.getByTestId('spot-margin-borrow').click();
  await expect(page.getByTestId('margin-dialog-can-borrow')).toContainText('USDT');
  await page.getByTestId('margin-dialog-amount').fill('100000');
  await page.getByTestId('margin-dialog-submit').click();
  await expect(page.getByTestId('margin-dialog-error')).toBeVisible();
  await page.getByTestId('margin-dialog-amount').fill('2000');
  await page.getByTestId('margin-dialog-submit').click();
  await expect(page.getByTestId('margin-dialog')).toHaveCount(0);
  await expect(page.getByTestId('spot-margin-debt')).toContainText(/^2000(\.0+)? USDT$/);
  await expect(page.getByTestId('spot-margin-coin-USDT')).toContainText('2000');
  await expect(page.getByTestId('spot-buy-available')).toContainText(/3,?000/);
  await expect.poll(async () => Number(await page.getByTestId('margin-level').textContent())).toBe(1.5);

  // A limit buy well below the market rests on the book, drawn on the isolated account.
  const { bid } = await bestPrices(request);
  const price = String(Math.floor(bid * 0.8));
  await page.getByTestId('spot-buy-price').fill(price);
  await page.getByTestId('spot-buy-quantity').fill('0.01');
  await page.getByTestId('spot-buy-submit').click();
  await expect(page.getByTestId('spot-buy-placed')).toBeVisible();
  let orderId = '';
  await expect
    .poll(async () => {
      const r = await request.get(`${API}/entrust/marginOrder/fixed/BTC_USDT?current=1&size=20`, {
        headers: auth(token),
      });
      const recs = ((await r.json()) as { data: { records: { id: string; status: number }[] } }).data.records;
      orderId = recs.find((o) => o.status === 0)?.id ?? '';
      return orderId;
    })
    .not.toBe('');
  await expect(page.getByTestId(`spot-orders-open-row-${orderId}`)).toBeVisible({ timeout: 15_000 });
  // Its frozen USDT left the margin account's available balance.
  await expect(page.getByTestId('spot-buy-available')).not.toContainText(/3,?000\.00/);
  await page.screenshot({ path: info.outputPath('margin-trade-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 900 });
  await expect(page.getByTestId('spot-margin-panel')).toBeVisible();
  await page.screenshot({ path: info.outputPath('margin-trade-375.png'), fullPage: true });
});
