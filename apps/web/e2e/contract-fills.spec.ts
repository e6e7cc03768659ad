// The user's own contract fills in the browser (docs/contracts.md "History"): after a market long fills
// against the demo market maker's asks, the Fills tab of the trade page's history and of
// /account/entrust/future/u lists it as the user's taker fill (order id, direction, fee).
//
// Test ids: ctr-history-tab-orders|fills, ctr-history-fills-row (data-order, data-role,
//   data-liquidation), ctr-entrust-history-tab-fills, ctr-entrust-history-fills-row,
//   ctr-entrust-history-fills-more (next page of 50).
import { expect, test } from '@playwright/test';
import { registerAndLogin, uniqueAccount } from './support/accounts';
import { auth, fundContract, loginByUi } from './support/session';

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

  await loginByUi(page, account);

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

test('the Fills tab shows 50 fills and loads the older ones on demand', async ({ page, request }) => {
  test.setTimeout(180_000);
  const account = uniqueAccount('ctrp');
  const token = await registerAndLogin(request, account);
  await fundContract(request, token, '2000');
  // 55 small market longs, each filling against the maker's asks (one fill or more each).
  let placed = 0;
  await expect
    .poll(
      async () => {
        while (placed < 55) {
          const res = await request.post('/api/contract/order/submit', {
            headers: {
              ...auth(token),
              'Idempotency-Key': `fills-p-${placed}-${Date.now()}-${Math.random()}`,
            },
            data: { symbol: 'btcusdt', direction: 1, type: 'market', quantity: '0.001', leverage: 10 },
          });
          if ((await res.json()).code !== 200) break;
          placed += 1;
        }
        return placed;
      },
      { timeout: 90_000, intervals: [2000] },
    )
    .toBe(55);

  await loginByUi(page, account);
  await page.goto('/account/entrust/future/u');
  await page.getByTestId('ctr-entrust-history-tab-fills').click();
  const rows = page.getByTestId('ctr-entrust-history-fills-row');
  await expect(rows).toHaveCount(50, { timeout: 20_000 });
  await page.getByTestId('ctr-entrust-history-fills-more').click();
  await expect.poll(async () => rows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(55);
  // Every fill listed once.
  const keys = await rows.evaluateAll((els) =>
    els.map((e) => `${e.getAttribute('data-order')}-${e.getAttribute('data-role')}-${e.textContent}`),
  );
  expect(new Set(keys).size).toBe(keys.length);
});
