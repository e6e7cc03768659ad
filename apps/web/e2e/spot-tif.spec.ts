// Spot time in force and the exchange page's pair in the URL, in the browser against the real server
// (demo market maker on):
// (a) a funded user on /exchange/index?symbol=BTC_USDT picks Post only, IOC and FOK in the trade form:
//     a crossing post-only buy is refused with the server's localized message and code; an IOC and a
//     FOK buy below the best ask end cancelled and say so (a warning, not "placed"), nothing stays frozen;
//     an IOC buy above the ask fills. Screenshots of the form: 1440 px light and night, 375 px.
// (b) the pair lives in the URL: switching pairs updates it without a reload, a reload keeps the pair,
//     an unknown pair shows BTC/USDT and leaves the URL.
//
// Test ids: spot-tif, spot-tif-<GTC|IOC|FOK|POST_ONLY> (aria-pressed), spot-tif-help,
//   spot-buy-placed (data-tone success|warning), spot-buy-server-error; see spot.spec.ts for the rest.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PASSWORD, registerAndLogin, uniqueAccount } from './support/accounts';
import { API, auth, demoFund } from './support/session';

async function usdt(
  request: APIRequestContext,
  token: string,
): Promise<{ available: string; frozen: string }> {
  const res = await request.get(`${API}/wallet/get/btc/usdt`, { headers: auth(token) });
  return ((await res.json()) as { data: { quote: { available: string; frozen: string } } }).data.quote;
}

async function bestPrices(request: APIRequestContext): Promise<{ bid: number; ask: number }> {
  const res = await request.get(`${API}/open/depth/btcusdt?limit=5`);
  const body = (await res.json()) as { data: { bids: [string, string][]; asks: [string, string][] } };
  return { bid: Number(body.data.bids[0]?.[0] ?? 0), ask: Number(body.data.asks[0]?.[0] ?? 0) };
}

async function login(page: Page, username: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-tab-account').click();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('topbar-avatar')).toBeVisible();
}

const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

async function buy(page: Page, tif: string, price: number, quantity: string) {
  await page.getByTestId(`spot-tif-${tif}`).click();
  await expect(page.getByTestId(`spot-tif-${tif}`)).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('spot-buy-price').fill(price.toFixed(2));
  await page.getByTestId('spot-buy-quantity').fill(quantity);
  await page.getByTestId('spot-buy-submit').click();
}

test.describe.configure({ mode: 'serial' });

