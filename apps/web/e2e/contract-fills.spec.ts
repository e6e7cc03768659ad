// The user's own contract fills in the browser (docs/contracts.md "History"): after a market long fills
// against the demo market maker's asks, the Fills tab of the trade page's history and of
// /account/entrust/future/u lists it as the user's taker fill (order id, direction, fee).
//
// Test ids: ctr-history-tab-orders|fills, ctr-history-fills-row (data-order, data-role,
//   data-liquidation), ctr-entrust-history-tab-fills, ctr-entrust-history-fills-row.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, registerAndLogin, uniqueAccount } from './support/accounts';

const API = '/api/mjkj-web/coin';
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function fundContract(request: APIRequestContext, token: string, amount: string) {
  const res = await request.post(`${API}/assets/demoDeposit`, {
    headers: { ...auth(token), 'Idempotency-Key': `fills-${Date.now()}-${Math.random()}` },
    data: { coin: 'USDT', amount },
  });
  expect((await res.json()).code).toBe(200);
  await expect
    .poll(
      async () => {
        const moved = await request.post('/api/asset/transferFunds', {
          headers: { ...auth(token), 'Idempotency-Key': `fills-t-${Date.now()}-${Math.random()}` },
          data: { coin: 'USDT', amount, from: 'spot', to: 'contract' },
        });
        return (await moved.json()).code;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(200);
}

test('a filled order shows in the Fills tab of the trade page and the entrust page', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const account = uniqueAccount('ctrf');
  const token = await registerAndLogin(request, account);
  await fundContract(request, token, '2000');
  // A market long (10x) into the maker's asks, once the book has some.
  let orderId = '';
  await expect
    .poll(
      async () => {
        const res = await request.post('/api/contract/order/submit', {
          headers: { ...auth(token), 'Idempotency-Key': `fills-o-${Date.now()}-${Math.random()}` },
          data: { symbol: 'btcusdt', direction: 1, type: 'market', quantity: '0.01', leverage: 10 },
        });
        const body = (await res.json()) as { code: number; data?: { orderId: string } };
        if (body.code === 200) orderId = body.data?.orderId ?? '';
        return body.code;
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBe(200);

  await page.goto('/user/login');
  await page.getByTestId('login-tab-account').click();
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();

  await page.goto('/trade/index?type=usta&symbol=btc');
  await expect(page.getByTestId('ctr-history-tab-orders')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('ctr-history-tab-fills').click();
  const fill = page.locator(`[data-testid="ctr-history-fills-row"][data-order="${orderId}"]`).first();
  await expect(fill).toBeVisible({ timeout: 20_000 });
  await expect(fill).toHaveAttribute('data-role', 'taker');
  await expect(fill).toHaveAttribute('data-liquidation', 'false');
  await expect(fill).toContainText('Open long');
  await expect(fill).toContainText('USDT');

  await page.goto('/account/entrust/future/u');
  await page.getByTestId('ctr-entrust-history-tab-fills').click();
  await expect(
    page.locator(`[data-testid="ctr-entrust-history-fills-row"][data-order="${orderId}"]`).first(),
  ).toBeVisible({ timeout: 20_000 });
});
