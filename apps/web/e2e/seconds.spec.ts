// Seconds contracts in the browser against the real server (simulated index, demo-funded pool):
// (a) a visitor sees the index chart, the coin switch (which changes the URL), the period cards and
//     login/register instead of the rise and fall buttons;
// (b) a user places a 30-second contract through the UI (the quantity check "Quantity must be an
//     integer", the risk notice acknowledged first), watches the HH:MM:SS countdown, and sees the settled
//     result, the balance change and the order's evidence (entry and exit ticks with links to the tick
//     record) without a reload;
// (c) screenshots: 375 px (day) and 1440 px night theme; no horizontal scrolling;
// (d) the rules page: the seconds part generated from the configured periods, the other parts;
// (e) the console: pool balance and exposure, a period edited (the rules page follows), a bad edit
//     refused with the field named.
//
// Test ids (seconds feature): sec-page (data-symbol), trade-type, trade-symbol, sec-index-price,
//   sec-simulated, sec-coins, sec-coin-<coin>, sec-chart, sec-interval-<i>, sec-periods,
//   sec-period-<id>, sec-quantity, sec-quantity-error, sec-available, sec-if-win, sec-rise, sec-fall,
//   sec-guest, sec-server-error, sec-notice, sec-notice-country, sec-notice-read, sec-notice-accept,
//   sec-active, sec-contract-<id>, sec-countdown-<id>, sec-result-<id> (data-status),
//   sec-result-profit-<id>, sec-orders, sec-orders-tab-<all|open|settled>, sec-order-<id>,
//   sec-order-status-<id> (data-status), sec-order-entry-<id>, sec-order-exit-<id>(-link).
import { expect, test } from '@playwright/test';
import { registerAndLogin, uniqueAccount } from './support/accounts';
import { openAdminConsole } from './support/admin-console';
import { demoFund, loginByUi, spotAvailable } from './support/session';

/** The number in a balance text such as '1,000.5 USDT'. */
function amountOf(text: string | null): number {
  return Number((text ?? '').replace(/[^\d.]/g, ''));
}

test('(a) a visitor sees the index chart, coins, periods, and login instead of the buttons', async ({
  page,
}) => {
  await page.goto('/trade/index?type=sec&symbol=btc');
  await expect(page.getByTestId('sec-page')).toHaveAttribute('data-symbol', 'btcusdt');
  await expect(page.getByTestId('trade-type')).toHaveText('Seconds contract');
  await expect(page.getByTestId('trade-symbol')).toHaveText('BTC/USDT');
  await expect(page.getByTestId('sec-index-price')).toContainText(/\d/, { timeout: 15_000 });
  await expect(page.getByTestId('sec-chart').locator('canvas').first()).toBeVisible();
  for (const p of ['30s', '60s', '120s', '300s'])
    await expect(page.getByTestId(`sec-period-${p}`)).toBeVisible();
  await expect(page.getByTestId('sec-period-30s')).toContainText('80%');
  await expect(page.getByTestId('sec-guest')).toBeVisible();
  await expect(page.getByTestId('sec-rise')).toHaveCount(0);
  await page.getByTestId('sec-coin-eth').click();
  await expect(page).toHaveURL(/type=sec&symbol=eth/);
  await expect(page.getByTestId('sec-page')).toHaveAttribute('data-symbol', 'ethusdt');
  await page.getByTestId('sec-interval-1m').click();
  await expect(page.getByTestId('sec-interval-1m')).toHaveAttribute('aria-selected', 'true');
});

