// Auto borrow / auto repay from the trade page's margin mode (docs/margin.md "Orders from margin
// accounts"), against the real server with the demo market maker: 500 USDT in isolated BTC_USDT, the
// order form in Isolated mode with "Auto borrow" shows that a 1200 USDT market buy borrows 700 USDT before
// it is sent, the debt appears in the margin panel; then "Auto repay" on a market sell of all the BTC
// repays the loan from its proceeds and the debt goes back to 0. Screenshots in the test output.
import { expect, test } from '@playwright/test';
import { PASSWORD, registerAndLogin, uniqueAccount } from './support/accounts';
import { API, auth, demoFund } from './support/session';

test('auto-borrow a market buy in isolated margin mode, then auto-repay with a sell', async ({
  page,
  request,
}, info) => {
  test.setTimeout(240_000);
  const account = uniqueAccount('ma');
  const token = await registerAndLogin(request, account);
  await demoFund(request, token, 'USDT', '1000');
  const moved = await request.post('/api/asset/transferFunds', {
    headers: { ...auth(token), 'Idempotency-Key': `tr-${Date.now()}` },
    data: { coin: 'USDT', amount: '500', from: '1', to: '5:btcusdt' },
  });
  expect((await moved.json()).code).toBe(200);
  // the demo market maker quotes the book
  await expect
    .poll(
      async () => {
        const r = await request.get(`${API}/open/depth/BTCUSDT?limit=5`);
        const d = ((await r.json()) as { data: { asks: string[][] } }).data;
        return d.asks.length;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBeGreaterThan(0);

  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/user/login');
  await page.getByTestId('login-tab-account').click();
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();
  await page.goto('/trade/index?type=spot&symbol=BTC_USDT');
  await expect(page.getByTestId('spot-page')).toHaveAttribute('data-symbol', 'btcusdt');
  // The choice is the margin modes' only.
  await expect(page.getByTestId('spot-side-effect')).toHaveCount(0);
  await page.getByTestId('spot-account-fixed').click();
  await expect(page.getByTestId('spot-margin-panel')).toBeVisible();
  await expect(page.getByTestId('spot-buy-available')).toContainText('500');
  await expect(page.getByTestId('spot-margin-debt')).toHaveText(/^0 USDT$/);

  await page.getByTestId('spot-type-market').click();
  await page.getByTestId('spot-auto-borrow').click();
  await expect(page.getByTestId('spot-auto-borrow')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('spot-buy-amount').fill('1200');
  // Shown before submitting: 1200 - 500 available.
  await expect(page.getByTestId('spot-buy-borrow')).toContainText(/700 USDT/);
  await page.getByTestId('spot-buy-submit').click();
  await expect(page.getByTestId('spot-buy-placed')).toBeVisible();
  await expect(page.getByTestId('spot-buy-server-error')).toHaveCount(0);
  await expect(page.getByTestId('spot-margin-debt')).toHaveText(/^700(\.0+)? USDT$/, { timeout: 15_000 });
  await expect(page.getByTestId('spot-margin-coin-USDT')).toContainText('700');
  await page.screenshot({ path: info.outputPath('margin-auto-borrow-1280.png'), fullPage: true });

  // Sell all the BTC with auto repay: the proceeds (about 1200 USDT) repay the 700.
  await page.getByTestId('spot-auto-borrow').click();
  await page.getByTestId('spot-auto-repay').click();
  await expect(page.getByTestId('spot-auto-repay-help')).toBeVisible();
  await expect(page.getByTestId('spot-sell-available')).not.toContainText(/^0 BTC$/);
  await page.getByTestId('spot-sell-pct-100').click();
  await page.getByTestId('spot-sell-submit').click();
  await expect(page.getByTestId('spot-sell-placed')).toBeVisible();
  await expect(page.getByTestId('spot-margin-debt')).toHaveText(/^0 USDT$/, { timeout: 15_000 });
  const loans = await request.get(`${API}/entrust/borrowOrder/fixed/BTC_USDT/all?current=1&size=10`, {
    headers: auth(token),
  });
  const records = ((await loans.json()) as { data: { records: { amount: string; status: string }[] } }).data
    .records;
  expect(records.some((l) => Number(l.amount) === 700)).toBe(true);
  await page.screenshot({ path: info.outputPath('margin-auto-repay-1280.png'), fullPage: true });
});