test('(a) post only, IOC and FOK through the trade form', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const account = uniqueAccount('tif');
  const token = await registerAndLogin(request, account);
  await demoFund(request, token, 'USDT', '5000');

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await login(page, account);
  await page.goto('/exchange/index?symbol=BTC_USDT');
  await expect(page.getByTestId('spot-page')).toHaveAttribute('data-symbol', 'btcusdt');
  await expect(page.getByTestId('spot-book-ask').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('spot-buy-available')).toContainText('5,000');

  // GTC is the default; each choice explains itself under the row.
  await expect(page.getByTestId('spot-tif-GTC')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('spot-tif-help')).toContainText('Good till cancelled');
  await page.getByTestId('spot-tif-FOK').hover();
  await expect(page.getByRole('tooltip')).toContainText('Fill or kill');

  // Post only above the best ask would take: refused, with the server's message and code.
  let { bid, ask } = await bestPrices(request);
  await buy(page, 'POST_ONLY', ask * 1.02, '0.001');
  await expect(page.getByTestId('spot-tif-help')).toContainText('refused if it would trade at once');
  await expect(page.getByTestId('spot-form')).toContainText('maker');
  const refusal = page.getByTestId('spot-buy-server-error');
  await expect(refusal).toContainText('would trade immediately');
  await expect(refusal).toContainText('SPOT_POST_ONLY_WOULD_TAKE');
  await page.screenshot({ path: test.info().outputPath('tif-post-only-refused.png') });

  // IOC well below the ask fills nothing: cancelled at once, said as a warning.
  ({ bid, ask } = await bestPrices(request));
  await buy(page, 'IOC', bid * 0.9, '0.001');
  const outcome = page.getByTestId('spot-buy-placed');
  await expect(outcome).toHaveAttribute('data-tone', 'warning');
  await expect(outcome).toContainText('the IOC order was cancelled');
  await expect(refusal).toHaveCount(0);

  // FOK that cannot fill entirely: cancelled, nothing traded.
  await buy(page, 'FOK', bid * 0.9, '0.001');
  await expect(outcome).toContainText('could not be filled entirely');
  await expect(outcome).toHaveAttribute('data-tone', 'warning');
  expect((await usdt(request, token)).frozen).toBe('0');
  await expect(page.locator('[data-testid^="spot-orders-open-row-"]')).toHaveCount(0);
  await page.getByTestId('spot-form').screenshot({ path: test.info().outputPath('tif-form-light.png') });

  // IOC above the ask: fills (the maker quotes more than 0.001 BTC per level).
  ({ ask } = await bestPrices(request));
  await buy(page, 'IOC', ask * 1.02, '0.001');
  await expect(outcome).toHaveAttribute('data-tone', 'success', { timeout: 15_000 });
  await expect(outcome).toContainText('Order filled');
  await expect(page.getByTestId('spot-sell-available')).not.toHaveText('0 BTC', { timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath('tif-desktop-light.png'), fullPage: true });
  await context.close();

  // Night theme and 375 px: the row fits, the explanation shows.
  const night = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const n = await night.newPage();
  await n.addInitScript(() => {
    const entry = (content: string) =>
      JSON.stringify({ dataType: 'string', content, type: 'local', datetime: Date.now() });
    localStorage.setItem('coin_web-themeName', entry('theme-night'));
  });
  await n.goto('/exchange/index');
  await expect(n.locator('body')).toHaveClass(/theme-night/);
  await n.getByTestId('spot-tif-POST_ONLY').click();
  await n.getByTestId('spot-tif-IOC').hover();
  await expect(n.getByRole('tooltip')).toBeVisible();
  await n.getByTestId('spot-form').screenshot({ path: test.info().outputPath('tif-form-night.png') });
  await night.close();

  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
  const p = await phone.newPage();
  await p.goto('/exchange/index');
  await p.getByTestId('spot-tif-FOK').tap();
  await expect(p.getByTestId('spot-tif-help')).toContainText('Fill or kill');
  // No tooltip on a phone: the line under the row explains the choice.
  await expect(p.getByRole('tooltip')).toHaveCount(0);
  const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
  await p.getByTestId('spot-form').screenshot({ path: test.info().outputPath('tif-form-375.png') });
  await phone.close();
});

test('(b) /exchange/index keeps the pair in the URL', async ({ page }) => {
  await page.goto('/exchange/index');
  await expect(page.getByTestId('spot-page')).toHaveAttribute('data-symbol', 'btcusdt');
  await markDocument(page);
  await page.getByTestId('spot-pair-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'ETH/USDT' }).click();
  await expect(page.getByTestId('spot-page')).toHaveAttribute('data-symbol', 'ethusdt');
  await expect(page).toHaveURL(/\/exchange\/index\?symbol=ETH_USDT$/);
  expect(await sameDocument(page), 'switching pairs is client-side').toBe(true);
  // Back returns to the previous pair.
  await page.goBack();
  await expect(page.getByTestId('spot-page')).toHaveAttribute('data-symbol', 'btcusdt');
  await page.goForward();
  await expect(page.getByTestId('spot-page')).toHaveAttribute('data-symbol', 'ethusdt');
  // A reload (or a shared link) shows the same pair.
  await page.reload();
  await expect(page.getByTestId('spot-page')).toHaveAttribute('data-symbol', 'ethusdt');
  // An unknown pair: the default, no crash, and the URL drops it.
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/exchange/index?symbol=NOPE_USDT');
  await expect(page.getByTestId('spot-page')).toHaveAttribute('data-symbol', 'btcusdt');
  await expect(page).toHaveURL(/\/exchange\/index$/);
  await page.goto('/exchange/index?symbol=%3Cx%3E');
  await expect(page.getByTestId('spot-page')).toHaveAttribute('data-symbol', 'btcusdt');
  expect(errors).toEqual([]);
});