test('(b) place a 30-second contract: countdown, settled result and balance change without reload', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const account = uniqueAccount('sec');
  const token = await registerAndLogin(request, account);
  await demoFund(request, token, 'USDT', '1000');
  await loginByUi(page, account);
  await page.goto('/trade/index?type=sec&symbol=btc');
  await expect(page.getByTestId('sec-page')).toHaveAttribute('data-symbol', 'btcusdt');
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
  await expect(page.getByTestId('sec-available')).toContainText('1,000');
  const before = amountOf(await page.getByTestId('sec-available').textContent());

  await page.getByTestId('sec-period-30s').click();
  await page.getByTestId('sec-quantity').fill('10.5');
  await expect(page.getByTestId('sec-quantity-error')).toHaveText('Quantity must be an integer');
  await page.getByTestId('sec-quantity').fill('100');
  await expect(page.getByTestId('sec-quantity-error')).toHaveCount(0);
  await expect(page.getByTestId('sec-if-win')).toContainText('+80');

  // The first order asks for the risk notice; acknowledging it places the order.
  await page.getByTestId('sec-rise').click();
  await expect(page.getByTestId('sec-notice')).toBeVisible();
  await expect(page.getByTestId('sec-notice-accept')).toBeDisabled();
  await page.getByTestId('sec-notice-country').selectOption('DE');
  await page.getByTestId('sec-notice-read').check();
  await page.getByTestId('sec-notice-accept').click();
  await expect(page.getByTestId('sec-notice')).toHaveCount(0);

  const contract = page.locator('[data-testid^="sec-contract-"]').first();
  await expect(contract).toBeVisible();
  const id = ((await contract.getAttribute('data-testid')) ?? '').replace('sec-contract-', '');
  expect(id).toMatch(/^\d+$/);
  const countdown = page.getByTestId(`sec-countdown-${id}`);
  await expect(countdown).toHaveText(/^00:00:(2\d|30)$/);
  const first = (await countdown.textContent()) ?? '';
  await expect.poll(async () => (await countdown.textContent()) ?? '', { timeout: 5000 }).not.toBe(first);
  const later = (await countdown.textContent()) ?? '';
  expect(later < first, `${later} after ${first}`).toBe(true);
  // The stake left the available balance at once (OWNCOIN push).
  await expect
    .poll(async () => amountOf(await page.getByTestId('sec-available').textContent()))
    .toBe(before - 100);
  await page.screenshot({ path: test.info().outputPath('seconds-countdown.png'), fullPage: true });

  // The result arrives by the SETTLEMENT push when the contract settles on its exit tick.
  const result = page.getByTestId(`sec-result-${id}`);
  await expect(result).toBeVisible({ timeout: 60_000 });
  const status = (await result.getAttribute('data-status')) ?? '';
  expect(['won', 'lost', 'draw', 'void']).toContain(status);
  const expected = { won: before + 80, lost: before - 100, draw: before, void: before }[status] ?? Number.NaN;
  await expect
    .poll(async () => amountOf(await page.getByTestId('sec-available').textContent()))
    .toBe(expected);
  expect(await spotAvailable(request, token, 'USDT')).toBe(expected);

  // The order list shows the evidence: both ticks, the exit one linking to the tick record.
  await page.getByTestId('sec-orders-tab-settled').click();
  await expect(page.getByTestId(`sec-order-status-${id}`)).toHaveAttribute('data-status', status);
  await expect(page.getByTestId(`sec-order-entry-${id}`)).toContainText(/\d/);
  if (status !== 'void') {
    await expect(page.getByTestId(`sec-order-exit-${id}`)).toContainText('simulator');
    const href = await page.getByTestId(`sec-order-exit-${id}-link`).getAttribute('href');
    expect(href).toMatch(/\/open\/ticks\/btcusdt\?from=\d+&to=\d+/);
    const ticks = (await (await request.get(href ?? '')).json()) as { data: Array<{ time: number }> };
    expect(ticks.data.length).toBeGreaterThan(0);
  }
  await page.screenshot({ path: test.info().outputPath('seconds-settled.png'), fullPage: true });
  // The same signed-in page on a phone: the order list turns into cards, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId(`sec-order-${id}`)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('seconds-settled-375.png'), fullPage: true });
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
});

