// The contract page's chart and the Trigger option of its order form (docs/contracts.md "Pages"):
// a visitor sees real bars on a fresh start (the index price while the market has no contract trades,
// said so in the legend) and can switch to the mark price; a user places a trigger (stop) order through
// the form after the risk notice, sees it among the open orders with type Trigger and its trigger price,
// cancels it and sees it gone.
import { expect, test } from '@playwright/test';
import { registerAndLogin, uniqueAccount } from './support/accounts';
import { fundContract, loginByUi } from './support/session';

test('the chart shows real bars on a fresh start and switches between last, mark and index price', async ({
  page,
}) => {
  await page.goto('/trade/index?type=usta&symbol=eth');
  await expect(page.getByTestId('ctr-page')).toHaveAttribute('data-symbol', 'ethusdt');
  const legend = page.getByTestId('ctr-chart-legend');
  // No contract trades on this market yet: the index price, labelled as such, with bars drawn.
  await expect(legend).toHaveAttribute('data-series', 'index', { timeout: 20_000 });
  await expect(legend).toContainText('Index price');
  await expect(legend).toContainText('No contract trades yet');
  await expect(page.locator('[data-testid="ctr-chart"] .spot-chart__canvas')).toHaveAttribute(
    'data-state',
    'ready',
  );
  await page.getByTestId('ctr-series-mark').click();
  await expect(legend).toHaveAttribute('data-series', 'mark');
  await expect(legend).toHaveText('Mark price');
  await expect(page.getByTestId('ctr-series-mark')).toHaveAttribute('aria-pressed', 'true');
  // Mark bars are pushed live: the chart has bars once a tick produced a mark.
  await expect(page.locator('[data-testid="ctr-chart"] .spot-chart__canvas')).toHaveAttribute(
    'data-state',
    'ready',
    { timeout: 20_000 },
  );
  await page.getByTestId('ctr-series-last').click();
  await expect(legend).toHaveText('Last price');
});

test('a trigger order placed in the form is listed with its trigger price and can be cancelled', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const account = uniqueAccount('ctrtrg');
  const token = await registerAndLogin(request, account);
  await fundContract(request, token, '1000');
  await loginByUi(page, account);
  await page.goto('/trade/index?type=usta&symbol=btc');
  await expect(page.getByTestId('ctr-form')).toBeVisible();
  await expect(page.getByTestId('ctr-mark')).not.toHaveText('—', { timeout: 20_000 });
  const mark = Number(await page.getByTestId('ctr-mark').textContent());
  // A buy stop fires when the mark rises to its trigger: 10 % above the mark stays resting.
  const trigger = String(Math.round(mark * 1.1));

  await page.getByTestId('ctr-type-trigger').click();
  await page.getByTestId('ctr-trigger').fill(trigger);
  await page.getByTestId('ctr-qty').fill('0.01');
  await page.getByTestId('ctr-long').click();
  await expect(page.getByTestId('ctr-notice')).toBeVisible();
  await page.getByTestId('ctr-notice-accept').click();

  const rows = page.getByTestId('ctr-orders-row');
  const row = rows.filter({ hasText: 'Trigger' }).filter({ hasText: `Trigger price ${trigger}` });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText('0.01');
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('ctr-orders')).toContainText('No');
});