test('(c) 375 px and night-theme screenshots; no horizontal scrolling', async ({ browser }) => {
  test.setTimeout(90_000);
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const p = await phone.newPage();
  await p.goto('/trade/index?type=sec&symbol=btc');
  await expect(p.getByTestId('sec-page')).toBeVisible();
  await expect(p.getByTestId('sec-index-price')).toContainText(/\d/, { timeout: 15_000 });
  await p.waitForTimeout(1500);
  const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
  await p.screenshot({ path: test.info().outputPath('seconds-375.png'), fullPage: true });
  await phone.close();

  const night = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const n = await night.newPage();
  await n.addInitScript(() => {
    const entry = (content: string) =>
      JSON.stringify({ dataType: 'string', content, type: 'local', datetime: Date.now() });
    localStorage.setItem('coin_web-themeName', entry('theme-night'));
  });
  await n.goto('/trade/index?type=sec&symbol=eth');
  await expect(n.locator('body')).toHaveClass(/theme-night/);
  await expect(n.getByTestId('sec-index-price')).toContainText(/\d/, { timeout: 15_000 });
  await n.waitForTimeout(1500);
  await n.screenshot({ path: test.info().outputPath('seconds-night-1440.png'), fullPage: true });
  await night.close();
});

test('(d) the rules page shows the seconds rules from the configured periods, and the other parts', async ({
  page,
}) => {
  await page.goto('/rule/index');
  await expect(page.getByTestId('page-title')).toHaveText('Trading rules');
  await expect(page.getByTestId('rules-period-30s')).toContainText('30 s');
  await expect(page.getByTestId('rules-period-30s')).toContainText('80%');
  await expect(page.getByTestId('rules-period-300s')).toContainText('90%');
  await expect(page.getByTestId('rules-seconds')).toContainText('5 seconds after expiry');
  await expect(page.getByTestId('rules-coins')).toContainText('BTC');
  await page.getByTestId('rules-tab-spot').click();
  await expect(page.getByTestId('rules-spot')).toContainText('BTC/USDT');
  await page.getByTestId('rules-tab-usta').click();
  await expect(page.getByTestId('rules-usta')).toContainText('not offered yet');
  await page.getByTestId('rules-tab-loan').click();
  await expect(page.getByTestId('rules-loan')).toContainText('not offered yet');
  await page.getByTestId('rules-tab-seconds').click();
  await page.screenshot({ path: test.info().outputPath('rules.png'), fullPage: true });
});

test('(e) the console shows the pool and its exposure and edits a period (validated)', async ({
  browser,
}) => {
  const admin = await openAdminConsole(browser, 'seconds');
  await expect(admin.getByTestId('admin-seconds')).toBeVisible();
  await expect(admin.getByTestId('seconds-pool-USDT')).toHaveText(/^\d/);
  await expect(admin.getByTestId('seconds-exposure-USDT')).toHaveText(/^\d/);
  // A bad edit is refused with the field named; a good one shows on the rules page.
  await admin.getByTestId('seconds-period-edit-60s').click();
  await admin.getByTestId('seconds-period-rate').fill('11');
  await admin.getByTestId('seconds-period-save').click();
  await expect(admin.locator('.ant-form-item-explain-error')).toContainText('at most 10');
  await admin.getByTestId('seconds-period-rate').fill('0.7');
  await admin.getByTestId('seconds-period-save').click();
  await expect(admin.locator('tr', { hasText: '60s' }).first()).toContainText('0.7');
  await admin.screenshot({ path: test.info().outputPath('seconds-console.png'), fullPage: true });
  const page = await browser.newPage();
  await page.goto('/rule/index');
  await expect(page.getByTestId('rules-period-60s')).toContainText('70%');
  await page.close();
  // Back to the default.
  await admin.getByTestId('seconds-period-edit-60s').click();
  await admin.getByTestId('seconds-period-rate').fill('0.85');
  await admin.getByTestId('seconds-period-save').click();
  await expect(admin.locator('tr', { hasText: '60s' }).first()).toContainText('0.85');
  await admin.context().close();
});
